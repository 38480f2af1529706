// The tangents kernel (assembly/gltf-unit-tangents.ts) against its TypeScript twin, bit for bit,
// on all three backends (where each stops, the values written up to there, the counts), and the
// writer's call (unitTangentsOnAxes) against the TypeScript pass unitVectorsOnAxes: random and
// edge tangents (NaN, ±0, denormals, zero length, huge, infinite, w of every kind), both axes.
import { describe, expect, it } from 'vitest';
import { UNIT_LENGTH_TOLERANCE } from '../bindings/formats/gltf/finite-values.js';
import { unitNormalsOnAxes, unitTangentsOnAxes, unitVectorsOnAxes } from '../bindings/formats/gltf/vertex-passes.js';
import { allKernels, BACKENDS, edgeFloats, floatBits, mixedFloats, rng } from './helpers/backends.js';

const kernels = allKernels();

/** Tangents near unit length with w of ±1 mostly, and a share with one edge component (w included). */
function nearUnitTangents(count: number, seed: number, edgeShare: number): Float32Array {
  const next = rng(seed);
  const edges = edgeFloats();
  const out = new Float32Array(count * 4);
  for (let v = 0; v < count; v++) {
    const x = next() * 2 - 1, y = next() * 2 - 1, z = next() * 2 - 1;
    const scale = (next() < 0.5 ? 1 : 1 + (next() - 0.5) * 0.05) / Math.hypot(x, y, z);
    out.set([x * scale, y * scale, z * scale, next() < 0.5 ? -1 : next() < 0.8 ? 1 : next() * 4 - 2], v * 4);
    if (next() < edgeShare) out[v * 4 + Math.floor(next() * 4)] = edges[Math.floor(next() * edges.length)]!;
  }
  return out;
}

function sets(): Float32Array[] {
  const out: Float32Array[] = [];
  for (let n = 0; n <= 17; n++) out.push(nearUnitTangents(n, n + 1, 0), nearUnitTangents(n, n + 50, 0.15), mixedFloats(n * 4, n + 9));
  for (const n of [64, 101, 1000]) out.push(nearUnitTangents(n, n, 0), nearUnitTangents(n, n + 1, 0.01), mixedFloats(n * 4, n + 2, 1e30));
  out.push(Float32Array.of(1e-45, 0, 0, -0, 1e-40, -1e-40, 0, NaN, 3.4028234663852886e38, 3.4028234663852886e38, 0, -Infinity, 0, 0, 0, 1, 3, 4, 0, 0.5));
  out.push(nearUnitTangents(5, 3, 0).subarray(0, 18));
  return out;
}

describe('unitTangents kernel: wasm-simd, wasm-scalar and js give the same bits', () => {
  it('stops at the same tangent with the same values and counts', () => {
    for (const tangents of sets()) {
      for (const toYUp of [false, true]) {
        const results = BACKENDS.map((b) => {
          const dst = new Float32Array(tangents.length).fill(55);
          const counts = Uint32Array.of(9, 9);
          const done = kernels[b].raw.unitTangents(tangents, toYUp, UNIT_LENGTH_TOLERANCE, dst, counts);
          return [done, Array.from(floatBits(dst.subarray(0, done * 4))), Array.from(counts)];
        });
        for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]} ${toYUp} ${tangents.length}`).toEqual(results[BACKENDS.indexOf('js')]);
      }
    }
  });

  it('unitTangentsOnAxes (the writer\'s call) gives what unitVectorsOnAxes gives, with and without normals and a reorder', () => {
    for (const tangents of sets()) {
      const n = Math.floor(tangents.length / 4);
      if (n * 4 !== tangents.length) continue;
      const order = Uint32Array.from({ length: n }, (_, v) => n - 1 - v);
      const sourceNormals = mixedFloats(n * 3, n + 77, 2);
      for (const toYUp of [false, true]) {
        for (const by of [undefined, order]) {
          const normals = unitVectorsOnAxes(sourceNormals, 3, toYUp, undefined, by).unit;
          for (const withNormals of [undefined, normals]) {
            const reference = unitVectorsOnAxes(tangents, 4, toYUp, withNormals, by);
            for (const b of BACKENDS) {
              expect(floatBits(unitNormalsOnAxes(kernels[b], sourceNormals, toYUp, by).unit)).toEqual(floatBits(normals));
              const done = unitTangentsOnAxes(kernels[b], tangents, toYUp, withNormals, by, new Float32Array(tangents.length).fill(-7));
              expect([floatBits(done.unit), done.replaced, done.rescaled, done.signs], b).toEqual([floatBits(reference.unit), reference.replaced, reference.rescaled, reference.signs]);
            }
          }
        }
      }
    }
  });
});
