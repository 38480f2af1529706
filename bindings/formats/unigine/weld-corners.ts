import type { IndexArray } from '../../model/asset.js';
import type { Kernels, Workspace } from '../../kernels/kernels.js';

export interface WeldedCorners {
  /** Per corner, its single-index vertex. */
  indices: Uint32Array;
  /** Per vertex, the coordinate vertex (cindex) and triangle vertex (tindex) it welds. */
  coordinateOf: Uint32Array;
  triangleVertexOf: Uint32Array;
}

/** Workspace bytes weldCorners takes for `count` corners. */
export function weldWorkspaceBytes(count: number, triangleVertexCount: number): number {
  return count * 20 + (triangleVertexCount + hashCapacity(count)) * 4 + 64;
}

function hashCapacity(count: number): number {
  let capacity = 1;
  while (capacity < 2 * count) capacity *= 2;
  return capacity;
}

/**
 * Unique (cindex, tindex) pairs become vertices, in order of first use. The arrays live in `ws`
 * (keep what must outlive it). Returns the corner whose index is out of range (a number) instead
 * when there is one.
 */
export function weldCorners(kernels: Kernels, ws: Workspace, cindices: IndexArray, tindices: IndexArray, coordinateCount: number, triangleVertexCount: number): WeldedCorners | number {
  const count = cindices.length;
  const c = ws.u32(count);
  const t = ws.u32(count);
  c.set(cindices);
  t.set(tindices);
  const table = ws.u32(triangleVertexCount + hashCapacity(count));
  const indices = ws.u32(count);
  const coordinateOf = ws.u32(count);
  const triangleVertexOf = ws.u32(count);
  const vertices = kernels.raw.weldIndexPairs(c, t, coordinateCount, triangleVertexCount, table, indices, coordinateOf, triangleVertexOf);
  if (vertices < 0) return -vertices - 1;
  return { indices, coordinateOf: coordinateOf.subarray(0, vertices), triangleVertexOf: triangleVertexOf.subarray(0, vertices) };
}
