// The skin records of a UNIGINE surface: per coordinate vertex a count byte (0–4), then per weight
// an int16 bone and a uint16 value. Two passes: countWeights follows the records through the file
// (each record's length is in its first byte: a chain of dependent loads) and checks them,
// storing every count; splitWeightRecords then splits the weights into bones and values, taking
// each record's length from the counts, so that its loads do not wait on one another. The split
// runs in the reader for a document read as a whole, and straight into the attributes'
// workspace for a parse (StagedSurface), where the records stay in the file until then.
//
// Alternatives, measured on the speed bar's tiled mrfixit as UNIGINE (surface 0: 13,284 records
// of 1–4 weights, plain node, median of 400 interleaved rounds, shared machine): each weight
// assembled from its four bytes 4.9 ns per record; one little-endian uint32 load per weight
// (this file) 4.0 ns; an unrolled loop storing all four slots of every record and moving the
// cursor by its count (no branch on the data) 6.1 ns. The count pass was 2.0 ns. Then: the
// counts (and readFrames' flags) taken from the first pass's array instead of the file, the
// reader 1.08–1.10× faster (load 7–8); the bone check moved from the split into the count pass,
// off its chain of loads, so that a parse can split the records where the kernels read them.
// Round seven (surface 0 of tiled mrfixit, 13,284 records, plain node, median of 1,500 interleaved
// rounds, shared machine at load ~10): the count pass as it was 85.0 µs (its chain alone, no bone
// check, 71.1); each record's end chosen by a branch on its count (predicted, so the next load
// need not wait for this one) and each bone checked by one unsigned compare, 76.7 (this file;
// the branch alone 81.9, the compare alone 87.9: noise at that load). 30 % of that surface's
// counts differ from the one before, so the branches are not always predicted.
//
// The loops are functions of their own, and so are their errors. In one function with the code
// that runs once after them, V8 optimizes the running loop on the stack (OSR) before that code has
// run, and the optimized code is thrown away on reaching it, on every call (`node --trace-deopt`:
// a bailout per call), so the loop runs mostly unoptimized. A message built inside the loops,
// even on a path never taken, makes them several times slower too.

/** Largest number of bone weights per vertex UNIGINE allows. */
export const MAX_WEIGHTS_PER_VERTEX = 4;

/**
 * The weights of `counts.length` skin records from `offset`, each record's count stored in
 * `counts`; or −(v + 1) for the first record v that starts past the input or has more than
 * MAX_WEIGHTS_PER_VERTEX weights, or for the last record when it ends past the input; or, when
 * every record fits, for the first record with a bone outside 0..boneCount − 1.
 */
export function countWeights(bytes: Uint8Array, offset: number, counts: Uint8Array, boneCount: number): number {
  BAD_BONE[0] = -1;
  const end = walkWeightRecords(bytes, offset, counts, boneCount);
  if (end < 0) return end;
  if (end > bytes.length) return -counts.length;
  const badBone = BAD_BONE[0]!;
  // Each record is its count byte and 4 bytes a weight.
  return badBone >= 0 ? -(badBone + 1) : (end - offset - counts.length) / 4;
}

/** The first record with a bone outside 0..boneCount − 1 (−1: none), set by walkWeightRecords. */
const BAD_BONE = new Int32Array(1);

/**
 * countWeights' loop, a function of its own whose only statement after the loop is its return:
 * V8 enters a loop's optimized code (OSR) before the code after the loop has ever run, and Node
 * 20's V8 keeps that code and enters it again on every later call, deoptimizing each time it
 * reaches an operation without type feedback ("Insufficient type feedback", a soft deopt that
 * does not discard the code): with the comparisons after the loop here, 230 bailouts in one
 * 1,000-file bulk run (bench/deopt-trace.ts), one per skinned surface; with a store of the
 * results after it, the same. Returns the offset after the records (the total weights follow
 * from it), or −(v + 1) as countWeights; a bad bone goes to BAD_BONE.
 */
function walkWeightRecords(bytes: Uint8Array, offset: number, counts: Uint8Array, boneCount: number): number {
  const length = bytes.length;
  const vertexCount = counts.length;
  // A bone is in range when its bits as uint16 are below this: a negative int16 is 32768 or more.
  const limit = Math.min(boneCount, 32768);
  let badBone = -1;
  for (let v = 0; v < vertexCount; v++) {
    if (offset >= length) return -(v + 1);
    const n = bytes[offset]!;
    counts[v] = n;
    // The record's end chosen by a branch on its count, not computed from the loaded count: the
    // CPU predicts the branch and goes on to the next record without waiting for this load.
    let end: number;
    if (n === 1) end = offset + 5;
    else if (n === 2) end = offset + 9;
    else if (n === 0) end = offset + 1;
    else if (n === 3) end = offset + 13;
    else if (n === MAX_WEIGHTS_PER_VERTEX) end = offset + 17;
    else return -(v + 1);
    if (badBone < 0 && end <= length) {
      for (let at = offset + 1; at < end; at += 4) {
        if ((bytes[at]! | (bytes[at + 1]! << 8)) >= limit) badBone = BAD_BONE[0] = v;
      }
    }
    offset = end;
  }
  return offset;
}

/**
 * Skin records already checked by countWeights, from `offset` of `view`, into their bones and
 * values; returns the offset after them. Each weight is one little-endian uint32 load: the int16
 * bone in its low half, the uint16 value in its high half.
 */
export function splitWeightRecords(view: DataView, offset: number, counts: Uint8Array, bones: Int16Array, values: Uint16Array): number {
  const vertexCount = counts.length;
  for (let v = 0, w = 0; v < vertexCount; v++) {
    const n = counts[v]!;
    offset++;
    for (let k = 0; k < n; k++, w++, offset += 4) {
      const word = view.getUint32(offset, true);
      bones[w] = (word << 16) >> 16;
      values[w] = word >>> 16;
    }
  }
  return offset;
}
