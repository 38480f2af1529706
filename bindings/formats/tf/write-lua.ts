import { MeshFormatError } from '../../io/errors.js';
import type { LuaTable, LuaValue } from './lua-constants.js';

const LUA_KEYWORDS = new Set(['and', 'break', 'do', 'else', 'elseif', 'end', 'false', 'for', 'function', 'goto', 'if', 'in', 'local', 'nil', 'not', 'or', 'repeat', 'return', 'then', 'true', 'until', 'while']);

/** A table to write: positional values, then named fields in the order given. */
export function luaTable(items: LuaValue[], fields: [string | number, LuaValue][] = []): LuaTable {
  return { items, fields: new Map(fields) };
}

/**
 * `function data() return … end` around `value`, tab-indented, one field per line, tables of
 * plain values on one line; every table entry ends with a comma. Deterministic: the same value
 * gives the same bytes. Numbers are written in JavaScript's shortest round-trip form.
 */
export function writeLuaData(value: LuaTable): Uint8Array {
  return new TextEncoder().encode(`function data()\nreturn ${luaText(value, 0)}\nend\n`);
}

function luaText(value: LuaValue, depth: number): string {
  if (value === null) return 'nil';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return luaNumber(value);
  if (typeof value === 'string') return luaString(value);
  const plain = value.fields.size === 0 && value.items.every((v) => typeof v !== 'object' || v === null);
  if (plain) return value.items.length ? `{ ${value.items.map((v) => luaText(v, depth + 1)).join(', ')}, }` : '{ }';
  const inner = '\t'.repeat(depth + 1);
  let text = '{\n';
  for (const item of value.items) text += `${inner}${luaText(item, depth + 1)},\n`;
  for (const [key, field] of value.fields) text += `${inner}${luaKey(key)} = ${luaText(field, depth + 1)},\n`;
  return `${text}${'\t'.repeat(depth)}}`;
}

function luaKey(key: string | number): string {
  if (typeof key === 'number') return `[${luaNumber(key)}]`;
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) && !LUA_KEYWORDS.has(key) ? key : `[${luaString(key)}]`;
}

export function luaNumber(n: number): string {
  if (!Number.isFinite(n)) throw new MeshFormatError({ code: 'BAD_VALUE', format: 'tf' }, `${n} cannot be written as a Lua constant`);
  return Object.is(n, -0) ? '-0' : String(n);
}

/** A double-quoted Lua string: UTF-8 text, with quotes, backslashes and control characters escaped. */
function luaString(s: string): string {
  return `"${s.replace(/[\\"\x00-\x1f\x7f]/g, (c) => (c === '\\' || c === '"' ? `\\${c}` : `\\${c.charCodeAt(0).toString().padStart(3, '0')}`))}"`;
}
