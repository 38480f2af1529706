// The (cindex, tindex) weld of a UNIGINE surface, in a workspace of its own that is released
// before the surface's attributes are built: the weld's scratch (the two index streams widened to
// u32, the head table and hash) never shares WebAssembly memory with the per-vertex arrays.
//
// Alternatives, measured on the 14 MB generated tube (one surface, wasm-simd, shared machine):
// - one weld workspace kept alive under the attribute workspace, with separate per-vertex tuple
//   outputs (the previous reader): WebAssembly memory 4.0× the file (weld 2.05×: streams 0.56,
//   table 0.65, indices 0.28, tuples 0.56; attributes 1.95×);
// - this file: tuples written over the streams in place (the kernel writes vertex v's tuple at
//   position v ≤ the corner it reads, so nothing unread is overwritten), the corners' vertices and
//   the 2 × vertexCount tuples copied out to the JavaScript heap (one 4 × corners + 8 × vertices
//   copy), the workspace released; peak memory is then the larger of the weld and the attributes.
import type { IndexArray } from '../../model/asset.js';
import type { Kernels } from '../../kernels/kernels.js';
import { weldHashCapacity } from '../../kernels/weld-streams.js';

/** A welded surface, on the JavaScript heap. */
export interface WeldedCorners {
  vertexCount: number;
  /** Per corner, its single-index vertex. */
  indices: Uint32Array;
  /** Per vertex, the coordinate vertex (cindex) and triangle vertex (tindex) it welds. */
  coordinateOf: Uint32Array;
  triangleVertexOf: Uint32Array;
}

function weldLayout(corners: number, triangleVertexCount: number) {
  return {
    weldIndices: ['u32', corners],
    // cindices then tindices; after the weld, each vertex's pair (stream-major).
    weldStreams: ['u32', 2 * corners],
    weldLimits: ['u32', 2],
    weldTable: ['u32', triangleVertexCount + weldHashCapacity(corners, 2)],
  } as const;
}

/**
 * Unique (cindex, tindex) pairs become vertices, in order of first use: the general
 * weldIndexStreams kernel over two streams, keyed by tindex (UNIGINE exporters give each tindex
 * one cindex, so the head table settles most corners without hashing). Returns the corner whose
 * index is out of range (a number) instead when there is one.
 */
export function weldCorners(kernels: Kernels, cindices: IndexArray, tindices: IndexArray, coordinateCount: number, triangleVertexCount: number): WeldedCorners | number {
  const ws = kernels.workspace(weldLayout(cindices.length, triangleVertexCount));
  try {
    const a = ws.arrays;
    const count = cindices.length;
    a.weldStreams.set(cindices);
    a.weldStreams.set(tindices, count);
    a.weldLimits[0] = coordinateCount;
    a.weldLimits[1] = triangleVertexCount;
    const streams = a.weldStreams;
    const vertices = kernels.raw.weldIndexStreams(streams, 2, a.weldLimits, 1, a.weldTable, a.weldIndices, streams);
    if (vertices < 0) return -vertices - 1;
    const tuples = new Uint32Array(2 * vertices);
    tuples.set(streams.subarray(0, vertices));
    tuples.set(streams.subarray(count, count + vertices), vertices);
    return {
      vertexCount: vertices,
      indices: ws.keep(a.weldIndices),
      coordinateOf: tuples.subarray(0, vertices),
      triangleVertexOf: tuples.subarray(vertices),
    };
  } finally {
    ws.release();
  }
}
