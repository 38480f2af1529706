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
  let at: usize = dst;
  const frameStride = <usize>frames;
  for (let f = 0; f < frames; f++) {
    const all = f == 0;
    for (let b = 0; b < bones; b++) {
      const key = <usize>b * frameStride + <usize>f;
      const flagAt = at++;
      let flag: u32 = 0;
      if (channelBytes == 4) {
        const p = positions + key * 12, s = scales + key * 12;
        for (let c: u32 = 0; c < 3; c++) {
          const v = load<u32>(p + (<usize>c << 2));
          const changed = <u32>(all | (v != load<u32>(p + (<usize>c << 2) - 12)));
          store<u32>(at, v);
          at += <usize>(changed << 2);
          flag |= changed << c;
        }
        const r = rotations + (key << 3);
        const q = load<u64>(r);
        const rotated = <u32>(all | (q != load<u64>(r - 8)));
        store<u64>(at, q);
        at += <usize>(rotated << 3);
        flag |= rotated << 3;
        for (let c: u32 = 0; c < 3; c++) {
          const v = load<u32>(s + (<usize>c << 2));
          const changed = <u32>(all | (v != load<u32>(s + (<usize>c << 2) - 12)));
          store<u32>(at, v);
          at += <usize>(changed << 2);
          flag |= changed << (c + 4);
        }
      } else {
        const p = positions + key * 6, s = scales + key * 6;
        for (let c: u32 = 0; c < 3; c++) {
          const v = load<u16>(p + (<usize>c << 1));
          const changed = <u32>(all | (v != load<u16>(p + (<usize>c << 1) - 6)));
          store<u16>(at, v);
          at += <usize>(changed << 1);
          flag |= changed << c;
        }
        const r = rotations + (key << 3);
        const q = load<u64>(r);
        const rotated = <u32>(all | (q != load<u64>(r - 8)));
        store<u64>(at, q);
        at += <usize>(rotated << 3);
        flag |= rotated << 3;
        for (let c: u32 = 0; c < 3; c++) {
          const v = load<u16>(s + (<usize>c << 1));
          const changed = <u32>(all | (v != load<u16>(s + (<usize>c << 1) - 6)));
          store<u16>(at, v);
          at += <usize>(changed << 1);
          flag |= changed << (c + 4);
        }
      }
      store<u8>(flagAt, <u8>flag);
      store<u8>(dstFlags + <usize>f * <usize>bones + <usize>b, <u8>flag);
    }
  }
  return <i32>(at - dst);
}
