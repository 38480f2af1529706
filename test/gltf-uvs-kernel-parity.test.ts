// The UV kernel (assembly/gltf-uvs.ts) against its TypeScript twin, bit for bit, on all three
// backends (the SIMD build's float32 1 − v against the twin's float64 one rounded: tiny, denormal,
// near-1 and huge values), and the writer's call (uvsForOutputWith) against the TypeScript pass.
import { describe, expect, it } from 'vitest';
import { uvsForOutput, uvsForOutputWith } from '../bindings/formats/gltf/vertex-passes.js';
import { allKernels, BACKENDS, edgeFloats, floatBits, mixedFloats, rng } from './helpers/backends.js';

const kernels = allKernels();

/** Values in and near 0–1, with denormals, values just off 0 and 1 and the edges. */
function nearUnit(length: number, seed: number): Float32Array {
  const next = rng(seed);
  const edges = edgeFloats();
  const special = [1e-45, -1e-45, 1e-40, 1e-8, 5.9604645e-8, 0.99999994, 1.0000001, 1 - 2 ** -25, 2 ** -24, 3 * 2 ** -26];
  return Float32Array.from({ length }, () => {
    const r = next();
    return r < 0.6 ? next() : r < 0.8 ? special[Math.floor(next() * special.length)]! : r < 0.9 ? next() * 1e-30 : edges[Math.floor(next() * edges.length)]!;
  });
}

function sets(): Float32Array[] {
  const out: Float32Array[] = [];
  for (let n = 0; n <= 19; n++) out.push(nearUnit(n, n + 1), mixedFloats(n, n + 2, 3), Float32Array.from({ length: n }, (_, i) => (i % 3 ? 0.25 : 0.5)));
  for (const n of [64, 101, 2000]) out.push(nearUnit(n, n), mixedFloats(n, n + 5, 1e20), Float32Array.from({ length: n }, (_, i) => i / n));
  return out;
}

describe('uvsForOutput kernel: wasm-simd, wasm-scalar and js give the same bits', () => {
  it('values, replaced count and values outside 0–1, flipped or not', () => {
    for (const source of sets()) {
      for (const flipV of [false, true]) {
        const results = BACKENDS.map((b) => {
          const dst = new Float32Array(source.length).fill(-5);
          const outside = Uint32Array.of(99);
          const replaced = kernels[b].raw.uvsForOutput(source, flipV, dst, outside);
          return [Array.from(floatBits(dst)), outside[0], replaced];
        });
        for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]} ${flipV} ${source.length}`).toEqual(results[BACKENDS.indexOf('js')]);
      }
    }
  });

  it('uvsForOutputWith (the writer\'s call) gives what the TypeScript pass gives, with and without a reorder', () => {
    for (const source of sets()) {
      if (source.length % 2) continue;
      const n = source.length / 2;
      const order = Uint32Array.from({ length: n }, (_, v) => n - 1 - v);
      for (const flipV of [false, true]) {
        for (const by of [undefined, order]) {
          const reference = uvsForOutput(source, flipV, by);
          for (const b of BACKENDS) {
            const done = uvsForOutputWith(kernels[b], source, flipV, by, new Float32Array(source.length).fill(3));
            expect([floatBits(done.uvs), done.replaced, done.inUnitRange], b).toEqual([floatBits(reference.uvs), reference.replaced, reference.inUnitRange]);
          }
        }
      }
    }
  });
});
