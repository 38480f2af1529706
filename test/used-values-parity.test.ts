// spanU32 and countUsedValuesFrom (assembly/used-values.ts, used by the TF reader's weld of one
// index stream): every backend gives the same results as the TypeScript twin and as a plain
// computation, rebased output included (written in place or not at all).
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, randomInts, rng } from './helpers/backends.js';

const kernels = allKernels();

describe('spanU32 and countUsedValuesFrom on every backend', () => {
  it('spanU32: empty, lengths around the 4-lane step, values at 0 and 0xffffffff', () => {
    for (const length of [0, 1, 3, 4, 5, 8, 1001]) {
      const src = randomInts(Uint32Array, length, length + 1, 0xffffffff);
      if (length > 2) { src[length - 1] = 0xffffffff; src[1] = 0; }
      const expected = length ? [Math.min(...src), Math.max(...src)] : [0xffffffff, 0];
      for (const b of BACKENDS) {
        const dst = new Uint32Array(2);
        kernels[b].raw.spanU32(src, dst);
        expect(Array.from(dst), `${b} ${length}`).toEqual(expected);
      }
    }
  });

  it('countUsedValuesFrom: distinct values counted after rebasing, the first value out of range named, rebased output in place', () => {
    const next = rng(5);
    for (let round = 0; round < 60; round++) {
      const length = Math.floor(next() * 700);
      const base = Math.floor(next() * 3) === 0 ? 0 : Math.floor(next() * 0xfffffff0);
      const span = 1 + Math.floor(next() * 300);
      const src = Uint32Array.from({ length }, () => (base + Math.floor(next() * span)) >>> 0);
      // Sometimes a value below the base (wraps) or past the limit.
      if (length && round % 5 === 1) src[Math.floor(next() * length)] = (base - 1) >>> 0;
      if (length && round % 5 === 2) src[Math.floor(next() * length)] = base + span + 3;
      const limit = span + (round % 3);
      const seenRef = new Set<number>();
      let expected = 0;
      for (let i = 0; i < length; i++) {
        const v = (src[i]! - base) >>> 0;
        if (v >= limit) { expected = -(i + 1); break; }
        seenRef.add(v);
      }
      if (expected === 0) expected = seenRef.size;
      const rebasedRef = Array.from(src, (v) => (v - base) >>> 0);
      for (const b of BACKENDS) {
        const copy = src.slice();
        const seen = new Uint8Array(limit).fill(9);
        expect(kernels[b].raw.countUsedValuesFrom(copy, base, limit, seen, copy), `${b} ${round}`).toBe(expected);
        if (expected >= 0) {
          expect(Array.from(copy), b).toEqual(rebasedRef);
          expect(seen.reduce((n, s) => n + s, 0), b).toBe(expected);
        }
        const untouched = src.slice();
        expect(kernels[b].raw.countUsedValuesFrom(untouched, base, limit, new Uint8Array(limit), new Uint32Array(0)), b).toBe(expected);
        expect(Array.from(untouched), b).toEqual(Array.from(src));
      }
    }
  });
});
