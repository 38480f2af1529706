// Property (fast-check): for generated Lua table literals, `function data() return {…} end`, the
// plain scan (plain-descriptor.ts) and the full way (luaparse, numberTables: false) give the same
// outcome: the same values and table positions, or the same refusal. The scan either reads a
// text as luaparse does or leaves it to luaparse; it never gives a different value. The
// generator mixes what the scan takes (nested tables, names, numbers in every decimal spelling,
// plain strings, booleans) with what it must leave (nil, `[k] =` keys, keywords as keys, escapes,
// `;`, comments, hex, keys given twice, long strings), so both ways are exercised.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MeshFormatError } from '../bindings/index.js';
import { evaluateLuaData, isLuaTable, tablePosition, type LuaValue } from '../bindings/formats/tf/index.js';
import { readPlainDataFunction } from '../bindings/formats/tf/plain-descriptor.js';
import { tfFormat } from '../bindings/formats/tf/tf-format.js';
import { latin1Text } from '../bindings/io/latin1-text.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { corpusAvailable, corpusFiles, readCorpus } from './helpers/corpus.js';
import { richLossAsset } from './helpers/asset-losses.js';
import { richTubeAsset } from './helpers/synthetic.js';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);

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

const space = fc.constantFrom('', ' ', '  ', '\t', '\n', '\r\n', '\n\t\t', '\r', '\f');
const digits = fc.integer({ min: 0, max: 99999 }).map(String);
const number = fc.oneof(
  digits,
  fc.tuple(fc.constantFrom('', '-'), digits).map(([s, d]) => s + d),
  fc.tuple(digits, digits).map(([a, b]) => `${a}.${b}`),
  fc.tuple(digits, fc.constantFrom('e', 'E', 'e-', 'E+'), fc.integer({ min: 0, max: 400 })).map(([a, e, x]) => `${a}${e}${x}`),
  fc.constantFrom('-0', '.5', '5.', '-.25', '1e308', '1e309', '123456789012345', '1234567890123456', '9007199254740993', '0.1', '00012', '- 1', '0x10', '1e', '2abc', '1..2'),
  fc.double({ noNaN: true }).map((d) => String(d)),
);
const plainString = fc.string({ unit: fc.constantFrom(...'abcXYZ09 ._/-:'.split('')), maxLength: 10 });
const string = fc.oneof(
  plainString.map((s) => `"${s}"`),
  plainString.map((s) => `'${s}'`),
  fc.constantFrom('"a\\tb"', '"\\65"', "'it''", '"é"', '[[long]]', '"semi;colon"', '"--not a comment"', '"{ }"'),
);
const name = fc.oneof(
  fc.constantFrom('count', 'offset', 'numComp', 'name', 'uv0', 'position', 'materials', 'x', '_y1', 'subMeshes'),
  fc.constantFrom('end', 'nil', 'true', 'local', 'function'),
  fc.string({ unit: fc.constantFrom(...'abcxyz_019'.split('')), minLength: 1, maxLength: 6 }),
);
const scalar = fc.oneof({ weight: 4, arbitrary: number }, { weight: 2, arbitrary: string }, { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'nil', 'truex', '-x') });

const { table } = fc.letrec<{ table: string; value: string; field: string }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('table')),
  field: fc.oneof(
    { weight: 3, arbitrary: tie('value') },
    { weight: 3, arbitrary: fc.tuple(name, space, space, tie('value')).map(([k, a, b, v]) => `${k}${a}=${b}${v}`) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('[1]', '["k"]', '[-2]'), tie('value')).map(([k, v]) => `${k} = ${v}`) },
  ),
  table: fc.tuple(fc.array(fc.tuple(space, tie('field')), { maxLength: 5 }), fc.constantFrom(',', ';', ''), space, fc.constantFrom('', '', '', '-- c\n', '--[[ c ]]')).map(
    ([fields, last, end, comment]) => `{${comment}${fields.map(([s, f]) => `${s}${f}`).join(',')}${fields.length ? last : ''}${end}}`,
  ),
}));

const descriptor = fc.tuple(space, table, space, fc.constantFrom('', '', '', 'local n = 1\n', '\xef\xbb\xbf')).map(([a, t, b, before]) => `${before}function data()${a}return ${t}${b}end${a}`);

describe('the plain scan never reads a value luaparse would not (fast-check)', () => {
  it('generated table literals: same outcome with and without the scan', () => {
    let taken = 0;
    let total = 0;
    fc.assert(
      fc.property(descriptor, (text) => {
        total++;
        if (readPlainDataFunction(text.replace(/^\xef\xbb\xbf/, '   '))) taken++;
        expect(outcome(text, true)).toEqual(outcome(text, false));
      }),
      { numRuns: 1500, seed: 2026 },
    );
    // Both ways are exercised: the scan takes a share of the texts and leaves the rest.
    expect(taken).toBeGreaterThan(total * 0.05);
    expect(taken).toBeLessThan(total * 0.95);
  });

  it('a text the scan takes gives the value luaparse gives (taken texts only, duplicate keys kept apart)', () => {
    const plainOnly = fc.tuple(fc.array(fc.tuple(fc.constantFrom('count', 'offset', 'name', 'a', 'b'), fc.oneof(number, plainString.map((s) => `"${s}"`), fc.constantFrom('true', 'false'))), { maxLength: 6 }), space).map(
      ([fields, s]) => `function data() return {${s}${fields.map(([k, v]) => `${k} = ${v}`).join(`,${s}`)}} end`,
    );
    fc.assert(
      fc.property(plainOnly, (text) => {
        expect(outcome(text, true)).toEqual(outcome(text, false));
      }),
      { numRuns: 800, seed: 7 },
    );
  });
});

/** Whether the scan reads `bytes` (a BOM read as spaces, as evaluateLuaData does). */
const scanned = (bytes: Uint8Array) => readPlainDataFunction(latin1Text(bytes).replace(/^\xef\xbb\xbf/, '   ')) !== undefined;

describe('real descriptors go through the scan, none left to luaparse', () => {
  it.skipIf(!corpusAvailable)('every .msh and .ani of the corpus', () => {
    const names = corpusFiles('tf', ['.msh', '.ani']);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => !scanned(readCorpus('tf', n)))).toEqual([]);
  });

  it('every descriptor this library writes (.msh of meshes and KEYFRAME animations, .ani)', () => {
    const written: Uint8Array[] = [];
    for (const asset of [tubeAsset(), richTubeAsset(), richLossAsset()]) {
      written.push(tfFormat.encodeFiles!(asset, 'out.msh')[0]!.bytes);
      if (asset.animations.length) written.push(tfFormat.encodeFiles!(asset, 'out.ani')[0]!.bytes);
    }
    expect(written.length).toBeGreaterThan(3);
    expect(written.filter((b) => !scanned(b)).map((b) => latin1Text(b).slice(0, 200))).toEqual([]);
  });
});
