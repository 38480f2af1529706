// The entries of a hash-keyed Map that share one 32-bit hash. The writers' lookups of equal arrays
// (glTF key-time inputs, TF index streams) hash with FNV-1a, public and unkeyed: an Asset can hold
// thousands of distinct arrays of one hash (the last word of each chosen to land there), and a
// bucket scanned in full by every lookup is then O(n²) (test/hash-flood-buckets.test.ts). So a
// bucket scans at most BUCKET_SCAN entries; past that it is keyed by the arrays' contents as
// strings (two UTF-16 units per word), in a Map whose string hash V8 seeds per process: no file
// can choose collisions for it. Alternatives: a random seed in the FNV mix (multiplication by an
// odd constant carries a flipped top bit through whatever the seed, so some collisions stay
// seed-free); content strings for every array (as large as the arrays, for every array: the memory
// the ordinary case does not need); this file: the strings only for a crowded bucket.

/** Entries a bucket compares in full before it keys them by content. */
export const BUCKET_SCAN = 8;

/** Equal arrays found first-added-first: `find` gives the value of the first equal array `add`ed. */
export class CollisionBucket<T> {
  private readonly scanned: { words: Uint32Array; value: T }[] = [];
  private byText: Map<string, T> | undefined;

  find(words: Uint32Array): T | undefined {
    if (this.byText) return this.byText.get(textOf(words));
    for (const entry of this.scanned) if (sameWords(entry.words, words)) return entry.value;
    return undefined;
  }

  add(words: Uint32Array, value: T): void {
    if (!this.byText) {
      this.scanned.push({ words, value });
      if (this.scanned.length <= BUCKET_SCAN) return;
      this.byText = new Map();
      for (const entry of this.scanned) this.keep(entry.words, entry.value);
      this.scanned.length = 0;
      return;
    }
    this.keep(words, value);
  }

  private keep(words: Uint32Array, value: T): void {
    const text = textOf(words);
    if (!this.byText!.has(text)) this.byText!.set(text, value);
  }
}

function sameWords(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The words as a string, two UTF-16 code units each (exact: no unit is reinterpreted). */
function textOf(words: Uint32Array): string {
  const units = new Uint16Array(words.buffer, words.byteOffset, words.length * 2);
  let text = '';
  for (let i = 0; i < units.length; i += 4096) text += String.fromCharCode(...units.subarray(i, i + 4096));
  return text;
}

/**
 * A drawn-per-process key mixed into the hashes before they key a Map: V8 hashes a number key
 * with an unseeded mix, so hashes chosen offline could otherwise crowd one of the Map's own chains.
 * Nothing read depends on it (the Map is looked up, never iterated).
 */
const SALT = Math.floor(Math.random() * 2 ** 32);

/** The buckets by 32-bit hash (a Map keyed by the salted hash). */
export class CollisionBuckets<T> {
  private readonly map = new Map<number, CollisionBucket<T>>();

  get(hash: number): CollisionBucket<T> | undefined {
    return this.map.get((hash ^ SALT) >>> 0);
  }

  set(hash: number, bucket: CollisionBucket<T>): void {
    this.map.set((hash ^ SALT) >>> 0, bucket);
  }
}
