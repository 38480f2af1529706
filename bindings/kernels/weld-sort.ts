// The welds' second method: tuples (or vertex rows) grouped by sorting, O(n log n) whatever the
// input, for when a weld kernel's hash table ran past its probe budget (assembly/weld.ts says
// why a crafted file can get there). The numbering is the kernels' (first use), so the result is
// the one the hash table would have given, on every backend. Alternatives: a second hash table
// with a random seed (expected linear, but nothing bounds it and runs would differ in cost);
// Array.prototype.sort over an index array with a lexicographic comparator (this file: no
// allocation beyond the keys and the order, and only crafted input gets here).

/**
 * Per row (0 … rows − 1), the first row (lowest number) that `compare` finds equal to it:
 * `compare` orders rows (negative, 0 or positive) and returns 0 exactly for equal rows.
 * O(rows log rows) comparisons whatever the rows.
 */
export function leadersBy(rows: number, compare: (a: number, b: number) => number): Uint32Array {
  const order = new Uint32Array(rows);
  for (let r = 0; r < rows; r++) order[r] = r;
  order.sort((x, y) => compare(x, y) || x - y);
  const leader = new Uint32Array(rows);
  let head = 0;
  for (let k = 0; k < rows; k++) {
    const r = order[k]!;
    if (k === 0 || compare(order[k - 1]!, r) !== 0) head = r;
    leader[r] = head;
  }
  return leader;
}

/** leadersBy over rows of `width` words in `keys`, compared word by word. */
function leaders(keys: Uint32Array, rows: number, width: number): Uint32Array {
  return leadersBy(rows, (x, y) => {
    for (let j = 0, a = x * width, b = y * width; j < width; j++, a++, b++) {
      if (keys[a] !== keys[b]) return keys[a]! - keys[b]!;
    }
    return 0;
  });
}

/**
 * Finishes a weldIndexStreams call that stopped at corner `from` (its −(corners + 1 + from)
 * return): the corners before it are welded into vertices 0 … (their largest vertex), the rest
 * are welded here, in the same order and numbering as the kernel. Same arguments and return as
 * the kernel (the vertex count, or −(corner + 1) for the first value out of range); dstTuples
 * may be `streams` itself.
 */
export function finishWeldBySort(streams: Uint32Array, streamCount: number, limits: Uint32Array, dstIndices: Uint32Array, dstTuples: Uint32Array, from: number): number {
  const count = dstIndices.length;
  for (let i = from; i < count; i++) {
    for (let s = 0; s < streamCount; s++) if (streams[s * count + i]! >= limits[s]!) return -(i + 1);
  }
  let vertices = 0;
  for (let i = 0; i < from; i++) vertices = Math.max(vertices, dstIndices[i]! + 1);
  // Rows: the vertices made so far (their tuples), then the corners left (read before any write).
  const rows = vertices + count - from;
  const keys = new Uint32Array(rows * streamCount);
  for (let v = 0; v < vertices; v++) for (let s = 0; s < streamCount; s++) keys[v * streamCount + s] = dstTuples[s * count + v]!;
  for (let i = from; i < count; i++) {
    const row = (vertices + i - from) * streamCount;
    for (let s = 0; s < streamCount; s++) keys[row + s] = streams[s * count + i]!;
  }
  const leader = leaders(keys, rows, streamCount);
  const made = vertices;
  // A row's vertex: its leader's (made earlier, or by an earlier corner), else a new one.
  const vertexOf = new Uint32Array(rows);
  for (let v = 0; v < vertices; v++) vertexOf[v] = v;
  for (let r = vertices; r < rows; r++) {
    const head = leader[r]!;
    if (head === r) {
      vertexOf[r] = vertices;
      for (let s = 0; s < streamCount; s++) dstTuples[s * count + vertices] = keys[r * streamCount + s]!;
      vertices++;
    } else {
      vertexOf[r] = vertexOf[head]!;
    }
    dstIndices[from + r - made] = vertexOf[r]!;
  }
  return vertices;
}

/** weldVertices by sorting (same outputs as the kernel: indices, first input vertex per vertex; the vertex count). */
export function weldVerticesBySort(words: Uint32Array, stride: number, dstIndices: Uint32Array, dstFirst: Uint32Array): number {
  const count = Math.floor(words.length / stride);
  const leader = leaders(words, count, stride);
  let vertices = 0;
  for (let i = 0; i < count; i++) {
    const head = leader[i]!;
    if (head === i) {
      dstFirst[vertices] = i;
      dstIndices[i] = vertices++;
    } else {
      dstIndices[i] = dstIndices[head]!;
    }
  }
  return vertices;
}
