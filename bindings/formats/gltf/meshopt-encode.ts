/**
 * EXT_meshopt_compression for writers: compress one bufferView's bytes, make the filtered
 * (octahedral / quaternion / exponential) bytes the filters decode, reorder a mesh for the
 * vertex cache and vertex fetch first, and describe the fallback buffer. All through the
 * `meshoptimizer` package's encoder, which must be loaded first: `await initMeshopt()`
 * (meshopt-module.ts says why it is lazy); before that every function here throws a
 * MeshFormatError (UNSUPPORTED) that says so.
 *
 * The writer lays out the buffer; this module only turns bytes into bytes plus the extension
 * object, whose `buffer` / `byteOffset` the writer gives (or patches) once it knows them. It
 * encodes with the vertex codec's version 0, the one EXT_meshopt_compression defines (version 1
 * is KHR_meshopt_compression's).
 *
 * Reordering alternatives: `MeshoptEncoder.reorderMesh` (vertex-cache order, then fetch order:
 * what gltfpack does) against the simplifier module's remap functions (another 68 kB module for
 * the same two passes); reorderMesh it is. Unlike gltfpack, vertices no index references are
 * kept (appended after the referenced ones), so reordering never loses data. Triangle lists are
 * put in strip order (`optimizeVertexCacheStrip`, reorderMesh's `optsize`), as gltfpack -cc does,
 * not the vertex-cache order for a GPU's post-transform cache: measured on the reorder alone, one
 * interleaved run on the shared 2-core machine, Box47.mesh's 228,909 indices 35.6 → 25.6 ms and
 * 2CylinderEngine.glb's 364,488 43.2 → 31.3 ms; the compressed files are smaller too (Box47.mesh
 * 1,287,376 → 1,271,408 bytes, 2CylinderEngine.glb 773,204 → 740,164, arm.mesh 95,184 → 93,152),
 * as meshoptimizer documents for strip order; at gltfpack's precision Box47.mesh 973,744 → 963,492
 * bytes, arm.mesh 73,792 → 71,884, QBZ95_long.mesh 70,004 → 69,284, mrfixit.iqm 564,160 → 563,596.
 */
import { MeshFormatError } from '../../io/errors.js';
import { meshoptEncoder } from './meshopt-module.js';
import { writerUint32 } from './writer-arena.js';
import { scatterElements } from './move-elements.js';
import { meshoptViewProblem, type MeshoptFilter, type MeshoptMode, type MeshoptViewExtension } from './meshopt-rules.js';

export { EXT_MESHOPT_COMPRESSION, MESHOPT_FILTERS, MESHOPT_MODES, type MeshoptFilter, type MeshoptMode, type MeshoptViewExtension } from './meshopt-rules.js';
export { initMeshopt, meshoptReady } from './meshopt-module.js';

/** One bufferView's uncompressed data, as the writer would have stored it. */
export interface MeshoptViewSource {
  /** count × byteStride bytes, little-endian (already filtered when `filter` is not NONE). */
  bytes: Uint8Array;
  /** Elements (vertices, indices, keys). */
  count: number;
  /** Bytes per element: the vertex stride, or 2 / 4 for indices. */
  byteStride: number;
  /**
   * ATTRIBUTES (vertex data, animation data): decoded byte for byte. TRIANGLES (a triangle list's
   * indices): the same triangles in the same order and winding, but a triangle's corners may come
   * back rotated. INDICES (other indices): byte for byte.
   */
  mode: MeshoptMode;
  /** The filter the decoder applies after decompressing (the bytes must come from the matching *Filter function below). */
  filter?: MeshoptFilter;
}

export const MESHOPT_ENCODE_DEFAULTS = {
  /** Index of the buffer that will hold the compressed bytes. */
  buffer: 0,
  /** Where in it (keep it a multiple of 4). */
  byteOffset: 0,
  filter: 'NONE' as MeshoptFilter,
};

/** The compressed bytes and the bufferView extension object that describes them. */
export interface MeshoptEncodedView {
  bytes: Uint8Array;
  extension: MeshoptViewExtension;
}

/**
 * Compresses one bufferView. `placement` sets the extension's `buffer` and `byteOffset`
 * (default 0, 0). The view itself keeps `byteLength` = count × byteStride (and `byteStride` for
 * vertex data) and points into the fallback buffer (see meshoptFallbackBuffer).
 */
export function encodeMeshoptView(source: MeshoptViewSource, placement?: { buffer?: number; byteOffset?: number }): MeshoptEncodedView {
  // The placement read key by key (a spread of the defaults and the placement made two objects per view).
  const buffer = placement?.buffer ?? MESHOPT_ENCODE_DEFAULTS.buffer;
  const byteOffset = placement?.byteOffset ?? MESHOPT_ENCODE_DEFAULTS.byteOffset;
  const filter = source.filter ?? MESHOPT_ENCODE_DEFAULTS.filter;
  const problem = meshoptViewProblem(source.mode, filter, source.byteStride, source.count);
  if (problem) badOption(problem);
  if (source.bytes.length !== source.count * source.byteStride) badOption(`the view has ${source.bytes.length} bytes, not count × byteStride = ${source.count * source.byteStride}`);
  const bytes = meshoptEncoder().encodeGltfBuffer(source.bytes, source.count, source.byteStride, source.mode, 0);
  const extension: MeshoptViewExtension = filter !== 'NONE'
    ? { buffer, byteOffset, byteLength: bytes.length, byteStride: source.byteStride, count: source.count, mode: source.mode, filter }
    : { buffer, byteOffset, byteLength: bytes.length, byteStride: source.byteStride, count: source.count, mode: source.mode };
  return { bytes, extension };
}

/**
 * The JSON of a fallback buffer: `byteLength` bytes that the compressed views stand for, with no
 * data (a loader without the extension cannot read the file; list it in extensionsRequired).
 */
export function meshoptFallbackBuffer(byteLength: number): { byteLength: number; extensions: { EXT_meshopt_compression: { fallback: true } } } {
  return { byteLength, extensions: { EXT_meshopt_compression: { fallback: true } } };
}

/**
 * Unit vectors (4 floats per element: x, y, z and w, where w is a tangent's sign or 0 for
 * normals) to the OCTAHEDRAL filter's bytes: `byteStride` 4 (int8 × 4, `bits` ≤ 8) or 8
 * (int16 × 4, `bits` ≤ 16). Decoded they are normalized signed x, y, z, w.
 */
export function octahedralFilter(values: Float32Array, count: number, byteStride: 4 | 8, bits: number): Uint8Array {
  checkFloats(values, count, 4);
  if (byteStride !== 4 && byteStride !== 8) badOption(`the OCTAHEDRAL filter writes 4 or 8 bytes per element, not ${byteStride}`);
  if (!Number.isInteger(bits) || bits < 2 || bits > byteStride * 2) badOption(`the OCTAHEDRAL filter takes 2 to ${byteStride * 2} bits with byteStride ${byteStride}, not ${bits}`);
  return meshoptEncoder().encodeFilterOct(values, count, byteStride, bits);
}

/** Unit quaternions (x, y, z, w) to the QUATERNION filter's 8 bytes each (`bits` 4–16); decoded, normalized int16 × 4. */
export function quaternionFilter(values: Float32Array, count: number, bits: number): Uint8Array {
  checkFloats(values, count, 4);
  if (!Number.isInteger(bits) || bits < 4 || bits > 16) badOption(`the QUATERNION filter takes 4 to 16 bits, not ${bits}`);
  return meshoptEncoder().encodeFilterQuat(values, count, 8, bits);
}

/** How the EXPONENTIAL filter shares exponents (meshoptimizer's modes). */
export type MeshoptExponentMode = 'Separate' | 'SharedVector' | 'SharedComponent' | 'Clamped';

/**
 * Floats (byteStride / 4 per element) to the EXPONENTIAL filter's bytes, keeping `bits` (1–24)
 * of mantissa; decoded they are float32 again, rounded to those bits.
 */
export function exponentialFilter(values: Float32Array, count: number, byteStride: number, bits: number, mode: MeshoptExponentMode = 'SharedVector'): Uint8Array {
  if (!Number.isInteger(byteStride) || byteStride < 4 || byteStride % 4 !== 0 || byteStride > 256) badOption(`the EXPONENTIAL filter needs a byteStride that is a multiple of 4 up to 256, not ${byteStride}`);
  checkFloats(values, count, byteStride / 4);
  if (!Number.isInteger(bits) || bits < 1 || bits > 24) badOption(`the EXPONENTIAL filter takes 1 to 24 bits, not ${bits}`);
  return meshoptEncoder().encodeFilterExp(values, count, byteStride, bits, mode);
}

/** A mesh reordered for the GPU and for compression. */
export interface MeshoptReorder {
  /** The indices, rewritten to the new vertex numbers (and, for triangles, in vertex-cache order). */
  indices: Uint32Array;
  /** remap[old vertex] = new vertex, for every one of the `vertexCount` vertices. */
  remap: Uint32Array;
}

/**
 * Vertex-cache order for a triangle list (`triangles`; a point or line list keeps its order),
 * then vertex-fetch order: vertices numbered as the indices first use them. Vertices no index
 * names are kept, numbered after the used ones in their old order. Apply `remap` to each vertex
 * attribute with remapElements.
 */
export function reorderForMeshopt(indices: ArrayLike<number>, vertexCount: number, triangles = true): MeshoptReorder {
  if (!Number.isSafeInteger(vertexCount) || vertexCount < 0) badOption(`vertexCount ${vertexCount} is not a non-negative integer`);
  if (triangles && indices.length % 3 !== 0) badOption(`${indices.length} indices are not whole triangles`);
  // A copy by `set` (Uint32Array.from walks an iterator: 6 % of 2CylinderEngine.glb's optimized
  // encode); unsigned integer arrays need only the range check, others every value compared.
  const reordered = new Uint32Array(indices.length);
  reordered.set(indices);
  const exact = indices instanceof Uint32Array || indices instanceof Uint16Array || indices instanceof Uint8Array;
  const bad = exact ? firstAtOrAbove(reordered, vertexCount) : firstChanged(reordered, indices, vertexCount);
  if (bad >= 0) badOption(`index ${indices[bad]} at ${bad} is not a vertex of the ${vertexCount}`);
  return reorderedCopy(reordered, vertexCount, triangles);
}

/**
 * reorderForMeshopt for indices already checked (the writer's, after validateAsset or its own
 * welding): whole triangles when `triangles`, each below `vertexCount`. Skips the range check,
 * a pass over every index (0.9 % of Box47.mesh's optimized encode).
 */
export function reorderCheckedForMeshopt(indices: Uint8Array | Uint16Array | Uint32Array, vertexCount: number, triangles = true): MeshoptReorder {
  const reordered = writerUint32(indices.length);
  reordered.set(indices);
  return reorderedCopy(reordered, vertexCount, triangles);
}

/** reorderForMeshopt's reorder of its own copy of the indices, in place. */
function reorderedCopy(reordered: Uint32Array, vertexCount: number, triangles: boolean): MeshoptReorder {
  if (reordered.length === 0) {
    const remap = new Uint32Array(vertexCount);
    for (let v = 0; v < vertexCount; v++) remap[v] = v;
    return { indices: reordered, remap };
  }
  const [used, unique] = meshoptEncoder().reorderMesh(reordered, triangles, triangles);
  // Every vertex used (the usual case): meshoptimizer's own remap is the whole answer, a new
  // array of its own (no copy into another: one allocation and one pass fewer per mesh).
  if (unique === vertexCount && used.length === vertexCount) return { indices: reordered, remap: used };
  const remap = new Uint32Array(vertexCount);
  fillRemap(remap, used, unique);
  return { indices: reordered, remap };
}

/**
 * remap[v] = used[v] for the vertices the indices use, the next numbers from `unique` for the
 * others. A loop of its own: V8 threw away its on-stack-replaced code at the return after it,
 * on every call (6.7 % of Box47.mesh's optimized encode).
 */
export function fillRemap(remap: Uint32Array, used: Uint32Array, unique: number): number {
  let next = unique;
  // The vertices up to the highest index, then the rest (one comparison and one load per vertex,
  // not two of each: this loop was a tenth of reorderForMeshopt's own time on 2CylinderEngine.glb).
  const end = Math.min(used.length, remap.length);
  let v = 0;
  for (; v < end; v++) {
    const u = used[v]!;
    remap[v] = u !== 0xffffffff ? u : next++;
  }
  for (; v < remap.length; v++) remap[v] = next++;
  return next;
}

/** The first position of a value ≥ `limit`, or −1. */
function firstAtOrAbove(values: Uint32Array, limit: number): number {
  for (let i = 0; i < values.length; i++) if (values[i]! >= limit) return i;
  return -1;
}

/** The first position where `copy` is not `source`'s value (not a uint32) or is ≥ `limit`, or −1. */
function firstChanged(copy: Uint32Array, source: ArrayLike<number>, limit: number): number {
  for (let i = 0; i < copy.length; i++) if (copy[i]! >= limit || copy[i] !== source[i]) return i;
  return -1;
}

/** One attribute's elements (`byteStride` bytes each) moved to their new places: out[remap[v]] = in[v]. */
export function remapElements(bytes: Uint8Array, byteStride: number, remap: Uint32Array): Uint8Array {
  if (bytes.length !== remap.length * byteStride) badOption(`${bytes.length} bytes are not ${remap.length} elements of ${byteStride}`);
  const out = new Uint8Array(bytes.length);
  scatterElements(bytes, out, byteStride, remap);
  return out;
}

function checkFloats(values: Float32Array, count: number, perElement: number): void {
  if (!Number.isSafeInteger(count) || count < 0 || values.length < count * perElement) badOption(`${values.length} floats are not ${count} elements of ${perElement}`);
}

function badOption(detail: string): never {
  throw new MeshFormatError({ code: 'BAD_OPTION', format: 'gltf' }, `EXT_meshopt_compression: ${detail}`);
}
