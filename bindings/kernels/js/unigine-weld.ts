// Twin of assembly/unigine-weld.ts (see there for the contract).

export function weldSharedIndices(
  streams: Uint32Array, limit0: number, limit1: number, table: Uint32Array, dstIndices: Uint32Array, dstTuples: Uint32Array, dstIdentity: Uint32Array,
): number {
  const count = dstIndices.length;
  table.fill(0, 0, limit1);
  let vertices = 0;
  let identity = 1;
  for (let i = 0; i < count; i++) {
    const a = streams[i]!;
    const b = streams[count + i]!;
    if (a >= limit0 || b >= limit1) return -(i + 1);
    if (a !== b) return -(count + 1 + i);
    let vertex = table[a]!;
    if (vertex === 0) {
      vertex = vertices++;
      table[a] = vertices;
      dstTuples[vertex] = a;
      if (a !== vertex) identity = 0;
    } else {
      vertex--;
    }
    dstIndices[i] = vertex;
  }
  dstIdentity[0] = identity;
  return vertices;
}
