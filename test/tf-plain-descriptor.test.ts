// The plain-descriptor scan (bindings/formats/tf/plain-descriptor.ts) against the full way
// (luaparse, numberTables: false): descriptors of tables, names, numbers, strings and booleans,
// and mutations of them, read the same (values, every table's position, refusals).
import { describe, expect, it } from 'vitest';
import { MeshFormatError } from '../bindings/index.js';
import { evaluateLuaData, isLuaTable, tablePosition, type LuaValue } from '../bindings/formats/tf/index.js';
import { readPlainDataFunction } from '../bindings/formats/tf/plain-descriptor.js';
import { rng } from './helpers/backends.js';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

function outcome(text: string, numberTables: boolean): unknown {
  const walk = (v: LuaValue): unknown => (isLuaTable(v)
    ? { at: tablePosition(v), items: v.items.map(walk), fields: [...v.fields].map(([k, f]) => [k, walk(f)]) }
    : typeof v === 'number' && Number.isNaN(v) ? 'NaN' : Object.is(v, -0) ? '-0' : v);
  try {
    return walk(evaluateLuaData(bytes(text), { numberTables }));
  } catch (error) {
    if (!(error instanceof MeshFormatError)) throw error;
    return { code: error.code, line: error.line, column: error.column, message: error.message };
  }
}

const DESCRIPTOR = `function data()
return {
\tsubMeshes = {
\t\t{
\t\t\tindices = {
\t\t\t\tposition = { count = 2340, offset = 28080, },
\t\t\t\tuv0 = {
\t\t\t\t\tcount = 2340,
\t\t\t\t\toffset = 28080,
\t\t\t\t},
\t\t\t},
\t\t\tmaterials = { "car/body.mtl", 'glass.mtl', },
\t\t\tname = "submesh1",
\t\t\tvisible = true, hidden = false,
\t\t},
\t},
\tvertexAttr = {
\t\tposition = { count = 7020, numComp = 3, offset = -0, },
\t},
\tmatConfigs = { { 0, 1e3, -2.5, .5, }, },
}
end
`;

const PIECES = ['"', "'", '\\', '\r', '\n', '\r\n', '{', '}', ',', ';', '=', 'true', 'false', 'nil', 'end', '--', '-', '[1] = ', 'x', ' ', '\t', '"é"', 'local a = 1 ', 'name = "n", '];

function mutate(text: string, next: () => number): string {
  let out = text;
  for (let m = 1 + Math.floor(next() * 3); m > 0; m--) {
    const at = Math.floor(next() * (out.length + 1));
    const r = next();
    if (r < 0.6) out = out.slice(0, at) + PIECES[Math.floor(next() * PIECES.length)]! + out.slice(at);
    else if (r < 0.85) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(next() * 4));
    else out = out.slice(0, at) + out.slice(at, at + 12) + out.slice(at);
  }
  return out;
}

describe('plain descriptors read by one scan, as the full way reads them', () => {
  it('the descriptor, with \\n, \\r\\n and \\r line breaks and a BOM: taken by the scan, same values and positions', () => {
    for (const text of [DESCRIPTOR, DESCRIPTOR.replace(/\n/g, '\r\n'), DESCRIPTOR.replace(/\n/g, '\r'), `\xef\xbb\xbf${DESCRIPTOR}`]) {
      expect(readPlainDataFunction(text.replace(/^\xef\xbb\xbf/, '   '))).toBeDefined();
      expect(outcome(text, true)).toEqual(outcome(text, false));
    }
  });

  it('what the scan leaves to the full way (comments, locals, nil, escapes, [k] keys, keywords as keys, a key twice, UTF-8 strings)', () => {
    const others = [
      DESCRIPTOR.replace('return {', 'return { -- c'),
      `local n = 3 ${DESCRIPTOR.replace('count = 2340', 'count = n')}`,
      DESCRIPTOR.replace('hidden = false', 'hidden = nil'),
      DESCRIPTOR.replace('"submesh1"', '"sub\\tmesh"'),
      DESCRIPTOR.replace('visible = true', '[1] = true'),
      DESCRIPTOR.replace('visible = true', 'end = true'),
      DESCRIPTOR.replace('hidden = false', 'visible = false'),
      DESCRIPTOR.replace('"submesh1"', '"é"'),
      `${DESCRIPTOR}\nreturn 1`,
    ];
    for (const text of others) {
      expect(readPlainDataFunction(text), text).toBeUndefined();
      expect(outcome(text, true)).toEqual(outcome(text, false));
    }
  });

  it('600 mutations read the same with and without the scan (values, positions, or the same refusal)', () => {
    const next = rng(2026);
    let taken = 0;
    for (let n = 0; n < 600; n++) {
      const text = mutate(DESCRIPTOR, next);
      if (readPlainDataFunction(text)) taken++;
      expect(outcome(text, true), JSON.stringify(text)).toEqual(outcome(text, false));
    }
    // Both ways are exercised: some mutations stay plain, others are left to luaparse.
    expect(taken).toBeGreaterThan(30);
    expect(taken).toBeLessThan(570);
  });
});
