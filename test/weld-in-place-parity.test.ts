// weldIndexStreams with its tuples written over its input streams (the UNIGINE reader's weld,
// weld-corners.ts): the same vertices and tuples as with separate outputs, on every backend, in
// WebAssembly memory (workspace arrays, no staging) and on the heap.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, randomInts } from './helpers/backends.js';
import { weldHashCapacity } from '../bindings/kernels/weld-streams.js';

const kernels = allKernels();

describe('weldIndexStreams: tuples written in place over the streams', () => {
  it('1–3 streams, 0..17 and 500 corners, few and many distinct values (the hash path included)', () => {
    for (let streamCount = 1; streamCount <= 3; streamCount++) {
      for (const corners of [...Array.from({ length: 18 }, (_, i) => i), 500]) {
        for (const range of [1, 4, 60, 5000]) {
          const seed = streamCount * 977 + corners * 13 + range;
          const packed = new Uint32Array(streamCount * corners);
          for (let s = 0; s < streamCount; s++) packed.set(randomInts(Uint32Array, corners, seed + s, range - 1), s * corners);
          const limits = Uint32Array.from({ length: streamCount }, () => range);
          const keyStream = streamCount - 1;
          const tableLength = range + weldHashCapacity(corners, streamCount);
          // Separate outputs, js: the expected result.
          const expectedIndices = new Uint32Array(corners);
          const expectedTuples = new Uint32Array(streamCount * corners);
          const expectedCount = kernels.js.raw.weldIndexStreams(packed.slice(), streamCount, limits, keyStream, new Uint32Array(tableLength), expectedIndices, expectedTuples);
          for (const backend of BACKENDS) {
            const k = kernels[backend];
            const ws = k.workspace({ streams: ['u32', packed.length], limits: ['u32', streamCount], table: ['u32', tableLength], indices: ['u32', corners] } as const);
            try {
              const a = ws.arrays;
              a.streams.set(packed);
              a.limits.set(limits);
              const count = k.raw.weldIndexStreams(a.streams, streamCount, a.limits, keyStream, a.table, a.indices, a.streams);
              const label = `${backend} ${streamCount}×${corners} range ${range}`;
              expect(count, label).toBe(expectedCount);
              expect(Array.from(a.indices), label).toEqual(Array.from(expectedIndices));
              for (let s = 0; s < streamCount; s++) {
                expect(Array.from(a.streams.subarray(s * corners, s * corners + count)), label).toEqual(Array.from(expectedTuples.subarray(s * corners, s * corners + count)));
              }
            } finally {
              ws.release();
            }
          }
        }
      }
    }
  });
});
