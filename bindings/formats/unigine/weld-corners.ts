import type { IndexArray } from '../../model/asset.js';
import type { Kernels, Workspace } from '../../kernels/kernels.js';
import { weldHashCapacity } from '../../kernels/weld-streams.js';

export interface WeldedCorners {
  /** Per corner, its single-index vertex. */
  indices: Uint32Array;
  /** Per vertex, the coordinate vertex (cindex) and triangle vertex (tindex) it welds. */
  coordinateOf: Uint32Array;
  triangleVertexOf: Uint32Array;
}

/** Workspace bytes weldCorners takes for `count` corners. */
export function weldWorkspaceBytes(count: number, triangleVertexCount: number): number {
  return count * 20 + (triangleVertexCount + weldHashCapacity(count, 2)) * 4 + 8 + 64;
}

/**
 * Unique (cindex, tindex) pairs become vertices, in order of first use: the general
 * weldIndexStreams kernel over two streams, keyed by tindex (UNIGINE exporters give each tindex
 * one cindex, so the head table settles most corners without hashing). The arrays live in `ws`
 * (keep what must outlive it). Returns the corner whose index is out of range (a number) instead
 * when there is one.
 */
export function weldCorners(kernels: Kernels, ws: Workspace, cindices: IndexArray, tindices: IndexArray, coordinateCount: number, triangleVertexCount: number): WeldedCorners | number {
  const count = cindices.length;
  const streams = ws.u32(2 * count);
  streams.set(cindices);
  streams.set(tindices, count);
  const limits = ws.u32(2);
  limits[0] = coordinateCount;
  limits[1] = triangleVertexCount;
  const table = ws.u32(triangleVertexCount + weldHashCapacity(count, 2));
  const indices = ws.u32(count);
  const tuples = ws.u32(2 * count);
  const vertices = kernels.raw.weldIndexStreams(streams, 2, limits, 1, table, indices, tuples);
  if (vertices < 0) return -vertices - 1;
  return { indices, coordinateOf: tuples.subarray(0, vertices), triangleVertexOf: tuples.subarray(count, count + vertices) };
}
