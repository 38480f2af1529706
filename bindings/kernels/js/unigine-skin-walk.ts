// Twin of assembly/unigine-skin-walk.ts (see there for the contract).
//
// The loop is the function's whole body but for its return: a loop followed by code that runs
// once is optimized on the stack (OSR) and thrown away on reaching that code, on every call
// (formats/unigine/skin-records.ts says more), so the first bad bone is stored as it is found.

/** Walks counts.length skin records of `src`: the offset after them, or −(v + 1) for record v starting past `src` or counting more than 4; dstBadBone[0] the first record with a bone outside 0..boneCount − 1 (−1: none). */
export function walkSkinRecords(src: Uint8Array, counts: Uint8Array, boneCount: number, dstBadBone: Int32Array): number {
  const length = src.length;
  const vertexCount = counts.length;
  // A bone is in range when its bits as uint16 are below this: a negative int16 is 32768 or more.
  const limit = Math.min(boneCount, 32768);
  let badBone = -1;
  dstBadBone[0] = -1;
  let offset = 0;
  for (let v = 0; v < vertexCount; v++) {
    if (offset >= length) return -(v + 1);
    const n = src[offset]!;
    counts[v] = n;
    // The record's end chosen by a branch on its count, not computed from the loaded count: the
    // CPU predicts the branch and goes on to the next record without waiting for this load.
    let end: number;
    if (n === 1) end = offset + 5;
    else if (n === 2) end = offset + 9;
    else if (n === 0) end = offset + 1;
    else if (n === 3) end = offset + 13;
    else if (n === 4) end = offset + 17;
    else return -(v + 1);
    if (badBone < 0 && end <= length) {
      for (let at = offset + 1; at < end; at += 4) {
        if ((src[at]! | (src[at + 1]! << 8)) >= limit) badBone = dstBadBone[0] = v;
      }
    }
    offset = end;
  }
  return offset;
}
