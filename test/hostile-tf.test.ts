// Transport Fever inputs built to make the reader allocate beyond what the files justify
// (issue 17): index streams shifted against each other, overlapping blob ranges, and large
// number tables (an .ani). Every case on all three backends, through the fuzzers' contract check
// (only MeshFormatError, positioned; the same outcome everywhere; an Asset within 64 bytes per
// byte of its files + 64 KiB).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tfFormat, type Asset } from '../bindings/index.js';
import { evaluateLuaData, isLuaTable, readTfMesh, tablePosition, type LuaTable } from '../bindings/formats/tf/index.js';
import { rng } from './helpers/backends.js';
import { ASSET_BYTES_PER_FILE_BYTE, ASSET_BYTES_SLACK, checkContract, fuzzKernels } from './helpers/fuzz.js';
import { refusal } from './helpers/refusal.js';

const kernels = fuzzKernels();
const HOSTILE = join(import.meta.dirname, 'hostile');
const text = (s: string) => new TextEncoder().encode(s);

function readPair(msh: Uint8Array, blob: Uint8Array) {
  return checkContract(tfFormat, msh, kernels, { fileName: 'h.msh', resolve: (n) => (n === 'h.msh.blob' ? blob : undefined), companionBytes: blob.length });
}

/**
 * One submesh over `attributes` attributes (position, normal, tangent, uv0, then x0… of numComp 4),
 * each indexed by its own stream of `corners` indices, stream a starting `shift × a` indices into
 * one shared run: the streams differ, so every corner welds into its own vertex.
 */
function shiftedStreams(attributes: number, corners: number, shift: number, elements = 16): { msh: Uint8Array; blob: Uint8Array } {
  const names = ['position', 'normal', 'tangent', 'uv0', ...Array.from({ length: Math.max(0, attributes - 4) }, (_, i) => `x${i}`)].slice(0, attributes);
  const numComp = (name: string) => ({ position: 3, normal: 3, tangent: 4, uv0: 2 })[name] ?? 4;
  const attributeBytes = elements * 4 * 4;
  const run = corners + shift * attributes;
  const blob = new Uint8Array(attributeBytes + run * 4);
  const view = new DataView(blob.buffer);
  for (let i = 0; i < attributeBytes / 4; i++) view.setFloat32(i * 4, i * 0.25, true);
  const next = rng(run);
  for (let i = 0; i < run; i++) view.setUint32(attributeBytes + i * 4, Math.floor(next() * elements), true);
  const streams = names.map((n, a) => `${n} = { count = ${corners * 4}, offset = ${attributeBytes + a * shift * 4} },`).join('\n');
  const attrs = names.map((n) => `${n} = { count = ${elements * numComp(n) * 4}, numComp = ${numComp(n)}, offset = 0 },`).join('\n');
  return { msh: text(`function data() return {\nsubMeshes = { { indices = {\n${streams}\n} } },\nvertexAttr = {\n${attrs}\n},\n} end\n`), blob };
}

describe('hostile TF reproducers (test/hostile/tf-*)', () => {
  const files = readdirSync(HOSTILE).filter((f) => f.startsWith('tf-') && f.endsWith('.msh'));
  it('there are some', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    it(`${file}: BAD_COUNT at a position inside the files, on every backend`, () => {
      const msh = new Uint8Array(readFileSync(join(HOSTILE, file)));
      const blob = new Uint8Array(readFileSync(join(HOSTILE, `${file}.blob`)));
      const outcome = readPair(msh, blob);
      expect(outcome).toMatchObject({ ok: false, code: 'BAD_COUNT' });
    });
  }
});

describe('welded vertices are bounded by the input bytes, by mechanism', () => {
  it('shifted streams over 4–64 attributes: read within 64× + 64 KiB, or BAD_COUNT at the position stream', () => {
    const next = rng(17);
    const outcomes = new Set<string>();
    for (let round = 0; round < 24; round++) {
      const attributes = 4 + Math.floor(next() * 61);
      const corners = 3 * (1 + Math.floor(next() * 1500));
      const { msh, blob } = shiftedStreams(attributes, corners, 1 + Math.floor(next() * 3));
      const outcome = readPair(msh, blob);
      if (!outcome.ok) {
        expect(outcome.code).toBe('BAD_COUNT');
        expect(outcome.message).toMatch(/welded vertices .* the Asset may take/);
      } else {
        expect(outcome.assetBytes).toBeLessThanOrEqual(ASSET_BYTES_PER_FILE_BYTE * (msh.length + blob.length) + ASSET_BYTES_SLACK);
      }
      outcomes.add(outcome.ok ? 'read' : outcome.code);
    }
    // The sizes straddle the bound: some files read, others are refused.
    expect([...outcomes].sort()).toEqual(['BAD_COUNT', 'read']);
  });

  it('the refusal names the blob offset of the position stream and comes before the Asset is built', () => {
    const { msh, blob } = shiftedStreams(56, 3 * 1000, 1);
    for (const k of Object.values(kernels)) {
      const error = refusal(() => tfFormat.parseSync(msh, { fileName: 'h.msh', resolve: () => blob, kernels: k }));
      expect(error).toMatchObject({ code: 'BAD_COUNT', offset: 16 * 4 * 4 });
    }
    // Within the promise once the files are large enough to justify the vertices (a padded blob).
    const padded = new Uint8Array(blob.length * 20);
    padded.set(blob);
    const asset = tfFormat.parseSync(msh, { fileName: 'h.msh', resolve: () => padded }) as Asset;
    expect(asset.meshes[0]!.attributes.positions.length / 3).toBe(3000);
  });

  it('maxExpansion sets the bytes per input byte', () => {
    const { msh, blob } = shiftedStreams(4, 3 * 3000, 1);
    expect(tfFormat.parseSync(msh, { fileName: 'h.msh', resolve: () => blob }).meshes[0]!.indices.length).toBe(9000);
    expect(refusal(() => tfFormat.parseSync(msh, { fileName: 'h.msh', resolve: () => blob, maxExpansion: 4 })).code).toBe('BAD_COUNT');
  });

  it('overlapping blob ranges copied into the document are bounded too (BAD_COUNT at the range, line:column)', () => {
    const blob = new Uint8Array(1 << 16);
    const attrs = Array.from({ length: 80 }, (_, i) => `a${i} = { count = ${blob.length}, numComp = 4, offset = 0 },`).join('\n');
    const msh = text(`function data() return {\nsubMeshes = { },\nvertexAttr = {\n${attrs}\n},\n} end\n`);
    const error = refusal(() => readTfMesh(msh, blob));
    expect(error.code).toBe('BAD_COUNT');
    expect(error.line).toBeGreaterThan(60);
    expect(error.message).toMatch(/ranges overlap/);
    for (const outcome of [readPair(msh, blob)]) expect(outcome).toMatchObject({ ok: false, code: 'BAD_COUNT' });
  });
});

describe('number tables read without a parser node per number', () => {
  /** Rows and values of `source`'s `t`, with the position of each table. */
  function shape(source: string): unknown {
    const root = evaluateLuaData(text(source));
    const walk = (t: LuaTable): unknown => ({ at: tablePosition(t), items: t.items.map((v) => (isLuaTable(v) ? walk(v) : Object.is(v, -0) ? '-0' : v)) });
    return walk(root.fields.get('t') as LuaTable);
  }

  // A `;` separator or a comment is left to luaparse: each pair reads the same with and without the scan.
  const cases: [string, string, string][] = [
    ['numbers', '{ 1, -2.5, .5, 3., 1e3, -1E-3, 0, -0, 1e400, 12345678901234567890 }', '{ 1, -2.5, .5, 3., 1e3, -1E-3, 0, -0, 1e400, 12345678901234567890; }'],
    ['rows with \\n', '{\n\t{ 1, 2, },\n\t{ 3, 4 },\n  { 5 }\n}', '{\n\t{ 1, 2, },\n\t{ 3, 4 },\n  { 5 }\n;}'],
    ['rows with \\r\\n and \\r', '{\r\n\t{ 1, 2, },\r\r\n\t{ 3,\r4 },\n\r  { 5 }\r}', '{\r\n\t{ 1, 2, },\r\r\n\t{ 3,\r4 },\n\r  { 5 }\r;}'],
    ['mixed rows', '{ { 1 }, { 2, { 3 } }, }', '{ { 1 }, { 2, { 3 } }; }'],
  ];
  for (const [name, scanned, parsed] of cases) {
    it(`${name}: the same values and table positions as luaparse gives`, () => {
      expect(shape(`function data() return { t = ${scanned} } end`)).toEqual(shape(`function data() return { t = ${parsed} } end`));
    });
  }

  it('braces inside strings, comments and long brackets stay text (\\z and escaped line breaks included)', () => {
    const source = 'function data() return { s = "a\\z\n  { 1, 2 }", r = "b\\\r\n{ 3 }", c = [==[{ 4 }]==], t = { --[[ { 5 } ]] 6 }, u = { 7 } -- { 8 }\n} end';
    const root = evaluateLuaData(text(source));
    expect(root.fields.get('s')).toBe('a{ 1, 2 }');
    expect(root.fields.get('r')).toBe('b\n{ 3 }');
    expect(root.fields.get('c')).toBe('{ 4 }');
    expect((root.fields.get('t') as LuaTable).items).toEqual([6]);
    expect((root.fields.get('u') as LuaTable).items).toEqual([7]);
  });

  it('what the scan does not take is refused by luaparse as before, at the same position', () => {
    for (const [table, code] of [['{ 1, 0x1g }', 'SYNTAX'], ['{ 1 2 }', 'SYNTAX'], ['{ 1, , 2 }', 'SYNTAX'], ['{ 1 - 2 }', 'UNSUPPORTED'], ['{ 1e }', 'SYNTAX']] as const) {
      const error = refusal(() => evaluateLuaData(text(`function data() return {\n t = ${table} } end`)));
      expect(error.code).toBe(code);
      expect(error.line).toBe(2);
    }
    // A call with a number table argument is still a call.
    expect(refusal(() => evaluateLuaData(text('function data() return { t = f{ 1, 2 } } end'))).code).toBe('UNSUPPORTED');
  });

  it('a number table counts its values against the evaluation budget', () => {
    const local = 'local m = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 }\n';
    const uses = Array.from({ length: 200 }, () => 'm').join(', ');
    expect(refusal(() => evaluateLuaData(text(`${local}function data() return { t = { ${uses} } } end`))).code).toBe('BAD_COUNT');
  });
});
