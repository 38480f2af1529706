// Review of issue 22's TF descriptor scan (plain-descriptor.ts, numeric-tables.ts: integer loops,
// key loop, depth limit, one-pass positions): on random descriptors mixing what the scan takes
// and what it must leave to luaparse (numbers such as `5.`, `-0`, `1e5`, 16-digit integers,
// `0x10`, `- 3`, `--3`; strings with escapes or non-ASCII; keywords as keys, `==`; comments; every
// line break luaparse counts, BOM, `local` lines before the function), the default read
// (numberTables) gives the same values, table positions and errors as the full luaparse way.
import { expect, it } from 'vitest';
import { MeshFormatError } from '../bindings/index.js';
import { evaluateLuaData, isLuaTable, tablePosition, type LuaValue } from '../bindings/formats/tf/index.js';
import { rng } from './helpers/backends.js';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function outcome(text: string, numberTables: boolean): unknown {
  const walk = (v: LuaValue): unknown => (isLuaTable(v) ? { at: tablePosition(v), items: v.items.map(walk), fields: [...v.fields].map(([k, f]) => [k, walk(f)]) } : Object.is(v, -0) ? '-0' : v);
  try {
    return walk(evaluateLuaData(bytes(text), { numberTables }));
  } catch (error) {
    if (!(error instanceof MeshFormatError)) return { notMeshFormatError: String(error) };
    return { code: error.code, line: error.line, column: error.column, message: error.message };
  }
}

const VALUES = ['0', '-0', '5.', '.5', '-.5', '1e5', '1E+5', '-1e-5', '007', '123456789012345', '1234567890123456', '12345678901234567890', '-999999999999999', '0x10', '1.5.2', '2abc', '- 3', '--3', '-\n3', '3-', '1e', '0.1', '-0.0', '9007199254740993', '1e400', '-1e400', 'true', 'false', 'nil', '"a"', "'b'", '"a\\"b"', '"\xe9"', '""', '"--"', '[[x]]'];
const SPACES = [' ', '\n', '\r\n', '\n\r', '\r', '\t', '\v', '\f', '', '  ', ' --c\n', ' --[[c]] ', '\r\r'];
const KEYS = ['a', 'b', 'k_1', 'end', 'x'];

function table(next: () => number, depth: number): string {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const parts: string[] = [];
  for (let k = Math.floor(next() * 4); k > 0; k--) {
    let value = depth < 4 && next() < 0.3 ? table(next, depth + 1) : pick(VALUES);
    const r = next();
    if (r < 0.3) value = `${pick(KEYS)}${pick(SPACES)}=${pick(SPACES)}${value}`;
    else if (r < 0.35) value = `a==${value}`;
    parts.push(pick(SPACES) + value + pick(SPACES));
  }
  return `{${parts.join(pick([',', ';']))}${next() < 0.2 ? ',' : ''}${pick(SPACES)}}`;
}

it('random descriptors: the plain scan and the luaparse way agree on values, positions and errors', () => {
  const next = rng(1234);
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  let read = 0;
  for (let t = 0; t < 4000; t++) {
    const text = `${pick(['', '\n', '\xef\xbb\xbf', 'local z = 1\n', 'local z = {1,-2}\n'])}function data()${pick(SPACES)}return ${table(next, 0)}${pick(SPACES)}end${pick(SPACES)}`;
    const fast = outcome(text, true);
    expect(fast, JSON.stringify(text)).toEqual(outcome(text, false));
    expect(fast).not.toHaveProperty('notMeshFormatError');
    if (!(fast as { code?: string }).code) read++;
  }
  // Both kinds of outcome are exercised: texts read and texts refused.
  expect(read).toBeGreaterThan(1000);
  expect(read).toBeLessThan(3900);
});
