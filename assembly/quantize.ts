import { canonicalNaN, canonicalNaNs } from './canonical-nan';

// Fixed-point <-> float32 conversions. Every formula is float32 arithmetic, step by step, so
// that the SIMD lanes, the scalar loop and the TypeScript twin (Math.fround at each step)
// give the same bits. NaN inputs encode as if they were 0 (or the range minimum).

/**
 * dst[i] = min[c] + size[c] * (src[i] / 65535), c = i % components (1..4); a NaN (from a NaN
 * or infinite min or size) is 0x7fc00000. `count` is the number of uint16 values.
 */
export function dequantizeUnorm16(src: usize, count: i32, components: i32, minPtr: usize, sizePtr: usize, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    // Lanes repeat with period lcm(components, 4), which divides 12: three vectors of min/size
    // cover twelve values; each step takes 24 values in three full 128-bit loads.
    const m0 = lanePattern(minPtr, components, 0), m1 = lanePattern(minPtr, components, 4), m2 = lanePattern(minPtr, components, 8);
    const s0 = lanePattern(sizePtr, components, 0), s1 = lanePattern(sizePtr, components, 4), s2 = lanePattern(sizePtr, components, 8);
    for (; i + 24 <= count; i += 24) {
      const p = src + (<usize>i << 1);
      const o = dst + (<usize>i << 2);
      const a = v128.load(p), b = v128.load(p + 16), c = v128.load(p + 32);
      v128.store(o, dequantizeLanes(i32x4.extend_low_i16x8_u(a), m0, s0));
      v128.store(o + 16, dequantizeLanes(i32x4.extend_high_i16x8_u(a), m1, s1));
      v128.store(o + 32, dequantizeLanes(i32x4.extend_low_i16x8_u(b), m2, s2));
      v128.store(o + 48, dequantizeLanes(i32x4.extend_high_i16x8_u(b), m0, s0));
      v128.store(o + 64, dequantizeLanes(i32x4.extend_low_i16x8_u(c), m1, s1));
      v128.store(o + 80, dequantizeLanes(i32x4.extend_high_i16x8_u(c), m2, s2));
    }
  }
  for (; i < count; i++) {
    const c = <usize>(i % components) << 2;
    const q = <f32>load<u16>(src + (<usize>i << 1));
    store<f32>(dst + (<usize>i << 2), canonicalNaN(load<f32>(minPtr + c) + load<f32>(sizePtr + c) * (q / <f32>65535)));
  }
}

// Values below 2^16 convert exactly with the signed conversion (one cvtdq2ps; the unsigned one
// is emulated on x86).
// @ts-ignore: decorator
@inline function dequantizeLanes(q: v128, min: v128, size: v128): v128 {
  return canonicalNaNs(f32x4.add(min, f32x4.mul(size, f32x4.div(f32x4.convert_i32x4_s(q), f32x4.splat(65535)))));
}

/**
 * dst[i] = clamp(trunc((src[i] - min[c]) / size[c] * 65535 [+ 0.5 when rounding]), 0, 65535).
 * A NaN result (NaN input, or 0/0 for size 0) gives 0. mode 0 = truncate, 1 = round half up.
 */
export function quantizeUnorm16(src: usize, count: i32, components: i32, minPtr: usize, sizePtr: usize, mode: i32, dst: usize): void {
  const half: f32 = mode == 1 ? 0.5 : 0;
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const m0 = lanePattern(minPtr, components, 0), m1 = lanePattern(minPtr, components, 4), m2 = lanePattern(minPtr, components, 8);
    const s0 = lanePattern(sizePtr, components, 0), s1 = lanePattern(sizePtr, components, 4), s2 = lanePattern(sizePtr, components, 8);
    const h = f32x4.splat(half);
    for (; i + 24 <= count; i += 24) {
      const p = src + (<usize>i << 2);
      const o = dst + (<usize>i << 1);
      const a = quantizeLanes(v128.load(p), m0, s0, h), b = quantizeLanes(v128.load(p + 16), m1, s1, h);
      const c = quantizeLanes(v128.load(p + 32), m2, s2, h), d = quantizeLanes(v128.load(p + 48), m0, s0, h);
      const e = quantizeLanes(v128.load(p + 64), m1, s1, h), f = quantizeLanes(v128.load(p + 80), m2, s2, h);
      v128.store(o, i16x8.narrow_i32x4_u(a, b));
      v128.store(o + 16, i16x8.narrow_i32x4_u(c, d));
      v128.store(o + 32, i16x8.narrow_i32x4_u(e, f));
    }
  }
  for (; i < count; i++) {
    const c = <usize>(i % components) << 2;
    const v = load<f32>(src + (<usize>i << 2));
    const x: f32 = (v - load<f32>(minPtr + c)) / load<f32>(sizePtr + c) * <f32>65535 + half;
    store<u16>(dst + (<usize>i << 1), clampToU16(x));
  }
}

// @ts-ignore: decorator
@inline function quantizeLanes(v: v128, min: v128, size: v128, half: v128): v128 {
  let x = f32x4.add(f32x4.mul(f32x4.div(f32x4.sub(v, min), size), f32x4.splat(65535)), half);
  // pmax(0, x) is x > 0 ? x : 0, so a NaN becomes 0 here.
  return truncToInt(f32x4.pmin(f32x4.pmax(f32x4.splat(0), x), f32x4.splat(65535)));
}

// @ts-ignore: decorator
@inline function clampToU16(x: f32): u16 {
  if (x != x) return 0;
  return <u16><i32>min<f32>(max<f32>(x, 0), 65535);
}

/** UNIGINE normal compression: (ushort)clamp((int)((n * 0.5f + 0.5f) * 65535.0f), 0, 65535). */
export function compressNormals(src: usize, count: i32, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    // Eight loads ahead of the arithmetic: more reads in flight, which this memory-bound loop needs.
    for (; i + 32 <= count; i += 32) {
      const p = src + (<usize>i << 2);
      const o = dst + (<usize>i << 1);
      const v0 = v128.load(p), v1 = v128.load(p + 16), v2 = v128.load(p + 32), v3 = v128.load(p + 48);
      const v4 = v128.load(p + 64), v5 = v128.load(p + 80), v6 = v128.load(p + 96), v7 = v128.load(p + 112);
      v128.store(o, i16x8.narrow_i32x4_u(compressLanes(v0), compressLanes(v1)));
      v128.store(o + 16, i16x8.narrow_i32x4_u(compressLanes(v2), compressLanes(v3)));
      v128.store(o + 32, i16x8.narrow_i32x4_u(compressLanes(v4), compressLanes(v5)));
      v128.store(o + 48, i16x8.narrow_i32x4_u(compressLanes(v6), compressLanes(v7)));
    }
  }
  for (; i < count; i++) {
    let n = load<f32>(src + (<usize>i << 2));
    if (n != n) n = 0;
    store<u16>(dst + (<usize>i << 1), clampToU16((n * <f32>0.5 + <f32>0.5) * <f32>65535));
  }
}

// @ts-ignore: decorator
@inline function compressLanes(n: v128): v128 {
  const half = f32x4.splat(0.5), scale = f32x4.splat(65535);
  n = v128.and(n, f32x4.eq(n, n)); // NaN -> 0
  return truncToInt(f32x4.pmin(f32x4.pmax(f32x4.mul(f32x4.add(f32x4.mul(n, half), half), scale), f32x4.splat(0)), scale));
}

/** Inverse of compressNormals: n = u / 65535 * 2 - 1. */
export function decompressNormals(src: usize, count: i32, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const d = f32x4.splat(65535), two = f32x4.splat(2), one = f32x4.splat(1);
    for (; i + 4 <= count; i += 4) {
      const u = f32x4.convert_i32x4_s(v128.load16x4_u(src + (<usize>i << 1)));
      v128.store(dst + (<usize>i << 2), f32x4.sub(f32x4.mul(f32x4.div(u, d), two), one));
    }
  }
  for (; i < count; i++) {
    const u = <f32>load<u16>(src + (<usize>i << 1));
    store<f32>(dst + (<usize>i << 2), u / <f32>65535 * <f32>2 - <f32>1);
  }
}

/** MeshSerializer2 normals/tangents: v = (b - 128) / 127. */
export function decodeSnorm8(src: usize, count: i32, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const bias = i32x4.splat(128), d = f32x4.splat(127);
    for (; i + 8 <= count; i += 8) {
      const w = v128.load8x8_u(src + <usize>i);
      const lo = f32x4.convert_i32x4_s(i32x4.sub(i32x4.extend_low_i16x8_u(w), bias));
      const hi = f32x4.convert_i32x4_s(i32x4.sub(i32x4.extend_high_i16x8_u(w), bias));
      const o = dst + (<usize>i << 2);
      v128.store(o, f32x4.div(lo, d));
      v128.store(o + 16, f32x4.div(hi, d));
    }
  }
  for (; i < count; i++) {
    store<f32>(dst + (<usize>i << 2), <f32>(<i32>load<u8>(src + <usize>i) - 128) / <f32>127);
  }
}

/** MeshSerializer2 encoder: b = (byte)clamp(v * 127 + 128, 0, 255). */
export function encodeSnorm8(src: usize, count: i32, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const k = f32x4.splat(127), bias = f32x4.splat(128), lo = f32x4.splat(0), hi = f32x4.splat(255);
    for (; i + 16 <= count; i += 16) {
      const p = src + (<usize>i << 2);
      const a = snorm8Lanes(v128.load(p), k, bias, lo, hi);
      const b = snorm8Lanes(v128.load(p + 16), k, bias, lo, hi);
      const c = snorm8Lanes(v128.load(p + 32), k, bias, lo, hi);
      const d = snorm8Lanes(v128.load(p + 48), k, bias, lo, hi);
      v128.store(dst + <usize>i, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(a, b), i16x8.narrow_i32x4_u(c, d)));
    }
  }
  for (; i < count; i++) {
    let v = load<f32>(src + (<usize>i << 2));
    if (v != v) v = 0;
    store<u8>(dst + <usize>i, <u8><i32>min<f32>(max<f32>(v * <f32>127 + <f32>128, 0), 255));
  }
}

// @ts-ignore: decorator
@inline function snorm8Lanes(v: v128, k: v128, bias: v128, lo: v128, hi: v128): v128 {
  v = v128.and(v, f32x4.eq(v, v));
  return truncToInt(f32x4.pmin(f32x4.pmax(f32x4.add(f32x4.mul(v, k), bias), lo), hi));
}

/** UNIGINE quaternions and tangents: v = s / 32767. */
export function decodeSnorm16(src: usize, count: i32, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const d = f32x4.splat(32767);
    for (; i + 4 <= count; i += 4) {
      const s = f32x4.convert_i32x4_s(v128.load16x4_s(src + (<usize>i << 1)));
      v128.store(dst + (<usize>i << 2), f32x4.div(s, d));
    }
  }
  for (; i < count; i++) {
    store<f32>(dst + (<usize>i << 2), <f32>load<i16>(src + (<usize>i << 1)) / <f32>32767);
  }
}

/** UNIGINE encoder: s = clamp((int)(v * 32767), -32767, 32767). */
export function encodeSnorm16(src: usize, count: i32, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const k = f32x4.splat(32767), lo = f32x4.splat(-32767);
    for (; i + 8 <= count; i += 8) {
      const p = src + (<usize>i << 2);
      let a = v128.load(p), b = v128.load(p + 16);
      a = v128.and(a, f32x4.eq(a, a));
      b = v128.and(b, f32x4.eq(b, b));
      a = truncToInt(f32x4.pmin(f32x4.pmax(f32x4.mul(a, k), lo), k));
      b = truncToInt(f32x4.pmin(f32x4.pmax(f32x4.mul(b, k), lo), k));
      v128.store(dst + (<usize>i << 1), i16x8.narrow_i32x4_s(a, b));
    }
  }
  for (; i < count; i++) {
    let v = load<f32>(src + (<usize>i << 2));
    if (v != v) v = 0;
    store<i16>(dst + (<usize>i << 1), <i16><i32>min<f32>(max<f32>(v * <f32>32767, -32767), 32767));
  }
}

/**
 * Truncates lanes already clamped to |x| < 2^22 to i32 exactly: adding 1.5 * 2^23 to an integer
 * float leaves the integer in the low mantissa bits. One roundps + addps + psubd, where
 * i32x4.trunc_sat_f32x4_s costs a saturation fix-up sequence on x86.
 */
// @ts-ignore: decorator
@inline function truncToInt(x: v128): v128 {
  const magic = f32x4.splat(12582912);
  return i32x4.sub(f32x4.add(f32x4.trunc(x), magic), magic);
}

/** Four lanes of a per-component parameter, starting at value index `first`. */
// @ts-ignore: decorator
@inline function lanePattern(ptr: usize, components: i32, first: i32): v128 {
  let v = f32x4.splat(0);
  v = f32x4.replace_lane(v, 0, load<f32>(ptr + (<usize>((first + 0) % components) << 2)));
  v = f32x4.replace_lane(v, 1, load<f32>(ptr + (<usize>((first + 1) % components) << 2)));
  v = f32x4.replace_lane(v, 2, load<f32>(ptr + (<usize>((first + 2) % components) << 2)));
  v = f32x4.replace_lane(v, 3, load<f32>(ptr + (<usize>((first + 3) % components) << 2)));
  return v;
}

// Mirrored variants for MeshSerializer2 (Unity's left-handed x): the same values with each
// result's bits XORed with signs[c] (0 or 0x80000000), i.e. negated exactly, zeros and NaNs
// included, in the same pass. Negating the bounds instead is not the same: an exact zero sum is
// +0 either way, where the mirror of the stored value is −0.

/** As dequantizeUnorm16, each value's bits XORed with the u32 signs[c]. */
export function dequantizeUnorm16Signs(src: usize, count: i32, components: i32, minPtr: usize, sizePtr: usize, signsPtr: usize, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const m0 = lanePattern(minPtr, components, 0), m1 = lanePattern(minPtr, components, 4), m2 = lanePattern(minPtr, components, 8);
    const s0 = lanePattern(sizePtr, components, 0), s1 = lanePattern(sizePtr, components, 4), s2 = lanePattern(sizePtr, components, 8);
    const x0 = lanePattern(signsPtr, components, 0), x1 = lanePattern(signsPtr, components, 4), x2 = lanePattern(signsPtr, components, 8);
    for (; i + 24 <= count; i += 24) {
      const p = src + (<usize>i << 1);
      const o = dst + (<usize>i << 2);
      const a = v128.load(p), b = v128.load(p + 16), c = v128.load(p + 32);
      v128.store(o, v128.xor(dequantizeLanes(i32x4.extend_low_i16x8_u(a), m0, s0), x0));
      v128.store(o + 16, v128.xor(dequantizeLanes(i32x4.extend_high_i16x8_u(a), m1, s1), x1));
      v128.store(o + 32, v128.xor(dequantizeLanes(i32x4.extend_low_i16x8_u(b), m2, s2), x2));
      v128.store(o + 48, v128.xor(dequantizeLanes(i32x4.extend_high_i16x8_u(b), m0, s0), x0));
      v128.store(o + 64, v128.xor(dequantizeLanes(i32x4.extend_low_i16x8_u(c), m1, s1), x1));
      v128.store(o + 80, v128.xor(dequantizeLanes(i32x4.extend_high_i16x8_u(c), m2, s2), x2));
    }
  }
  for (; i < count; i++) {
    const c = <usize>(i % components) << 2;
    const q = <f32>load<u16>(src + (<usize>i << 1));
    const v = canonicalNaN(load<f32>(minPtr + c) + load<f32>(sizePtr + c) * (q / <f32>65535));
    store<u32>(dst + (<usize>i << 2), reinterpret<u32>(v) ^ load<u32>(signsPtr + c));
  }
}

/** As decodeSnorm8 over `components` per element, each value's bits XORed with the u32 signs[c]. */
export function decodeSnorm8Signs(src: usize, count: i32, components: i32, signsPtr: usize, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const bias = i32x4.splat(128), d = f32x4.splat(127);
    const x0 = lanePattern(signsPtr, components, 0), x1 = lanePattern(signsPtr, components, 4), x2 = lanePattern(signsPtr, components, 8);
    for (; i + 24 <= count; i += 24) {
      const o = dst + (<usize>i << 2);
      const w0 = v128.load8x8_u(src + <usize>i), w1 = v128.load8x8_u(src + <usize>i + 8), w2 = v128.load8x8_u(src + <usize>i + 16);
      v128.store(o, v128.xor(f32x4.div(f32x4.convert_i32x4_s(i32x4.sub(i32x4.extend_low_i16x8_u(w0), bias)), d), x0));
      v128.store(o + 16, v128.xor(f32x4.div(f32x4.convert_i32x4_s(i32x4.sub(i32x4.extend_high_i16x8_u(w0), bias)), d), x1));
      v128.store(o + 32, v128.xor(f32x4.div(f32x4.convert_i32x4_s(i32x4.sub(i32x4.extend_low_i16x8_u(w1), bias)), d), x2));
      v128.store(o + 48, v128.xor(f32x4.div(f32x4.convert_i32x4_s(i32x4.sub(i32x4.extend_high_i16x8_u(w1), bias)), d), x0));
      v128.store(o + 64, v128.xor(f32x4.div(f32x4.convert_i32x4_s(i32x4.sub(i32x4.extend_low_i16x8_u(w2), bias)), d), x1));
      v128.store(o + 80, v128.xor(f32x4.div(f32x4.convert_i32x4_s(i32x4.sub(i32x4.extend_high_i16x8_u(w2), bias)), d), x2));
    }
  }
  for (; i < count; i++) {
    const v = <f32>(<i32>load<u8>(src + <usize>i) - 128) / <f32>127;
    store<u32>(dst + (<usize>i << 2), reinterpret<u32>(v) ^ load<u32>(signsPtr + (<usize>(i % components) << 2)));
  }
}

// Mirrored encoders for MeshSerializer2: each input value's bits XORed with signs[c] (0 or
// 0x80000000: an exact negation) before the plain encoder's arithmetic, so that the writer
// needs no negation pass of its own over the gathered arrays.

/** quantizeUnorm16 of each value with its bits XORed with the u32 signs[c] first. */
export function quantizeUnorm16Signs(src: usize, count: i32, components: i32, minPtr: usize, sizePtr: usize, signsPtr: usize, mode: i32, dst: usize): void {
  const half: f32 = mode == 1 ? 0.5 : 0;
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const m0 = lanePattern(minPtr, components, 0), m1 = lanePattern(minPtr, components, 4), m2 = lanePattern(minPtr, components, 8);
    const s0 = lanePattern(sizePtr, components, 0), s1 = lanePattern(sizePtr, components, 4), s2 = lanePattern(sizePtr, components, 8);
    const x0 = lanePattern(signsPtr, components, 0), x1 = lanePattern(signsPtr, components, 4), x2 = lanePattern(signsPtr, components, 8);
    const h = f32x4.splat(half);
    for (; i + 24 <= count; i += 24) {
      const p = src + (<usize>i << 2);
      const o = dst + (<usize>i << 1);
      const a = quantizeLanes(v128.xor(v128.load(p), x0), m0, s0, h), b = quantizeLanes(v128.xor(v128.load(p + 16), x1), m1, s1, h);
      const c = quantizeLanes(v128.xor(v128.load(p + 32), x2), m2, s2, h), d = quantizeLanes(v128.xor(v128.load(p + 48), x0), m0, s0, h);
      const e = quantizeLanes(v128.xor(v128.load(p + 64), x1), m1, s1, h), f = quantizeLanes(v128.xor(v128.load(p + 80), x2), m2, s2, h);
      v128.store(o, i16x8.narrow_i32x4_u(a, b));
      v128.store(o + 16, i16x8.narrow_i32x4_u(c, d));
      v128.store(o + 32, i16x8.narrow_i32x4_u(e, f));
    }
  }
  for (; i < count; i++) {
    const c = <usize>(i % components) << 2;
    const v = reinterpret<f32>(load<u32>(src + (<usize>i << 2)) ^ load<u32>(signsPtr + c));
    const x: f32 = (v - load<f32>(minPtr + c)) / load<f32>(sizePtr + c) * <f32>65535 + half;
    store<u16>(dst + (<usize>i << 1), clampToU16(x));
  }
}

/** encodeSnorm8 over `components` per element, each value's bits XORed with the u32 signs[c] first. */
export function encodeSnorm8Signs(src: usize, count: i32, components: i32, signsPtr: usize, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const k = f32x4.splat(127), bias = f32x4.splat(128), lo = f32x4.splat(0), hi = f32x4.splat(255);
    const x0 = lanePattern(signsPtr, components, 0), x1 = lanePattern(signsPtr, components, 4), x2 = lanePattern(signsPtr, components, 8);
    // 48 values: twelve vectors, the sign pattern (period 12 lanes at most) four times over.
    for (; i + 48 <= count; i += 48) {
      const p = src + (<usize>i << 2);
      const o = dst + <usize>i;
      const a = snorm8Lanes(v128.xor(v128.load(p), x0), k, bias, lo, hi), b = snorm8Lanes(v128.xor(v128.load(p + 16), x1), k, bias, lo, hi);
      const c = snorm8Lanes(v128.xor(v128.load(p + 32), x2), k, bias, lo, hi), d = snorm8Lanes(v128.xor(v128.load(p + 48), x0), k, bias, lo, hi);
      v128.store(o, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(a, b), i16x8.narrow_i32x4_u(c, d)));
      const e = snorm8Lanes(v128.xor(v128.load(p + 64), x1), k, bias, lo, hi), f = snorm8Lanes(v128.xor(v128.load(p + 80), x2), k, bias, lo, hi);
      const g = snorm8Lanes(v128.xor(v128.load(p + 96), x0), k, bias, lo, hi), h = snorm8Lanes(v128.xor(v128.load(p + 112), x1), k, bias, lo, hi);
      v128.store(o + 16, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(e, f), i16x8.narrow_i32x4_u(g, h)));
      const m = snorm8Lanes(v128.xor(v128.load(p + 128), x2), k, bias, lo, hi), n = snorm8Lanes(v128.xor(v128.load(p + 144), x0), k, bias, lo, hi);
      const q = snorm8Lanes(v128.xor(v128.load(p + 160), x1), k, bias, lo, hi), r = snorm8Lanes(v128.xor(v128.load(p + 176), x2), k, bias, lo, hi);
      v128.store(o + 32, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(m, n), i16x8.narrow_i32x4_u(q, r)));
    }
  }
  for (; i < count; i++) {
    let v = reinterpret<f32>(load<u32>(src + (<usize>i << 2)) ^ load<u32>(signsPtr + (<usize>(i % components) << 2)));
    if (v != v) v = 0;
    store<u8>(dst + <usize>i, <u8><i32>min<f32>(max<f32>(v * <f32>127 + <f32>128, 0), 255));
  }
}

/**
 * The index of the first value that is NaN or ±Infinity, or −1 (v − v is 0 exactly for a finite
 * v). The SIMD build tests sixteen values a step and finds the index in the step that fails.
 */
export function firstNonFiniteF32(src: usize, count: i32): i32 {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const zero = f32x4.splat(0);
    for (; i + 16 <= count; i += 16) {
      const p = src + (<usize>i << 2);
      const a = v128.load(p), b = v128.load(p, 16), c = v128.load(p, 32), d = v128.load(p, 48);
      const ab = v128.and(f32x4.eq(f32x4.sub(a, a), zero), f32x4.eq(f32x4.sub(b, b), zero));
      const cd = v128.and(f32x4.eq(f32x4.sub(c, c), zero), f32x4.eq(f32x4.sub(d, d), zero));
      if (!i32x4.all_true(v128.and(ab, cd))) break;
    }
  }
  for (; i < count; i++) {
    const v = load<f32>(src + (<usize>i << 2));
    if (v - v != 0) return i;
  }
  return -1;
}
