import type { Kernels } from './kernels.js';

export interface WeldedStreams {
  /** Per corner, its single-index vertex. */
  indices: Uint32Array;
  /** Per stream, per vertex: the value of that stream the vertex was made from. */
  tuples: Uint32Array[];
}

/** Hash slots the weld needs for `corners` corners of `streamCount` streams (none for one stream). */
export function weldHashCapacity(corners: number, streamCount: number): number {
  if (streamCount <= 1) return 0;
  let capacity = 1;
  while (capacity < 2 * corners) capacity *= 2;
  return capacity;
}

/**
 * Welds index streams of equal length (one per attribute) into single-index vertices, first use
 * first, with the weldIndexStreams kernel. `limits[s]` is the element count stream s indexes.
 * The stream with the largest limit keys the head table (it settles the most corners without
 * hashing). Returns the first corner holding a value out of range (a number) instead when there is one.
 */
export function weldStreams(kernels: Kernels, streams: readonly Uint32Array[], limits: readonly number[]): WeldedStreams | number {
  const streamCount = streams.length;
  const corners = streams[0]?.length ?? 0;
  if (streamCount === 0 || limits.length !== streamCount || streams.some((s) => s.length !== corners)) {
    throw new RangeError(`weldStreams needs one or more streams of equal length and one limit per stream`);
  }
  let keyStream = 0;
  for (let s = 1; s < streamCount; s++) if (limits[s]! > limits[keyStream]!) keyStream = s;
  const packed = new Uint32Array(streamCount * corners);
  streams.forEach((stream, s) => packed.set(stream, s * corners));
  const table = new Uint32Array(limits[keyStream]! + weldHashCapacity(corners, streamCount));
  const indices = new Uint32Array(corners);
  const tuples = new Uint32Array(streamCount * corners);
  const vertices = kernels.weldIndexStreams(packed, streamCount, Uint32Array.from(limits), keyStream, table, indices, tuples);
  if (vertices < 0) return -vertices - 1;
  return { indices, tuples: streams.map((_, s) => tuples.subarray(s * corners, s * corners + vertices)) };
}
