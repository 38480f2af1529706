// offsetIndicesU16 / offsetIndicesU32 (assembly/tf-index-streams.ts and its TypeScript twin):
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
