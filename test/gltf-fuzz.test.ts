import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, glbFormat, MeshFormatError, type Asset, type Kernels } from '../bindings/index.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { corpusAvailable, readCorpus } from './helpers/corpus.js';
import { featureGltf, glb } from './helpers/gltf-samples.js';

const kernels = allKernels();
const FIXTURES = join(import.meta.dirname, '../fixtures');
const feature = featureGltf();

/** GLBs our writer made, plus the hand-made feature file (sparse, strips, cubic splines). */
const inputs: [string, Uint8Array][] = [
  ['feature.glb', glb(feature.json, feature.bin)],
  ...['tube.mesh', 'tube.iqm'].map((f): [string, Uint8Array] => {
    const bytes = new Uint8Array(readFileSync(join(FIXTURES, f)));
    return [`${f}.glb`, glbFormat.encodeSync(detectFormat(bytes, f)!.parseSync(bytes))];
  }),
];
if (corpusAvailable) inputs.push(['raylib_guy.iqm.glb', glbFormat.encodeSync(detectFormat(readCorpus('iqm', 'raylib_guy.iqm'), 'x.iqm')!.parseSync(readCorpus('iqm', 'raylib_guy.iqm')))]);

function assetBytes(asset: Asset): number {
  let total = 0;
  for (const mesh of asset.meshes) {
    const a = mesh.attributes;
    for (const array of [a.positions, a.normals, a.tangents, a.colors, a.joints, a.weights, mesh.indices, ...(a.uvs ?? []), ...(mesh.targets ?? []).map((t) => t.positions)]) total += array?.byteLength ?? 0;
  }
  for (const animation of asset.animations) for (const t of animation.tracks) total += t.times.byteLength + (t.translation?.byteLength ?? 0) + (t.rotation?.byteLength ?? 0) + (t.scale?.byteLength ?? 0);
  return total;
}

/** A string that changes with every value of an Asset (typed arrays hashed by their bytes, so NaNs compare by bits). */
function fingerprint(asset: Asset): string {
  return JSON.stringify(asset, (_, value) => {
    if (!ArrayBuffer.isView(value)) return value;
    const bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    let hash = 0x811c9dc5;
    for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
    return `${value.constructor.name}(${bytes.length}):${(hash >>> 0).toString(16)}`;
  });
}

/** The outcome on one backend: the Asset's fingerprint, or the MeshFormatError's code and offset. Anything else fails the test. */
function outcome(bytes: Uint8Array, k: Kernels, options: object = {}): string {
  try {
    const asset = glbFormat.parseSync(bytes, { kernels: k, ...options });
    expect(assetBytes(asset)).toBeLessThanOrEqual(Math.max(1 << 18, 256 * 4 * bytes.length * 2));
    return `ok ${fingerprint(asset)}`;
  } catch (e) {
    if (!(e instanceof MeshFormatError)) throw new Error(`not a MeshFormatError: ${(e as Error)?.stack ?? String(e)}`);
    expect(e.format).toBe('gltf');
    return `${e.code} @${e.offset}`;
  }
}

/** Same outcome on every backend; returns it. */
function sameOnAllBackends(bytes: Uint8Array, options: object = {}): string {
  const [first, ...rest] = BACKENDS.map((b) => outcome(bytes, kernels[b], options));
  for (const other of rest) expect(other).toEqual(first);
  return first!;
}

describe('glTF fuzzing: only MeshFormatError, same outcome on every backend', () => {
  for (const [name, original] of inputs) {
    it(`${name}: byte flips and truncations`, () => {
      const next = rng(original.length);
      const seen = new Set<string>();
      for (let round = 0; round < 120; round++) {
        const bytes = original.slice();
        for (let e = 0, edits = 1 + Math.floor(next() * 3); e < edits; e++) bytes[Math.floor(next() * bytes.length)]! ^= 1 << Math.floor(next() * 8);
        const result = sameOnAllBackends(bytes);
        seen.add(result.split(' ')[0]!);
      }
      for (let round = 0; round < 30; round++) {
        expect(sameOnAllBackends(original.subarray(0, Math.floor(next() * original.length)))).not.toMatch(/^ok/);
      }
      expect(seen.size).toBeGreaterThan(1);
    });
  }

  it('fast-check: any JSON value at any place of the feature file', () => {
    const paths: (string | number)[][] = [];
    const walk = (value: unknown, path: (string | number)[]) => {
      paths.push(path);
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    };
    walk(feature.json, []);
    const replacement = fc.oneof(
      fc.integer({ min: -2, max: 40 }),
      fc.constantFrom(2 ** 31, 2 ** 32, 2 ** 53, -0, 1.5, Infinity, NaN, null, '', 'VEC4', 'MAT3', 5120, 5121, 5122, 5123, 5125, 5126, 'CUBICSPLINE', 'STEP', 'data:,', '../x.bin', 'C:/x'),
      fc.jsonValue({ maxDepth: 2 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat({ max: paths.length - 1 }), replacement), { minLength: 1, maxLength: 3 }), (edits) => {
        const json = structuredClone(feature.json);
        for (const [p, value] of edits) {
          const path = paths[p]!;
          if (path.length === 0) continue;
          let parent: any = json;
          for (const key of path.slice(0, -1)) parent = parent?.[key];
          if (parent && typeof parent === 'object') parent[path[path.length - 1]!] = value;
        }
        sameOnAllBackends(glb(json, feature.bin), { resample: 30 });
      }),
      { numRuns: 300, seed: 8 },
    );
  });
});
