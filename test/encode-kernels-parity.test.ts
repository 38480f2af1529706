import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, EDGE_FLOATS, floatBits, mixedFloats, NAN_BITS, randomInts, rng, withNaNPayloads } from './helpers/backends.js';
import type { RawKernels } from '../bindings/kernels/raw-kernels.js';

const kernels = allKernels();
const SIZES = Array.from({ length: 18 }, (_, i) => i);

/** Runs `produce` on every backend's raw kernels and asserts every output equals the js twin's, bit for bit (NaN payloads included; numbers as their float64 bits). */
function expectParity(produce: (raw: RawKernels) => (ArrayLike<number> | number)[]) {
  const normalize = (r: ArrayLike<number> | number) => (typeof r === 'number' ? new BigUint64Array(Float64Array.of(r).buffer)[0]!.toString(16) : Array.from(r instanceof Float32Array ? floatBits(r) : r));
  const results = BACKENDS.map((b) => produce(kernels[b].raw).map(normalize));
  const reference = results[BACKENDS.indexOf('js')]!;
  for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]} differs from js`).toEqual(reference);
}

/** Points whose coordinates are mostly ±0 and a few edges, so that zero extremes of either sign come up in every lane. */
function zeroHeavyPoints(count: number, seed: number): Float32Array {
  const next = rng(seed);
  const out = new Float32Array(count * 3);
  const bits = new Uint32Array(out.buffer);
  for (let i = 0; i < out.length; i++) {
    const r = next();
    out[i] = r < 0.4 ? 0 : r < 0.8 ? -0 : EDGE_FLOATS[Math.floor(next() * EDGE_FLOATS.length)]!;
    // NaNs of every kind (written as bits: a number cannot carry a signalling one).
    if (r >= 0.8 && r < 0.9) bits[i] = NAN_BITS[Math.floor(next() * NAN_BITS.length)]!;
  }
  return out;
}

function pointSets(): Float32Array[] {
  const sets: Float32Array[] = [];
  for (const n of [...SIZES, 31, 64, 101]) {
    sets.push(mixedFloats(n * 3, n * 17 + 1, 100), zeroHeavyPoints(n, n * 17 + 2), new Float32Array(n * 3).fill(NaN), withNaNPayloads(new Float32Array(n * 3), n + 5, 1));
    sets.push(new Float32Array(n * 3).map((_, i) => (i % 5 === 3 ? -0 : 0)), new Float32Array(n * 3).map((_, i) => (i % 7 === 2 ? 0 : -0)));
  }
  sets.push(new Float32Array([1, 2, 3, 4]), new Float32Array([Infinity, -Infinity, NaN, -Infinity, Infinity, -0, 0, 3.4e38, -3.4e38]));
  return sets;
}

describe('encode kernel parity: wasm-simd, wasm-scalar and js give identical bits', () => {
  it('boxOfPoints over 0..17 and longer point lists: NaN skipped, ±Inf, the first of −0 / +0 kept', () => {
    for (const points of pointSets()) {
      expectParity((raw) => {
        const box = new Float32Array(6);
        raw.boxOfPoints(points, box);
        return [box];
      });
    }
  });

  it('farthestSquaredDistance in float64 from odd centres, NaN and infinite points included', () => {
    const centers = [[0, 0, 0], [-0, 1.5, -2.25], [NaN, 0, 0], [Infinity, 0, 0], [3.4028234663852886e38, -1e-45, 1e10]] as const;
    for (const points of pointSets()) {
      for (const [cx, cy, cz] of centers) expectParity((raw) => [raw.farthestSquaredDistance(points, cx, cy, cz)]);
    }
  });

  it('packSkinWeights: trailing unused slots dropped, weights clamped and truncated, joints out of range refused', () => {
    for (const vertices of [...SIZES, 40]) {
      for (const boneCount of [0, 1, 2, 7, 300]) {
        for (const variant of [0, 1]) {
          const seed = vertices * 101 + boneCount * 3 + variant;
          const next = rng(seed);
          // Mostly zero joints and weights, so that every count 0..4 comes up.
          const joints = randomInts(Uint16Array, vertices * 4, seed, variant ? boneCount + 1 : Math.max(0, boneCount - 1)).map((j) => (next() < 0.5 ? 0 : j));
          const weights = withNaNPayloads(mixedFloats(vertices * 4, seed + 1, 1.2).map((w) => (next() < 0.4 ? 0 : next() < 0.1 ? -0 : w)), seed + 2);
          expectParity((raw) => {
            const counts = new Uint8Array(vertices), bones = new Int16Array(vertices * 4), values = new Uint16Array(vertices * 4);
            const total = raw.packSkinWeights(joints, weights, boneCount, counts, bones, values);
            // After an error the outputs are unspecified.
            return total < 0 ? [total] : [total, counts, bones.subarray(0, total), values.subarray(0, total)];
          });
        }
      }
    }
  });

  it('encodeTangentFrames on axis-aligned and tied frames (±0 components, equal diagonals, odd handedness) in every SIMD lane', () => {
    const axes = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1], [-0, -0, 1], [0, -0, -1], [1, 1, 0], [-1, 0, 1], [1, 1, 1], [0, 0, 0], [-0, -0, -0]];
    const hands = [1, -1, 0, -0, NaN, Infinity, -Infinity];
    const next = rng(5);
    for (const count of [...SIZES, 64]) {
      const normals = new Float32Array(count * 3);
      const tangents = new Float32Array(count * 4);
      for (let v = 0; v < count; v++) {
        normals.set(axes[Math.floor(next() * axes.length)]!, v * 3);
        tangents.set([...axes[Math.floor(next() * axes.length)]!, hands[Math.floor(next() * hands.length)]!], v * 4);
      }
      // Some components NaNs of every kind.
      if (count % 3 === 1) { withNaNPayloads(normals, count, 16); withNaNPayloads(tangents, count + 1, 16); }
      for (const hasTangents of [true, false]) {
        expectParity((raw) => {
          const dst = new Int16Array(count * 4);
          raw.encodeTangentFrames(normals, hasTangents ? tangents : new Float32Array(0), hasTangents, dst);
          return [dst];
        });
      }
    }
  });

  it('maxIndexU16 and reverseWindingU16 over 0..17 and longer index lists, with wrapping bases', () => {
    for (const length of [...SIZES, 23, 24, 25, 47, 48, 49, 100]) {
      for (const max of [0, 1, 255, 65535]) {
        const src = randomInts(Uint16Array, length, length * 7 + max, max);
        expectParity((raw) => [raw.maxIndexU16(src)]);
        for (const base of [0, 1, 300, 65535]) {
          expectParity((raw) => {
            const dst = new Uint16Array(length);
            raw.reverseWindingU16(src, base, dst);
            return [dst];
          });
        }
      }
    }
    const corners = Uint16Array.from({ length: 30 }, (_, i) => i);
    const dst = new Uint16Array(30);
    kernels['wasm-simd'].raw.reverseWindingU16(corners, 2, dst);
    expect(Array.from(dst.subarray(0, 6))).toEqual([2, 4, 3, 5, 7, 6]);
    expect(Array.from(dst.subarray(24))).toEqual([26, 28, 27, 29, 31, 30]);
  });

  it('packWeightRecords over 0..17 vertices: exact, too few weights, too small a destination', () => {
    for (const vertices of [...SIZES, 40]) {
      const counts = randomInts(Uint8Array, vertices, vertices + 3, 4);
      const total = counts.reduce((n, c) => n + c, 0);
      const bones = randomInts(Int16Array, total + 2, vertices + 4, 32767, -32768);
      const values = randomInts(Uint16Array, total + 2, vertices + 5, 65535);
      for (const [weights, bytes] of [[total, 0], [total + 2, 0], [Math.max(0, total - 1), 0], [total, -1], [total, 3]] as const) {
        expectParity((raw) => {
          const dst = new Uint8Array(Math.max(0, vertices + total * 4 + bytes));
          const used = raw.packWeightRecords(counts, bones.subarray(0, weights), values.subarray(0, weights), dst);
          // Bytes after the records are unspecified, and so is dst after an error.
          return used < 0 ? [used] : [used, dst.subarray(0, vertices + used * 4)];
        });
      }
    }
  });
});
