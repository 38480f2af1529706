// TypeScript twins of assembly/unigine.ts: Math.fround after every float operation.
// Moved float32 values go through Uint32Array views (a float32 read into a number is quieted by
// V8's interpreter and kept by its optimised code). Dequantized NaNs (only from a NaN or infinite box)
// are 0x7fc00000; a finite box skips that test (2000 frames × 60 bones: 0.77–1.30× before/after in
// four interleaved runs on a shared machine, i.e. within its noise).
import { bitsOf, CANONICAL_NAN_BITS } from './float-bits.js';
const f = Math.fround;

const AXES_SET = [0, 1, 1, 2, 1, 2, 2, 3];

export function expandQuantizedFrames(
  flags: Uint8Array, frameCount: number, boneCount: number,
  positions: Uint16Array, rotations: Int16Array, scales: Uint16Array,
  box: Float32Array, initial: Float32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array,
): number {
  return expandFrames(flags, frameCount, boneCount, positions, rotations, scales, box, initial, dstT, dstR, dstS);
}

export function expandFloatFrames(
  flags: Uint8Array, frameCount: number, boneCount: number,
  positions: Float32Array, rotations: Int16Array, scales: Float32Array,
  initial: Float32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array,
): number {
  return expandFrames(flags, frameCount, boneCount, positions, rotations, scales, undefined, initial, dstT, dstR, dstS);
}

/**
 * Float32 values moved (carried forward, copied from `initial` or from an ms11 stream) go as
 * their bits through Uint32Array views: a float32 read into a number quiets a signalling NaN,
 * while WebAssembly moves the bits. A NaN the dequantization computes is 0x7fc00000, as in the kernel.
 */
function expandFrames(
  flags: Uint8Array, frameCount: number, boneCount: number,
  positions: Uint16Array | Float32Array, rotations: Int16Array, scales: Uint16Array | Float32Array,
  box: Float32Array | undefined, initial: Float32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array,
): number {
  const initialBits = bitsOf(initial);
  const tBits = bitsOf(dstT), rBits = bitsOf(dstR), sBits = bitsOf(dstS);
  const positionWords = positions instanceof Float32Array ? bitsOf(positions) : positions;
  const scaleWords = scales instanceof Float32Array ? bitsOf(scales) : scales;
  // Dequantization makes a NaN only from a NaN or infinite box value (q / 65535 is in [0, 1]):
  // with a finite box, values skip the NaN test.
  const finiteBox = box !== undefined && box.every(Number.isFinite);
  let pi = 0;
  let ri = 0;
  let si = 0;
  for (let frame = 0; frame < frameCount; frame++) {
    for (let bone = 0; bone < boneCount; bone++) {
      const entry = frame * boneCount + bone;
      const flag = flags[entry]!;
      const positionBits = flag & 7;
      const scaleBits = (flag >> 4) & 7;
      const positionTake = AXES_SET[positionBits]!;
      const scaleTake = AXES_SET[scaleBits]!;
      if (pi + positionTake > positions.length || ri + (flag & 8 ? 4 : 0) > rotations.length || si + scaleTake > scales.length) return entry;
      const key = bone * frameCount + frame;
      const first = bone * 10;
      const t = key * 3;
      const r = key * 4;
      const s = key * 3;
      if (frame === 0) {
        expandChannel(positionBits, positionWords, pi, box, finiteBox, 0, initialBits, first, dstT, tBits, t);
        expandChannel(scaleBits, scaleWords, si, box, finiteBox, 6, initialBits, first + 7, dstS, sBits, s);
      } else {
        expandChannel(positionBits, positionWords, pi, box, finiteBox, 0, tBits, t - 3, dstT, tBits, t);
        expandChannel(scaleBits, scaleWords, si, box, finiteBox, 6, sBits, s - 3, dstS, sBits, s);
      }
      pi += positionTake;
      si += scaleTake;
      if (flag & 8) {
        for (let c = 0; c < 4; c++) dstR[r + c] = f(rotations[ri + c]! / 32767);
        ri += 4;
      } else if (frame === 0) {
        for (let c = 0; c < 4; c++) rBits[r + c] = initialBits[first + 3 + c]!;
      } else {
        for (let c = 0; c < 4; c++) rBits[r + c] = rBits[r - 4 + c]!;
      }
    }
  }
  return -1;
}

/** One xyz channel: with a box, uint16 values dequantized; without, float32 bits (`stream` as words) moved. */
function expandChannel(
  bits: number, stream: Uint16Array | Uint32Array, first: number, box: Float32Array | undefined, finiteBox: boolean, boxAt: number,
  prev: Uint32Array, prevAt: number, out: Float32Array, outBits: Uint32Array, outAt: number,
): void {
  let taken = first;
  for (let c = 0; c < 3; c++) {
    if ((bits >> c) & 1) {
      const stored = stream[taken++]!;
      if (box) {
        const v = f(box[boxAt + c]! + f(box[boxAt + 3 + c]! * f(stored / 65535)));
        if (finiteBox || v === v) out[outAt + c] = v;
        else outBits[outAt + c] = CANONICAL_NAN_BITS;
      } else outBits[outAt + c] = stored;
    } else {
      outBits[outAt + c] = prev[prevAt + c]!;
    }
  }
}

export function expandFloatFrameRecords(
  records: Uint8Array, frames: number, boneCount: number,
  initial: Float32Array, keyFirst: Uint32Array, keyCount: Uint32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array,
): number {
  return expandFrameRecords(records, frames, boneCount, undefined, initial, keyFirst, keyCount, dstT, dstR, dstS);
}

export function expandQuantizedFrameRecords(
  records: Uint8Array, frames: number, boneCount: number,
  box: Float32Array, initial: Float32Array, keyFirst: Uint32Array, keyCount: Uint32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array,
): number {
  return expandFrameRecords(records, frames, boneCount, box, initial, keyFirst, keyCount, dstT, dstR, dstS);
}

/**
 * The records read in place through a DataView (they are not aligned): float32 channels as their
 * bits (getUint32), uint16 ones dequantized as in expandChannel.
 */
function expandFrameRecords(
  records: Uint8Array, frames: number, boneCount: number, box: Float32Array | undefined,
  initial: Float32Array, keyFirst: Uint32Array, keyCount: Uint32Array, dstT: Float32Array, dstR: Float32Array, dstS: Float32Array,
): number {
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  const end = records.length;
  const width = box ? 2 : 4;
  const initialBits = bitsOf(initial);
  const tBits = bitsOf(dstT), rBits = bitsOf(dstR), sBits = bitsOf(dstS);
  const finiteBox = box !== undefined && box.every(Number.isFinite);
  let at = 0;
  for (let frame = 0; frame < frames; frame++) {
    for (let bone = 0; bone < boneCount; bone++) {
      if (at >= end) return frame * boneCount + bone;
      const flag = records[at]!;
      const positionBits = flag & 7;
      const scaleBits = (flag >> 4) & 7;
      const positionAt = at + 1;
      const rotationAt = positionAt + AXES_SET[positionBits]! * width;
      const scaleAt = rotationAt + (flag & 8);
      const next = scaleAt + AXES_SET[scaleBits]! * width;
      if (next > end) return frame * boneCount + bone;
      at = next;
      if (frame >= keyCount[bone]!) continue;
      const key = keyFirst[bone]! + frame;
      const first = bone * 10;
      const t = key * 3;
      const r = key * 4;
      const s = key * 3;
      if (frame === 0) {
        recordChannel(positionBits, view, positionAt, box, finiteBox, 0, initialBits, first, dstT, tBits, t);
        recordChannel(scaleBits, view, scaleAt, box, finiteBox, 6, initialBits, first + 7, dstS, sBits, s);
      } else {
        recordChannel(positionBits, view, positionAt, box, finiteBox, 0, tBits, t - 3, dstT, tBits, t);
        recordChannel(scaleBits, view, scaleAt, box, finiteBox, 6, sBits, s - 3, dstS, sBits, s);
      }
      if (flag & 8) {
        for (let c = 0; c < 4; c++) dstR[r + c] = f(view.getInt16(rotationAt + 2 * c, true) / 32767);
      } else if (frame === 0) {
        for (let c = 0; c < 4; c++) rBits[r + c] = initialBits[first + 3 + c]!;
      } else {
        for (let c = 0; c < 4; c++) rBits[r + c] = rBits[r - 4 + c]!;
      }
    }
  }
  return -1;
}

/** One xyz channel of a record at `at`: with a box, uint16 values dequantized; without, float32 bits moved. */
function recordChannel(
  bits: number, view: DataView, at: number, box: Float32Array | undefined, finiteBox: boolean, boxAt: number,
  prev: Uint32Array, prevAt: number, out: Float32Array, outBits: Uint32Array, outAt: number,
): void {
  for (let c = 0; c < 3; c++) {
    if ((bits >> c) & 1) {
      if (box) {
        const v = f(box[boxAt + c]! + f(box[boxAt + 3 + c]! * f(view.getUint16(at, true) / 65535)));
        at += 2;
        if (finiteBox || v === v) out[outAt + c] = v;
        else outBits[outAt + c] = CANONICAL_NAN_BITS;
      } else {
        outBits[outAt + c] = view.getUint32(at, true);
        at += 4;
      }
    } else {
      outBits[outAt + c] = prev[prevAt + c]!;
    }
  }
}

export function tangentFrames(quats: Int16Array, dstNormals: Float32Array, dstTangents: Float32Array): void {
  const count = quats.length >> 2;
  for (let i = 0; i < count; i++) {
    let x = f(quats[4 * i]! / 32767);
    let y = f(quats[4 * i + 1]! / 32767);
    let z = f(quats[4 * i + 2]! / 32767);
    let w = f(quats[4 * i + 3]! / 32767);
    const length = f(Math.sqrt(f(f(f(x * x) + f(y * y)) + f(f(z * z) + f(w * w)))));
    if (length === 0) {
      w = 1;
    } else {
      x = f(x / length);
      y = f(y / length);
      z = f(z / length);
      w = f(w / length);
    }
    dstTangents[4 * i] = f(1 - f(2 * f(f(y * y) + f(z * z))));
    dstTangents[4 * i + 1] = f(2 * f(f(x * y) + f(w * z)));
    dstTangents[4 * i + 2] = f(2 * f(f(x * z) - f(w * y)));
    dstTangents[4 * i + 3] = w < 0 ? -1 : 1;
    dstNormals[3 * i] = f(2 * f(f(x * z) + f(w * y)));
    dstNormals[3 * i + 1] = f(2 * f(f(y * z) - f(w * x)));
    dstNormals[3 * i + 2] = f(1 - f(2 * f(f(x * x) + f(y * y))));
  }
}

export function gatherComponents(src: Float32Array, components: number, indices: Uint32Array, dst: Float32Array): number {
  // Through integer views, so that NaN payloads are copied exactly as WebAssembly copies them.
  const from = bitsOf(src);
  const to = bitsOf(dst);
  const srcCount = Math.floor(src.length / components);
  for (let i = 0; i < indices.length; i++) {
    const index = indices[i]!;
    if (index >= srcCount) return i;
    for (let c = 0; c < components; c++) to[i * components + c] = from[index * components + c]!;
  }
  return -1;
}
