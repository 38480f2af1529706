// Inputs whose keys crowd one corner of a weld's hash table: the hashes are public and unkeyed,
// so anyone can search offline for keys whose slots fall in one window of the table, and linear
// probing then walks one cluster as long as every key inserted before (O(n²) for n keys). Each
// generator enumerates candidates in a fixed order and keeps those whose slot (for the table size
// the weld will use) is below `size / spread`: the cluster is then about n long whatever n is.
// Used by test/hash-flood.test.ts and bench/hash-flood.ts.

/** The table size the welds use for n keys: the power of two at least 2n. */
export function tableSizeFor(n: number): number {
  let size = 1;
  while (size < 2 * n) size *= 2;
  return size;
}

/** assembly/weld.ts's hash of a tuple (FNV basis, then × 0x9e3779b1 per value, folded). */
export function weldHash(tuple: readonly number[]): number {
  let h = 0x811c9dc5;
  for (const v of tuple) h = Math.imul(h ^ v, 0x9e3779b1);
  return (h ^ (h >>> 16)) >>> 0;
}

/** assembly/weld-vertices.ts's hash of a row of words. */
export function rowHash(words: Uint32Array, at: number, stride: number): number {
  let h = 0x811c9dc5;
  for (let j = 0; j < stride; j++) {
    h = Math.imul(h ^ words[at + j]!, 0x9e3779b1);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

/** weld-written-vertices.ts's hash: FNV-1a over the bytes, folded. */
export function bytesHash(bytes: Uint8Array, at: number, length: number): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < length; k++) h = Math.imul(h ^ bytes[at + k]!, 0x01000193);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * `n` corners of `streamCount` index streams (stream-major arrays), all distinct tuples: the key
 * stream cycles through `keys` values (its first corner per value settles in the head table, the
 * others go to the hash), another stream counts up, the rest are 0; only tuples whose slot falls
 * in the table's first 1/`spread` are kept. `limits`: one above each stream's largest value.
 */
export function collidingStreams(n: number, streamCount: number, keyStream: number, keys = 64, spread = 16): { streams: Uint32Array[]; limits: number[] } {
  if (streamCount < 2) throw new RangeError('collidingStreams needs two or more streams');
  const window = tableSizeFor(n) / spread;
  const mask = tableSizeFor(n) - 1;
  const counted = keyStream === 0 ? 1 : 0;
  const streams = Array.from({ length: streamCount }, () => new Uint32Array(n));
  const tuple = new Array<number>(streamCount).fill(0);
  let made = 0;
  for (let c = 0; made < n; c++) {
    for (let k = 0; k < keys && made < n; k++) {
      tuple[keyStream] = k;
      tuple[counted] = c;
      if ((weldHash(tuple) & mask) >= window) continue;
      for (let s = 0; s < streamCount; s++) streams[s]![made] = tuple[s]!;
      made++;
    }
  }
  const limits = streams.map((s) => s.reduce((m, v) => Math.max(m, v + 1), 1));
  return { streams, limits };
}

/** `n` distinct rows of `stride` words (stride ≥ 2) whose weldVertices slots fall in the first 1/`spread` of its table. */
export function collidingRows(n: number, stride: number, spread = 16): Uint32Array {
  const window = tableSizeFor(n) / spread;
  const mask = tableSizeFor(n) - 1;
  const words = new Uint32Array(n * stride);
  const row = new Uint32Array(stride);
  let made = 0;
  for (let c = 0; made < n; c++) {
    row[0] = c;
    row[stride - 1] = c >>> 3;
    if ((rowHash(row, 0, stride) & mask) >= window) continue;
    words.set(row, made * stride);
    made++;
  }
  return words;
}

/**
 * `n` distinct float32 positions (3 per vertex) whose 12 bytes' slots in weldWrittenVertices'
 * table fall in its first 1/`spread` (small integers, as floats: no NaN, no −0).
 */
export function collidingPositions(n: number, spread = 16): Float32Array {
  const window = tableSizeFor(n) / spread;
  const mask = tableSizeFor(n) - 1;
  const positions = new Float32Array(n * 3);
  const one = new Float32Array(3);
  const bytes = new Uint8Array(one.buffer);
  let made = 0;
  for (let c = 0; made < n; c++) {
    one[0] = c & 1023;
    one[1] = c >>> 10;
    one[2] = 1;
    if ((bytesHash(bytes, 0, 12) & mask) >= window) continue;
    positions.set(one, made * 3);
    made++;
  }
  return positions;
}
