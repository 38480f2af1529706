// UNIGINE frame compression on encode: dense bone-major channel values (every bone, every frame)
// to the frame records a file stores, per frame and animated bone a flag byte and the channels
// whose stored value changed since the bone's previous frame (frame 0 stores all). One pass,
// written where the file's bytes go, no per-stream arrays. Integer work only: the value is
// compared and copied as its bits (float32 positions and scales as uint32, so NaN payloads and −0
// are kept), so the TypeScript twin (bindings/kernels/js/unigine-compress-frames.ts) gives the
// same bytes by construction.
//
// Alternatives, measured on the speed bar's tiled mrfixit (126 frames × 75 bones, wasm-simd,
// shared 2-core machine): the TypeScript storeChanges into three streams and then writeFrames
// joining them into the file (the encoder before): 22 % of the encode; this kernel, writing every
// value and moving the cursor by whether it changed (no branch on the data): see README § End to end.

/**
 * Records for `frames` frames of `bones` bones. Inputs are bone-major (bone b, frame f at entry
 * b × frames + f): `positions` and `scales` 3 values each of `channelBytes` (4: float32 bits, 2:
 * uint16), `rotations` 4 × int16. Writes each entry's flag (frame-major, as the file) to
 * `dstFlags` and the records to `dst`, which must hold frames × bones × (9 + 6 × channelBytes)
 * bytes; returns the bytes written. Bytes of `dst` past that are left unspecified.
 */
export function compressFrameRecords(
  positions: usize, rotations: usize, scales: usize, frames: i32, bones: i32, channelBytes: i32,
  dstFlags: usize, dst: usize,
): i32 {
  return <i32>((channelBytes == 4
    ? compressRecords<u32>(positions, rotations, scales, frames, bones, dstFlags, dst)
    : compressRecords<u16>(positions, rotations, scales, frames, bones, dstFlags, dst)) - dst);
}

// Each entry's flag is worked out from its values first, and the entry's length from its flag
// (FRAME_BYTES below), so that the cursor moves once an entry: the values are then written as
// before (each one, the cursor within the entry moved by whether it changed), but the next
// entry no longer waits for the seven additions of this one. The stores are the same, in the
// same order, so the bytes are too. One generic loop serves both widths (the earlier form had a
// copy per width: it carried the cursor through the values, so a function for both would have
// had to return the cursor and the flag). Tiled mrfixit (9,450 entries, float32, kernel alone
// against the build before in one process, shared 2-core machine): 60.7 → 54.4 µs. What is left
// is not the cursor: the bone-major input is read frame-major, 75 bones 1.5 KB apart in each of
// three channels, so an entry's six loads touch about 85 pages a frame (a blocked transpose
// into frame-major order would be the next thing to try).

/** Records of T-wide positions and scales; returns the address after the last record. */
// @ts-ignore: decorator
@inline function compressRecords<T>(positions: usize, rotations: usize, scales: usize, frames: i32, bones: i32, dstFlags: usize, dst: usize): usize {
  const width = <usize>sizeof<T>();
  const triple: usize = 3 * width;
  let at: usize = dst;
  const frameStride = <usize>frames;
  for (let f = 0; f < frames; f++) {
    const all = <u32>(f == 0);
    for (let b = 0; b < bones; b++) {
      const key = <usize>b * frameStride + <usize>f;
      const p = positions + key * triple, s = scales + key * triple, r = rotations + (key << 3);
      const p0 = load<T>(p), p1 = load<T>(p + width), p2 = load<T>(p + 2 * width);
      const s0 = load<T>(s), s1 = load<T>(s + width), s2 = load<T>(s + 2 * width);
      const q = load<u64>(r);
      const c0 = all | <u32>(p0 != load<T>(p - triple)), c1 = all | <u32>(p1 != load<T>(p + width - triple)), c2 = all | <u32>(p2 != load<T>(p + 2 * width - triple));
      const rotated = all | <u32>(q != load<u64>(r - 8));
      const d0 = all | <u32>(s0 != load<T>(s - triple)), d1 = all | <u32>(s1 != load<T>(s + width - triple)), d2 = all | <u32>(s2 != load<T>(s + 2 * width - triple));
      const flag = c0 | (c1 << 1) | (c2 << 2) | (rotated << 3) | (d0 << 4) | (d1 << 5) | (d2 << 6);
      store<u8>(at, <u8>flag);
      store<u8>(dstFlags + <usize>f * <usize>bones + <usize>b, <u8>flag);
      let o = at + 1;
      store<T>(o, p0); o += <usize>c0 * width;
      store<T>(o, p1); o += <usize>c1 * width;
      store<T>(o, p2); o += <usize>c2 * width;
      store<u64>(o, q); o += <usize>(rotated << 3);
      store<T>(o, s0); o += <usize>d0 * width;
      store<T>(o, s1); o += <usize>d1 * width;
      store<T>(o, s2);
      at += 1 + <usize>(popcnt<u32>(flag & 0x77)) * width + <usize>(rotated << 3);
    }
  }
  return at;
}
