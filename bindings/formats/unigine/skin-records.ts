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
// counts differ from the one before, so the branches are not always predicted. Then that walk as
// a kernel (walkSkinRecords, assembly/unigine-skin-walk.ts, whose twin is that TypeScript loop):
// 85.3 → 21.3 µs with the staging of the records (at most 17 bytes a record) and the counts'
// copy out; a parse walks on its own backend, a document read as a whole on the twin.
//
// The loops are functions of their own, and so are their errors. In one function with the code
// that runs once after them, V8 optimizes the running loop on the stack (OSR) before that code has
// run, and the optimized code is thrown away on reaching it, on every call (`node --trace-deopt`:
// a bailout per call), so the loop runs mostly unoptimized. A message built inside the loops,
// even on a path never taken, makes them several times slower too.

import type { RawKernels } from '../../kernels/raw-kernels.js';
import * as jsWalk from '../../kernels/js/unigine-skin-walk.js';

/** Largest number of bone weights per vertex UNIGINE allows. */
export const MAX_WEIGHTS_PER_VERTEX = 4;

/** Records walked by one kernel call at most: the call stages at most 17 bytes a record (1.1 MiB), whatever the file's size. */
const WALK_RECORDS = 1 << 16;

/**
 * The weights of `counts.length` skin records from `offset`, each record's count stored in
 * `counts`; or −(v + 1) for the first record v that starts past the input or has more than
 * MAX_WEIGHTS_PER_VERTEX weights, or for the last record when it ends past the input; or, when
 * every record fits, for the first record with a bone outside 0..boneCount − 1. The walk is the
 * walkSkinRecords kernel of `raw` (a parse's backend; the js twin for a document read as a
 * whole), over the file in runs of WALK_RECORDS records: each run's bytes (at most 17 a record,
 * cut at the end of the input) hold its records unless the input ends first, so the run's
 * results are the single walk's.
 */
export function countWeights(bytes: Uint8Array, offset: number, counts: Uint8Array, boneCount: number, raw: Pick<RawKernels, 'walkSkinRecords'> = jsWalk): number {
  const start = offset;
  const vertexCount = counts.length;
  let badBone = -1;
  for (let first = 0; first < vertexCount; first += WALK_RECORDS) {
    const run = counts.subarray(first, Math.min(first + WALK_RECORDS, vertexCount));
    const end = raw.walkSkinRecords(bytes.subarray(offset, Math.min(bytes.length, offset + run.length * 17)), run, boneCount, BAD_BONE);
    if (end < 0) return end - first;
    if (badBone < 0 && BAD_BONE[0]! >= 0) badBone = first + BAD_BONE[0]!;
    offset += end;
  }
  if (offset > bytes.length) return -vertexCount;
  // Each record is its count byte and 4 bytes a weight.
  return badBone >= 0 ? -(badBone + 1) : (offset - start - vertexCount) / 4;
}

/** The walk's first record with a bad bone (−1: none). */
const BAD_BONE = new Int32Array(1);

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
