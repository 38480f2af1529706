import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, edgeFloats, rng } from './helpers/backends.js';
import { UNIT_LENGTH_TOLERANCE } from '../bindings/formats/gltf/finite-values.js';
import { VECTOR3_UNIT_TOLERANCE } from '../bindings/formats/gltf/quantize-attributes.js';
import { unitSquaredRange } from '../bindings/formats/gltf/vertex-passes.js';

const kernels = allKernels();
const LIMIT = VECTOR3_UNIT_TOLERANCE * 0.99;

/**
 * Vectors (`stride` 3 or 4) of the kinds that take each path of the SIMD kernel: near unit (the
 * two-vertex SIMD step), on the snorm grid (kept as they are), roundings that leave the unit
 * tolerance (the nearest-unit search, vertex by vertex), zero / non-finite / huge / denormal
 * (vertex by vertex; tangents listed), w of ±1, 0, −0, NaN and others.
 */
function vectors(count: number, stride: 3 | 4, seed: number, top: number, oddShare: number): Float32Array {
  const next = rng(seed);
  const edges = edgeFloats();
  const out = new Float32Array(count * stride);
  for (let v = 0; v < count; v++) {
    const at = v * stride;
    const x = next() * 2 - 1, y = next() * 2 - 1, z = next() * 2 - 1;
    const scale = (next() < 0.5 ? 1 : 1 + (next() - 0.5) * 0.05) / Math.hypot(x, y, z);
    out[at] = x * scale;
    out[at + 1] = y * scale;
    out[at + 2] = z * scale;
    const kind = next();
    if (kind < 0.15) for (let c = 0; c < 3; c++) out[at + c] = Math.round(out[at + c]! * top) / top;
    else if (kind < 0.2) for (let c = 0; c < 3; c++) out[at + c] = (Math.round(out[at + c]! * top * 2) + 1) / (top * 2);
    else if (kind < 0.2 + oddShare) out[at + Math.floor(next() * 3)] = edges[Math.floor(next() * edges.length)]!;
    if (stride === 4) {
      const w = next();
      out[at + 3] = w < 0.4 ? 1 : w < 0.8 ? -1 : w < 0.84 ? 0 : w < 0.86 ? -0 : w < 0.9 ? NaN : w * 3 - 2;
    }
  }
  return out;
}

function permutation(seed: number, count: number): Uint32Array {
  const next = rng(seed);
  const order = Uint32Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Whole vectors of the edge kinds (zero, ±0, denormal, huge, infinite, NaN, on the grid, axes). */
function edgeVectors(stride: 3 | 4): Float32Array {
  const rows = [[0, 0, 0], [-0, 0, -0], [1e-45, 0, 0], [1e-40, 2e-40, -3e-40], [3.4028234663852886e38, 3.4028234663852886e38, -3.4028234663852886e38], [Infinity, 0, 0], [0, -Infinity, 1], [NaN, 0, 0], [3, 4, 0], [0, 0, 1], [0, -1, 0], [1e-20, 1e-20, 1e-20], [1.0000001, 0, 0], [0.99, 0, 0], [1 / 127, 126 / 127, 0], [0.577, 0.577, 0.577]];
  return Float32Array.from(rows.flatMap((r, i) => (stride === 4 ? [...r, i % 3 === 0 ? -1 : i % 3 === 1 ? 1 : 0.5] : r)));
}

function run(backend: (typeof BACKENDS)[number], src: Float32Array, stride: 3 | 4, toYUp: boolean, bits: 8 | 16, order: Uint32Array | undefined) {
  const top = bits === 16 ? 32767 : 127;
  const [lowest, highest] = unitSquaredRange(top);
  const count = Math.floor(src.length / stride);
  // Garbage first: every slot must be written.
  const dst = bits === 16 ? new Int16Array(count * 4).fill(-12345) : new Int8Array(count * 4).fill(-99);
  const counts = Uint32Array.of(7, 7, 7);
  const list = new Uint32Array(count).fill(0xdeadbeef);
  const raw = kernels[backend].raw;
  const result = stride === 3
    ? raw.snormNormals(src, toYUp, top, UNIT_LENGTH_TOLERANCE, LIMIT, lowest, highest, order, dst, counts)
    : raw.snormTangents(src, toYUp, top, UNIT_LENGTH_TOLERANCE, LIMIT, lowest, highest, order, dst, counts, list);
  return { result, dst: Array.from(dst), counts: Array.from(counts), list: Array.from(list.subarray(0, Math.max(0, result))) };
}

describe('snormNormals / snormTangents kernels: wasm-simd, wasm-scalar and js give the same bytes', () => {
  for (const stride of [3, 4] as const) {
    it(`${stride === 3 ? 'normals' : 'tangents'}: near-unit, on-grid, off-tolerance and edge vectors, both bit widths, both axes, with and without an order`, () => {
      const sets: Float32Array[] = [];
      for (let n = 0; n <= 13; n++) sets.push(vectors(n, stride, n + 1, 127, 0), vectors(n, stride, n + 50, 32767, 0.2));
      for (const n of [64, 257, 2000]) sets.push(vectors(n, stride, n, 127, 0), vectors(n, stride, n + 3, 32767, 0.01), vectors(n, stride, n + 5, 127, 0.3));
      const edges = edgeVectors(stride);
      sets.push(edges);
      // Every edge vector at each of the four places in a SIMD step, among near-unit ones.
      for (let at = 0; at < 4; at++) {
        const block = vectors(4 * (edges.length / stride) + 3, stride, 77 + at, 127, 0);
        for (let e = 0; e < edges.length / stride; e++) block.set(edges.subarray(e * stride, (e + 1) * stride), (e * 4 + at) * stride);
        sets.push(block);
      }
      let simdSteps = 0;
      for (const src of sets) {
        const count = Math.floor(src.length / stride);
        for (const bits of [8, 16] as const) for (const toYUp of [false, true]) for (const order of [undefined, permutation(count + bits, count)]) {
          const results = BACKENDS.map((b) => run(b, src, stride, toYUp, bits, order));
          const js = results[BACKENDS.indexOf('js')]!;
          for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]} ${count} ${bits} ${toYUp} ${order ? 'order' : ''}`).toEqual(js);
          simdSteps += count >> 2;
        }
      }
      expect(simdSteps).toBeGreaterThan(1000);
    });
  }

  it('an order naming a vertex past the count gives −1 on every backend', () => {
    const src = vectors(9, 4, 3, 127, 0);
    const order = permutation(1, 9);
    order[5] = 9;
    for (const b of BACKENDS) {
      const dst = new Int8Array(36).fill(5);
      const [lowest, highest] = unitSquaredRange(127);
      expect(kernels[b].raw.snormTangents(src, false, 127, UNIT_LENGTH_TOLERANCE, LIMIT, lowest, highest, order, dst, new Uint32Array(3), new Uint32Array(9)), b).toBe(-1);
      expect(kernels[b].raw.snormNormals(src.subarray(0, 27), false, 127, UNIT_LENGTH_TOLERANCE, LIMIT, lowest, highest, order, dst, new Uint32Array(3)), b).toBe(-1);
    }
  });

  it('arrays shorter than the vertex count are refused before the kernel runs', () => {
    const src = vectors(8, 3, 4, 127, 0);
    const [lowest, highest] = unitSquaredRange(127);
    for (const b of ['wasm-simd', 'wasm-scalar'] as const) {
      expect(() => kernels[b].raw.snormNormals(src, false, 127, UNIT_LENGTH_TOLERANCE, LIMIT, lowest, highest, new Uint32Array(7), new Int8Array(32), new Uint32Array(3))).toThrow(RangeError);
      expect(() => kernels[b].raw.snormNormals(src, false, 127, UNIT_LENGTH_TOLERANCE, LIMIT, lowest, highest, undefined, new Int8Array(31), new Uint32Array(3))).toThrow(RangeError);
    }
  });
});
