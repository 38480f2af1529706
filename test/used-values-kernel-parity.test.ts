import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, randomInts } from './helpers/backends.js';

const kernels = allKernels();

/** Distinct values, or −(i + 1) for the first value not below `limit`, counted without the kernel. */
function expected(src: Uint32Array, limit: number): number {
  const bad = src.findIndex((v) => v >= limit);
  return bad >= 0 ? -(bad + 1) : new Set(src).size;
}

function expectAll(src: Uint32Array, limit: number, what: string) {
  const want = expected(src, limit);
  const flags = Array.from({ length: limit }, (_, v) => (src.includes(v) ? 1 : 0));
  for (const b of BACKENDS) {
    // A `seen` left dirty by an earlier call must not matter; it ends with the values used.
    const seen = new Uint8Array(limit + 3).fill(1);
    expect(kernels[b].raw.countUsedValues(src, limit, seen), `${b}: ${what}`).toBe(want);
    if (want >= 0) expect(Array.from(seen.subarray(0, limit)), `${b}: ${what}, seen`).toEqual(flags);
  }
}

describe('countUsedValues: wasm-simd, wasm-scalar and js agree', () => {
  it('counts distinct values of random streams, lengths 0 to 17 and longer', () => {
    for (const n of [...Array.from({ length: 18 }, (_, i) => i), 97, 4099]) {
      for (const limit of [1, 5, 64, 5000]) {
        expectAll(randomInts(Uint32Array, n, n * 31 + limit, limit - 1), limit, `n=${n}, limit=${limit}`);
      }
      expectAll(Uint32Array.from({ length: n }, (_, i) => i), n, `identity of ${n}`);
    }
    expectAll(new Uint32Array(0), 0, 'empty with no elements');
  });

  it('reports the first value out of range, including the largest uint32', () => {
    for (const n of [1, 2, 9, 17]) {
      for (let at = 0; at < n; at++) {
        const stream = Uint32Array.from({ length: n }, (_, i) => i % 3);
        stream[at] = at % 2 ? 3 : 0xffffffff;
        expectAll(stream, 3, `n=${n}, out of range at ${at}`);
      }
    }
  });
});
