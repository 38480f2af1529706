// The first pass over a UNIGINE surface's skin records (per coordinate vertex a count byte 0–4,
// then per weight an int16 bone and a uint16 value), as a kernel: each record's length is in its
// first byte, so the walk is a chain of dependent loads, here in WebAssembly over the records
// staged from the file. Twin: bindings/kernels/js/unigine-skin-walk.ts (integer work only: the
// same results by construction).
//
// Measured on surface 0 of the speed bar's tiled mrfixit (13,284 records, 225,828 bytes staged:
// at most 17 a record), shared 2-core machine, median of 1,500 rounds in one process: the
// TypeScript walk (the twin, as the reader ran it: the largest item of the 1 MB parse's profile,
// 11–14 %) 85.3 µs; this kernel 19.2 µs, 21.3 with the staging and the counts copied out.

/**
 * Walks `vertexCount` records from `src` (`length` bytes), storing each count in `dstCounts`.
 * Returns the byte offset after them (which may exceed `length` when the last record is cut off),
 * or −(v + 1) for the first record v that starts at or past `length` or has a count above 4.
 * `dstBadBone[0]` is the first record with a bone outside 0..boneCount − 1 among those that end
 * within `length`, or −1.
 */
export function walkSkinRecords(src: usize, length: i32, vertexCount: i32, boneCount: i32, dstCounts: usize, dstBadBone: usize): i32 {
  const limit = <u32>min<i32>(boneCount, 32768);
  let badBone = -1;
  let offset = 0;
  store<i32>(dstBadBone, -1);
  for (let v = 0; v < vertexCount; v++) {
    if (offset >= length) return -(v + 1);
    const n = <i32>load<u8>(src + <usize>offset);
    store<u8>(dstCounts + <usize>v, <u8>n);
    // The end chosen by a branch on the count (predicted: the next load need not wait for this one).
    let end: i32;
    if (n == 1) end = offset + 5;
    else if (n == 2) end = offset + 9;
    else if (n == 0) end = offset + 1;
    else if (n == 3) end = offset + 13;
    else if (n == 4) end = offset + 17;
    else return -(v + 1);
    if (badBone < 0 && end <= length) {
      for (let at = offset + 1; at < end; at += 4) {
        if (<u32>load<u16>(src + <usize>at) >= limit) {
          badBone = v;
          store<i32>(dstBadBone, v);
        }
      }
    }
    offset = end;
  }
  return offset;
}
