import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MeshFormatError, tfFormat, type Asset, type Kernels } from '../bindings/index.js';
import { evaluateLuaData, luaTable, readTfMesh, TF_READ_DEFAULTS, tfToAsset, writeLuaData, type LuaValue } from '../bindings/formats/tf/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { corpusAvailable, readCorpus } from './helpers/corpus.js';
import { TF_CORPUS_ANIS, TF_CORPUS_MESHES } from './helpers/tf-files.js';

const kernels = allKernels();

/** Mesh pairs and .ani files: the corpus, plus the tube written by the TF writer. */
const pairs: [string, Uint8Array, Uint8Array][] = [];
const anis: [string, Uint8Array][] = [];
{
  const [msh, blob] = tfFormat.encodeFiles!(tubeAsset(), 'tube.msh');
  pairs.push(['tube.msh', msh!.bytes, blob!.bytes]);
  anis.push(['tube.ani', tfFormat.encodeFiles!(tubeAsset(), 'tube.ani')[0]!.bytes]);
}
if (corpusAvailable) {
  for (const name of Object.keys(TF_CORPUS_MESHES)) pairs.push([name, readCorpus('tf', name), readCorpus('tf', `${name}.blob`)]);
  for (const name of Object.keys(TF_CORPUS_ANIS)) anis.push([name, readCorpus('tf', name)]);
}

function assetBytes(asset: Asset): number {
  let total = 0;
  for (const mesh of asset.meshes) {
    const at = mesh.attributes;
    for (const a of [at.positions, at.normals, at.tangents, mesh.indices, ...(at.uvs ?? []), ...Object.values(mesh.extras ?? {}).map((e) => e.data)]) total += a?.byteLength ?? 0;
  }
  for (const anim of asset.animations) for (const t of anim.tracks) for (const a of [t.times, t.translation, t.rotation, t.scale]) total += a?.byteLength ?? 0;
  return total;
}

/** The Asset, or the error's code and position; anything but a MeshFormatError fails the test. */
function outcome(msh: Uint8Array, blob: Uint8Array | undefined, k: Kernels): Asset | string {
  const started = performance.now();
  try {
    const asset = tfFormat.parseSync(msh, { fileName: 'f.msh', resolve: (name) => (name === 'f.msh.blob' ? blob : undefined), kernels: k });
    tfFormat.describe!(msh, { fileName: 'f.msh', resolve: () => blob });
    expect(assetBytes(asset)).toBeLessThanOrEqual(TF_READ_DEFAULTS.maxExpansion * (msh.length + (blob?.length ?? 0)) + 64 * 1024);
    return asset;
  } catch (e) {
    if (!(e instanceof MeshFormatError)) throw new Error(`not a MeshFormatError: ${(e as Error)?.stack ?? String(e)}`);
    expect(e.offset !== undefined || e.line !== undefined || e.code === 'BAD_VALUE').toBe(true);
    return `${e.code} ${e.line ?? ''}:${e.column ?? ''} @${e.offset ?? ''}`;
  } finally {
    expect(performance.now() - started).toBeLessThan(2000);
  }
}

/** Same outcome on every backend; returns it. */
function sameOnEveryBackend(msh: Uint8Array, blob: Uint8Array | undefined): Asset | string {
  const results = BACKENDS.map((b) => outcome(msh, blob, kernels[b]));
  for (let i = 1; i < results.length; i++) expect(results[i], BACKENDS[i]).toEqual(results[0]);
  return results[0]!;
}

/** Length without trailing white space (cutting only that leaves a valid file). */
const trimmedLength = (bytes: Uint8Array) => new TextDecoder().decode(bytes).trimEnd().length;

const kind = (r: Asset | string) => (typeof r === 'string' ? r.split(' ')[0]! : 'ok');

/** Replaces the `which`-th number in the text with `value`. */
function replaceNumber(text: string, which: number, value: string): string {
  let seen = 0;
  return text.replace(/-?\d+(\.\d+)?/g, (m) => (seen++ === which ? value : m));
}

const HOSTILE_NUMBERS = ['-1', '0', '1', '3', '4', '7', '4294967295', '4294967296', '1e9', '1e308', '0.5', '-0', '2147483647', '999999999999'];

describe('TF fuzzing: descriptor text and blob; only MeshFormatError, same outcome on every backend', () => {
  for (const [name, msh, blob] of pairs) {
    it(`${name}: byte flips in the descriptor`, () => {
      const next = rng(msh.length);
      const kinds = new Set<string>();
      for (let round = 0; round < 60; round++) {
        const bytes = msh.slice();
        for (let e = 1 + Math.floor(next() * 3); e > 0; e--) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 128);
        kinds.add(kind(sameOnEveryBackend(bytes, blob)));
      }
      expect(kinds.size).toBeGreaterThan(1);
    });

    it(`${name}: hostile counts, offsets and numComp in the descriptor`, () => {
      const text = new TextDecoder().decode(msh);
      const numbers = text.match(/-?\d+(\.\d+)?/g)!.length;
      const next = rng(numbers);
      const kinds = new Set<string>();
      for (let round = 0; round < 60; round++) {
        const edited = replaceNumber(text, Math.floor(next() * numbers), HOSTILE_NUMBERS[Math.floor(next() * HOSTILE_NUMBERS.length)]!);
        kinds.add(kind(sameOnEveryBackend(new TextEncoder().encode(edited), blob)));
      }
      expect(kinds.size).toBeGreaterThan(2);
    });

    it(`${name}: blob flips (indices out of range) and truncations of both files`, () => {
      const next = rng(blob.length);
      const view = new DataView(blob.buffer.slice(0));
      for (let round = 0; round < 40; round++) {
        const bytes = blob.slice();
        const at = Math.floor(next() * (bytes.length - 4)) & ~3;
        new DataView(bytes.buffer).setUint32(at, next() < 0.5 ? Math.floor(next() * 2 ** 32) : view.getUint32(at, true) + 1, true);
        sameOnEveryBackend(msh, bytes);
      }
      for (let length = 0; length < blob.length; length += Math.max(1, Math.floor(blob.length / 40))) {
        expect(kind(sameOnEveryBackend(msh, blob.subarray(0, length)))).toBe('TRUNCATED');
      }
      for (let length = 0; length < trimmedLength(msh); length += Math.max(1, Math.floor(msh.length / 30))) {
        expect(kind(sameOnEveryBackend(msh.subarray(0, length), blob))).not.toBe('ok');
      }
      expect(kind(sameOnEveryBackend(msh, undefined))).toBe('TRUNCATED');
    });
  }

  for (const [name, ani] of anis) {
    it(`${name}: byte flips and truncations`, () => {
      const next = rng(ani.length);
      for (let round = 0; round < 60; round++) {
        const bytes = ani.slice();
        bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 128);
        sameOnEveryBackend(bytes, undefined);
      }
      for (let length = 0; length < trimmedLength(ani); length += Math.max(1, Math.floor(ani.length / 30))) expect(kind(sameOnEveryBackend(ani.subarray(0, length), undefined))).not.toBe('ok');
    });
  }

  it('a wide attribute welded against a stream of distinct corners is refused, not allocated', () => {
    const wide = 4096;
    const corners = 3 * 4096;
    const blob = new Uint8Array(wide * 4 + corners * 4 * 3 + corners * 4);
    const u32 = new Uint32Array(blob.buffer);
    for (let c = 0; c < corners; c++) u32[wide + corners + c] = c; // position indices: all distinct
    const msh = new TextEncoder().encode(`function data() return { subMeshes = { { indices = {
      position = { count = ${corners * 4}, offset = ${(wide + corners) * 4} }, wide = { count = ${corners * 4}, offset = ${(wide + 2 * corners) * 4} } } } },
      vertexAttr = { wide = { count = ${wide * 4}, numComp = ${wide}, offset = 0 }, position = { count = ${corners * 4}, numComp = 1, offset = ${wide * 4} } } } end`);
    expect(() => tfToAsset(readTfMesh(msh, blob))).toThrow(/numComp 1, not 3/);
    const msh3 = new TextDecoder().decode(msh).replace(`numComp = 1,`, 'numComp = 3,').replace(`count = ${corners * 4}, numComp = 3`, `count = ${corners * 12}, numComp = 3`);
    const big = new Uint8Array(blob.length + corners * 8);
    big.set(blob);
    expect(() => tfToAsset(readTfMesh(new TextEncoder().encode(msh3), big), { maxExpansion: 4 })).toThrow(expect.objectContaining({ code: 'BAD_COUNT' }));
  });

  it('fast-check: any constant table written by the writer evaluates back to itself', () => {
    const scalar = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string(), fc.boolean(), fc.constant(null));
    const { value } = fc.letrec<{ value: LuaValue }>((tie) => ({
      value: fc.oneof({ depthSize: 'small', maxDepth: 5 }, scalar, fc.tuple(fc.array(tie('value'), { maxLength: 5 }), fc.uniqueArray(fc.tuple(fc.oneof(fc.string(), fc.integer()), tie('value')), { maxLength: 5, selector: ([k]) => k })).map(([items, fields]) => luaTable(items, fields))),
    }));
    fc.assert(
      fc.property(value, (v) => {
        const table = luaTable([v]);
        const back = evaluateLuaData(writeLuaData(table));
        expect(back).toEqual(table);
      }),
      { numRuns: 300 },
    );
  });

  it('fast-check: arbitrary text after `function data() return` is a MeshFormatError or a table', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'{}()[]=,;-+*/."\'\\ \nabc019xe#~^.notlocal'.split('')), maxLength: 80 }), (tail) => {
        try {
          evaluateLuaData(new TextEncoder().encode(`function data() return ${tail}`));
        } catch (e) {
          if (!(e instanceof MeshFormatError)) throw e;
        }
      }),
      { numRuns: 500 },
    );
  });
});
