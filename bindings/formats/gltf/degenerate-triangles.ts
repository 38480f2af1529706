// Triangles that name one vertex twice, left out under `pruneUnread`. Welding vertices a reader
// decodes alike (weld-written-vertices.ts) can make two corners of a thin triangle one vertex:
// the triangle then covers no area and draws nothing, but its three indices are still stored
// (Box47.mesh at gltfpack's precision: 90 of 76,303 triangles). gltfpack leaves such triangles
// out of every mesh it writes; meshcodec only where it welded, and says how many.

/** `indices` (a triangle list) without the triangles whose corners are not three different vertices; `dropped` triangles went. */
export function withoutDegenerateTriangles<T extends Uint8Array | Uint16Array | Uint32Array>(indices: T): { indices: T; dropped: number } {
  let write = 0;
  const out = new (indices.constructor as new (length: number) => T)(indices.length);
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = indices[t]!;
    const b = indices[t + 1]!;
    const c = indices[t + 2]!;
    if (a === b || b === c || a === c) continue;
    out[write] = a;
    out[write + 1] = b;
    out[write + 2] = c;
    write += 3;
  }
  const dropped = (indices.length - write) / 3;
  return dropped === 0 ? { indices, dropped } : { indices: out.slice(0, write) as T, dropped };
}
