import { CollisionBucket, CollisionBuckets } from '../../io/collision-bucket.js';
/**
 * Index streams with equal contents, found in time linear in their total length: a stream is
 * looked up by a hash of its values, then compared element by element only with earlier streams
 * of the same hash. A linear search compared each stream with every earlier one (10,000 one-quad
 * submeshes: 7–11 s to encode on a shared machine, bench/tf-encode-submeshes.ts). Not built: a
 * Map keyed by the values as a string (a string as large as each stream). A bucket crowded by
 * streams crafted to share a hash is keyed by content past a few entries (CollisionBucket).
 */
export function equalIndices(a: Uint32Array, b: Uint32Array): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** FNV-1a over the values (and the length), as a 32-bit unsigned integer. */
export function hashIndices(data: Uint32Array): number {
  let h = Math.imul(0x811c9dc5 ^ data.length, 0x01000193);
  for (let i = 0; i < data.length; i++) h = Math.imul(h ^ data[i]!, 0x01000193);
  return h >>> 0;
}

/** What equal streams share, cheap to find: their length and three of their values. */
function signature(data: Uint32Array): string {
  const n = data.length;
  return n === 0 ? '0' : `${n}:${data[0]}:${data[n >> 1]}:${data[n - 1]}`;
}

/** Streams seen so far, each with a value of the caller's (where it was placed, its group). */
export class StreamIndex<T> {
  private buckets: CollisionBuckets<T> | undefined;
  /** The same array again (streams read from one blob range share theirs) is found without hashing. */
  private readonly byArray = new Map<Uint32Array, T>();
  /** Streams added before any lookup needed their hash: hashed on the first lookup that does. */
  private readonly unhashed: { data: Uint32Array; value: T }[] = [];
  /** The last stream `find` hashed, and its hash, so that `add` after a miss hashes nothing again. */
  private lastData: Uint32Array | undefined;
  private lastHash = 0;
  /**
   * The length and first, middle and last values of each stream added: a stream whose four were
   * never seen together is new, found so without hashing it. Lengths alone let every stream of a
   * mesh tiled 8 times be hashed (the TF writer's streams of equal length, each offset by its
   * mesh's base): a quarter of a 10 MB encode (`node --cpu-prof`). Made on the first lookup of
   * an array not added before, so that a submesh whose streams share one array (one group)
   * makes none (with the buckets, 4 % of the speed bar's 30 KB TF door parse).
   */
  private signatures: Set<string> | undefined;
  /** Streams added since the signatures were last brought up to date. */
  private readonly unsigned: Uint32Array[] = [];

  /** The value of an earlier stream equal to `data`, else undefined. */
  find(data: Uint32Array): T | undefined {
    if (this.byArray.has(data)) return this.byArray.get(data);
    if (this.byArray.size === 0) return undefined;
    const signatures = (this.signatures ??= new Set());
    for (const added of this.unsigned) signatures.add(signature(added));
    this.unsigned.length = 0;
    if (!signatures.has(signature(data))) return undefined;
    for (const entry of this.unhashed) this.bucket(hashIndices(entry.data)).add(entry.data, entry.value);
    this.unhashed.length = 0;
    this.lastData = data;
    this.lastHash = hashIndices(data);
    return this.buckets?.get(this.lastHash)?.find(data);
  }

  add(data: Uint32Array, value: T): void {
    this.byArray.set(data, value);
    this.unsigned.push(data);
    if (this.lastData === data) this.bucket(this.lastHash).add(data, value);
    else this.unhashed.push({ data, value });
    this.lastData = undefined;
  }

  private bucket(hash: number): CollisionBucket<T> {
    const buckets = (this.buckets ??= new CollisionBuckets<T>());
    let bucket = buckets.get(hash);
    if (!bucket) buckets.set(hash, (bucket = new CollisionBucket()));
    return bucket;
  }
}
