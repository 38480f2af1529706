// IQM frame dequantization, as the reference loader does it: for each frame, each pose, each of
// the ten channels, v = offset[k], plus u16 * scale[k] (float32) when mask bit k is set, the
// ushorts taken in order. A clear bit leaves the offset untouched (so -0 stays -0).

import { CANONICAL_NAN, canonicalNaNs } from './canonical-nan';

// NaN payloads: an offset a clear bit leaves is moved (its bits kept); a NaN the arithmetic makes
// is written as the one quiet NaN 0x7fc00000 (assembly/canonical-nan.ts), as in the twin.

/**
 * `frames` holds frameCount × (set mask bits) ushorts; masks, offsets (10 per pose) and scales
 * (10 per pose) describe `poseCount` poses; dst receives 10 floats per pose per frame.
 */
export function dequantizeIqmFrames(frames: usize, frameCount: i32, poseCount: i32, masks: usize, offsets: usize, scales: usize, dst: usize): void {
  let p = frames;
  let o = dst;
  for (let f = 0; f < frameCount; f++) {
    for (let j = 0; j < poseCount; j++) {
      const mask = load<u32>(masks + (<usize>j << 2));
      const offset = offsets + <usize>j * 40;
      const scale = scales + <usize>j * 40;
      if (ASC_FEATURE_SIMD) {
        let q0 = i32x4.splat(0), q1 = i32x4.splat(0), q2 = i32x4.splat(0);
        if (mask & 1) { q0 = i32x4.replace_lane(q0, 0, <i32>load<u16>(p)); p += 2; }
        if (mask & 2) { q0 = i32x4.replace_lane(q0, 1, <i32>load<u16>(p)); p += 2; }
        if (mask & 4) { q0 = i32x4.replace_lane(q0, 2, <i32>load<u16>(p)); p += 2; }
        if (mask & 8) { q0 = i32x4.replace_lane(q0, 3, <i32>load<u16>(p)); p += 2; }
        if (mask & 16) { q1 = i32x4.replace_lane(q1, 0, <i32>load<u16>(p)); p += 2; }
        if (mask & 32) { q1 = i32x4.replace_lane(q1, 1, <i32>load<u16>(p)); p += 2; }
        if (mask & 64) { q1 = i32x4.replace_lane(q1, 2, <i32>load<u16>(p)); p += 2; }
        if (mask & 128) { q1 = i32x4.replace_lane(q1, 3, <i32>load<u16>(p)); p += 2; }
        if (mask & 256) { q2 = i32x4.replace_lane(q2, 0, <i32>load<u16>(p)); p += 2; }
        if (mask & 512) { q2 = i32x4.replace_lane(q2, 1, <i32>load<u16>(p)); p += 2; }
        const m = i32x4.splat(mask);
        const zero = i32x4.splat(0);
        const set0 = i32x4.ne(v128.and(m, i32x4(1, 2, 4, 8)), zero);
        const set1 = i32x4.ne(v128.and(m, i32x4(16, 32, 64, 128)), zero);
        const set2 = i32x4.ne(v128.and(m, i32x4(256, 512, 0, 0)), zero);
        const off0 = v128.load(offset), off1 = v128.load(offset + 16), off2 = v128.load64_zero(offset + 32);
        const v0 = f32x4.add(off0, f32x4.mul(f32x4.convert_i32x4_s(q0), v128.load(scale)));
        const v1 = f32x4.add(off1, f32x4.mul(f32x4.convert_i32x4_s(q1), v128.load(scale + 16)));
        const v2 = f32x4.add(off2, f32x4.mul(f32x4.convert_i32x4_s(q2), v128.load64_zero(scale + 32)));
        v128.store(o, v128.bitselect(canonicalNaNs(v0), off0, set0));
        v128.store(o + 16, v128.bitselect(canonicalNaNs(v1), off1, set1));
        v128.store64_lane(o + 32, v128.bitselect(canonicalNaNs(v2), off2, set2), 0);
      } else {
        for (let k = 0; k < 10; k++) {
          const c = <usize>k << 2;
          let v = load<f32>(offset + c);
          if (mask & (1 << k)) {
            v += <f32>load<u16>(p) * load<f32>(scale + c);
            if (v != v) v = CANONICAL_NAN;
            p += 2;
          }
          store<f32>(o + c, v);
        }
      }
      o += 40;
    }
  }
}

// The same values laid out per pose for one animation (what the Asset's tracks are): for pose j,
// frameCount translations (3 floats), then frameCount rotations (4), then frameCount scales (3),
// pose after pose, so that each track is one contiguous run and no transposition follows.
// Alternatives measured on mrfixit ×7 (75 poses, 101 frames, wasm-simd): the frame-major kernel
// above then a transposition in TypeScript, a quarter of the whole IQM parse; writing per pose
// here instead moves the values once, in registers.

/** Channel k's ushort of a pose whose values start at `p`: where it sits among the set bits. */
// @ts-ignore: decorator
@inline function channelAt(p: usize, mask: u32, k: u32): usize {
  return p + (<usize>popcnt<u32>(mask & ((<u32>1 << k) - 1)) << 1);
}

/** Channel k of a pose for one frame, scalar. */
// @ts-ignore: decorator
@inline function channelValue(p: usize, mask: u32, offset: usize, scale: usize, k: u32): f32 {
  let v = load<f32>(offset + (<usize>k << 2));
  if (mask & (<u32>1 << k)) {
    v += <f32>load<u16>(channelAt(p, mask, k)) * load<f32>(scale + (<usize>k << 2));
    if (v != v) v = CANONICAL_NAN;
  }
  return v;
}

/**
 * As dequantizeIqmFrames over `frameCount` frames from `frames`, but dst holds, per pose,
 * frameCount × 3 translation, frameCount × 4 rotation and frameCount × 3 scale floats.
 */
export function dequantizeIqmTracks(frames: usize, frameCount: i32, poseCount: i32, masks: usize, offsets: usize, scales: usize, dst: usize): void {
  const n = <usize>frameCount;
  if (ASC_FEATURE_SIMD) {
    dequantizeIqmTracksSimd(frames, n, poseCount, masks, offsets, scales, dst);
    return;
  }
  let p = frames;
  for (let f: usize = 0; f < n; f++) {
    for (let j = 0; j < poseCount; j++) {
      const mask = load<u32>(masks + (<usize>j << 2));
      const offset = offsets + <usize>j * 40;
      const scale = scales + <usize>j * 40;
      const pose = dst + <usize>j * n * 40;
      const t = pose + f * 12, r = pose + n * 12 + f * 16, s = pose + n * 28 + f * 12;
      for (let k: u32 = 0; k < 3; k++) store<f32>(t + (<usize>k << 2), channelValue(p, mask, offset, scale, k));
      for (let k: u32 = 0; k < 4; k++) store<f32>(r + (<usize>k << 2), channelValue(p, mask, offset, scale, k + 3));
      for (let k: u32 = 0; k < 3; k++) store<f32>(s + (<usize>k << 2), channelValue(p, mask, offset, scale, k + 7));
      p += <usize>popcnt<u32>(mask & 0x3ff) << 1;
    }
  }
}

/** Where channel k of a pose sits among its ushorts (bytes), or `fallback` when its bit is clear (the lane is then not used). */
// @ts-ignore: decorator
@inline function laneAt(mask: u32, k: u32, fallback: usize): usize {
  return mask & (<u32>1 << k) ? <usize>popcnt<u32>(mask & ((<u32>1 << k) - 1)) << 1 : fallback;
}

/**
 * The SIMD build of dequantizeIqmTracks, pose after pose: a pose's masks, offsets, scales and the
 * place of each channel among its ushorts are worked out once, then each frame is ten loads
 * and three multiply-adds, written in order; a pose that stores every channel (the common case)
 * takes its ten ushorts in three widening loads. Alternatives measured on the kernel alone over
 * 75 poses × 101 frames, 73 of the poses storing all ten channels (wasm-simd, median of
 * interleaved rounds, shared 2-core machine): frame after frame, each channel's ushort found
 * from the mask at every frame (the loop before), 51 µs; pose after pose with ten lane loads,
 * 40 µs; with the widening loads, 31 µs. On mrfixit (sparse masks, 3 channels a pose on
 * average) the parse is unchanged: there the copies in and out of WebAssembly memory dominate.
 */
function dequantizeIqmTracksSimd(frames: usize, n: usize, poseCount: i32, masks: usize, offsets: usize, scales: usize, dst: usize): void {
  // Bytes per frame: every pose's set channels.
  let stride: usize = 0;
  for (let j = 0; j < poseCount; j++) stride += <usize>popcnt<u32>(load<u32>(masks + (<usize>j << 2)) & 0x3ff) << 1;
  const zero = i32x4.splat(0);
  let first: usize = 0;
  for (let j = 0; j < poseCount; j++) {
    const mask = load<u32>(masks + (<usize>j << 2)) & 0x3ff;
    const offset = offsets + <usize>j * 40;
    const scale = scales + <usize>j * 40;
    const pose = dst + <usize>j * n * 40;
    const m = i32x4.splat(mask);
    const set0 = i32x4.ne(v128.and(m, i32x4(1, 2, 4, 8)), zero);
    const set1 = i32x4.ne(v128.and(m, i32x4(16, 32, 64, 128)), zero);
    const set2 = i32x4.ne(v128.and(m, i32x4(256, 512, 0, 0)), zero);
    const off0 = v128.load(offset), off1 = v128.load(offset + 16), off2 = v128.load64_zero(offset + 32);
    const sc0 = v128.load(scale), sc1 = v128.load(scale + 16), sc2 = v128.load64_zero(scale + 32);
    let t = pose, r = pose + n * 12, s = pose + n * 28;
    if (mask == 0) {
      // Nothing stored per frame: every frame is the offsets (moved, bits kept).
      const ws = v128.shuffle<i32>(off1, off2, 3, 4, 5, 6);
      const rs = v128.shuffle<i32>(off0, off1, 3, 4, 5, 6);
      for (let f: usize = 0; f < n; f++) {
        v128.store64_lane(t, off0, 0);
        v128.store32_lane(t + 8, off0, 2);
        v128.store(r, rs);
        v128.store64_lane(s, ws, 0);
        v128.store32_lane(s + 8, ws, 2);
        t += 12;
        r += 16;
        s += 12;
      }
      continue;
    }
    // A clear channel reads the pose's first ushort (inside the frame; its lane is not used).
    const a0 = laneAt(mask, 0, 0), a1 = laneAt(mask, 1, 0), a2 = laneAt(mask, 2, 0), a3 = laneAt(mask, 3, 0), a4 = laneAt(mask, 4, 0);
    const a5 = laneAt(mask, 5, 0), a6 = laneAt(mask, 6, 0), a7 = laneAt(mask, 7, 0), a8 = laneAt(mask, 8, 0), a9 = laneAt(mask, 9, 0);
    let p = frames + first;
    const full = mask == 0x3ff;
    for (let f: usize = 0; f < n; f++) {
      let q0: v128, q1: v128, q2: v128;
      if (full) {
        // Every channel stored: ten ushorts in a row, widened four at a time.
        q0 = i32x4.extend_low_i16x8_u(v128.load64_zero(p));
        q1 = i32x4.extend_low_i16x8_u(v128.load64_zero(p + 8));
        q2 = i32x4.extend_low_i16x8_u(v128.load32_zero(p + 16));
      } else {
        q0 = i32x4.splat(<i32>load<u16>(p + a0));
        q0 = i32x4.replace_lane(q0, 1, <i32>load<u16>(p + a1));
        q0 = i32x4.replace_lane(q0, 2, <i32>load<u16>(p + a2));
        q0 = i32x4.replace_lane(q0, 3, <i32>load<u16>(p + a3));
        q1 = i32x4.splat(<i32>load<u16>(p + a4));
        q1 = i32x4.replace_lane(q1, 1, <i32>load<u16>(p + a5));
        q1 = i32x4.replace_lane(q1, 2, <i32>load<u16>(p + a6));
        q1 = i32x4.replace_lane(q1, 3, <i32>load<u16>(p + a7));
        q2 = i32x4.splat(<i32>load<u16>(p + a8));
        q2 = i32x4.replace_lane(q2, 1, <i32>load<u16>(p + a9));
      }
      const v0 = f32x4.add(off0, f32x4.mul(f32x4.convert_i32x4_s(q0), sc0));
      const v1 = f32x4.add(off1, f32x4.mul(f32x4.convert_i32x4_s(q1), sc1));
      const v2 = f32x4.add(off2, f32x4.mul(f32x4.convert_i32x4_s(q2), sc2));
      const w0 = v128.bitselect(canonicalNaNs(v0), off0, set0);
      const w1 = v128.bitselect(canonicalNaNs(v1), off1, set1);
      const w2 = v128.bitselect(canonicalNaNs(v2), off2, set2);
      v128.store64_lane(t, w0, 0);
      v128.store32_lane(t + 8, w0, 2);
      v128.store(r, v128.shuffle<i32>(w0, w1, 3, 4, 5, 6));
      const ws = v128.shuffle<i32>(w1, w2, 3, 4, 5, 6);
      v128.store64_lane(s, ws, 0);
      v128.store32_lane(s + 8, ws, 2);
      p += stride;
      t += 12;
      r += 16;
      s += 12;
    }
    first += <usize>popcnt<u32>(mask) << 1;
  }
}
