import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, randomInts } from './helpers/backends.js';

const kernels = allKernels();
const LENGTHS = [...Array.from({ length: 18 }, (_, i) => i), 31, 97, 1000, 4099];

describe('index range kernels: wasm-simd, wasm-scalar and js agree', () => {
  it('maxIndexU16 and maxIndexU8 over random arrays of every length, 0 when empty', () => {
    for (const n of LENGTHS) {
      const u16 = randomInts(Uint16Array, n, n + 40, 65535);
      const u8 = randomInts(Uint8Array, n, n + 41, 255);
      const expected16 = u16.reduce((a, b) => Math.max(a, b), 0);
      const expected8 = u8.reduce((a, b) => Math.max(a, b), 0);
      for (const b of BACKENDS) {
        expect(kernels[b].raw.maxIndexU16(u16), `${b} u16 n=${n}`).toBe(expected16);
        expect(kernels[b].raw.maxIndexU8(u8), `${b} u8 n=${n}`).toBe(expected8);
      }
    }
  });

  it('find the largest value in every lane and in the tail, including the type maximum', () => {
    for (const n of [1, 7, 8, 9, 15, 16, 17, 33]) {
      for (let at = 0; at < n; at++) {
        const u16 = new Uint16Array(n).fill(3);
        const u8 = new Uint8Array(n).fill(3);
        u16[at] = at % 2 ? 65535 : 40000;
        u8[at] = at % 2 ? 255 : 200;
        for (const b of BACKENDS) {
          expect(kernels[b].raw.maxIndexU16(u16), `${b} u16 n=${n} at=${at}`).toBe(u16[at]);
          expect(kernels[b].raw.maxIndexU8(u8), `${b} u8 n=${n} at=${at}`).toBe(u8[at]);
        }
      }
    }
  });
});
