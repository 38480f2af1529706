import { canonicalNaN, canonicalNaNs } from './canonical-nan';

// UNIGINE kernels: an10/ms11 frame expansion, tangent-space quaternions, attribute gathering.
// (cindex, tindex) pairs are welded by the general weldIndexStreams (assembly/weld.ts).
// Float math is float32, step by step in a fixed order, so that the SIMD build, the scalar build
// and the TypeScript twin (bindings/kernels/js/unigine.ts) give the same bits.

// Per 3-bit channel flag (x, y, z present), a swizzle that moves the stored components into
// their lanes: 16-bit values zero-extended to 32 bits, or 32-bit floats, plus a lane mask.
const CHANNEL_SWIZZLE_U16 = memory.data(128, 16);
const CHANNEL_SWIZZLE_F32 = memory.data(128, 16);
const CHANNEL_LANES = memory.data(128, 16);
let channelTablesReady = false;

function buildChannelTables(): void {
  for (let bits = 0; bits < 8; bits++) {
    let stored = 0;
    for (let lane = 0; lane < 4; lane++) {
      const at = <usize>(bits * 16 + lane * 4);
      const present = lane < 3 && (bits >> lane) & 1;
      for (let b = 0; b < 4; b++) {
        store<u8>(CHANNEL_SWIZZLE_U16 + at + b, present && b < 2 ? <u8>(stored * 2 + b) : 0x80);
        store<u8>(CHANNEL_SWIZZLE_F32 + at + b, present ? <u8>(stored * 4 + b) : 0x80);
        store<u8>(CHANNEL_LANES + at + b, present ? 0xff : 0);
      }
      if (present) stored++;
    }
  }
  channelTablesReady = true;
}

/**
 * an10 frames to dense tracks. Per frame, per animated bone: a flag byte (bits 0–2 position
 * x/y/z, bit 3 rotation, bits 4–6 scale x/y/z) says which channels the streams hold next;
 * the others keep the previous frame's value (frame 0: `initial`, 10 floats per animated bone).
 * Positions and scales are uint16: v = min + size * (q / 65535); rotations snorm16: s / 32767.
 * `box` holds position min[3], size[3], scale min[3], size[3]. Output is bone-major:
 * dstT[(bone * frameCount + frame) * 3 + c], dstR (4 per key), dstS (3 per key).
 * Returns −1, or the frame entry (frame * boneCount + bone) whose flags ask for more values
 * than a stream holds (counts are element counts).
 */
export function expandQuantizedFrames(
  flags: usize, frameCount: i32, boneCount: i32,
  positions: usize, positionCount: i32, rotations: usize, rotationCount: i32, scales: usize, scaleCount: i32,
  box: usize, initial: usize, dstT: usize, dstR: usize, dstS: usize,
): i32 {
  return expandFrames<u16>(flags, frameCount, boneCount, positions, positionCount, rotations, rotationCount, scales, scaleCount, box, initial, dstT, dstR, dstS);
}

/** ms11 frames (float32 positions and scales stored as is); otherwise as expandQuantizedFrames, with no box. */
export function expandFloatFrames(
  flags: usize, frameCount: i32, boneCount: i32,
  positions: usize, positionCount: i32, rotations: usize, rotationCount: i32, scales: usize, scaleCount: i32,
  initial: usize, dstT: usize, dstR: usize, dstS: usize,
): i32 {
  return expandFrames<f32>(flags, frameCount, boneCount, positions, positionCount, rotations, rotationCount, scales, scaleCount, 0, initial, dstT, dstR, dstS);
}

// @ts-ignore: decorator
@inline function expandFrames<T>(
  flags: usize, frameCount: i32, boneCount: i32,
  positions: usize, positionCount: i32, rotations: usize, rotationCount: i32, scales: usize, scaleCount: i32,
  box: usize, initial: usize, dstT: usize, dstR: usize, dstS: usize,
): i32 {
  if (ASC_FEATURE_SIMD && !channelTablesReady) buildChannelTables();
  let pi = 0, ri = 0, si = 0;
  for (let frame = 0; frame < frameCount; frame++) {
    for (let bone = 0; bone < boneCount; bone++) {
      const entry = frame * boneCount + bone;
      const flag = <i32>load<u8>(flags + <usize>entry);
      const positionBits = flag & 7, scaleBits = (flag >> 4) & 7, rotation = (flag >> 3) & 1;
      const positionTake = popcnt<i32>(positionBits), scaleTake = popcnt<i32>(scaleBits);
      if (pi + positionTake > positionCount || ri + (rotation << 2) > rotationCount || si + scaleTake > scaleCount) return entry;
      const key = <usize>(bone * frameCount + frame);
      const first = initial + <usize>bone * 40;
      const outT = dstT + key * 12, outR = dstR + (key << 4), outS = dstS + key * 12;
      const prevT = frame == 0 ? first : outT - 12;
      const prevR = frame == 0 ? first + 12 : outR - 16;
      const prevS = frame == 0 ? first + 28 : outS - 12;
      expandChannel<T>(positionBits, positions, pi, positionCount, box, box + 12, prevT, outT);
      expandChannel<T>(scaleBits, scales, si, scaleCount, box + 24, box + 36, prevS, outS);
      pi += positionTake;
      si += scaleTake;
      if (rotation) {
        const src = rotations + (<usize>ri << 1);
        if (ASC_FEATURE_SIMD) {
          v128.store(outR, f32x4.div(f32x4.convert_i32x4_s(v128.load16x4_s(src)), f32x4.splat(32767)));
        } else {
          for (let c: usize = 0; c < 4; c++) store<f32>(outR + (c << 2), <f32>load<i16>(src + (c << 1)) / <f32>32767);
        }
        ri += 4;
      } else {
        if (ASC_FEATURE_SIMD) v128.store(outR, v128.load(prevR));
        else for (let c: usize = 0; c < 16; c += 4) store<f32>(outR + c, load<f32>(prevR + c));
      }
    }
  }
  return -1;
}

/**
 * Frame records to an Asset's keys, read where the file stores them (no split into streams
 * first): per frame, per animated bone, a flag byte (as for expandQuantizedFrames) and then its
 * flagged values, positions, a rotation (four int16), scales; positions and scales float32
 * (expandFloatFrameRecords) or uint16 dequantized with `box` (expandQuantizedFrameRecords);
 * `length` bytes from `records`. Animated bone b gets keyCount[b] keys (u32) from key
 * keyFirst[b] (u32) on, one per frame from frame 0, each channel carried from the bone's previous
 * key (frame 0: `initial`) where the frame stores none; its records after those frames are
 * stepped over. Walks `frames` frames. dstT and dstS hold 3 floats a key, dstR 4. Returns −1, or
 * the frame entry (frame * boneCount + bone) whose record runs past `length`.
 */
export function expandFloatFrameRecords(
  records: usize, length: i32, frames: i32, boneCount: i32,
  initial: usize, keyFirst: usize, keyCount: usize, dstT: usize, dstR: usize, dstS: usize,
): i32 {
  return expandFrameRecords<f32>(records, length, frames, boneCount, 0, initial, keyFirst, keyCount, dstT, dstR, dstS);
}

/** expandFloatFrameRecords for an10 records: uint16 positions and scales, dequantized with `box` (as expandQuantizedFrames). */
export function expandQuantizedFrameRecords(
  records: usize, length: i32, frames: i32, boneCount: i32,
  box: usize, initial: usize, keyFirst: usize, keyCount: usize, dstT: usize, dstR: usize, dstS: usize,
): i32 {
  return expandFrameRecords<u16>(records, length, frames, boneCount, box, initial, keyFirst, keyCount, dstT, dstR, dstS);
}

// @ts-ignore: decorator
@inline function expandFrameRecords<T>(
  records: usize, length: i32, frames: i32, boneCount: i32,
  box: usize, initial: usize, keyFirst: usize, keyCount: usize, dstT: usize, dstR: usize, dstS: usize,
): i32 {
  if (ASC_FEATURE_SIMD && !channelTablesReady) buildChannelTables();
  const end = records + <usize>length;
  let at = records;
  for (let frame = 0; frame < frames; frame++) {
    for (let bone = 0; bone < boneCount; bone++) {
      if (at >= end) return frame * boneCount + bone;
      const flag = <i32>load<u8>(at);
      const positionBits = flag & 7, scaleBits = (flag >> 4) & 7, rotation = (flag >> 3) & 1;
      const positionAt = at + 1;
      const rotationAt = positionAt + (<usize>popcnt<i32>(positionBits) << alignof<T>());
      const scaleAt = rotationAt + (<usize>rotation << 3);
      const next = scaleAt + (<usize>popcnt<i32>(scaleBits) << alignof<T>());
      if (next > end) return frame * boneCount + bone;
      at = next;
      if (frame >= load<i32>(keyCount + (<usize>bone << 2))) continue;
      const key = <usize>load<u32>(keyFirst + (<usize>bone << 2)) + <usize>frame;
      const first = initial + <usize>bone * 40;
      const outT = dstT + key * 12, outR = dstR + (key << 4), outS = dstS + key * 12;
      const prevT = frame == 0 ? first : outT - 12;
      const prevR = frame == 0 ? first + 12 : outR - 16;
      const prevS = frame == 0 ? first + 28 : outS - 12;
      expandChannel<T>(positionBits, positionAt, 0, <i32>((end - positionAt) >> alignof<T>()), box, box + 12, prevT, outT);
      expandChannel<T>(scaleBits, scaleAt, 0, <i32>((end - scaleAt) >> alignof<T>()), box + 24, box + 36, prevS, outS);
      if (rotation) {
        if (ASC_FEATURE_SIMD) {
          v128.store(outR, f32x4.div(f32x4.convert_i32x4_s(v128.load16x4_s(rotationAt)), f32x4.splat(32767)));
        } else {
          for (let c: usize = 0; c < 4; c++) store<f32>(outR + (c << 2), <f32>load<i16>(rotationAt + (c << 1)) / <f32>32767);
        }
      } else {
        if (ASC_FEATURE_SIMD) v128.store(outR, v128.load(prevR));
        else for (let c: usize = 0; c < 16; c += 4) store<f32>(outR + c, load<f32>(prevR + c));
      }
    }
  }
  return -1;
}

/** One xyz channel: flagged components from the stream (element `first` on), the rest carried. */
// @ts-ignore: decorator
@inline function expandChannel<T>(bits: i32, stream: usize, first: i32, streamCount: i32, min: usize, size: usize, prev: usize, out: usize): void {
  const src = stream + (<usize>first << alignof<T>());
  if (bits == 0) {
    // Nothing stored: carry all three (the common case after frame 0).
    store<u64>(out, load<u64>(prev));
    store<u32>(out + 8, load<u32>(prev + 8));
    return;
  }
  if (ASC_FEATURE_SIMD && first + 4 <= streamCount) {
    const table = <usize>(bits << 4);
    let carried = v128.load32_lane(prev + 8, v128.load64_zero(prev), 2);
    let value: v128;
    if (isFloat<T>()) {
      value = i8x16.swizzle(v128.load(src), v128.load(CHANNEL_SWIZZLE_F32 + table));
    } else {
      const q = f32x4.convert_i32x4_s(i8x16.swizzle(v128.load64_zero(src), v128.load(CHANNEL_SWIZZLE_U16 + table)));
      const lo = v128.load32_lane(min + 8, v128.load64_zero(min), 2);
      const span = v128.load32_lane(size + 8, v128.load64_zero(size), 2);
      value = canonicalNaNs(f32x4.add(lo, f32x4.mul(span, f32x4.div(q, f32x4.splat(65535)))));
    }
    const merged = v128.bitselect(value, carried, v128.load(CHANNEL_LANES + table));
    v128.store64_lane(out, merged, 0);
    v128.store32_lane(out + 8, merged, 2);
    return;
  }
  let taken: usize = 0;
  for (let c: usize = 0; c < 3; c++) {
    let v: f32;
    if ((bits >> <i32>c) & 1) {
      if (isFloat<T>()) v = load<f32>(src + (taken << 2));
      else v = canonicalNaN(load<f32>(min + (c << 2)) + load<f32>(size + (c << 2)) * (<f32>load<u16>(src + (taken << 1)) / <f32>65535));
      taken++;
    } else {
      v = load<f32>(prev + (c << 2));
    }
    store<f32>(out + (c << 2), v);
  }
}

/**
 * Tangent-space quaternions (snorm16 x, y, z, w; rotating tangent space into object space) to
 * normals (column Z of the rotation, 3 floats each) and tangents (column X, then the
 * handedness: −1 when w < 0, else +1). The quaternion is normalised first; a zero one is the identity.
 */
export function tangentFrames(quats: usize, count: i32, dstNormals: usize, dstTangents: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const k = f32x4.splat(32767), one = f32x4.splat(1), two = f32x4.splat(2), zero = f32x4.splat(0);
    // Twelve quaternions an iteration, as three independent groups of four whose steps alternate:
    // each group is one long chain of dependent divisions and square roots, and the CPU overlaps
    // the chains. The same lane operations as the loop of four below, so the same bits
    // (test/unigine-tangent-interleave.test.ts). Tiled mrfixit's 13,284 quaternions, kernel alone,
    // against the build before in one process (shared 2-core machine): one group 3.43 ns each,
    // two 3.04–3.14, three 2.69–2.71, four 2.63. Not kept: the divisions by 32767 as float64
    // products (the same float32 for every int16, but with two groups the call with its staging
    // went 46.6 → 50.7 µs: the conversions cost more than the divider time they free).
    for (; i + 12 <= count; i += 12) {
      const pA = quats + (<usize>i << 3);
      const pB = quats + (<usize>(i + 4) << 3);
      const pC = quats + (<usize>(i + 8) << 3);
      // Four quaternions, transposed to one vector per component.
      const aA = v128.load(pA), bA = v128.load(pA + 16);
      const aB = v128.load(pB), bB = v128.load(pB + 16);
      const aC = v128.load(pC), bC = v128.load(pC + 16);
      const xsA = i16x8.shuffle(aA, bA, 0, 4, 8, 12, 1, 5, 9, 13);
      const xsB = i16x8.shuffle(aB, bB, 0, 4, 8, 12, 1, 5, 9, 13);
      const xsC = i16x8.shuffle(aC, bC, 0, 4, 8, 12, 1, 5, 9, 13);
      const zsA = i16x8.shuffle(aA, bA, 2, 6, 10, 14, 3, 7, 11, 15);
      const zsB = i16x8.shuffle(aB, bB, 2, 6, 10, 14, 3, 7, 11, 15);
      const zsC = i16x8.shuffle(aC, bC, 2, 6, 10, 14, 3, 7, 11, 15);
      let xA = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(xsA)), k);
      let xB = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(xsB)), k);
      let xC = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(xsC)), k);
      let yA = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(xsA)), k);
      let yB = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(xsB)), k);
      let yC = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(xsC)), k);
      let zA = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(zsA)), k);
      let zB = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(zsB)), k);
      let zC = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(zsC)), k);
      let wA = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(zsA)), k);
      let wB = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(zsB)), k);
      let wC = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(zsC)), k);
      const lengthA = f32x4.sqrt(f32x4.add(f32x4.add(f32x4.mul(xA, xA), f32x4.mul(yA, yA)), f32x4.add(f32x4.mul(zA, zA), f32x4.mul(wA, wA))));
      const lengthB = f32x4.sqrt(f32x4.add(f32x4.add(f32x4.mul(xB, xB), f32x4.mul(yB, yB)), f32x4.add(f32x4.mul(zB, zB), f32x4.mul(wB, wB))));
      const lengthC = f32x4.sqrt(f32x4.add(f32x4.add(f32x4.mul(xC, xC), f32x4.mul(yC, yC)), f32x4.add(f32x4.mul(zC, zC), f32x4.mul(wC, wC))));
      const degenerateA = f32x4.eq(lengthA, zero);
      const degenerateB = f32x4.eq(lengthB, zero);
      const degenerateC = f32x4.eq(lengthC, zero);
      const safeA = v128.bitselect(one, lengthA, degenerateA);
      const safeB = v128.bitselect(one, lengthB, degenerateB);
      const safeC = v128.bitselect(one, lengthC, degenerateC);
      xA = f32x4.div(xA, safeA);
      xB = f32x4.div(xB, safeB);
      xC = f32x4.div(xC, safeC);
      yA = f32x4.div(yA, safeA);
      yB = f32x4.div(yB, safeB);
      yC = f32x4.div(yC, safeC);
      zA = f32x4.div(zA, safeA);
      zB = f32x4.div(zB, safeB);
      zC = f32x4.div(zC, safeC);
      wA = v128.bitselect(one, f32x4.div(wA, safeA), degenerateA);
      wB = v128.bitselect(one, f32x4.div(wB, safeB), degenerateB);
      wC = v128.bitselect(one, f32x4.div(wC, safeC), degenerateC);
      const xxA = f32x4.mul(xA, xA), yyA = f32x4.mul(yA, yA), zzA = f32x4.mul(zA, zA);
      const xxB = f32x4.mul(xB, xB), yyB = f32x4.mul(yB, yB), zzB = f32x4.mul(zB, zB);
      const xxC = f32x4.mul(xC, xC), yyC = f32x4.mul(yC, yC), zzC = f32x4.mul(zC, zC);
      const xyA = f32x4.mul(xA, yA), xzA = f32x4.mul(xA, zA), yzA = f32x4.mul(yA, zA);
      const xyB = f32x4.mul(xB, yB), xzB = f32x4.mul(xB, zB), yzB = f32x4.mul(yB, zB);
      const xyC = f32x4.mul(xC, yC), xzC = f32x4.mul(xC, zC), yzC = f32x4.mul(yC, zC);
      const wxA = f32x4.mul(wA, xA), wyA = f32x4.mul(wA, yA), wzA = f32x4.mul(wA, zA);
      const wxB = f32x4.mul(wB, xB), wyB = f32x4.mul(wB, yB), wzB = f32x4.mul(wB, zB);
      const wxC = f32x4.mul(wC, xC), wyC = f32x4.mul(wC, yC), wzC = f32x4.mul(wC, zC);
      const txA = f32x4.sub(one, f32x4.mul(two, f32x4.add(yyA, zzA)));
      const txB = f32x4.sub(one, f32x4.mul(two, f32x4.add(yyB, zzB)));
      const txC = f32x4.sub(one, f32x4.mul(two, f32x4.add(yyC, zzC)));
      const tyA = f32x4.mul(two, f32x4.add(xyA, wzA));
      const tyB = f32x4.mul(two, f32x4.add(xyB, wzB));
      const tyC = f32x4.mul(two, f32x4.add(xyC, wzC));
      const tzA = f32x4.mul(two, f32x4.sub(xzA, wyA));
      const tzB = f32x4.mul(two, f32x4.sub(xzB, wyB));
      const tzC = f32x4.mul(two, f32x4.sub(xzC, wyC));
      const nxA = f32x4.mul(two, f32x4.add(xzA, wyA));
      const nxB = f32x4.mul(two, f32x4.add(xzB, wyB));
      const nxC = f32x4.mul(two, f32x4.add(xzC, wyC));
      const nyA = f32x4.mul(two, f32x4.sub(yzA, wxA));
      const nyB = f32x4.mul(two, f32x4.sub(yzB, wxB));
      const nyC = f32x4.mul(two, f32x4.sub(yzC, wxC));
      const nzA = f32x4.sub(one, f32x4.mul(two, f32x4.add(xxA, yyA)));
      const nzB = f32x4.sub(one, f32x4.mul(two, f32x4.add(xxB, yyB)));
      const nzC = f32x4.sub(one, f32x4.mul(two, f32x4.add(xxC, yyC)));
      const handedA = v128.bitselect(f32x4.splat(-1), one, f32x4.lt(wA, zero));
      const handedB = v128.bitselect(f32x4.splat(-1), one, f32x4.lt(wB, zero));
      const handedC = v128.bitselect(f32x4.splat(-1), one, f32x4.lt(wC, zero));
      const nA = dstNormals + <usize>i * 12, tA = dstTangents + (<usize>i << 4);
      const nB = dstNormals + <usize>(i + 4) * 12, tB = dstTangents + (<usize>(i + 4) << 4);
      const nC = dstNormals + <usize>(i + 8) * 12, tC = dstTangents + (<usize>(i + 8) << 4);
      // Interleave: normals x y z x | y z x y | z x y z, tangents one quaternion's frame per vector.
      const nxyA = i32x4.shuffle(nxA, nyA, 0, 4, 1, 5), nxy2A = i32x4.shuffle(nxA, nyA, 2, 6, 3, 7);
      const nxyB = i32x4.shuffle(nxB, nyB, 0, 4, 1, 5), nxy2B = i32x4.shuffle(nxB, nyB, 2, 6, 3, 7);
      const nxyC = i32x4.shuffle(nxC, nyC, 0, 4, 1, 5), nxy2C = i32x4.shuffle(nxC, nyC, 2, 6, 3, 7);
      v128.store(nA, i32x4.shuffle(nxyA, nzA, 0, 1, 4, 2));
      v128.store(nB, i32x4.shuffle(nxyB, nzB, 0, 1, 4, 2));
      v128.store(nC, i32x4.shuffle(nxyC, nzC, 0, 1, 4, 2));
      v128.store(nA + 16, i32x4.shuffle(i32x4.shuffle(nxyA, nzA, 3, 5, 3, 5), nxy2A, 0, 1, 4, 5));
      v128.store(nB + 16, i32x4.shuffle(i32x4.shuffle(nxyB, nzB, 3, 5, 3, 5), nxy2B, 0, 1, 4, 5));
      v128.store(nC + 16, i32x4.shuffle(i32x4.shuffle(nxyC, nzC, 3, 5, 3, 5), nxy2C, 0, 1, 4, 5));
      v128.store(nA + 32, i32x4.shuffle(nxy2A, nzA, 6, 2, 3, 7));
      v128.store(nB + 32, i32x4.shuffle(nxy2B, nzB, 6, 2, 3, 7));
      v128.store(nC + 32, i32x4.shuffle(nxy2C, nzC, 6, 2, 3, 7));
      const txyA = i32x4.shuffle(txA, tyA, 0, 4, 1, 5), txy2A = i32x4.shuffle(txA, tyA, 2, 6, 3, 7);
      const txyB = i32x4.shuffle(txB, tyB, 0, 4, 1, 5), txy2B = i32x4.shuffle(txB, tyB, 2, 6, 3, 7);
      const txyC = i32x4.shuffle(txC, tyC, 0, 4, 1, 5), txy2C = i32x4.shuffle(txC, tyC, 2, 6, 3, 7);
      const tzhA = i32x4.shuffle(tzA, handedA, 0, 4, 1, 5), tzh2A = i32x4.shuffle(tzA, handedA, 2, 6, 3, 7);
      const tzhB = i32x4.shuffle(tzB, handedB, 0, 4, 1, 5), tzh2B = i32x4.shuffle(tzB, handedB, 2, 6, 3, 7);
      const tzhC = i32x4.shuffle(tzC, handedC, 0, 4, 1, 5), tzh2C = i32x4.shuffle(tzC, handedC, 2, 6, 3, 7);
      v128.store(tA, i32x4.shuffle(txyA, tzhA, 0, 1, 4, 5));
      v128.store(tB, i32x4.shuffle(txyB, tzhB, 0, 1, 4, 5));
      v128.store(tC, i32x4.shuffle(txyC, tzhC, 0, 1, 4, 5));
      v128.store(tA + 16, i32x4.shuffle(txyA, tzhA, 2, 3, 6, 7));
      v128.store(tB + 16, i32x4.shuffle(txyB, tzhB, 2, 3, 6, 7));
      v128.store(tC + 16, i32x4.shuffle(txyC, tzhC, 2, 3, 6, 7));
      v128.store(tA + 32, i32x4.shuffle(txy2A, tzh2A, 0, 1, 4, 5));
      v128.store(tB + 32, i32x4.shuffle(txy2B, tzh2B, 0, 1, 4, 5));
      v128.store(tC + 32, i32x4.shuffle(txy2C, tzh2C, 0, 1, 4, 5));
      v128.store(tA + 48, i32x4.shuffle(txy2A, tzh2A, 2, 3, 6, 7));
      v128.store(tB + 48, i32x4.shuffle(txy2B, tzh2B, 2, 3, 6, 7));
      v128.store(tC + 48, i32x4.shuffle(txy2C, tzh2C, 2, 3, 6, 7));
    }
    for (; i + 4 <= count; i += 4) {
      const p = quats + (<usize>i << 3);
      // Four quaternions, transposed to one vector per component.
      const a = v128.load(p), b = v128.load(p + 16);
      const xs = i16x8.shuffle(a, b, 0, 4, 8, 12, 1, 5, 9, 13);
      const zs = i16x8.shuffle(a, b, 2, 6, 10, 14, 3, 7, 11, 15);
      let x = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(xs)), k);
      let y = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(xs)), k);
      let z = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_low_i16x8_s(zs)), k);
      let w = f32x4.div(f32x4.convert_i32x4_s(i32x4.extend_high_i16x8_s(zs)), k);
      const length = f32x4.sqrt(f32x4.add(f32x4.add(f32x4.mul(x, x), f32x4.mul(y, y)), f32x4.add(f32x4.mul(z, z), f32x4.mul(w, w))));
      const degenerate = f32x4.eq(length, zero);
      const safe = v128.bitselect(one, length, degenerate);
      x = f32x4.div(x, safe);
      y = f32x4.div(y, safe);
      z = f32x4.div(z, safe);
      w = v128.bitselect(one, f32x4.div(w, safe), degenerate);
      const xx = f32x4.mul(x, x), yy = f32x4.mul(y, y), zz = f32x4.mul(z, z);
      const xy = f32x4.mul(x, y), xz = f32x4.mul(x, z), yz = f32x4.mul(y, z);
      const wx = f32x4.mul(w, x), wy = f32x4.mul(w, y), wz = f32x4.mul(w, z);
      const tx = f32x4.sub(one, f32x4.mul(two, f32x4.add(yy, zz)));
      const ty = f32x4.mul(two, f32x4.add(xy, wz));
      const tz = f32x4.mul(two, f32x4.sub(xz, wy));
      const nx = f32x4.mul(two, f32x4.add(xz, wy));
      const ny = f32x4.mul(two, f32x4.sub(yz, wx));
      const nz = f32x4.sub(one, f32x4.mul(two, f32x4.add(xx, yy)));
      const handed = v128.bitselect(f32x4.splat(-1), one, f32x4.lt(w, zero));
      const n = dstNormals + <usize>i * 12, t = dstTangents + (<usize>i << 4);
      // Interleave: normals x y z x | y z x y | z x y z, tangents one quaternion's frame per vector.
      const nxy = i32x4.shuffle(nx, ny, 0, 4, 1, 5), nxy2 = i32x4.shuffle(nx, ny, 2, 6, 3, 7);
      v128.store(n, i32x4.shuffle(nxy, nz, 0, 1, 4, 2));
      v128.store(n + 16, i32x4.shuffle(i32x4.shuffle(nxy, nz, 3, 5, 3, 5), nxy2, 0, 1, 4, 5));
      v128.store(n + 32, i32x4.shuffle(nxy2, nz, 6, 2, 3, 7));
      const txy = i32x4.shuffle(tx, ty, 0, 4, 1, 5), txy2 = i32x4.shuffle(tx, ty, 2, 6, 3, 7);
      const tzh = i32x4.shuffle(tz, handed, 0, 4, 1, 5), tzh2 = i32x4.shuffle(tz, handed, 2, 6, 3, 7);
      v128.store(t, i32x4.shuffle(txy, tzh, 0, 1, 4, 5));
      v128.store(t + 16, i32x4.shuffle(txy, tzh, 2, 3, 6, 7));
      v128.store(t + 32, i32x4.shuffle(txy2, tzh2, 0, 1, 4, 5));
      v128.store(t + 48, i32x4.shuffle(txy2, tzh2, 2, 3, 6, 7));
    }
  }
  for (; i < count; i++) {
    const p = quats + (<usize>i << 3);
    let x = <f32>load<i16>(p) / <f32>32767, y = <f32>load<i16>(p + 2) / <f32>32767;
    let z = <f32>load<i16>(p + 4) / <f32>32767, w = <f32>load<i16>(p + 6) / <f32>32767;
    const length = sqrt<f32>((x * x + y * y) + (z * z + w * w));
    if (length == 0) {
      w = 1;
    } else {
      x = x / length; y = y / length; z = z / length; w = w / length;
    }
    const n = dstNormals + <usize>i * 12, t = dstTangents + (<usize>i << 4);
    store<f32>(t, <f32>1 - <f32>2 * (y * y + z * z));
    store<f32>(t + 4, <f32>2 * (x * y + w * z));
    store<f32>(t + 8, <f32>2 * (x * z - w * y));
    store<f32>(t + 12, w < 0 ? <f32>-1 : <f32>1);
    store<f32>(n, <f32>2 * (x * z + w * y));
    store<f32>(n + 4, <f32>2 * (y * z - w * x));
    store<f32>(n + 8, <f32>1 - <f32>2 * (x * x + y * y));
  }
}

/**
 * dst[i] = src[indices[i]] for elements of `components` floats (bits copied exactly).
 * Returns −1, or the first position whose index is not below `srcCount` elements.
 */
export function gatherComponents(src: usize, srcCount: u32, components: i32, indices: usize, count: i32, dst: usize): i32 {
  const stride = <usize>components << 2;
  for (let i = 0; i < count; i++) {
    const index = load<u32>(indices + (<usize>i << 2));
    if (index >= srcCount) return i;
    const from = src + <usize>index * stride, to = dst + <usize>i * stride;
    if (components == 4) {
      if (ASC_FEATURE_SIMD) {
        v128.store(to, v128.load(from));
      } else {
        store<u64>(to, load<u64>(from));
        store<u64>(to + 8, load<u64>(from + 8));
      }
    } else if (components == 3) {
      store<u64>(to, load<u64>(from));
      store<u32>(to + 8, load<u32>(from + 8));
    } else if (components == 2) {
      store<u64>(to, load<u64>(from));
    } else {
      for (let c: usize = 0; c < stride; c += 4) store<u32>(to + c, load<u32>(from + c));
    }
  }
  return -1;
}
