// TypeScript twin of assembly/iqm.ts.
import { bitsOf, CANONICAL_NAN_BITS } from './float-bits.js';
const f = Math.fround;

export function dequantizeIqmFrames(frames: Uint16Array, frameCount: number, masks: Uint32Array, offsets: Float32Array, scales: Float32Array, dst: Float32Array): void {
  const poseCount = masks.length;
  // Offsets are moved as bits (a float32 read into a number quiets a signalling NaN); computed
  // NaNs are the one quiet NaN, as in the kernel.
  const offsetBits = bitsOf(offsets);
  const dstBits = bitsOf(dst);
  let p = 0;
  let o = 0;
  for (let frame = 0; frame < frameCount; frame++) {
    for (let j = 0; j < poseCount; j++) {
      const mask = masks[j]!;
      const base = j * 10;
      for (let k = 0; k < 10; k++, o++) {
        if (mask & (1 << k)) {
          const v = f(offsets[base + k]! + f(frames[p++]! * scales[base + k]!));
          if (v === v) dst[o] = v;
          else dstBits[o] = CANONICAL_NAN_BITS;
        } else dstBits[o] = offsetBits[base + k]!;
      }
    }
  }
}

/** Twin of dequantizeIqmTracks: per pose, frameCount translations, rotations, then scales. */
export function dequantizeIqmTracks(frames: Uint16Array, frameCount: number, masks: Uint32Array, offsets: Float32Array, scales: Float32Array, dst: Float32Array): void {
  const poseCount = masks.length;
  const offsetBits = bitsOf(offsets);
  const dstBits = bitsOf(dst);
  const n = frameCount;
  // Where channel k of a frame's pose lands: its track's start within the pose, and its width.
  const starts = [0, 0, 0, n * 3, n * 3, n * 3, n * 3, n * 7, n * 7, n * 7];
  const widths = [3, 3, 3, 4, 4, 4, 4, 3, 3, 3];
  const lanes = [0, 1, 2, 0, 1, 2, 3, 0, 1, 2];
  let p = 0;
  for (let frame = 0; frame < n; frame++) {
    for (let j = 0; j < poseCount; j++) {
      const mask = masks[j]!;
      const base = j * 10;
      const pose = j * n * 10;
      for (let k = 0; k < 10; k++) {
        const o = pose + starts[k]! + frame * widths[k]! + lanes[k]!;
        if (mask & (1 << k)) {
          const v = f(offsets[base + k]! + f(frames[p++]! * scales[base + k]!));
          if (v === v) dst[o] = v;
          else dstBits[o] = CANONICAL_NAN_BITS;
        } else dstBits[o] = offsetBits[base + k]!;
      }
    }
  }
}
