// Welding N index streams (one per attribute, as OBJ and Transport Fever store them) into
// single-index vertices. Integer work only: the SIMD and scalar builds and the TypeScript twin
// (bindings/kernels/js/weld.ts) give the same vertices in the same order by construction.

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
 * first corner with a value not below its stream's limit.
 */
export function weldIndexStreams(
  streams: usize, streamCount: i32, count: i32, limits: usize, keyStream: i32,
  table: usize, capacity: i32, dstIndices: usize, dstTuples: usize,
): i32 {
  const keyLimit = load<u32>(limits + (<usize>keyStream << 2));
  memory.fill(table, 0, <usize>keyLimit << 2);
  const hashed = table + (<usize>keyLimit << 2);
  const mask = <u32>capacity - 1;
  const streamBytes = <usize>count << 2;
  const keys = streams + <usize>keyStream * streamBytes;
  let hashedReady = false;
  let vertices = 0;
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
