import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, edgeFloats, mixedFloats, randomInts, rng } from './helpers/backends.js';

const kernels = allKernels();

/** Weights: random in [0, 1], mixed with edges (NaN, ±Infinity, −0, negatives, huge) and all-zero vertices. */
function weights(vertices: number, seed: number): Float32Array {
  const next = rng(seed);
  const out = Float32Array.from({ length: vertices * 4 }, () => next());
  // Edges copied as bits (NaN payloads, signalling ones too, kept).
  const edges = new Uint32Array(mixedFloats(vertices * 4, seed + 1, 2).buffer);
  const bits = new Uint32Array(out.buffer);
  for (let i = 0; i < out.length; i++) if (next() < 0.25) bits[i] = edges[i]!;
  for (let v = 0; v < vertices; v += 5) out.fill(0, v * 4, v * 4 + 4);
  return out;
}

describe('iqmQuantizeWeights and iqmQuantizeColors: identical on every backend', () => {
  it('weights: 0–17 and 1000 vertices, with edge values', () => {
    for (const vertices of [...Array.from({ length: 18 }, (_, i) => i), 1000]) {
      const src = weights(vertices, vertices + 3);
      const results = BACKENDS.map((b) => {
        const dst = new Uint8Array(src.length).fill(7);
        kernels[b].raw.iqmQuantizeWeights(src, dst);
        return Array.from(dst);
      });
      expect(results[0], `${vertices}`).toEqual(results[2]);
      expect(results[1], `${vertices}`).toEqual(results[2]);
    }
  });

  it('weights: sums kept at 255, the rounding error on the largest', () => {
    for (const b of BACKENDS) {
      const dst = new Uint8Array(12);
      kernels[b].raw.iqmQuantizeWeights(Float32Array.from([1, 1, 1, 0, 0.5, 0.5, 0, 0, -1, NaN, 0, 0]), dst);
      expect(Array.from(dst), b).toEqual([85, 85, 85, 0, 128, 128, 0, 0, 0, 0, 0, 0].map((v, i) => (i === 4 ? 127 : v)));
    }
  });

  it('colors: 0–17 and 1000 values, with edges and exact halves', () => {
    const halves = Array.from({ length: 256 }, (_, i) => (i + 0.5) / 255);
    for (const count of [...Array.from({ length: 18 }, (_, i) => i), 1000]) {
      const src = mixedFloats(count, count + 11, 1.5);
      for (let i = 0; i < count; i += 3) src[i] = halves[i % 256]!;
      const edges = edgeFloats();
      for (let i = 1; i < count; i += 7) new Uint32Array(src.buffer)[i] = new Uint32Array(edges.buffer)[i % edges.length]!;
      const results = BACKENDS.map((b) => {
        const dst = new Uint8Array(count).fill(7);
        kernels[b].raw.iqmQuantizeColors(src, dst);
        return Array.from(dst);
      });
      expect(results[0]).toEqual(results[2]);
      expect(results[1]).toEqual(results[2]);
    }
  });
});

describe('iqmJointsToUbyte and iqmClockwiseTriangles: identical on every backend', () => {
  it('joints: 0–40 values, all fitting or one above 255 anywhere', () => {
    for (let count = 0; count <= 40; count++) {
      for (const badAt of [-1, 0, count >> 1, count - 1]) {
        const src = randomInts(Uint16Array, count, count * 7 + badAt, 255);
        if (badAt >= 0 && badAt < count) src[badAt] = 256 + (count % 3) * 30000;
        const results = BACKENDS.map((b) => {
          const dst = new Uint8Array(count);
          const bad = kernels[b].raw.iqmJointsToUbyte(src, dst);
          return bad < 0 ? [bad, ...dst] : [bad];
        });
        expect(results[0], `${count} ${badAt}`).toEqual(results[2]);
        expect(results[1], `${count} ${badAt}`).toEqual(results[2]);
        if (badAt >= 0 && badAt < count) expect(results[2]![0]).toBe(badAt);
      }
    }
  });

  it('triangles: every index width, 0–17 triangles, bases that wrap past 2^32', () => {
    const next = rng(5);
    for (const ctor of [Uint8Array, Uint16Array, Uint32Array]) {
      for (let triangles = 0; triangles <= 17; triangles++) {
        for (const base of [0, 1, 300, 70000, 0xfffffff0]) {
          const src = new ctor(triangles * 3);
          for (let i = 0; i < src.length; i++) src[i] = Math.floor(next() * 2 ** (ctor.BYTES_PER_ELEMENT * 8));
          const results = BACKENDS.map((b) => {
            const dst = new Uint32Array(src.length);
            kernels[b].raw.iqmClockwiseTriangles(src, base, dst);
            return Array.from(dst);
          });
          expect(results[0]).toEqual(results[2]);
          expect(results[1]).toEqual(results[2]);
        }
      }
    }
    for (const b of BACKENDS) {
      const dst = new Uint32Array(6);
      kernels[b].raw.iqmClockwiseTriangles(Uint16Array.from([0, 1, 2, 3, 4, 5]), 10, dst);
      expect(Array.from(dst), b).toEqual([10, 12, 11, 13, 15, 14]);
    }
  });
});

describe('quantizeIqmFrames: identical on every backend', () => {
  it('0–17 poses and frames, every mask pattern, edge values in frames, offsets and scales', () => {
    const next = rng(31);
    for (let poseCount = 0; poseCount <= 17; poseCount++) {
      for (const frameCount of [0, 1, 2, 5, 17]) {
        const masks = Uint32Array.from({ length: poseCount }, () => Math.floor(next() * 0x10000));
        const channels = Array.from(masks, (m) => Array.from({ length: 10 }, (_, k) => (m >> k) & 1).reduce((a, b) => a + b, 0)).reduce((a, b) => a + b, 0);
        const dense = mixedFloats(frameCount * poseCount * 10, poseCount * 17 + frameCount, 3);
        const offsets = mixedFloats(poseCount * 10, poseCount + 3, 3);
        const scales = mixedFloats(poseCount * 10, poseCount + 4, 1e-3);
        const results = BACKENDS.map((b) => {
          const dst = new Uint16Array(frameCount * channels).fill(7);
          kernels[b].raw.quantizeIqmFrames(dense, frameCount, masks, offsets, scales, dst);
          return Array.from(dst);
        });
        expect(results[0], `${poseCount} × ${frameCount}`).toEqual(results[2]);
        expect(results[1], `${poseCount} × ${frameCount}`).toEqual(results[2]);
      }
    }
  });

  it('rounds half up and clamps, as the reference compiler does', () => {
    for (const b of BACKENDS) {
      const dst = new Uint16Array(4);
      const offsets = new Float32Array(10);
      const scales = new Float32Array(10).fill(1);
      kernels[b].raw.quantizeIqmFrames(Float32Array.from([2.5, -3, 70000, NaN, 0, 0, 0, 0, 0, 0]), 1, Uint32Array.from([0b1111]), offsets, scales, dst);
      expect(Array.from(dst), b).toEqual([3, 0, 65535, 0]);
    }
  });
});

describe('iqmChannelRanges: identical on every backend', () => {
  it('0–17 poses and frames, NaN ignored, ±Infinity and −0 kept', () => {
    for (let poseCount = 0; poseCount <= 17; poseCount++) {
      for (const frameCount of [0, 1, 2, 3, 17]) {
        const dense = mixedFloats(frameCount * poseCount * 10, poseCount * 13 + frameCount, 5);
        for (let i = 2; i < dense.length; i += 9) dense[i] = NaN;
        const results = BACKENDS.map((b) => {
          const lo = new Float32Array(poseCount * 10).fill(7), hi = new Float32Array(poseCount * 10).fill(7);
          kernels[b].raw.iqmChannelRanges(dense, frameCount, poseCount, lo, hi);
          return [...new Uint32Array(lo.buffer), ...new Uint32Array(hi.buffer)];
        });
        expect(results[0], `${poseCount} × ${frameCount}`).toEqual(results[2]);
        expect(results[1], `${poseCount} × ${frameCount}`).toEqual(results[2]);
      }
    }
  });

  it('a channel with only NaN keeps ±Infinity', () => {
    for (const b of BACKENDS) {
      const dense = Float32Array.from([NaN, 1, 2, 3, 4, 5, 6, 7, 8, 9, NaN, -1, 2, 3, 4, 5, 6, 7, 8, 10]);
      const lo = new Float32Array(10), hi = new Float32Array(10);
      kernels[b].raw.iqmChannelRanges(dense, 2, 1, lo, hi);
      expect(Array.from(lo), b).toEqual([Infinity, -1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(Array.from(hi), b).toEqual([-Infinity, 1, 2, 3, 4, 5, 6, 7, 8, 10]);
    }
  });
});
