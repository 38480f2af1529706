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
// - the corners' vertices narrowed to 16 or 8 bits in place before that copy (this file now):
//   on the speed bar's tiled mrfixit (80k corners) the uint32 copy out, the copy back into the
//   attribute workspace and the narrowing there are gone; both workspaces are smaller.
// - surfaces whose weld is the identity (cindex = tindex, first uses in order, every vertex used;
//   meshcodec's own files of first-use-ordered meshes, such as the speed bar's door): no per-vertex
//   gathers (the stored arrays are copied straight to the vertices). First checked by a TypeScript
//   loop over the staged streams before the kernel (door ×22 1.14× faster than the plain weld);
//   checking on the stored streams before any workspace measured 0.97–1.11× of that, not kept.
// - surfaces whose corners all have cindex = tindex (this file now: meshcodec writes cindices =
//   tindices, whatever the order of first uses): the weldSharedIndices kernel, one value per corner,
//   a head table and no tuple compares, one array of vertex values for both coordinateOf and
//   triangleVertexOf; it also says whether the weld is the identity, which replaces the TypeScript
//   check. A corner with cindex ≠ tindex stops it, and weldIndexStreams starts over (at most one
//   wasted pass; the corpus's UNIGINE files differ within their first triangle).
//   Measured interleaved against the tree before (README § "End to end").
//   A branch-free weld loop (the vertex chosen by a select, the tuple and head stored every
//   corner) measured 1.5× slower than the branching one on tiled mrfixit and was not kept.
import type { IndexArray } from '../../model/asset.js';
import { indexWidthFor, type Kernels } from '../../kernels/kernels.js';
import { weldHashCapacity } from '../../kernels/weld-streams.js';
import type { ArraySource } from './stored-arrays.js';

/** A welded surface, on the JavaScript heap. */
export interface WeldedCorners {
  vertexCount: number;
  /** Per corner, its single-index vertex, at the narrowest width that holds vertexCount (indexWidthFor). */
  indices: IndexArray;
  /** Per vertex, the coordinate vertex (cindex) and triangle vertex (tindex) it welds (the same array when every corner's cindex is its tindex). */
  coordinateOf: Uint32Array;
  triangleVertexOf: Uint32Array;
  /**
   * Whether vertex v is coordinate vertex v and triangle vertex v for every v, and the surface
   * has as many of each as vertices: its attributes are the stored arrays as they are.
   */
  identity: boolean;
}

function weldLayout(corners: number, triangleVertexCount: number) {
  return {
    weldIndices: ['u32', corners],
    // cindices then tindices; after the weld, each vertex's pair (stream-major).
    weldStreams: ['u32', 2 * corners],
    weldLimits: ['u32', 2],
    weldIdentity: ['u32', 1],
    weldTable: ['u32', triangleVertexCount + weldHashCapacity(corners, 2)],
  } as const;
}

/**
 * Unique (cindex, tindex) pairs become vertices, in order of first use: weldSharedIndices while
 * every corner's cindex is its tindex, else the general weldIndexStreams kernel over two streams,
 * keyed by tindex (UNIGINE exporters give each tindex one cindex, so the head table settles most
 * corners without hashing). Returns the corner whose index is out of range (a number) instead
 * when there is one.
 */
export function weldCorners(kernels: Kernels, cindices: ArraySource, tindices: ArraySource, coordinateCount: number, triangleVertexCount: number): WeldedCorners | number {
  const ws = kernels.workspace(weldLayout(cindices.length, triangleVertexCount));
  try {
    const a = ws.arrays;
    const count = cindices.length;
    stageWidened(kernels, cindices, a.weldStreams.subarray(0, count), a.weldIndices);
    stageWidened(kernels, tindices, a.weldStreams.subarray(count), a.weldIndices);
    const streams = a.weldStreams;
    const shared = kernels.raw.weldSharedIndices(streams, coordinateCount, triangleVertexCount, a.weldTable, a.weldIndices, streams, a.weldIdentity);
    if (shared >= 0) {
      // Every corner's cindex is its tindex: one value per vertex, both its coordinate and its triangle vertex.
      const vertexOf = streams.slice(0, shared);
      return {
        vertexCount: shared,
        indices: ws.keep(narrowInPlace(kernels, a.weldIndices, shared)),
        coordinateOf: vertexOf,
        triangleVertexOf: vertexOf,
        identity: count > 0 && a.weldIdentity[0] === 1 && shared === triangleVertexCount && coordinateCount === triangleVertexCount,
      };
    }
    if (shared >= -count) return -shared - 1;
    // Corner `differs` has cindex ≠ tindex: the cindices before it, which equal their tindices,
    // are put back where the kernel wrote its vertices' values, and the general weld starts over.
    const differs = -shared - 1 - count;
    streams.copyWithin(0, count, count + differs);
    a.weldLimits[0] = coordinateCount;
    a.weldLimits[1] = triangleVertexCount;
    const vertices = kernels.weldIndexStreams(streams, 2, a.weldLimits, 1, a.weldTable, a.weldIndices, streams);
    if (vertices < 0) return -vertices - 1;
    const tuples = new Uint32Array(2 * vertices);
    tuples.set(streams.subarray(0, vertices));
    tuples.set(streams.subarray(count, count + vertices), vertices);
    return {
      vertexCount: vertices,
      indices: ws.keep(narrowInPlace(kernels, a.weldIndices, vertices)),
      coordinateOf: tuples.subarray(0, vertices),
      triangleVertexOf: tuples.subarray(vertices),
      identity: false,
    };
  } finally {
    ws.release();
  }
}

/**
 * One stream of stored indices (1, 2 or 4 bytes each) as uint32 in `into`: 4-byte indices copied
 * as they are, narrower ones read in place when in memory, else their bytes staged in `scratch`
 * (the weld's output, written only later) and widened from there: a parse never copies them
 * out of the file first.
 */
function stageWidened(kernels: Kernels, source: ArraySource, into: Uint32Array, scratch: Uint32Array): void {
  const { stored, length } = source;
  if (source.bytesPerElement === 4 || !stored) {
    source.copyInto(into);
    return;
  }
  const staged = source.bytesPerElement === 1 ? new Uint8Array(scratch.buffer, scratch.byteOffset, length) : new Uint16Array(scratch.buffer, scratch.byteOffset, length);
  source.copyInto(staged);
  kernels.widenIndices(staged, into as Uint32Array<ArrayBuffer>);
}

/**
 * The corners' vertices at the width the Mesh keeps (indexWidthFor), narrowed over their own
 * uint32 array (element i is written at byte 2i or i, never past byte 4i, which is read first)
 * before the copy out: the copy is then 2 or 1 bytes a corner, not 4, and the attribute
 * workspace needs neither the uint32 indices back nor narrow ones of its own. Every index is
 * below `vertexCount`, so narrowing cannot fail.
 */
function narrowInPlace(kernels: Kernels, indices: Uint32Array, vertexCount: number): IndexArray {
  const width = indexWidthFor(vertexCount);
  if (width === 4) return indices;
  // On js the workspace arrays are the kept ones: narrow into arrays of their own there, so that
  // a Mesh's indices do not hold a buffer twice their size.
  const inPlace = kernels.backend !== 'js';
  const { buffer, byteOffset, length } = indices;
  if (width === 2) {
    const narrow = inPlace ? new Uint16Array(buffer, byteOffset, length) : new Uint16Array(length);
    kernels.raw.narrowU32ToU16(indices, narrow);
    return narrow;
  }
  const narrow = inPlace ? new Uint8Array(buffer, byteOffset, length) : new Uint8Array(length);
  kernels.raw.narrowU32ToU8(indices, narrow);
  return narrow;
}
