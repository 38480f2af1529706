import type { Kernels } from '../../kernels/kernels.js';

export interface WeldedCorners {
  /** Per corner, its single-index vertex. */
  indices: Uint32Array;
  /** Per vertex, the coordinate vertex (cindex) and triangle vertex (tindex) it welds. */
  coordinateOf: Uint32Array;
  triangleVertexOf: Uint32Array;
}

/**
 * Unique (cindex, tindex) pairs become vertices, in order of first use. Returns the corner
 * whose index is out of range (a number) instead when there is one.
 */
export function weldCorners(kernels: Kernels, cindices: Uint32Array, tindices: Uint32Array, coordinateCount: number, triangleVertexCount: number): WeldedCorners | number {
  const count = cindices.length;
  let capacity = 1;
  while (capacity < 2 * count) capacity *= 2;
  const ws = kernels.workspace(count * 20 + (triangleVertexCount + capacity) * 4 + 64);
  try {
    const c = ws.u32(count);
    const t = ws.u32(count);
    c.set(cindices);
    t.set(tindices);
    const table = ws.u32(triangleVertexCount + capacity);
    const indices = ws.u32(count);
    const coordinateOf = ws.u32(count);
    const triangleVertexOf = ws.u32(count);
    const vertices = kernels.raw.weldIndexPairs(c, t, coordinateCount, triangleVertexCount, table, indices, coordinateOf, triangleVertexOf);
    if (vertices < 0) return -vertices - 1;
    return {
      indices: ws.keep(indices),
      coordinateOf: coordinateOf.slice(0, vertices),
      triangleVertexOf: triangleVertexOf.slice(0, vertices),
    };
  } finally {
    ws.release();
  }
}
