/**
 * The contract both backends implement: one function per AssemblyScript kernel, over typed
 * arrays, with the destination supplied by the caller at the right length. The js backend
 * implements it directly (the twins); the wasm backend runs the exported kernel on pointers,
 * without copying arrays that already live in its memory (see Workspace).
 * Callers go through `Kernels`, which checks lengths and allocates destinations.
 */
export type QuantizeMode = 'truncate' | 'round';

export interface RawKernels {
  dequantizeUnorm16(src: Uint16Array, components: number, min: Float32Array, size: Float32Array, dst: Float32Array): void;
  quantizeUnorm16(src: Float32Array, components: number, min: Float32Array, size: Float32Array, round: boolean, dst: Uint16Array): void;
  compressNormals(src: Float32Array, dst: Uint16Array): void;
  decompressNormals(src: Uint16Array, dst: Float32Array): void;
  decodeSnorm8(src: Uint8Array, dst: Float32Array): void;
  encodeSnorm8(src: Float32Array, dst: Uint8Array): void;
  decodeSnorm16(src: Int16Array, dst: Float32Array): void;
  encodeSnorm16(src: Float32Array, dst: Int16Array): void;
  /** Largest value, 0 when empty. */
  maxIndexU32(src: Uint32Array): number;
  widenU8ToU32(src: Uint8Array, dst: Uint32Array): void;
  widenU16ToU32(src: Uint16Array, dst: Uint32Array): void;
  /** −1 when every value fits, else the position of the first that does not. */
  narrowU32ToU16(src: Uint32Array, dst: Uint16Array): number;
  narrowU32ToU8(src: Uint32Array, dst: Uint8Array): number;
  /** IQM: 10 floats per pose per frame; poses = masks.length, 10 offsets and scales each. */
  dequantizeIqmFrames(frames: Uint16Array, frameCount: number, masks: Uint32Array, offsets: Float32Array, scales: Float32Array, dst: Float32Array): void;
  /**
   * UNIGINE an10 frames (flags with carry-forward, uint16 over box min/size, snorm16 rotations)
   * to bone-major dense tracks; −1, or the first frame entry a stream cannot serve.
   */
  expandQuantizedFrames(flags: Uint8Array, frameCount: number, boneCount: number, positions: Uint16Array, rotations: Int16Array, scales: Uint16Array, box: Float32Array, initial: Float32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array): number;
  /** The same for ms11 embedded frames (float32 positions and scales). */
  expandFloatFrames(flags: Uint8Array, frameCount: number, boneCount: number, positions: Float32Array, rotations: Int16Array, scales: Float32Array, initial: Float32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array): number;
  /** UNIGINE tangent-space quaternions to normals (3 each) and tangents with handedness (4 each). */
  tangentFrames(quats: Int16Array, dstNormals: Float32Array, dstTangents: Float32Array): void;
  /**
   * Welds `streamCount` index streams (stream-major in `streams`, corners = dstIndices.length)
   * into single-index vertices; returns the vertex count, or −(corner + 1) for a value not below
   * its stream's limit. `table`: limits[keyStream] slots, then a power of two (≥ 2 × corners,
   * or none for one stream) of hash slots. dstTuples: streamCount × corners, stream-major.
   */
  weldIndexStreams(streams: Uint32Array, streamCount: number, limits: Uint32Array, keyStream: number, table: Uint32Array, dstIndices: Uint32Array, dstTuples: Uint32Array): number;
  /**
   * UNIGINE writer: normals (3 each) and tangents with handedness (4 each; ignored without
   * `hasTangents`: a tangent perpendicular to the normal, handedness +1) to snorm16 tangent-space
   * quaternions (4 per vertex; vertices = dst.length / 4).
   */
  encodeTangentFrames(normals: Float32Array, tangents: Float32Array, hasTangents: boolean, dst: Int16Array): void;
  /** dst[i] = src[indices[i]] for elements of `components` floats; −1, or the first position whose index is out of range. */
  gatherComponents(src: Float32Array, components: number, indices: Uint32Array, dst: Float32Array): number;
  /**
   * ASCII whitespace-separated numbers to float32, each exactly Math.fround(Number(token)).
   * Returns the count, or −(offset + 1) of the first token that is not a number or does not fit in `dst`.
   */
  parseFloats(text: Uint8Array, dst: Float32Array): number;
  /**
   * Welds vertices whose `stride` words are all equal; returns the vertex count. dstIndices: the
   * welded vertex of each input vertex; dstFirst: for each welded vertex, its first input vertex.
   * `table`: a power of two (≥ 2 × count) of hash slots.
   */
  weldVertices(words: Uint32Array, stride: number, table: Uint32Array, dstIndices: Uint32Array, dstFirst: Uint32Array): number;
  /** Largest value, 0 when empty. */
  maxIndexU16(src: Uint16Array): number;
  /** Largest value, 0 when empty. */
  maxIndexU8(src: Uint8Array): number;
  /**
   * The number of distinct values in `src`, each below `limit` (`seen`: at least `limit` bytes of
   * scratch); −(i + 1) for the first position i whose value is not below `limit`.
   */
  countUsedValues(src: Uint32Array, limit: number, seen: Uint8Array): number;
  /**
   * Base64 characters (padding removed, length % 4 ≠ 1) to bytes: dst.length = ⌊n / 4⌋ × 3, plus 1
   * or 2 for a final group of 2 or 3 characters. −1, or the position of the first character outside the alphabet.
   */
  decodeBase64(src: Uint8Array, dst: Uint8Array): number;
  /**
   * glTF normalized integers to float32 (unsigned c / max, signed max(c / max, −1)): elements of
   * `components` values, `step` values apart in `src`; elements = dst.length / components.
   */
  decodeNormalizedI8(src: Int8Array, step: number, components: number, dst: Float32Array): void;
  decodeNormalizedU8(src: Uint8Array, step: number, components: number, dst: Float32Array): void;
  decodeNormalizedI16(src: Int16Array, step: number, components: number, dst: Float32Array): void;
  decodeNormalizedU16(src: Uint16Array, step: number, components: number, dst: Float32Array): void;
}
