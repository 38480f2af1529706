// The number-table scan (bindings/formats/tf/numeric-tables.ts) against luaparse alone: mutated
// descriptors and .ani texts read the same with and without it (values, table positions, and
// for refused texts the same code, line, column and message).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyAsset, MeshFormatError, tfFormat } from '../bindings/index.js';
import { evaluateLuaData, isLuaTable, tablePosition, type LuaValue } from '../bindings/formats/tf/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { rng } from './helpers/backends.js';
import { corpusAvailable, readCorpus } from './helpers/corpus.js';

/** Values with each table's position, or the refusal. */
function outcome(bytes: Uint8Array, numberTables: boolean): unknown {
  const walk = (v: LuaValue): unknown => (isLuaTable(v)
    ? { at: tablePosition(v), items: v.items.map(walk), fields: [...v.fields].map(([k, f]) => [k, walk(f)]) }
    : typeof v === 'number' && Number.isNaN(v) ? 'NaN' : Object.is(v, -0) ? '-0' : v);
  try {
    return walk(evaluateLuaData(bytes, { numberTables }));
  } catch (error) {
    if (!(error instanceof MeshFormatError)) throw error;
    return { code: error.code, line: error.line, column: error.column, message: error.message };
  }
}

const PIECES = [';', ',', '-', '--', '"', "'", '\\', '\r', '\n', '\r\n', '{', '}', '[[', ']]', '[=[', '\\z', '0x1', 'e', 'E+', '.', ' ', '1', 'x', '=', '--[[', '\t', '\f', '5e-3', '-.5', '{ 1, 2 }', '{ { 3 }, { 4 } }'];

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

/** A .msh with a KEYFRAME animation and materials, as the writer makes it. */
function keyframeText(): string {
  const asset = emptyAsset('synthetic');
  asset.meshes.push({ name: 'm', attributes: { positions: new Float32Array(9) }, indices: Uint8Array.of(0, 1, 2), material: 'a/b.mtl' });
  asset.skeleton = { joints: [{ name: 'door', parent: -1, translation: [1, 2, 3], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }] };
  asset.animations.push({ name: 'door', frameRate: 30, frameCount: 3, tracks: [{ joint: 0, times: Float32Array.of(0, 0.5, 1), rotation: Float32Array.of(0, 0, 0, 1, 0, 0, 0.6, 0.8, 0.6, 0, 0, 0.8), translation: Float32Array.of(1, 2, 3, 1.5, 2, 3, -2, 2, 3.25) }] });
  return new TextDecoder('latin1').decode(tfFormat.encodeFiles!(asset, 'k.msh')[0]!.bytes);
}

const seeds: [string, string][] = [
  ['keyframes.msh', keyframeText()],
  ['locals', 'local o = { 1, 2, 3 }\nlocal k = { time = 5, rot = o, transl = { x = 1, y = -2 } }\nfunction data()\n\tlocal inner = { k, k, { 4, 5 } }\n\treturn { a = inner, b = { inner, o }, c = { n = 1, [2] = 3 }, d = { e = { f = { g = 1 } } } }\nend\n'],
  ['tube.msh', new TextDecoder('latin1').decode(readFileSync(join(FIXTURES_DIR, 'tube.msh')))],
  ['rows', 'function data()\r\nreturn {\r\n times = { 0, 33.3, -0, .5, 1e3, },\r\n transfs = {\r\n  { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1 },\r\n\t{ -1, 2.5, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, },\r\n },\r\n s = "a{1}b",\r\n}\r\nend\r\n'],
  ...(corpusAvailable ? (['Blinker1.ani', 'sbb_ec_door_open.ani', 'concrete_roof_tl.msh'].map((n) => [n, new TextDecoder('latin1').decode(readCorpus('tf', n))]) as [string, string][]) : []),
];

describe('number tables: scan + luaparse ≡ luaparse alone', () => {
  for (const [name, text] of seeds) {
    it(`${name}: as it is and 600 mutations`, () => {
      const next = rng(name.length * 7919);
      const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
      let read = 0;
      for (let i = 0; i <= 600; i++) {
        const bytes = latin1(i === 0 ? text : mutate(text, next));
        const fast = outcome(bytes, true);
        expect(fast, new TextDecoder('latin1').decode(bytes)).toEqual(outcome(bytes, false));
        if (!(fast as { code?: string }).code) read++;
      }
      // Enough of them still read for the values to be compared, not only the refusals.
      expect(read).toBeGreaterThan(30);
    });
  }
});
