// weldIndexStreams' two-stream path (assembly/weld.ts weldTwoStreams and its twin): the same
// vertices, corner map and tuples as the general N-stream loop, on every backend, keyed by either
// stream, with the hash path taken (pairs that miss their head slot), in place over the streams
// (the UNIGINE reader's weld) and with separate outputs, and the same first out-of-range corner.
// The general loop is reached by adding a third stream that is zero everywhere (limit 1): it
// changes no tuple's identity, so the results must match the two-stream call exactly.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, randomInts } from './helpers/backends.js';
import { weldHashCapacity } from '../bindings/kernels/weld-streams.js';
import type { Kernels } from '../bindings/kernels/kernels.js';

const kernels = allKernels();

interface Weld {
  count: number;
  indices: number[];
  tuples: number[][];
}

/** Welds `streams` (stream-major, `corners` each) in a workspace; in place when `inPlace`. */
function weld(k: Kernels, streams: Uint32Array[], limits: number[], keyStream: number, inPlace: boolean): Weld {
  const streamCount = streams.length;
  const corners = streams[0]!.length;
  const tableLength = limits[keyStream]! + weldHashCapacity(corners, streamCount);
  const ws = k.workspace({
    streams: ['u32', streamCount * corners],
    limits: ['u32', streamCount],
    table: ['u32', tableLength],
    indices: ['u32', corners],
    tuples: ['u32', inPlace ? 0 : streamCount * corners],
  } as const);
  try {
    const a = ws.arrays;
    streams.forEach((s, i) => a.streams.set(s, i * corners));
    a.limits.set(limits);
    const out = inPlace ? a.streams : a.tuples;
    const count = k.raw.weldIndexStreams(a.streams, streamCount, a.limits, keyStream, a.table, a.indices, out);
    if (count < 0) return { count, indices: [], tuples: [] };
    return {
      count,
      indices: Array.from(a.indices),
      // The two streams' tuples only: the general loop's third stream is all zeros.
      tuples: [0, 1].map((s) => Array.from(out.subarray(s * corners, s * corners + count))),
    };
  } finally {
    ws.release();
  }
}

describe('weldIndexStreams with two streams: the same welds as the general loop', () => {
  it('random pairs, 0..17 and 700 corners, few and many distinct values, keyed by either stream, in place and not', () => {
    for (const corners of [0, 1, 2, 3, 17, 700]) {
      for (const range of [1, 3, 40, 5000]) {
        const seed = corners * 31 + range;
        const c = randomInts(Uint32Array, corners, seed, range - 1);
        // Half the tindices follow their cindex (most corners settled by the head table), half are random (hashed).
        const t = randomInts(Uint32Array, corners, seed + 1, range - 1);
        for (let i = 0; i < corners; i += 2) t[i] = c[i]!;
        const zeros = new Uint32Array(corners);
        for (const keyStream of [0, 1]) {
          for (const inPlace of [false, true]) {
            const expected = weld(kernels.js, [c, t, zeros], [range, range, 1], keyStream, inPlace);
            for (const backend of BACKENDS) {
              const label = `${backend} ${corners} corners range ${range} key ${keyStream}${inPlace ? ' in place' : ''}`;
              expect(weld(kernels[backend], [c, t], [range, range], keyStream, inPlace), label).toEqual(expected);
            }
          }
        }
      }
    }
  });

  it('the same first out-of-range corner, in either stream', () => {
    for (let trial = 0; trial < 40; trial++) {
      const corners = 5 + trial;
      const c = randomInts(Uint32Array, corners, trial * 3, 9);
      const t = randomInts(Uint32Array, corners, trial * 3 + 1, 9);
      const bad = (trial * 7) % corners;
      (trial % 2 ? t : c)[bad] = 10 + trial;
      const expected = weld(kernels.js, [c, t, new Uint32Array(corners)], [10, 10, 1], 1, true);
      expect(expected.count).toBe(-(bad + 1));
      for (const backend of BACKENDS) expect(weld(kernels[backend], [c, t], [10, 10], trial % 2, true).count, `${backend} trial ${trial}`).toBe(expected.count);
    }
  });
});
