// Welding N index streams (one per attribute, as OBJ and Transport Fever store them) into
// single-index vertices. Integer work only: the SIMD and scalar builds and the TypeScript twin
// (bindings/kernels/js/weld.ts) give the same vertices in the same order by construction.
//
// The hash is public and unkeyed, so a file can choose tuples whose slots share one cluster and
// make linear probing O(n²) (test/helpers/colliding-tuples.ts builds such streams: 160k corners
// took minutes). Alternatives: a keyed (random) hash (outputs stay identical, but the probe count
// is then not reproducible across backends and a weak mix stays attackable); a probe budget
// (this file): the hash path counts the slots it steps over and, past 32 × corners + 4096, stops
// and returns −(corners + 1 + corner) for the corner it stopped at; the wrapper
// (bindings/kernels/weld-sort.ts) finishes from there by sorting, O(n log n) whatever the input,
// with the same numbering (first use, which no hash decides). On ordinary input the budget is
// never reached and the cost is one add and compare per collision step.
import { probeBudget } from './probe-budget';

/**
 * Every distinct tuple (streams[0][i], …, streams[N−1][i]) becomes a vertex, in order of first
 * use. `streams` is stream-major: stream s, corner i at element s * count + i; `limits[s]` is the
 * number of elements stream s indexes (every value must be below it).
 *
 * `table` is scratch: `limits[keyStream]` head slots holding, per key value, the first vertex
 * made with it (which settles most corners, and every corner when there is one stream: that
 * case does no hashing), then `capacity` hash slots (a power of two, at least twice `count`;
 * 0 is allowed for one stream) for the other tuples, cleared only when first needed.
 *
 * Writes per corner its vertex (dstIndices) and per vertex its tuple, stream-major like the
 * input (dstTuples[s * count + vertex]); dstTuples may be `streams` itself (vertex v's tuple is
 * written at position v, never past the corner being read). Returns the vertex count, or −(corner + 1) for the
 * first corner with a value not below its stream's limit, or −(count + 1 + corner) when the probe
 * budget (probeBudget) ran out before `corner` (corners before it are welded, nothing after).
 */
export function weldIndexStreams(
  streams: usize, streamCount: i32, count: i32, limits: usize, keyStream: i32,
  table: usize, capacity: i32, dstIndices: usize, dstTuples: usize,
): i32 {
  if (streamCount == 2) return weldTwoStreams(streams, count, limits, keyStream, table, capacity, dstIndices, dstTuples);
  const keyLimit = load<u32>(limits + (<usize>keyStream << 2));
  memory.fill(table, 0, <usize>keyLimit << 2);
  const hashed = table + (<usize>keyLimit << 2);
  const mask = <u32>capacity - 1;
  const streamBytes = <usize>count << 2;
  const keys = streams + <usize>keyStream * streamBytes;
  let hashedReady = false;
  let vertices = 0;
  let probes: u32 = 0;
  const budget = probeBudget(count);
  for (let i = 0; i < count; i++) {
    const corner = streams + (<usize>i << 2);
    for (let s = 0; s < streamCount; s++) {
      if (load<u32>(corner + <usize>s * streamBytes) >= load<u32>(limits + (<usize>s << 2))) return -(i + 1);
    }
    const head = table + (<usize>load<u32>(keys + (<usize>i << 2)) << 2);
    const first = load<u32>(head);
    let vertex: i32;
    if (first == 0) {
      vertex = vertices++;
      store<u32>(head, <u32>vertex + 1);
      copyTuple(corner, dstTuples + (<usize>vertex << 2), streamCount, streamBytes);
    } else if (sameTuple(corner, dstTuples + (<usize>(first - 1) << 2), streamCount, streamBytes)) {
      vertex = <i32>(first - 1);
    } else {
      if (!hashedReady) {
        memory.fill(hashed, 0, <usize>capacity << 2);
        hashedReady = true;
      }
      let h: u32 = 0x811c9dc5;
      for (let s = 0; s < streamCount; s++) h = (h ^ load<u32>(corner + <usize>s * streamBytes)) * 0x9e3779b1;
      h ^= h >>> 16;
      let slot = h & mask;
      vertex = -1;
      while (true) {
        const stored = load<u32>(hashed + (<usize>slot << 2));
        if (stored == 0) break;
        if (sameTuple(corner, dstTuples + (<usize>(stored - 1) << 2), streamCount, streamBytes)) {
          vertex = <i32>(stored - 1);
          break;
        }
        if (++probes > budget) return -(count + 1 + i);
        slot = (slot + 1) & mask;
      }
      if (vertex < 0) {
        vertex = vertices++;
        store<u32>(hashed + (<usize>slot << 2), <u32>vertex + 1);
        copyTuple(corner, dstTuples + (<usize>vertex << 2), streamCount, streamBytes);
      }
    }
    store<u32>(dstIndices + (<usize>i << 2), <u32>vertex);
  }
  return vertices;
}

/**
 * weldIndexStreams for two streams (UNIGINE's cindex and tindex, or any other pair):
 * the same steps with both values of a corner held in locals, no per-stream loops. The same
 * vertices in the same order as the general loop (same head table, hash and probe sequence).
 * Alternatives measured on the speed bar's tiled mrfixit as UNIGINE (64k corners, wasm-simd,
 * shared machine): the general loop 4.7 ns per corner, this one 2.1 ns (staging included).
 */
function weldTwoStreams(
  streams: usize, count: i32, limits: usize, keyStream: i32,
  table: usize, capacity: i32, dstIndices: usize, dstTuples: usize,
): i32 {
  const limit0 = load<u32>(limits);
  const limit1 = load<u32>(limits, 4);
  const keyLimit = keyStream == 0 ? limit0 : limit1;
  memory.fill(table, 0, <usize>keyLimit << 2);
  const hashed = table + (<usize>keyLimit << 2);
  const mask = <u32>capacity - 1;
  const streamBytes = <usize>count << 2;
  const second = streams + streamBytes;
  const tuples0 = dstTuples;
  const tuples1 = dstTuples + streamBytes;
  let hashedReady = false;
  let vertices: u32 = 0;
  let probes: u32 = 0;
  const budget = probeBudget(count);
  for (let i = 0; i < count; i++) {
    const at = <usize>i << 2;
    const a = load<u32>(streams + at);
    const b = load<u32>(second + at);
    if (a >= limit0 || b >= limit1) return -(i + 1);
    const head = table + (<usize>(keyStream == 0 ? a : b) << 2);
    const first = load<u32>(head);
    let vertex: u32;
    if (first == 0) {
      vertex = vertices++;
      store<u32>(head, vertex + 1);
      store<u32>(tuples0 + (<usize>vertex << 2), a);
      store<u32>(tuples1 + (<usize>vertex << 2), b);
    } else if (load<u32>(tuples0 + (<usize>(first - 1) << 2)) == a && load<u32>(tuples1 + (<usize>(first - 1) << 2)) == b) {
      vertex = first - 1;
    } else {
      if (!hashedReady) {
        memory.fill(hashed, 0, <usize>capacity << 2);
        hashedReady = true;
      }
      let h: u32 = (0x811c9dc5 ^ a) * 0x9e3779b1;
      h = (h ^ b) * 0x9e3779b1;
      h ^= h >>> 16;
      let slot = h & mask;
      let found = false;
      vertex = 0;
      while (true) {
        const stored = load<u32>(hashed + (<usize>slot << 2));
        if (stored == 0) break;
        if (load<u32>(tuples0 + (<usize>(stored - 1) << 2)) == a && load<u32>(tuples1 + (<usize>(stored - 1) << 2)) == b) {
          vertex = stored - 1;
          found = true;
          break;
        }
        if (++probes > budget) return -(count + 1 + i);
        slot = (slot + 1) & mask;
      }
      if (!found) {
        vertex = vertices++;
        store<u32>(hashed + (<usize>slot << 2), vertex + 1);
        store<u32>(tuples0 + (<usize>vertex << 2), a);
        store<u32>(tuples1 + (<usize>vertex << 2), b);
      }
    }
    store<u32>(dstIndices + at, vertex);
  }
  return <i32>vertices;
}

// @ts-ignore: decorator
@inline function sameTuple(a: usize, b: usize, streamCount: i32, streamBytes: usize): bool {
  for (let s = 0; s < streamCount; s++) {
    const at = <usize>s * streamBytes;
    if (load<u32>(a + at) != load<u32>(b + at)) return false;
  }
  return true;
}

// @ts-ignore: decorator
@inline function copyTuple(from: usize, to: usize, streamCount: i32, streamBytes: usize): void {
  for (let s = 0; s < streamCount; s++) {
    const at = <usize>s * streamBytes;
    store<u32>(to + at, load<u32>(from + at));
  }
}
