import type { IndexArray } from '../../model/asset.js';
import type { Kernels, Workspace, WorkspaceLayout } from '../../kernels/kernels.js';
import { weldHashCapacity } from '../../kernels/weld-streams.js';

/** Views into the weld's workspace: each read re-derives them, so they survive memory growth. */
export interface WeldedCorners {
  vertexCount: number;
  /** Per corner, its single-index vertex. */
  indices: Uint32Array;
  /** Per vertex, the coordinate vertex (cindex) and triangle vertex (tindex) it welds. */
  coordinateOf: Uint32Array;
  triangleVertexOf: Uint32Array;
}

/** The workspace arrays weldCorners uses, for `corners` corners: merge it into the caller's layout. */
export function weldLayout(corners: number, triangleVertexCount: number) {
  return {
    weldStreams: ['u32', 2 * corners],
    weldLimits: ['u32', 2],
    weldTable: ['u32', triangleVertexCount + weldHashCapacity(corners, 2)],
    weldIndices: ['u32', corners],
    weldTuples: ['u32', 2 * corners],
  } as const satisfies WorkspaceLayout;
}

/**
 * Unique (cindex, tindex) pairs become vertices, in order of first use: the general
 * weldIndexStreams kernel over two streams, keyed by tindex (UNIGINE exporters give each tindex
 * one cindex, so the head table settles most corners without hashing). The arrays live in `ws`
 * (keep what must outlive it). Returns the corner whose index is out of range (a number) instead
 * when there is one.
 */
export function weldCorners(
  kernels: Kernels, ws: Workspace<ReturnType<typeof weldLayout>>, cindices: IndexArray, tindices: IndexArray,
  coordinateCount: number, triangleVertexCount: number,
): WeldedCorners | number {
  const a = ws.arrays;
  const count = cindices.length;
  a.weldStreams.set(cindices);
  a.weldStreams.set(tindices, count);
  a.weldLimits[0] = coordinateCount;
  a.weldLimits[1] = triangleVertexCount;
  const vertices = kernels.raw.weldIndexStreams(a.weldStreams, 2, a.weldLimits, 1, a.weldTable, a.weldIndices, a.weldTuples);
  if (vertices < 0) return -vertices - 1;
  return {
    vertexCount: vertices,
    get indices() {
      return ws.arrays.weldIndices;
    },
    get coordinateOf() {
      return ws.arrays.weldTuples.subarray(0, vertices);
    },
    get triangleVertexOf() {
      return ws.arrays.weldTuples.subarray(count, count + vertices);
    },
  };
}
