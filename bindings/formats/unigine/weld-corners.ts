import type { IndexArray } from '../../model/asset.js';
import type { Kernels, Workspace, WorkspaceLayout } from '../../kernels/kernels.js';

export interface WeldedCorners {
  /** Per corner, its single-index vertex. */
  indices: Uint32Array;
  /** Per vertex, the coordinate vertex (cindex) and triangle vertex (tindex) it welds. */
  coordinateOf: Uint32Array;
  triangleVertexOf: Uint32Array;
}

function hashCapacity(count: number): number {
  let capacity = 1;
  while (capacity < 2 * count) capacity *= 2;
  return capacity;
}

/** The workspace arrays weldCorners uses, for `corners` corners: merge it into the caller's layout. */
export function weldLayout(corners: number, triangleVertexCount: number) {
  return {
    weldC: ['u32', corners],
    weldT: ['u32', corners],
    weldTable: ['u32', triangleVertexCount + hashCapacity(corners)],
    weldIndices: ['u32', corners],
    weldCoordinateOf: ['u32', corners],
    weldTriangleVertexOf: ['u32', corners],
  } as const satisfies WorkspaceLayout;
}

/**
 * Unique (cindex, tindex) pairs become vertices, in order of first use. The arrays live in `ws`
 * (keep what must outlive it). Returns the corner whose index is out of range (a number) instead
 * when there is one.
 */
export function weldCorners(
  kernels: Kernels, ws: Workspace<ReturnType<typeof weldLayout>>, cindices: IndexArray, tindices: IndexArray,
  coordinateCount: number, triangleVertexCount: number,
): WeldedCorners | number {
  const a = ws.arrays;
  a.weldC.set(cindices);
  a.weldT.set(tindices);
  const vertices = kernels.raw.weldIndexPairs(a.weldC, a.weldT, coordinateCount, triangleVertexCount, a.weldTable, a.weldIndices, a.weldCoordinateOf, a.weldTriangleVertexOf);
  if (vertices < 0) return -vertices - 1;
  return { indices: a.weldIndices, coordinateOf: a.weldCoordinateOf.subarray(0, vertices), triangleVertexOf: a.weldTriangleVertexOf.subarray(0, vertices) };
}
