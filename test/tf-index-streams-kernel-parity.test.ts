// offsetIndicesU16 / offsetIndicesU32 and countUsedNarrowU16 (assembly/tf-index-streams.ts and its twin):
// the same stream, count and marks on all three backends, equal to a plain reference, for
// indices below, at and past the limit, bases that wrap past 2^32, empty inputs and a limit of 0.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();

function reference(src: Uint16Array | Uint32Array, base: number, limit: number): { dst: Uint32Array; used: number; seen: Uint8Array } {
  const dst = new Uint32Array(src.length);
  const seen = new Uint8Array(limit);
  let used = 0;
  src.forEach((v, i) => {
    dst[i] = (v + base) >>> 0;
    if (v < limit && !seen[v]) {
      seen[v] = 1;
      used++;
    }
  });
  return { dst, used, seen };
}

describe('offsetIndicesU16 / offsetIndicesU32 kernels', () => {
  it('match the reference on every backend', () => {
    const next = rng(7331);
    for (let round = 0; round < 200; round++) {
      const wide = round % 2 === 1;
      const length = round < 4 ? 0 : Math.floor(next() * (next() < 0.2 ? 20000 : 200));
      const limit = round % 7 === 0 ? 0 : Math.floor(next() * (wide ? 5000 : 70000));
      const top = Math.max(1, Math.floor(limit * (0.5 + next())) + 2);
      const src = wide ? new Uint32Array(length) : new Uint16Array(length);
      for (let i = 0; i < length; i++) src[i] = next() < 0.01 ? (wide ? 0xffffffff : 0xffff) : Math.min(Math.floor(next() * top), wide ? 0xffffffff : 0xffff);
      const base = [0, 1, 4096, 0xfffffff0, Math.floor(next() * 2 ** 32)][round % 5]!;
      const want = reference(src, base, limit);
      for (const backend of BACKENDS) {
        const dst = new Uint32Array(length).fill(0xdeadbeef);
        const seen = new Uint8Array(limit).fill(7);
        const used = wide
          ? kernels[backend].raw.offsetIndicesU32(src as Uint32Array, base, limit, seen, dst)
          : kernels[backend].raw.offsetIndicesU16(src as Uint16Array, base, limit, seen, dst);
        expect({ backend, used, dst: [...dst], seen: [...seen] }).toEqual({ backend, used: want.used, dst: [...want.dst], seen: [...want.seen] });
      }
    }
  });
});

describe('countUsedNarrowU16 kernel', () => {
  it('matches countUsedValuesFrom and a narrowing of its differences on every backend, out-of-range streams included', () => {
    const next = rng(4242);
    for (let round = 0; round < 200; round++) {
      const length = round < 3 ? 0 : Math.floor(next() * (next() < 0.2 ? 20000 : 120));
      const limit = 1 + Math.floor(next() * (next() < 0.5 ? 300 : 65536));
      const base = [0, 7, 0xffff0000, Math.floor(next() * 2 ** 32)][round % 4]!;
      const src = new Uint32Array(length);
      for (let i = 0; i < length; i++) src[i] = (base + Math.floor(next() * limit)) >>> 0;
      // Some streams get a value below base or at or past base + limit.
      if (length && round % 3 === 0) src[Math.floor(next() * length)] = (base + (next() < 0.5 ? limit : -1 - Math.floor(next() * 5))) >>> 0;
      const seenRef = new Uint8Array(limit);
      const rebased = new Uint32Array(length);
      const want = kernels.js.raw.countUsedValuesFrom(src, base, limit, seenRef, rebased);
      for (const backend of BACKENDS) {
        const seen = new Uint8Array(limit).fill(9);
        const dst = new Uint16Array(length).fill(0xabcd);
        const used = kernels[backend].raw.countUsedNarrowU16(src, base, limit, seen, dst);
        expect({ backend, used }).toEqual({ backend, used: want });
        if (want >= 0) expect({ backend, dst: [...dst], seen: [...seen] }).toEqual({ backend, dst: [...rebased], seen: [...seenRef] });
      }
    }
  });
});
