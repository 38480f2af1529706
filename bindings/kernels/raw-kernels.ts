/**
 * The contract both backends implement: one function per AssemblyScript kernel, over typed
 * arrays, with the destination supplied by the caller at the right length. The js backend
 * implements it directly (the twins); the wasm backend runs the exported kernel on pointers,
 * without copying arrays that already live in its memory (see Workspace).
 * Callers go through `Kernels`, which checks lengths and allocates destinations.
 */
import type { IndexArray } from '../model/asset.js';

export type QuantizeMode = 'truncate' | 'round';

/**
 * NaNs: every kernel keeps the bits of a float32 it moves (signalling NaNs and payloads too) and
 * writes a NaN its arithmetic makes as 0x7fc00000 (float64 results: 0x7ff8000000000000), on
 * every backend (see assembly/canonical-nan.ts).
 */
export interface RawKernels {
  dequantizeUnorm16(src: Uint16Array, components: number, min: Float32Array, size: Float32Array, dst: Float32Array): void;
  /** dequantizeUnorm16 with each value's bits XORed with signs[c] (0 or 0x80000000: an exact negation). */
  dequantizeUnorm16Signs(src: Uint16Array, components: number, min: Float32Array, size: Float32Array, signs: Uint32Array, dst: Float32Array): void;
  /** decodeSnorm8 over `components` per element, each value's bits XORed with signs[c]. */
  decodeSnorm8Signs(src: Uint8Array, components: number, signs: Uint32Array, dst: Float32Array): void;
  quantizeUnorm16(src: Float32Array, components: number, min: Float32Array, size: Float32Array, round: boolean, dst: Uint16Array): void;
  /** quantizeUnorm16 of each value with its bits XORed with signs[c] first (0 or 0x80000000: an exact negation). */
  quantizeUnorm16Signs(src: Float32Array, components: number, min: Float32Array, size: Float32Array, signs: Uint32Array, round: boolean, dst: Uint16Array): void;
  /** encodeSnorm8 over `components` per element, each value's bits XORed with signs[c] first. */
  encodeSnorm8Signs(src: Float32Array, components: number, signs: Uint32Array, dst: Uint8Array): void;
  /** The index of the first NaN or ±Infinity, or −1. */
  firstNonFiniteF32(src: Float32Array): number;
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
  /** As dequantizeIqmFrames, laid out per pose: frameCount × 3 translations, × 4 rotations, × 3 scales (an animation's tracks). */
  dequantizeIqmTracks(frames: Uint16Array, frameCount: number, masks: Uint32Array, offsets: Float32Array, scales: Float32Array, dst: Float32Array): void;
  /**
   * UNIGINE an10 frames (flags with carry-forward, uint16 over box min/size, snorm16 rotations)
   * to bone-major dense tracks; −1, or the first frame entry a stream cannot serve.
   */
  expandQuantizedFrames(flags: Uint8Array, frameCount: number, boneCount: number, positions: Uint16Array, rotations: Int16Array, scales: Uint16Array, box: Float32Array, initial: Float32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array): number;
  /** The same for ms11 embedded frames (float32 positions and scales). */
  expandFloatFrames(flags: Uint8Array, frameCount: number, boneCount: number, positions: Float32Array, rotations: Int16Array, scales: Float32Array, initial: Float32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array): number;
  /**
   * Frame records (a flag byte, then its flagged values: positions, a rotation, scales) read where
   * they lie, to keyCount[b] keys of animated bone b from key keyFirst[b] on (assembly/unigine.ts);
   * −1, or the frame entry whose record runs past the end of `records`.
   */
  expandFloatFrameRecords(records: Uint8Array, frames: number, boneCount: number, initial: Float32Array, keyFirst: Uint32Array, keyCount: Uint32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array): number;
  /** expandFloatFrameRecords for an10 records (uint16 positions and scales, dequantized with `box`). */
  expandQuantizedFrameRecords(records: Uint8Array, frames: number, boneCount: number, box: Float32Array, initial: Float32Array, keyFirst: Uint32Array, keyCount: Uint32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array): number;
  /**
   * UNIGINE tangent-space quaternions to normals (3 each) and tangents with handedness (4 each).
   * `quats` may be the upper half of `dstTangents` (its last 8 × count bytes): every backend reads
   * a quaternion before writing over it, four at a time at most.
   */
  tangentFrames(quats: Int16Array, dstNormals: Float32Array, dstTangents: Float32Array): void;
  /**
   * Welds `streamCount` index streams (stream-major in `streams`, corners = dstIndices.length)
   * into single-index vertices; returns the vertex count, or −(corner + 1) for a value not below
   * its stream's limit. `table`: limits[keyStream] slots, then a power of two (≥ 2 × corners,
   * or none for one stream) of hash slots. dstTuples: streamCount × corners, stream-major (may be `streams` itself: the tuples are written over it).
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
  /** apg key lines `t TIME WORD v…` of `fields` fields, the words (WORD as 3 little-endian bytes of `word`) blanked in place: the line count, or −1. */
  blankKeyLines(text: Uint8Array, word: number, fields: number): number;
  /**
   * apg key lines `t TIME WORD v…` read in one pass (WORD: 3 little-endian bytes of `word`): times
   * to `times` (its length: the most keys taken), `components` values per key to `values` (room
   * for times.length × components, else RangeError). The key count, or −1 when any line differs
   * (then the arrays' contents are unspecified).
   */
  parseKeyLines(text: Uint8Array, word: number, components: number, times: Float32Array, values: Float32Array): number;
  /**
   * apg rows of `width` float32 values in their shortest read-back text, space-separated, "\n"
   * after each, into dst (room for floatRowsBytes(values.length), else RangeError): the bytes written.
   */
  formatFloatRows(values: Float32Array, width: number, dst: Uint8Array): number;
  /** apg key lines `t TIME WORD v…` (WORD: 3 little-endian bytes of `word`) into dst (room for keyLinesBytes): the bytes written. */
  formatKeyLines(times: Float32Array, values: Float32Array, components: number, word: number, dst: Uint8Array): number;
  /**
   * Welds vertices whose `stride` words are all equal; returns the vertex count. dstIndices: the
   * welded vertex of each input vertex; dstFirst: for each welded vertex, its first input vertex.
   * `table`: a power of two (≥ 2 × count) of hash slots.
   */
  weldVertices(words: Uint32Array, stride: number, table: Uint32Array, dstIndices: Uint32Array, dstFirst: Uint32Array): number;
  /** dst[i] = src[indices[i]] / 255 per component (8-bit unorm to float32); −1, or the first position whose index is out of range. */
  gatherUnorm8(src: Uint8Array, components: number, indices: Uint32Array, dst: Float32Array): number;
  /**
   * Variable-length skin records (`counts` per source vertex, 0–4; then `bones` and `values` =
   * weight × 65535) to four joints (jointOf[bone]) and weights (value / 65535) per output vertex
   * of source vertexOf[i]; `first` is scratch (counts.length + 1). −1; −2 too few records, −3 a
   * count above 4, −4 a bone outside jointOf; or the first position whose vertexOf is out of range.
   */
  gatherSkinWeights(counts: Uint8Array, bones: Int16Array, values: Uint16Array, jointOf: Uint16Array, vertexOf: Uint32Array, first: Uint32Array, dstJoints: Uint16Array, dstWeights: Float32Array): number;
  /**
   * IQM: vertices of `srcSize` components in `format` (0–8, as stored) to `dstSize` float32 each
   * (vertices = dst.length / dstSize): extra components dropped, missing ones 0 but the last,
   * which takes `fill`; `normalized` integers read as [0, 1] or [−1, 1]. Float32 bits are kept.
   */
  iqmComponentsToFloat32(src: IqmComponents, format: number, normalized: boolean, srcSize: number, dstSize: number, fill: number, dst: Float32Array): void;
  /** IQM blend indices (`srcSize` per vertex, any format) to 4 joints per vertex; those not an integer in [0, limit) become 0 and are counted. */
  iqmJointIndices(src: IqmComponents, format: number, srcSize: number, limit: number, dst: Uint16Array): number;
  /** IQM mesh triangles (clockwise, file-wide) to counter-clockwise indices local to `first`; −1, or the position in `src` of the first outside `vertexCount`. */
  windIqmTriangles(src: Uint32Array, first: number, vertexCount: number, dst: IndexArray): number;
  /** IQM writer: four weights per vertex to ubytes summing to 255 (rounding error to the largest; all 0 when they sum to 0). */
  iqmQuantizeWeights(src: Float32Array, dst: Uint8Array): void;
  /** IQM writer: round(clamp(v, 0, 1) × 255), NaN to 0. */
  iqmQuantizeColors(src: Float32Array, dst: Uint8Array): void;
  /** IQM writer: counter-clockwise mesh indices to clockwise uint32, each + `base`. */
  iqmClockwiseTriangles(src: IndexArray, base: number, dst: Uint32Array): void;
  /** IQM writer: blend indices to ubytes; −1, or the position of the first above 255. */
  iqmJointsToUbyte(src: Uint16Array, dst: Uint8Array): number;
  /** IQM writer: dense frames (10 floats per pose per frame; poses = masks.length) to the ushorts of the set mask bits, in order. */
  quantizeIqmFrames(dense: Float32Array, frameCount: number, masks: Uint32Array, offsets: Float32Array, scales: Float32Array, dst: Uint16Array): void;
  /** IQM writer: per pose and channel (10 per pose), the least and greatest value over the frames of dense TRS, NaN ignored (±Infinity when none). */
  iqmChannelRanges(dense: Float32Array, frameCount: number, poseCount: number, dstMin: Float32Array, dstMax: Float32Array): void;
  /**
   * IQM writer: ranges of `channelCount` pose channels over segments of keys in `pool` (4 uint32 a
   * segment: first channel, float index, components 1–4, key count), in order, NaN skipped, the
   * first of equal extremes kept (±Infinity where none). `pool` needs 4 readable floats past every segment.
   */
  iqmSegmentRanges(pool: Float32Array, segments: Uint32Array, channelCount: number, dstMin: Float32Array, dstMax: Float32Array): void;
  /**
   * IQM writer: frame rows of ushorts, one per column (offsets.length columns), for each animation
   * (frameCounts) and frame: the column's key min(frame, last) from `pool` (3 uint32 per column per
   * animation: float index, stride, last), quantized as quantizeIqmFrames does.
   */
  quantizeIqmColumns(pool: Float32Array, columns: Uint32Array, frameCounts: Uint32Array, offsets: Float32Array, scales: Float32Array, dst: Uint16Array): void;
  /** [minX, minY, minZ, maxX, maxY, maxZ] of xyz points into dst (6): `if (v < min) min = v` from ±Infinity, so NaN is skipped and the first of −0 / +0 is kept. */
  boxOfPoints(points: Float32Array, dst: Float32Array): void;
  /**
   * glTF writer: xyz normals into dst (as long as src, not src), turned Z-up → Y-up ((x, y, z) →
   * (x, z, −y)) when toYUp, each component x / length in float64 (length = √(x² + y² + z²)) rounded
   * to float32; a length not > 0 and < Infinity gives (0, 0, 1). counts (2): those replaced, those
   * with |length − 1| > tolerance.
   */
  unitNormals(src: Float32Array, toYUp: boolean, tolerance: number, dst: Float32Array, counts: Uint32Array): void;
  /**
   * glTF writer: xyz positions into dst (as long as src, not src), turned Z-up → Y-up when toYUp,
   * each value not finite as +0; box (6): min xyz, max xyz of the values written (`if (v < min)
   * min = v` in vertex order from ±Infinity, the first of −0 / +0 kept). Returns the values replaced.
   */
  positionsOnAxes(src: Float32Array, toYUp: boolean, dst: Float32Array, box: Float32Array): number;
  /**
   * glTF writer: a UV set into dst (as long as src, not src), each value not finite as +0, then
   * with flipV every odd-indexed value v as fround(1 − v); outside[0]: values written not within
   * 0–1. Returns the values replaced.
   */
  uvsForOutput(src: Float32Array, flipV: boolean, dst: Float32Array, outside: Uint32Array): number;
  /**
   * glTF writer: xyzw tangents (src.length / 4, rounded down) into dst, turned Z-up → Y-up when
   * toYUp, xyz as unitNormals makes them, w as −1 when < 0 else +1, stopping before the first
   * whose length is not > 0 and < Infinity. counts (2): rescaled (|length − 1| > tolerance), w not
   * already its sign. Returns the tangents done.
   */
  unitTangents(src: Float32Array, toYUp: boolean, tolerance: number, dst: Float32Array, counts: Uint32Array): number;
  /**
   * Optimized glTF writer: xyz normals (src.length / 3, rounded down) turned Z-up → Y-up when
   * toYUp, made unit as unitNormals makes them (+Z when the length is not > 0 and < Infinity), and
   * rounded to snorm (top 127 or 32,767: Math.round of the value clamped to −1–1 × top) into dst,
   * four per vertex (the fourth 0), vertex v at order[v] (at v without order); a source normal on
   * the snorm grid (each component within 1e-3 of a step) whose length is within `limit` of 1 is
   * rounded as it is; a rounding whose squared length (in steps) lies outside lowest–highest takes
   * the one of the eight floor / floor + 1 roundings nearest unit length. counts (3): replaced,
   * |length − 1| > tolerance, 0. Returns 0, or −1 (dst unspecified) when an order[v] is not below
   * the vertex count. dst holds at least 4 × the vertex count. order is a permutation of the
   * vertex numbers (the writer passes meshoptimizer's remap); an in-range order that is not one
   * leaves the slots no vertex lands in unspecified (the js twin keeps dst's values there, the
   * WebAssembly kernels their staging memory's), the other slots equal on every backend. The same
   * holds for snormTangents, quantizeSourcePositions and uvsForOutputOrdered.
   */
  snormNormals(src: Float32Array, toYUp: boolean, top: number, tolerance: number, limit: number, lowest: number, highest: number, order: Uint32Array | undefined, dst: Int8Array | Int16Array, counts: Uint32Array): number;
  /**
   * snormNormals for xyzw tangents (src.length / 4), w as ±top (−top when w < 0; a kept tangent
   * needs |w| = 1); a tangent whose length is not > 0 and < Infinity is written as four zeros and
   * its vertex number appended to replacedList (as long as the vertex count). counts (3): 0,
   * rescaled, w other than ±1. Returns how many were listed, or −1 as snormNormals.
   */
  snormTangents(src: Float32Array, toYUp: boolean, top: number, tolerance: number, limit: number, lowest: number, highest: number, order: Uint32Array | undefined, dst: Int8Array | Int16Array, counts: Uint32Array, replacedList: Uint32Array): number;
  /**
   * Optimized glTF writer: the box of xyz positions (src.length / 3) turned Z-up → Y-up when
   * toYUp, each value not finite as +0, into box (6: min xyz, max xyz; `if (v < min) min = v` in
   * vertex order from ±Infinity, the first of −0 / +0 kept). Returns the values not finite.
   */
  sourcePositionsBox(src: Float32Array, toYUp: boolean, box: Float64Array): number;
  /**
   * Optimized glTF writer: xyz positions as sourcePositionsBox reads them rounded onto the grid
   * (ox, oy, oz) + q × step, q = min(top, max(0, Math.round((v − offset) / step))) in float64, into
   * dst: four uint16 or uint8 per vertex (the fourth 0), vertex v at order[v] (at v without order).
   * minMax (6): the smallest and largest q per axis. Returns the largest |offset + q × step − v|,
   * or −1 (dst unspecified) when an order[v] is not below the vertex count. dst holds at least 4 ×
   * the vertex count.
   */
  quantizeSourcePositions(src: Float32Array, toYUp: boolean, ox: number, oy: number, oz: number, step: number, top: number, order: Uint32Array | undefined, dst: Uint8Array | Uint16Array, minMax: Float64Array): number;
  /**
   * Optimized glTF writer: uvsForOutput for a UV set (src.length / 2 pairs) in a vertex order, pair
   * v written at order[v] (dst as long as src, not src); outside[0]: values written not within
   * 0–1. Returns the values replaced, or −1 (dst unspecified) when an order[v] is not below the
   * pair count.
   */
  uvsForOutputOrdered(src: Float32Array, flipV: boolean, order: Uint32Array, dst: Float32Array, outside: Uint32Array): number;
  /**
   * glTF writer: four joints and weights per vertex (joints.length / 4 vertices) into dstJoints
   * (uint8 or uint16) and dstWeights as glTF requires them: the weights on joints below
   * jointCount, positive and finite, ÷ their float64 sum (in slot order) rounded to float32, a
   * joint named twice in one slot (its quotients added in float32), packed to the front, the rest
   * joint 0 weight 0; a vertex without any such weight: its first joint (0 when out of range) with
   * weight 1. found (4, written): vertices whose |sum − 1| > tolerance, weights merged, the first
   * element index (4 × vertex) with a weight dropped and the first without any (−1: none).
   */
  normalizeSkin(joints: Uint16Array, weights: Float32Array, jointCount: number, tolerance: number, dstJoints: Uint8Array | Uint16Array, dstWeights: Float32Array, found: Float64Array): void;
  /** Largest float64 (x − cx)² + (y − cy)² + (z − cz)² over xyz points, from 0 (a NaN distance gives the quiet NaN). */
  farthestSquaredDistance(points: Float32Array, cx: number, cy: number, cz: number): number;
  /**
   * UNIGINE weight lists from four joints and weights per vertex (vertices = dstCounts.length):
   * per vertex the slots up to the last used one, weight as clamp(trunc(w × 65535)). Returns the
   * weights written, or −(v + 1) for the first vertex v weighted to a joint ≥ boneCount. Elements
   * of dstBones and dstValues after the weights written are unspecified.
   */
  packSkinWeights(joints: Uint16Array, weights: Float32Array, boneCount: number, dstCounts: Uint8Array, dstBones: Int16Array, dstValues: Uint16Array): number;
  /** Triangles with corners 2 and 3 swapped, each index + base (uint16, wrapping); trailing corners copied + base. */
  reverseWindingU16(src: Uint16Array, base: number, dst: Uint16Array): void;
  /**
   * UNIGINE's stored weight records into dst: per vertex (counts.length) its count (uint8), then
   * per weight its bone (int16) and value (uint16). Returns the weights used, or −1 when the
   * counts call for more than min(bones.length, values.length) weights or more bytes than dst
   * holds. Bytes of dst after the records are unspecified.
   */
  packWeightRecords(counts: Uint8Array, bones: Int16Array, values: Uint16Array, dst: Uint8Array): number;
  /** Largest value, 0 when empty. */
  maxIndexU16(src: Uint16Array): number;
  /** Largest value, 0 when empty. */
  maxIndexU8(src: Uint8Array): number;
  /**
   * The number of distinct values in `src`, each below `limit`; `seen` (at least `limit` bytes)
   * ends with 1 for every value used, 0 for the others. −(i + 1) for the first position i whose
   * value is not below `limit` (`seen` is then unspecified).
   */
  countUsedValues(src: Uint32Array, limit: number, seen: Uint8Array): number;
  /** Smallest and largest value into dst[0], dst[1] (0xffffffff and 0 when empty). */
  spanU32(src: Uint32Array, dst: Uint32Array): void;
  /** countUsedValues over src[i] − base (uint32 wrap), each difference written to `rebased` unless it is empty (it may be `src`). */
  countUsedValuesFrom(src: Uint32Array, base: number, limit: number, seen: Uint8Array, rebased: Uint32Array): number;
  /** The index of the first tangent (x, y, z, w; whole tangents only) whose x, y, z are not finite or all ±0, or whose w is not finite or ±0; −1 when none. */
  firstUnusableTangent(src: Float32Array): number;
  /** (u, v) pairs to (u, 1 − v), a NaN v kept with its quiet bit set; dst (src.length floats) may be src. */
  flipV(src: Float32Array, dst: Float32Array): void;
  /**
   * dst[i] = src[i] + base (uint32 wrap; dst as long as src); returns how many distinct values of
   * src are below `limit`, `seen` (at least `limit` bytes) ending with 1 for each, 0 for the others.
   */
  offsetIndicesU16(src: Uint16Array, base: number, limit: number, seen: Uint8Array, dst: Uint32Array): number;
  /** offsetIndicesU16 over uint32 indices. */
  offsetIndicesU32(src: Uint32Array, base: number, limit: number, seen: Uint8Array, dst: Uint32Array): number;
  /**
   * countUsedValuesFrom with each difference src[i] − base stored as uint16 into `dst` (src.length
   * elements) instead of uint32; `limit` at most 65536. −(i + 1) for the first i whose difference
   * is not below `limit` (`seen` and `dst` are then unspecified).
   */
  countUsedNarrowU16(src: Uint32Array, base: number, limit: number, seen: Uint8Array, dst: Uint16Array): number;
  /**
   * gatherSkinWeights reading each weight from the UNIGINE skin records as stored (record s: a
   * count byte, then per weight an int16 bone and a uint16 value; weight w of record s at
   * s + 1 + 4w) instead of bones and values arrays; −2 when the records run past `records`.
   */
  gatherSkinRecords(counts: Uint8Array, records: Uint8Array, jointOf: Uint16Array, vertexOf: Uint32Array, first: Uint32Array, dstJoints: Uint16Array, dstWeights: Float32Array): number;
  /**
   * UNIGINE frame records from dense bone-major channels (entry b × frames + f): `positions` and
   * `scales` 3 values an entry, float32 bits (Uint32Array, ms11) or uint16 (an10), `rotations` 4
   * int16. Per frame and bone (frame-major) the flag into `dstFlags` and the record into `dst`:
   * the flag byte, then the channels whose bits differ from the bone's previous frame (all at
   * frame 0). `dst` holds frames × bones × (9 + 6 × width) bytes; returns the bytes written, past
   * which `dst` is unspecified.
   */
  compressFrameRecords(positions: Uint32Array | Uint16Array, rotations: Int16Array, scales: Uint32Array | Uint16Array, frames: number, bones: number, dstFlags: Uint8Array, dst: Uint8Array): number;
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
  /**
   * UNIGINE reader: weldIndexStreams of two streams (cindices then tindices, `count` each; count =
   * dstIndices.length) while every corner's two values are equal, keyed by that value (`table`:
   * `limit1` head slots). dstTuples[v] is vertex v's value (may be `streams`); dstIdentity[0] = 1
   * when vertex v's value is v for every v. Returns the vertex count, −(corner + 1) for a value out
   * of range, or −(count + 1 + corner) for the first corner whose two values differ.
   */
  weldSharedIndices(streams: Uint32Array, limit0: number, limit1: number, table: Uint32Array, dstIndices: Uint32Array, dstTuples: Uint32Array, dstIdentity: Uint32Array): number;
  /** How many values of src lie outside 0..1, NaN included (UNIGINE skin weights the writer clamps). */
  countOutsideUnit(src: Float32Array): number;
  /**
   * Walks counts.length UNIGINE skin records (a count byte 0–4, then per weight an int16 bone and
   * a uint16 value) from the start of `src`, storing each count. Returns the offset after them
   * (past src.length when the last is cut off), or −(v + 1) for the first record v starting at or
   * past src.length or counting more than 4; dstBadBone[0] is the first record ending within
   * `src` with a bone outside 0..boneCount − 1, or −1.
   */
  walkSkinRecords(src: Uint8Array, counts: Uint8Array, boneCount: number, dstBadBone: Int32Array): number;
  /**
   * Walks dstFlags.length UNIGINE frame entries (a flag byte, then its flagged positions and scales
   * of `channelBytes` each and a rotation of 8 bytes) from the start of `src`, storing each flag.
   * Returns the offset after them (past src.length when the last is cut off), or −(e + 1) for the
   * first entry e starting at or past src.length.
   */
  walkFrameRecords(src: Uint8Array, channelBytes: number, dstFlags: Uint8Array): number;
}

/** Component storage of an IQM vertex array (half floats as their 16-bit patterns). */
export type IqmComponents = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;
