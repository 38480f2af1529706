// iqmSegmentRanges and quantizeIqmColumns (assembly/iqm-frames.ts) give their TypeScript twin's
// bits on every backend: random pools with NaNs of every kind, ±0, ±Infinity and huge values,
// segments of 1–4 components (the SIMD build reads four lanes and merges only the segment's),
// columns held past their last key, offsets and scales that overflow, divide by 0 or give NaN.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, floatBits, NAN_BITS, rng } from './helpers/backends.js';

const kernels = allKernels();

function randomPool(next: () => number, length: number): Float32Array {
  const pool = new Float32Array(length);
  const bits = new Uint32Array(pool.buffer);
  for (let i = 0; i < length; i++) {
    const r = next();
    if (r < 0.05) bits[i] = NAN_BITS[Math.floor(next() * NAN_BITS.length)]!;
    else if (r < 0.1) pool[i] = -0;
    else if (r < 0.15) pool[i] = 0;
    else if (r < 0.18) pool[i] = next() < 0.5 ? Infinity : -Infinity;
    else if (r < 0.21) pool[i] = (next() - 0.5) * 3e38;
    else if (r < 0.4) pool[i] = 0.25;
    else pool[i] = (next() - 0.5) * 10;
  }
  return pool;
}

describe.each(BACKENDS)('IQM frame kernels on %s', (backend) => {
  const k = kernels[backend].raw;
  const js = kernels.js.raw;

  it('iqmSegmentRanges gives the twin\'s ranges', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = rng(seed);
      const channelCount = 4 + Math.floor(next() * 40);
      const poolLength = 8 + Math.floor(next() * 400);
      const pool = randomPool(next, poolLength + 4);
      const segmentCount = Math.floor(next() * 30);
      const segments = new Uint32Array(segmentCount * 4);
      for (let s = 0; s < segmentCount; s++) {
        const components = 1 + Math.floor(next() * 4);
        const keys = Math.floor(next() * (poolLength / components));
        segments.set([Math.floor(next() * (channelCount - components + 1)), Math.floor(next() * (poolLength - keys * components + 1)), components, keys], s * 4);
      }
      const want = [new Float32Array(channelCount), new Float32Array(channelCount)] as const;
      js.iqmSegmentRanges(pool, segments, channelCount, want[0], want[1]);
      const got = [new Float32Array(channelCount).fill(7), new Float32Array(channelCount).fill(7)] as const;
      k.iqmSegmentRanges(pool, segments, channelCount, got[0], got[1]);
      expect(floatBits(got[0]), `seed ${seed} min`).toEqual(floatBits(want[0]));
      expect(floatBits(got[1]), `seed ${seed} max`).toEqual(floatBits(want[1]));
    }
  });

  it('quantizeIqmColumns gives the twin\'s ushorts', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const next = rng(seed);
      const poolLength = 4 + Math.floor(next() * 300);
      const pool = randomPool(next, poolLength);
      const columnCount = Math.floor(next() * 13);
      const frameCounts = Uint32Array.from({ length: 1 + Math.floor(next() * 3) }, () => Math.floor(next() * 9));
      const columns = new Uint32Array(frameCounts.length * columnCount * 3);
      for (let e = 0; e < columns.length; e += 3) {
        const stride = Math.floor(next() * 5);
        // Every key a column can read lies in the pool.
        const last = Math.min(Math.floor(next() * 10), stride ? Math.floor((poolLength - 1) / stride) : 9);
        columns.set([Math.floor(next() * (poolLength - last * stride)), stride, last], e);
      }
      const offsets = randomPool(next, columnCount);
      const scales = Float32Array.from({ length: columnCount }, () => (next() < 0.1 ? 0 : next() < 0.1 ? -1e-30 : next() * 1e-3));
      const rows = frameCounts.reduce((a, b) => a + b, 0);
      const want = new Uint16Array(rows * columnCount);
      js.quantizeIqmColumns(pool, columns, frameCounts, offsets, scales, want);
      const got = new Uint16Array(rows * columnCount).fill(7);
      k.quantizeIqmColumns(pool, columns, frameCounts, offsets, scales, got);
      expect(got, `seed ${seed}`).toEqual(want);
    }
  });
});
