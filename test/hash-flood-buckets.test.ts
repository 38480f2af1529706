// The writers' (and the TF reader's) equal-array lookups on arrays crafted to share one FNV-1a hash
// (test/helpers/colliding-keys.ts collidingWordArrays): every lookup still finds the first equal
// array added, as a Map keyed by the arrays' text does, with the crowded bucket keyed by content.
import { describe, expect, it } from 'vitest';
import { collidingWordArrays } from './helpers/colliding-keys.js';
import { hashIndices, StreamIndex } from '../bindings/formats/tf/equal-streams.js';
import { KeyTimeInputs } from '../bindings/formats/gltf/key-time-inputs.js';
import { BUCKET_SCAN, CollisionBucket } from '../bindings/io/collision-bucket.js';
import { rng } from './helpers/backends.js';

const K = 3000;
const tfStart = (l: number) => Math.imul(0x811c9dc5 ^ l, 0x01000193);

/** The crafted arrays, then repeats of some of them as fresh copies, in a shuffled order of first use. */
function withCopies(arrays: Uint32Array[], seed: number): Uint32Array[] {
  const next = rng(seed);
  const out = arrays.slice();
  for (let i = 0; i < arrays.length / 2; i++) out.splice(Math.floor(next() * out.length), 0, arrays[Math.floor(next() * arrays.length)]!.slice());
  return out;
}

describe('equal-array lookups on arrays sharing one hash', () => {
  const arrays = collidingWordArrays(K, 5, tfStart);

  it('the arrays are distinct and share one hashIndices', () => {
    expect(new Set(arrays.map((a) => hashIndices(a))).size).toBe(1);
    expect(new Set(arrays.map((a) => a.join(','))).size).toBe(K);
    // Length, first, middle and last words alike: StreamIndex's signature lets every one through to the hash.
    expect(new Set(arrays.map((a) => `${a.length}:${a[0]}:${a[a.length >> 1]}:${a[a.length - 1]}`)).size).toBe(1);
  });

  it('CollisionBucket: first added first, past the scan limit too', () => {
    const bucket = new CollisionBucket<number>();
    const naive = new Map<string, number>();
    withCopies(arrays, 3).forEach((a, i) => {
      const key = a.join(',');
      expect(bucket.find(a)).toBe(naive.get(key));
      bucket.add(a, i);
      if (!naive.has(key)) naive.set(key, i);
    });
    expect(naive.size).toBeGreaterThan(BUCKET_SCAN);
  });

  it('StreamIndex (TF streams) finds the first equal stream added', () => {
    const index = new StreamIndex<number>();
    const naive = new Map<string, number>();
    withCopies(arrays, 5).forEach((a, i) => {
      const key = a.join(',');
      expect(index.find(a)).toBe(naive.get(key));
      if (!naive.has(key)) {
        index.add(a, i);
        naive.set(key, i);
      }
    });
  });

  it('KeyTimeInputs (glTF sampler inputs) gives equal times one value', () => {
    const times = collidingWordArrays(K, 4, (l) => 0x811c9dc5 ^ l).map((w) => new Float32Array(w.buffer));
    const inputs = new KeyTimeInputs<number>();
    const naive = new Map<string, number>();
    let made = 0;
    withCopies(times.map((t) => new Uint32Array(t.buffer)), 7).forEach((w) => {
      const key = w.join(',');
      const value = inputs.get(new Float32Array(w.buffer), () => made++);
      if (!naive.has(key)) naive.set(key, value);
      expect(value).toBe(naive.get(key));
    });
    expect(made).toBe(K);
  });
});
