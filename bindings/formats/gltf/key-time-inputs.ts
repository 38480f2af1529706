/**
 * One sampler input accessor per distinct set of key times: tracks whose times are the same array,
 * or equal arrays, share an accessor. Lookup is by identity, then by a hash of the times' bits
 * (equal arrays compared in full only within a bucket), so an animation of N tracks costs O(N)
 * lookups instead of the earlier scan of every input made so far (O(N²): 9,000 tracks with
 * distinct times took ~14 s of CPU in that scan alone). A bucket crowded by times crafted to share
 * a hash is keyed by content past a few entries (CollisionBucket), so no Asset makes it O(N²).
 */
import { CollisionBucket, CollisionBuckets } from '../../io/collision-bucket.js';

export class KeyTimeInputs<T> {
  private readonly byArray = new Map<Float32Array, T>();
  private readonly byHash = new CollisionBuckets<T>();

  /** The value made for `times` (or for equal times) before, else `make()`'s, remembered. */
  get(times: Float32Array, make: () => T): T {
    const known = this.byArray.get(times);
    if (known !== undefined) return known;
    const hash = hashBits(times);
    let bucket = this.byHash.get(hash);
    if (!bucket) this.byHash.set(hash, (bucket = new CollisionBucket()));
    const bits = words(times);
    let value = bucket.find(bits);
    if (value === undefined) bucket.add(bits, (value = make()));
    this.byArray.set(times, value);
    return value;
  }
}

function words(times: Float32Array): Uint32Array {
  return new Uint32Array(times.buffer, times.byteOffset, times.length);
}

/** FNV-1a over the float32 bit patterns. */
function hashBits(times: Float32Array): number {
  const w = words(times);
  let h = 0x811c9dc5 ^ w.length;
  for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w[i]!, 0x01000193);
  return h >>> 0;
}
