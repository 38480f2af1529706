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

/** UNIGINE's compact integer (FORMATS.md §1): sign-magnitude, 6 bits then 7 per byte. */
function compactInt(value: number, out: number[]): void {
  let m = Math.abs(value);
  let first = (m & 63) | (value < 0 ? 64 : 0);
  m = Math.floor(m / 64);
  out.push(first | (m > 0 ? 128 : 0));
  while (m > 0) {
    first = m & 127;
    m = Math.floor(m / 128);
    out.push(first | (m > 0 ? 128 : 0));
  }
}

/**
 * A UNIGINE ms11 file of one surface, no bones or animations, whose `n` corners (a multiple of 3)
 * are the (cindex, tindex) pairs of collidingStreams(n, 2, 1): the pairs the reader's weld (keyed
 * by tindex, table for n corners) hashes all land in the first sixteenth of its table. Coordinates
 * at (cindex, 0, 0), 64 tangents.
 */
export function collidingUnigineMesh(n: number): Uint8Array {
  const { streams, limits } = collidingStreams(n, 2, 1);
  const [coords, tangents] = limits as [number, number];
  const out: number[] = [];
  const raw = (bytes: Uint8Array) => {
    for (const b of bytes) out.push(b);
  };
  const ascii = (text: string) => raw(Uint8Array.from(text, (c) => c.charCodeAt(0)));
  const floats = (values: number[]) => raw(new Uint8Array(Float32Array.from(values).buffer));
  const string = (text: string) => (compactInt(text.length + 1, out), ascii(text), out.push(0));
  const bounds = [0, 0, 0, coords, 0, 0, coords / 2, 0, 0, coords / 2];
  ascii('ms11');
  floats(bounds);
  compactInt(0, out); // bones
  compactInt(0, out); // animations
  compactInt(1, out); // surfaces
  string('flood');
  floats(bounds);
  compactInt(1, out); // morph targets
  string('target');
  ascii('ms11');
  compactInt(coords, out);
  const xyz = new Float32Array(3 * coords);
  for (let c = 0; c < coords; c++) xyz[3 * c] = c;
  raw(new Uint8Array(xyz.buffer));
  compactInt(tangents, out);
  raw(new Uint8Array(Int16Array.from({ length: 4 * tangents }, (_, i) => (i % 4 === 3 ? 32767 : 0)).buffer));
  compactInt(0, out); // weights
  compactInt(0, out); // UV0
  compactInt(0, out); // UV1
  compactInt(0, out); // colors
  const indices = (values: Uint32Array, limit: number) => {
    compactInt(values.length, out);
    const typed = limit < 256 ? Uint8Array.from(values) : limit < 65536 ? Uint16Array.from(values) : Int32Array.from(values);
    raw(new Uint8Array(typed.buffer));
  };
  indices(streams[0]!, coords);
  indices(streams[1]!, tangents);
  ascii('ms11');
  return Uint8Array.from(out);
}

/** The inverse of an odd multiplier mod 2^32 (Newton's iteration). */
function inverseOdd(m: number): number {
  let x = m;
  for (let i = 0; i < 5; i++) x = Math.imul(x, 2 - Math.imul(m, x));
  return x >>> 0;
}

/**
 * `k` distinct arrays of `length` (≥ 4) words that share one word-wise FNV-1a hash
 * (h = imul(h ^ word, 0x01000193) from `start(length)`): word j is j, except word 1 (counts
 * 0 … k − 1) and word length − 2, solved for (the multiply is invertible): the first, middle
 * (for length ≥ 5) and last words are the same in all, so the TF StreamIndex's cheap signature
 * does not tell them apart either. The writers' equal-array lookups hash so: `start` =
 * l ⇒ imul(0x811c9dc5 ^ l, 0x01000193) for TF streams (hashIndices), 0x811c9dc5 ^ l for glTF key times.
 */
export function collidingWordArrays(k: number, length: number, start: (length: number) => number, target = 0x12345678): Uint32Array[] {
  if (length < 4) throw new RangeError('collidingWordArrays needs 4 or more words');
  const inverse = inverseOdd(0x01000193);
  const solved = length - 2;
  const out: Uint32Array[] = [];
  for (let i = 0; i < k; i++) {
    const words = Uint32Array.from({ length }, (_, j) => (j === 1 ? i : j));
    // The hash wanted after word `solved`: undo the later words from the target.
    let after = target >>> 0;
    for (let j = length - 1; j > solved; j--) after = (Math.imul(after, inverse) ^ words[j]!) >>> 0;
    let h = start(length);
    for (let j = 0; j < solved; j++) h = Math.imul(h ^ words[j]!, 0x01000193);
    words[solved] = (Math.imul(after, inverse) ^ h) >>> 0;
    out.push(words);
  }
  return out;
}
