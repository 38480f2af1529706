import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, randomInts, rng } from './helpers/backends.js';
import { weldHashCapacity, weldStreams } from '../bindings/kernels/weld-streams.js';

const kernels = allKernels();

/** The weld's meaning, independent of the kernel: distinct tuples numbered by first use. */
function referenceWeld(streams: Uint32Array[], limits: number[]): { indices: number[]; tuples: number[][] } | number {
  const corners = streams[0]!.length;
  const seen = new Map<string, number>();
  const indices: number[] = [];
  const tuples: number[][] = streams.map(() => []);
  for (let i = 0; i < corners; i++) {
    const tuple = streams.map((s) => s[i]!);
    if (tuple.some((v, s) => v >= limits[s]!)) return i;
    const key = tuple.join(',');
    let vertex = seen.get(key);
    if (vertex === undefined) {
      vertex = seen.size;
      seen.set(key, vertex);
      tuple.forEach((v, s) => tuples[s]!.push(v));
    }
    indices.push(vertex);
  }
  return { indices, tuples };
}

function plain(result: ReturnType<typeof weldStreams>) {
  return typeof result === 'number' ? result : { indices: Array.from(result.indices), tuples: result.tuples.map((t) => Array.from(t)) };
}

describe('weldIndexStreams kernel: wasm-simd, wasm-scalar and js agree with the reference weld', () => {
  it('1–5 streams, 0..17 and 300 corners, few and many distinct values, shared and independent streams', () => {
    for (let streamCount = 1; streamCount <= 5; streamCount++) {
      for (const corners of [...Array.from({ length: 18 }, (_, i) => i), 300]) {
        for (const range of [1, 3, 50, 100000]) {
          const seed = streamCount * 1000 + corners * 7 + range;
          const first = randomInts(Uint32Array, corners, seed, range - 1);
          // Streams alternate between copies of the first (a shared stream) and independent ones.
          const streams = Array.from({ length: streamCount }, (_, s) => (s % 2 === 1 ? first.slice() : randomInts(Uint32Array, corners, seed + s, range - 1)));
          const limits = streams.map(() => range);
          const expected = referenceWeld(streams, limits);
          for (const backend of BACKENDS) expect(plain(weldStreams(kernels[backend], streams, limits)), `${backend} ${streamCount}×${corners}`).toEqual(expected);
        }
      }
    }
  });

  it('names the first corner with a value out of its stream range', () => {
    const next = rng(7);
    for (let trial = 0; trial < 50; trial++) {
      const streamCount = 1 + Math.floor(next() * 4);
      const corners = 1 + Math.floor(next() * 40);
      const streams = Array.from({ length: streamCount }, (_, s) => randomInts(Uint32Array, corners, trial * 10 + s, 9));
      const bad = Math.floor(next() * corners);
      const badStream = Math.floor(next() * streamCount);
      streams[badStream]![bad] = next() < 0.5 ? 10 : 0xffffffff;
      const limits = streams.map(() => 10);
      const expected = referenceWeld(streams, limits);
      expect(typeof expected).toBe('number');
      for (const backend of BACKENDS) expect(weldStreams(kernels[backend], streams, limits)).toBe(expected);
    }
  });

  it('uses the stream with the largest limit as the key; a tuple that misses the head slot is hashed', () => {
    // Key stream (limit 4) value 0 appears with two different partners: the second needs the hash table.
    const a = Uint32Array.from([0, 0, 1, 0, 1]);
    const b = Uint32Array.from([0, 1, 1, 1, 2]);
    for (const backend of BACKENDS) {
      expect(plain(weldStreams(kernels[backend], [b, a], [3, 2]))).toEqual({ indices: [0, 1, 2, 1, 3], tuples: [[0, 1, 1, 2], [0, 0, 1, 1]] });
    }
  });

  it('one stream needs no hash slots', () => {
    expect(weldHashCapacity(1000, 1)).toBe(0);
    expect(weldHashCapacity(1000, 2)).toBe(2048);
    for (const backend of BACKENDS) {
      const raw = kernels[backend].raw;
      const stream = Uint32Array.from([2, 2, 0, 1, 0]);
      const indices = new Uint32Array(5);
      const tuples = new Uint32Array(5);
      expect(raw.weldIndexStreams(stream, 1, Uint32Array.from([3]), 0, new Uint32Array(3), indices, tuples)).toBe(3);
      expect(Array.from(indices)).toEqual([0, 0, 1, 2, 1]);
      expect(Array.from(tuples.subarray(0, 3))).toEqual([2, 0, 1]);
    }
  });

  it("UNIGINE's (cindex, tindex) pairs, keyed by tindex: welded count, corner map and out-of-range corners", () => {
    const c = new Uint32Array([0, 1, 2, 0, 2, 3, 0, 1]);
    const t = new Uint32Array([0, 1, 2, 4, 2, 3, 0, 5]);
    for (const backend of BACKENDS) {
      const raw = kernels[backend].raw;
      const indices = new Uint32Array(8), tuples = new Uint32Array(16);
      const streams = new Uint32Array([...c, ...t]);
      expect(raw.weldIndexStreams(streams, 2, Uint32Array.from([4, 6]), 1, new Uint32Array(6 + 16), indices, tuples)).toBe(6);
      expect(Array.from(indices)).toEqual([0, 1, 2, 3, 2, 4, 0, 5]);
      expect(Array.from(tuples.subarray(0, 6))).toEqual([0, 1, 2, 0, 3, 1]);
      expect(Array.from(tuples.subarray(8, 14))).toEqual([0, 1, 2, 4, 3, 5]);
      expect(raw.weldIndexStreams(streams, 2, Uint32Array.from([3, 6]), 1, new Uint32Array(6 + 16), indices, tuples)).toBe(-6);
    }
  });
});
