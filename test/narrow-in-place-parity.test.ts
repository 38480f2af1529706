// narrowU32ToU16 and narrowU32ToU8 writing over their own source (the UNIGINE weld narrows the
// corners' vertices this way before copying them out, weld-corners.ts): element i is written at
// byte 2i or i, never past byte 4i, which is read first, so the result is the values narrowed, on
// every backend, SIMD blocks and scalar tails alike; a value that does not fit is still named.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, randomInts } from './helpers/backends.js';

const kernels = allKernels();

describe('narrowing indices in place', () => {
  for (const [name, limit, Narrow] of [['u16', 0xffff, Uint16Array], ['u8', 0xff, Uint8Array]] as const) {
    it(`narrowU32ToU${name === 'u16' ? 16 : 8} over its source: 0..70 and 1000 values`, () => {
      for (const length of [...Array.from({ length: 71 }, (_, i) => i), 1000]) {
        const values = randomInts(Uint32Array, length, length * 3 + limit, limit);
        for (const backend of BACKENDS) {
          const k = kernels[backend];
          const ws = k.workspace({ indices: ['u32', length] } as const);
          try {
            const source = ws.arrays.indices;
            source.set(values);
            const narrow = new Narrow(source.buffer as ArrayBuffer, source.byteOffset, length);
            const result = name === 'u16' ? k.raw.narrowU32ToU16(source, narrow as Uint16Array) : k.raw.narrowU32ToU8(source, narrow as Uint8Array);
            expect(result, `${backend} ${length}`).toBe(-1);
            expect(Array.from(narrow), `${backend} ${length}`).toEqual(Array.from(values));
          } finally {
            ws.release();
          }
        }
      }
    });

    it(`narrowU32ToU${name === 'u16' ? 16 : 8} over its source names the first value above ${limit}`, () => {
      for (const at of [0, 5, 17, 33, 64, 999]) {
        const values = randomInts(Uint32Array, 1000, at, limit);
        values[at] = limit + 1 + at;
        for (const backend of BACKENDS) {
          const k = kernels[backend];
          const ws = k.workspace({ indices: ['u32', values.length] } as const);
          try {
            const source = ws.arrays.indices;
            source.set(values);
            const narrow = new Narrow(source.buffer as ArrayBuffer, source.byteOffset, values.length);
            const result = name === 'u16' ? k.raw.narrowU32ToU16(source, narrow as Uint16Array) : k.raw.narrowU32ToU8(source, narrow as Uint8Array);
            expect(result, `${backend} at ${at}`).toBe(at);
            expect(Array.from(narrow.subarray(0, Math.min(at, 8))), `${backend} at ${at}`).toEqual(Array.from(values.subarray(0, Math.min(at, 8))));
          } finally {
            ws.release();
          }
        }
      }
    });
  }
});
