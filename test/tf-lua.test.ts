import { describe, expect, it } from 'vitest';
import { MeshFormatError } from '../bindings/index.js';
import { evaluateLuaData, LUA_LIMITS, luaTable, writeLuaData, type LuaValue } from '../bindings/formats/tf/index.js';

const text = (s: string) => new TextEncoder().encode(s);
const evaluate = (s: string) => evaluateLuaData(text(s));

/** The error evaluating `s` throws: code, line and column. */
function refusal(s: string): { code: string; line?: number; column?: number; message: string } {
  try {
    evaluate(s);
  } catch (e) {
    if (!(e instanceof MeshFormatError)) throw e;
    return { code: e.code, line: e.line, column: e.column, message: e.message };
  }
  throw new Error(`accepted: ${s}`);
}

/** A plain JS form of a value (tables as { items, fields }). */
function plain(v: LuaValue): unknown {
  if (v === null || typeof v !== 'object') return v;
  return { items: v.items.map(plain), fields: Object.fromEntries([...v.fields].map(([k, x]) => [k, plain(x)])) };
}

describe('TF Lua descriptors: constants evaluated, nothing run', () => {
  it('numbers, strings, booleans, nil, nested tables, unary minus, keyed and positional fields', () => {
    const value = evaluate(`-- comment { {
      function data() return { 1, -2.5, 0x10, 1e-3, "a\\"b", 'c', true, false, nil, { x = 1, ["y z"] = { 2 }, [3] = -(-4) }, [[long]] } end`);
    expect(plain(value)).toEqual({
      items: [1, -2.5, 16, 0.001, 'a"b', 'c', true, false, null, { items: [], fields: { x: 1, 'y z': { items: [2], fields: {} }, 3: 4 } }, 'long'],
      fields: {},
    });
  });

  it('local constants before the return, at chunk level and inside data(); inner names shadow outer ones', () => {
    const value = evaluate('local a = 1\nlocal t = { 2, 3 }\nfunction data()\n local a = 10\n local b, c = a, -a\n return { a = a, b = b, c = c, t = t }\nend');
    expect(plain(value)).toEqual({ items: [], fields: { a: 10, b: 10, c: -10, t: { items: [2, 3], fields: {} } } });
  });

  it('UTF-8 strings survive; columns count bytes; a byte order mark is skipped', () => {
    expect(plain(evaluateLuaData(new Uint8Array([0xef, 0xbb, 0xbf, ...text('function data() return { 1 } end')])))).toEqual({ items: [1], fields: {} });
    expect(plain(evaluate('function data() return { "zürich/ö.mtl" } end'))).toEqual({ items: ['zürich/ö.mtl'], fields: {} });
    expect(refusal('function data() return { "ö", f() } end')).toMatchObject({ code: 'UNSUPPORTED', line: 1, column: 32 });
  });

  it.each([
    ['function data() return { x = require("vec3") } end', 1, 30, /function call/],
    ['local v = require "vec3"\nfunction data() return {} end', 1, 11, /function call/],
    ['function data() return { x = 1 + 2 } end', 1, 30, /operator '\+'/],
    ['function data() return { x = a } end', 1, 30, /'a' is not a local constant/],
    ['function data() return { x = math.huge } end', 1, 30, /field access/],
    ['function data()\n  for i = 1, 10 do end\n  return {}\nend', 2, 3, /for/i],
    ['function data() while true do end return {} end', 1, 17, /while/i],
    ['os.execute("rm -rf /")\nfunction data() return {} end', 1, 1, /function call/],
    ['function data() return { x = not true } end', 1, 30, /operator 'not'/],
    ['function data() return { x = #"abc" } end', 1, 30, /operator '#'/],
    ['function data() return { x = -"1" } end', 1, 30, /numbers only/],
    ['function data() return { x = function() end } end', 1, 30, /function/],
    ['x = 1\nfunction data() return {} end', 1, 1, /assignment/],
    ['function data() return {} end\nfunction data() return {} end', 2, 1, /twice/],
  ])('refuses %j at its line and column', (source, line, column, message) => {
    const r = refusal(source);
    expect(r.code).toBe('UNSUPPORTED');
    expect({ line: r.line, column: r.column }).toEqual({ line, column });
    expect(r.message).toMatch(message);
  });

  it('reports syntax errors, missing data() and duplicate keys with positions', () => {
    expect(refusal('function data() return { x = } end')).toMatchObject({ code: 'SYNTAX', line: 1 });
    expect(refusal('function data()\n return {\n  x = 1,,\n }\nend')).toMatchObject({ code: 'SYNTAX', line: 3, column: 9 });
    expect(refusal('return {}')).toMatchObject({ code: 'UNSUPPORTED', line: 1, column: 1 });
    expect(refusal('local a = 1')).toMatchObject({ code: 'BAD_VALUE' });
    expect(refusal('function data() return 1 end')).toMatchObject({ code: 'BAD_VALUE', line: 1, column: 24 });
    expect(refusal('function data() return { x = 1, x = 2 } end')).toMatchObject({ code: 'BAD_VALUE', line: 1, column: 33 });
    expect(refusal('function data() return { [true] = 1 } end')).toMatchObject({ code: 'UNSUPPORTED' });
  });

  it(`refuses nesting deeper than ${LUA_LIMITS.maxDepth} (brackets and unary operators) before parsing`, () => {
    const depth = LUA_LIMITS.maxDepth;
    expect(() => evaluate(`function data() return ${'{'.repeat(depth - 1)}${'}'.repeat(depth - 1)} end`)).not.toThrow();
    expect(refusal(`function data() return ${'{'.repeat(depth + 1)}${'}'.repeat(depth + 1)} end`)).toMatchObject({ code: 'BAD_COUNT', line: 1, column: 24 + depth });
    expect(refusal(`function data() return { x = ${'- '.repeat(100_000)}1 } end`).code).toBe('BAD_COUNT');
    expect(refusal(`function data() return { ${'{ -'.repeat(40)} } end`).code).toBe('BAD_COUNT');
    // Brackets in strings and comments do not count.
    expect(() => evaluate(`-- ${'{'.repeat(1000)}\n--[[ ${'('.repeat(1000)} ]]\nfunction data() return { "${'['.repeat(1000)}", [==[ ${'{'.repeat(1000)} ]==] } end`)).not.toThrow();
    // Long right-associative chains, which the parser recurses on, end as a MeshFormatError.
    const chain = refusal(`function data() return { x = "a"${' .. "a"'.repeat(200_000)} } end`);
    expect(['BAD_COUNT', 'UNSUPPORTED']).toContain(chain.code);
  });

  it('a local table used many times counts each use against a budget of one value per byte of text', () => {
    let source = 'local a0 = { 1, 2, 3, 4, 5, 6, 7, 8 }\n';
    for (let i = 1; i <= 30; i++) source += `local a${i} = { a${i - 1}, a${i - 1}, a${i - 1}, a${i - 1} }\n`;
    source += 'function data() return { x = a30 } end';
    expect(refusal(source)).toMatchObject({ code: 'BAD_COUNT', line: 5 });
    expect(() => evaluate('local a = { 1, 2 }\nfunction data() return { a, a, a } end')).not.toThrow();
  });

  it('the writer gives deterministic text that evaluates to the same values', () => {
    const value = luaTable([1, -0.5, 'x"\\\n', true, null, luaTable([1e21, 5e-324])], [['name', 'v'], ['end', luaTable([], [[7, 'seven']])]]);
    const once = writeLuaData(value);
    expect(writeLuaData(value)).toEqual(once);
    expect(plain(evaluateLuaData(once))).toEqual(plain(value));
    expect(new TextDecoder().decode(once)).toContain('["end"] = {');
    expect(() => writeLuaData(luaTable([NaN]))).toThrow(MeshFormatError);
  });
});
