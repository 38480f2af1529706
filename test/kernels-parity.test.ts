import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, edgeFloats, floatBits, mixedFloats, randomInts } from './helpers/backends.js';
import type { Kernels } from '../bindings/index.js';

const kernels = allKernels();
const LENGTHS = [...Array.from({ length: 18 }, (_, i) => i), 31, 97, 1000, 4099];

/** Runs `produce` on every backend and asserts every output equals the js twin's, bit for bit. */
function expectParity(produce: (k: Kernels) => ArrayLike<number> | number) {
  const results = BACKENDS.map((b) => produce(kernels[b]));
  const reference = normalize(results[BACKENDS.indexOf('js')]!);
  for (let i = 0; i < BACKENDS.length; i++) {
    expect(normalize(results[i]!), `${BACKENDS[i]} differs from js`).toEqual(reference);
  }
}

function normalize(r: ArrayLike<number> | number): number[] | number {
  if (typeof r === 'number') return r;
  if (r instanceof Float32Array) return Array.from(floatBits(r));
  return Array.from(r);
}

describe('kernel parity: wasm-simd, wasm-scalar and js give identical bits', () => {
  it('dequantizeUnorm16 for 1 to 4 components, edges of q and of min/size', () => {
    for (const components of [1, 2, 3, 4]) {
      for (const elements of LENGTHS) {
        const q = randomInts(Uint16Array, elements * components, elements * 7 + components, 65535);
        if (q.length > 2) { q[0] = 0; q[1] = 65535; }
        const min = mixedFloats(components, elements + 1, 100);
        const size = mixedFloats(components, elements + 2, 100);
        expectParity((k) => k.dequantizeUnorm16(q, components, min, size));
        expectParity((k) => k.dequantizeUnorm16(q, components, [-1, 0, 2.5, 1e-3].slice(0, components), [2, 1, 1e-7, 3e5].slice(0, components)));
      }
    }
  });

  it('quantizeUnorm16 truncate and round, including NaN, ±Infinity, -0 and out-of-range', () => {
    for (const mode of ['truncate', 'round'] as const) {
      for (const components of [1, 2, 3, 4]) {
        for (const elements of LENGTHS) {
          const v = mixedFloats(elements * components, elements * 13 + components, 2);
          expectParity((k) => k.quantizeUnorm16(v, components, [-1, -1, 0, -2].slice(0, components), [2, 2, 1, 4].slice(0, components), mode));
          expectParity((k) => k.quantizeUnorm16(v, components, mixedFloats(components, 5, 2), mixedFloats(components, 6, 2), mode));
        }
      }
    }
  });

  it('normal compression and its inverse', () => {
    for (const n of LENGTHS) {
      const v = mixedFloats(n, n + 100, 1.2);
      expectParity((k) => k.compressNormals(v));
      expectParity((k) => k.decompressNormals(randomInts(Uint16Array, n, n + 3, 65535)));
    }
    expectParity((k) => k.compressNormals(edgeFloats()));
  });

  it('snorm8 and snorm16 decode and encode', () => {
    for (const n of LENGTHS) {
      const v = mixedFloats(n, n + 200, 1.5);
      expectParity((k) => k.encodeSnorm8(v));
      expectParity((k) => k.encodeSnorm16(v));
      expectParity((k) => k.decodeSnorm8(randomInts(Uint8Array, n, n + 5, 255)));
      expectParity((k) => k.decodeSnorm16(randomInts(Int16Array, n, n + 6, 32767, -32768)));
    }
    expectParity((k) => k.encodeSnorm8(edgeFloats()));
    expectParity((k) => k.encodeSnorm16(edgeFloats()));
  });

  it('index scans, widening and narrowing', () => {
    for (const n of LENGTHS) {
      const small = randomInts(Uint32Array, n, n + 9, 255);
      const medium = randomInts(Uint32Array, n, n + 10, 65535);
      const large = randomInts(Uint32Array, n, n + 11, 0xffffffff);
      for (const a of [small, medium, large]) {
        expectParity((k) => k.maxIndex(a));
        expectParity((k) => { const r = k.narrowIndices(a, 2); return typeof r === 'number' ? r : Array.from(r); });
        expectParity((k) => { const r = k.narrowIndices(a, 1); return typeof r === 'number' ? r : Array.from(r); });
      }
      expectParity((k) => k.widenIndices(randomInts(Uint8Array, n, n + 12, 255)));
      expectParity((k) => k.widenIndices(randomInts(Uint16Array, n, n + 13, 65535)));
    }
  });

  it('narrowing reports the first index out of range, wherever it falls in a SIMD block', () => {
    for (let at = 0; at < 40; at++) {
      const a = new Uint32Array(40).fill(7);
      a[at] = 65536;
      a[39] = 70000;
      for (const b of BACKENDS) {
        expect(kernels[b].narrowIndices(a, 2)).toBe(at);
        expect(kernels[b].narrowIndices(a, 1)).toBe(at);
      }
    }
  });
});
