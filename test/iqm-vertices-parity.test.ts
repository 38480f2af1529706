import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, EDGE_FLOATS, exactFloatBits, rng, withNaNPayloads } from './helpers/backends.js';
import type { IqmComponents } from '../bindings/kernels/raw-kernels.js';
import type { IndexArray } from '../bindings/model/asset.js';

const kernels = allKernels();
const CONSTRUCTORS = [Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Uint16Array, Float32Array, Float64Array] as const;
const HALF_EDGES = [0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7c01, 0xfe00, 0x7fff, 0x3555];

/** `count` components of `format`: random bit patterns mixed with each format's edge values. */
function components(format: number, count: number, seed: number): IqmComponents {
  const next = rng(seed);
  const ctor = CONSTRUCTORS[format]!;
  const bytes = new Uint8Array(count * ctor.BYTES_PER_ELEMENT);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
  const out = new ctor(bytes.buffer);
  for (let i = 0; i < count; i++) {
    if (next() > 0.4) continue;
    const pick = Math.floor(next() * 64);
    if (format === 6) out[i] = HALF_EDGES[pick % HALF_EDGES.length]!;
    else if (format >= 7) out[i] = EDGE_FLOATS[pick % EDGE_FLOATS.length]! * (pick < 32 ? 1 : 1.5);
    else out[i] = [0, 1, 2, 3, -1, -128, 127, 255, 256, 32767, -32768, 65535, 65536, 2147483647, -2147483648, 4294967295][pick % 16]!;
  }
  // NaNs of every kind, as bits: a float32 one is moved as it is, a float64 one becomes 0x7fc00000.
  if (out instanceof Float32Array) withNaNPayloads(out, seed);
  if (out instanceof Float64Array) {
    const wide = new BigUint64Array(out.buffer);
    const nans = [0x7ff0000000000001n, 0xfff8000000000000n, 0x7ff4000000000000n, 0x7ff8000012345678n, 0xfff0000000000001n];
    for (let i = 0; i < count; i++) if (next() < 0.1) wide[i] = nans[Math.floor(next() * nans.length)]!;
  }
  return out;
}

describe('iqmComponentsToFloat32: wasm-simd, wasm-scalar and js give identical bits, NaN payloads included', () => {
  it('every format, normalized or not, 0–17 vertices, sizes 1–5 to 1–4, with edge values', () => {
    let seed = 1;
    for (let format = 0; format <= 8; format++) {
      for (const normalized of [false, true]) {
        for (let srcSize = 1; srcSize <= 5; srcSize++) {
          for (let dstSize = 1; dstSize <= 4; dstSize++) {
            for (const vertices of [0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17, 100]) {
              const src = components(format, vertices * srcSize, seed++);
              const results = BACKENDS.map((b) => {
                const dst = new Float32Array(vertices * dstSize).fill(12345);
                kernels[b].raw.iqmComponentsToFloat32(src, format, normalized, srcSize, dstSize, 1, dst);
                return Array.from(exactFloatBits(dst));
              });
              const label = `format ${format} normalized ${normalized} ${srcSize}→${dstSize} × ${vertices}`;
              expect(results[0], label).toEqual(results[2]);
              expect(results[1], label).toEqual(results[2]);
            }
          }
        }
      }
    }
  });

  it('known values: GL normalization, half floats, float32 bits kept, fill on the last component', () => {
    for (const b of BACKENDS) {
      const k = kernels[b].raw;
      const out = (src: IqmComponents, format: number, normalized: boolean, srcSize: number, dstSize: number, fill = 0) => {
        const dst = new Float32Array((src.length / srcSize) * dstSize);
        k.iqmComponentsToFloat32(src, format, normalized, srcSize, dstSize, fill, dst);
        return Array.from(dst);
      };
      expect(out(Int8Array.from([-128, -127, 0, 127]), 0, true, 4, 4), b).toEqual([-1, -1, 0, 1]);
      expect(out(Uint8Array.from([0, 51, 255, 1]), 1, true, 4, 4), b).toEqual([0, Math.fround(0.2), 1, Math.fround(1 / 255)]);
      expect(out(Uint8Array.from([0, 51, 255, 1]), 1, false, 4, 4), b).toEqual([0, 51, 255, 1]);
      expect(out(Int32Array.from([-2147483648, 2147483647]), 4, true, 2, 2), b).toEqual([-1, 1]);
      expect(out(Uint16Array.from([0x3c00, 0xc000, 0x0001, 0x7c00]), 6, false, 4, 4), b).toEqual([1, -2, 2 ** -24, Infinity]);
      expect(out(Uint8Array.from([255, 0, 255]), 1, true, 3, 4, 1), b).toEqual([1, 0, 1, 1]);
      expect(out(Float32Array.from([1, 2, 3, 4, 5, 6]), 7, false, 3, 2), b).toEqual([1, 2, 4, 5]);
      const nan = new Float32Array(new Uint32Array([0x7fa00001, 0xffc00123]).buffer);
      const dst = new Float32Array(2);
      k.iqmComponentsToFloat32(nan, 7, false, 2, 2, 0, dst);
      expect(Array.from(new Uint32Array(dst.buffer)), b).toEqual([0x7fa00001, 0xffc00123]);
    }
  });
});

describe('iqmJointIndices: identical on every backend', () => {
  it('every format, sizes 1–5, limits 1 to 65536, 0–17 vertices', () => {
    let seed = 500;
    for (let format = 0; format <= 8; format++) {
      for (let srcSize = 1; srcSize <= 5; srcSize++) {
        for (const limit of [1, 2, 3, 200, 255, 256, 65535, 65536]) {
          for (const vertices of [0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 64]) {
            const src = components(format, vertices * srcSize, seed++);
            // Small valid values too, so that most indices are kept.
            for (let i = 0; i < src.length; i += 2) src[i] = format === 6 ? [0, 0x3c00, 0x4000, 0x4200][i % 4]! : i % 5;
            const results = BACKENDS.map((b) => {
              const dst = new Uint16Array(vertices * 4).fill(999);
              const bad = kernels[b].raw.iqmJointIndices(src, format, srcSize, limit, dst);
              return [bad, ...dst];
            });
            const label = `format ${format} size ${srcSize} limit ${limit} × ${vertices}`;
            expect(results[0], label).toEqual(results[2]);
            expect(results[1], label).toEqual(results[2]);
          }
        }
      }
    }
  });

  it('non-integers, negatives, NaN and out-of-range indices become 0 and are counted', () => {
    for (const b of BACKENDS) {
      const dst = new Uint16Array(8);
      const bad = kernels[b].raw.iqmJointIndices(Float32Array.from([0, 1.5, -1, NaN, 2, -0, Infinity, 3]), 7, 4, 3, dst);
      expect([bad, ...dst], b).toEqual([5, 0, 0, 0, 0, 2, 0, 0, 0]);
      const bytes = new Uint16Array(8);
      expect(kernels[b].raw.iqmJointIndices(Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7]), 1, 4, 5, bytes), b).toBe(3);
      expect(Array.from(bytes), b).toEqual([0, 1, 2, 3, 4, 0, 0, 0]);
    }
  });
});

describe('windIqmTriangles: identical on every backend', () => {
  it('0–17 triangles of every width, in range or not, below first or not', () => {
    const next = rng(77);
    for (const width of [1, 2, 4] as const) {
      for (let triangles = 0; triangles <= 17; triangles++) {
        for (const [first, vertexCount] of [[0, 10], [5, 200], [100, 255], [70000, 65535], [3, 0x10000000]]) {
          for (const badAt of [-1, 0, 1, 2, 3 * triangles - 1]) {
            const src = Uint32Array.from({ length: triangles * 3 }, () => first! + Math.floor(next() * Math.min(vertexCount!, 256 ** width)));
            if (badAt >= 0 && badAt < src.length) src[badAt] = next() < 0.5 ? first! + vertexCount! : first! - 1;
            const results = BACKENDS.map((b) => {
              const dst: IndexArray = new (width === 1 ? Uint8Array : width === 2 ? Uint16Array : Uint32Array)(src.length);
              const result = kernels[b].raw.windIqmTriangles(src, first!, vertexCount!, dst);
              return result < 0 ? [result, ...dst] : [result]; // dst is unspecified after a bad index
            });
            expect(results[0]).toEqual(results[2]);
            expect(results[1]).toEqual(results[2]);
          }
        }
      }
    }
  });

  it('swaps the last two corners, subtracts first, and names the first bad corner in output order', () => {
    for (const b of BACKENDS) {
      const dst = new Uint16Array(6);
      expect(kernels[b].raw.windIqmTriangles(Uint32Array.from([10, 11, 12, 13, 12, 11]), 10, 4, dst), b).toBe(-1);
      expect(Array.from(dst), b).toEqual([0, 2, 1, 3, 1, 2]);
      expect(kernels[b].raw.windIqmTriangles(Uint32Array.from([10, 20, 21]), 10, 4, new Uint16Array(3)), b).toBe(2);
      expect(kernels[b].raw.windIqmTriangles(Uint32Array.from([10, 20, 9]), 10, 4, new Uint16Array(3)), b).toBe(2);
      expect(kernels[b].raw.windIqmTriangles(Uint32Array.from([10, 20, 11]), 10, 4, new Uint16Array(3)), b).toBe(1);
    }
  });
});
