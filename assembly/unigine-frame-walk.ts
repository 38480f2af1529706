// The first pass over a UNIGINE animation's frame records (per frame and animated bone a flag
// byte, then its flagged channels: positions and scales of `channelBytes` each, a rotation of four
// int16), as a kernel: each entry's length is in its flag, so the walk is a chain of dependent
// loads, here in WebAssembly over the records staged from the file. Twin:
// bindings/kernels/js/unigine-frame-walk.ts (integer work only: the same results by construction).
//
// An entry whose flag is 0 (nothing changed) or 8 (only the rotation: a bone that turns in place)
// has its length chosen by a branch, which the CPU predicts, so that the next load need not wait
// for this one; other flags have it worked out from their bits. Measured on the speed bar's tiled
// mrfixit (one animation, 9,450 entries, 311,850 bytes staged: at most 33 an entry), median of
// 1,500 in one process, shared 2-core machine at load ~11: the TypeScript walk before (each size
// from a table by its flag) 56.3 µs, the twin 27.3, this kernel with its staging 17.8.

/**
 * Walks `entries` frame entries from `src` (`length` bytes), storing each flag in `dstFlags`.
 * Returns the byte offset after them (past `length` when the last is cut off), or −(e + 1) for
 * the first entry e that starts at or past `length`.
 */
export function walkFrameRecords(src: usize, length: i32, entries: i32, channelBytes: i32, dstFlags: usize): i32 {
  let offset = 0;
  for (let e = 0; e < entries; e++) {
    if (offset >= length) return -(e + 1);
    const flag = <i32>load<u8>(src + <usize>offset);
    store<u8>(dstFlags + <usize>e, <u8>flag);
    if (flag == 0) offset += 1;
    else if (flag == 8) offset += 9;
    else offset += 1 + (popcnt<i32>(flag & 0x77)) * channelBytes + ((flag >> 3) & 1) * 8;
  }
  return offset;
}
