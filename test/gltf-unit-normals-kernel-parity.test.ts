import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, edgeFloats, floatBits, mixedFloats, rng } from './helpers/backends.js';
import { UNIT_LENGTH_TOLERANCE } from '../bindings/formats/gltf/finite-values.js';
import { unitNormalsOnAxes, unitVectorsOnAxes } from '../bindings/formats/gltf/vertex-passes.js';

const kernels = allKernels();

/** Normals near unit length (most SIMD steps take the vector path), with a share of edge vectors. */
function nearUnitNormals(count: number, seed: number, edgeShare: number): Float32Array {
  const next = rng(seed);
  const edges = edgeFloats();
  const out = new Float32Array(count * 3);
  for (let v = 0; v < count; v++) {
    const x = next() * 2 - 1, y = next() * 2 - 1, z = next() * 2 - 1;
    const scale = (next() < 0.5 ? 1 : 1 + (next() - 0.5) * 0.05) / Math.hypot(x, y, z);
    out.set([x * scale, y * scale, z * scale], v * 3);
    if (next() < edgeShare) out[v * 3 + Math.floor(next() * 3)] = edges[Math.floor(next() * edges.length)]!;
  }
  return out;
}

/** Whole vectors of one kind: zero, ±0 mixed, denormal, huge, infinite, NaN. */
function edgeVectors(): Float32Array {
  const rows = [[0, 0, 0], [-0, 0, -0], [1e-45, 0, 0], [1e-45, -1e-45, 1e-45], [1e-40, 2e-40, -3e-40], [3.4028234663852886e38, 3.4028234663852886e38, -3.4028234663852886e38], [Infinity, 0, 0], [0, -Infinity, 1], [NaN, 0, 0], [0, 0, NaN], [3, 4, 0], [0, 0, 1], [0, 1, 0], [1e-20, 1e-20, 1e-20], [1.0000001, 0, 0], [0.99, 0, 0], [1.01, 0, 0]];
  return Float32Array.from(rows.flat());
}

function sets(): Float32Array[] {
  const out: Float32Array[] = [];
  for (let n = 0; n <= 17; n++) out.push(nearUnitNormals(n, n + 1, 0), nearUnitNormals(n, n + 101, 0.2), mixedFloats(n * 3, n + 7));
  for (const n of [64, 101, 1000]) out.push(nearUnitNormals(n, n, 0), nearUnitNormals(n, n + 3, 0.02), mixedFloats(n * 3, n + 9, 1e30));
  const edges = edgeVectors();
  out.push(edges);
  // Every edge vector at each of the four places in a SIMD step, among good ones.
  for (let at = 0; at < 4; at++) {
    const block = nearUnitNormals(4 * (edges.length / 3) + 3, 77 + at, 0);
    for (let e = 0; e < edges.length / 3; e++) block.set(edges.subarray(e * 3, e * 3 + 3), (e * 4 + at) * 3);
    out.push(block);
  }
  // A length not a multiple of 3 (the trailing values are not a vertex).
  out.push(nearUnitNormals(9, 5, 0).subarray(0, 26));
  return out;
}

describe('unitNormals kernel: wasm-simd, wasm-scalar and js give the same bits', () => {
  it('random, near-unit and edge normals (NaN, ±0, denormals, zero length, huge, infinite), both axes', () => {
    for (const normals of sets()) {
      for (const toYUp of [false, true]) {
        const results = BACKENDS.map((b) => {
          // Output filled with garbage first: every element must be written.
          const dst = new Float32Array(normals.length).fill(12345);
          const counts = Uint32Array.of(99, 99);
          kernels[b].raw.unitNormals(normals, toYUp, UNIT_LENGTH_TOLERANCE, dst, counts);
          const whole = Math.floor(normals.length / 3) * 3;
          return [Array.from(floatBits(dst.subarray(0, whole))), Array.from(counts)];
        });
        for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]} ${toYUp} ${normals.length}`).toEqual(results[BACKENDS.indexOf('js')]);
      }
    }
  });

  it('gives the unit vector, +Z for a zero or non-finite length, and counts them', () => {
    for (const b of BACKENDS) {
      const dst = new Float32Array(15);
      const counts = new Uint32Array(2);
      kernels[b].raw.unitNormals(Float32Array.of(3, 4, 0, 0, 0, 0, 0, 0, 1, NaN, 1, 0, 0, 0, 1.5), true, UNIT_LENGTH_TOLERANCE, dst, counts);
      expect(Array.from(dst), b).toEqual([Math.fround(0.6), 0, -Math.fround(0.8), 0, 0, 1, 0, 1, -0, 0, 0, 1, 0, 1, -0]);
      expect(Array.from(counts), b).toEqual([2, 2]);
    }
  });

  it('unitNormalsOnAxes (the writer\'s call) gives what the TypeScript pass unitVectorsOnAxes gives, with and without a reorder', () => {
    for (const normals of sets()) {
      if (normals.length % 3) continue;
      const n = normals.length / 3;
      const order = Uint32Array.from({ length: n }, (_, v) => n - 1 - v);
      for (const toYUp of [false, true]) {
        for (const by of [undefined, order]) {
          const reference = unitVectorsOnAxes(normals, 3, toYUp, undefined, by);
          for (const b of BACKENDS) {
            const done = unitNormalsOnAxes(kernels[b], normals, toYUp, by, new Float32Array(normals.length).fill(-7));
            expect([floatBits(done.unit), done.replaced, done.rescaled, done.signs], b).toEqual([floatBits(reference.unit), reference.replaced, reference.rescaled, reference.signs]);
          }
        }
      }
    }
  });
});
