// The (cindex, tindex) weld of a UNIGINE surface whose corners each have cindex = tindex (what
// meshcodec writes, cindices = tindices = the mesh's indices): the pair is then one value, so a
// head table indexed by it settles every corner, with no tuple compare and one tuple stored per
// vertex. Integer work only: the SIMD and scalar builds and the TypeScript twin
// (bindings/kernels/js/unigine-weld.ts) give the same bits by construction.
//
// Alternatives, measured on surface 0 of the speed bar's tiled mrfixit as UNIGINE (64,422 corners,
// 13,284 vertices; median of 200 calls, shared machine at load ~10): weldIndexStreams' two-stream
// loop (head table, then both tuple values compared on every hit) 2.13 ns a corner on wasm-simd,
// 4.2–4.6 on js; this loop 1.00–1.05, js 2.4–3.3. Not kept: a branch-free loop (head, value and
// count written every corner, the vertex chosen by a select) 1.90 ns; one branch for both exits
// (values that differ or out of range, sorted out after) no different (1.05–1.11).
// A corner whose cindex differs from its tindex stops this kernel (the caller then runs
// weldIndexStreams from the start): files whose streams differ mostly differ within the first
// triangles.

/**
 * Welds `count` corners, stream-major in `streams` (cindices, then tindices), while every corner's
 * two values are equal: vertices numbered by first use, `dstIndices[i]` each corner's vertex,
 * `dstTuples[v]` vertex v's value (may be `streams` itself: v ≤ the corner being read). `table`
 * holds `limit1` head slots (cleared here). `dstIdentity[0]` is set to 1 when each vertex's value
 * is its own number (first uses in increasing order), else 0. Returns the vertex count, −(corner + 1)
 * for the first corner with a value not below its stream's limit (`limit0`, `limit1`), or
 * −(count + 1 + corner) for the first corner whose two values differ.
 */
export function weldSharedIndices(
  streams: usize, count: i32, limit0: u32, limit1: u32, table: usize, dstIndices: usize, dstTuples: usize, dstIdentity: usize,
): i32 {
  memory.fill(table, 0, <usize>limit1 << 2);
  const second = streams + (<usize>count << 2);
  let vertices: u32 = 0;
  let identity: u32 = 1;
  for (let i = 0; i < count; i++) {
    const at = <usize>i << 2;
    const a = load<u32>(streams + at);
    const b = load<u32>(second + at);
    if (a >= limit0 || b >= limit1) return -(i + 1);
    if (a != b) return -(count + 1 + i);
    const head = table + (<usize>a << 2);
    let vertex = load<u32>(head);
    if (vertex == 0) {
      vertex = vertices++;
      store<u32>(head, vertices);
      store<u32>(dstTuples + (<usize>vertex << 2), a);
      if (a != vertex) identity = 0;
    } else {
      vertex--;
    }
    store<u32>(dstIndices + at, vertex);
  }
  store<u32>(dstIdentity, identity);
  return <i32>vertices;
}
