// IQM vertex arrays and triangles to the Asset model: components of any IQM format (byte,
// ubyte, short, ushort, int, uint, half, float, double) to float32, blend indices to uint16
// joints, and a mesh's triangles made local, counter-clockwise and narrowed in one pass.

const FORMAT_BYTE = 0;
const FORMAT_UBYTE = 1;
const FORMAT_SHORT = 2;
const FORMAT_USHORT = 3;
const FORMAT_INT = 4;
const FORMAT_UINT = 5;
const FORMAT_HALF = 6;
const FORMAT_FLOAT = 7;

/** IEEE binary16 bits to float32 (exact; every NaN becomes the quiet NaN 0x7fc00000). */
@inline function halfToF32(bits: u32): f32 {
  const sign = (bits & 0x8000) << 16;
  const exponent = (bits >> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent == 0x1f) return reinterpret<f32>(mantissa ? 0x7fc00000 : sign | 0x7f800000);
  if (exponent == 0) {
    const magnitude = <f32>mantissa * reinterpret<f32>(0x33800000); // 2^-24
    return sign ? -magnitude : magnitude;
  }
  return reinterpret<f32>(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

/** Largest value of an integer component type (the divisor of its normalized form). */
@inline function maxOf<T>(): f64 {
  if (sizeof<T>() == 1) return isSigned<T>() ? 127 : 255;
  if (sizeof<T>() == 2) return isSigned<T>() ? 32767 : 65535;
  return isSigned<T>() ? 2147483647 : 4294967295;
}

/**
 * One stored component to float32. Normalized integers divide by their largest value (signed
 * ones clamped at −1); 8- and 16-bit ones divide in float32, which rounds as the float64
 * quotient does, 32-bit ones in float64 as their values need.
 */
@inline function component<T>(src: usize, i: usize, normalized: bool, half: bool): f32 {
  const raw = load<T>(src + (i << alignof<T>()));
  // float32 is moved (its bits kept, NaN payloads included); a float64 NaN's payload after
  // demotion is left open by WebAssembly, so it becomes the one quiet NaN, as in the twin.
  if (isFloat<T>() && sizeof<T>() == 4) return <f32>raw;
  if (isFloat<T>()) return raw != raw ? reinterpret<f32>(0x7fc00000) : <f32>raw;
  if (half) return halfToF32(<u32>raw);
  if (!normalized) return <f32>raw;
  if (sizeof<T>() == 4) {
    const q = <f64>raw / maxOf<T>();
    return <f32>(isSigned<T>() ? max<f64>(q, -1) : q);
  }
  const q = <f32>raw / <f32>maxOf<T>();
  return isSigned<T>() ? max<f32>(q, -1) : q;
}

/** Four 8- or 16-bit integers at `p` to float32 lanes (normalized as `component` does). */
@inline function fourSmallInts<T>(p: usize, normalized: bool): v128 {
  let wide: v128;
  if (sizeof<T>() == 1) {
    const v = v128.load32_zero(p);
    wide = isSigned<T>() ? i32x4.extend_low_i16x8_s(i16x8.extend_low_i8x16_s(v)) : i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v));
  } else {
    const v = v128.load64_zero(p);
    wide = isSigned<T>() ? i32x4.extend_low_i16x8_s(v) : i32x4.extend_low_i16x8_u(v);
  }
  let f = f32x4.convert_i32x4_s(wide);
  if (normalized) {
    f = f32x4.div(f, f32x4.splat(<f32>maxOf<T>()));
    if (isSigned<T>()) f = f32x4.max(f, f32x4.splat(-1));
  }
  return f;
}

function convertComponents<T>(src: usize, normalized: bool, half: bool, vertexCount: i32, srcSize: i32, dstSize: i32, fill: f32, dst: usize): void {
  if (srcSize == dstSize) {
    const count = <usize>vertexCount * <usize>srcSize;
    let i: usize = 0;
    if (isFloat<T>() && sizeof<T>() == 4) {
      memory.copy(dst, src, count << 2);
      return;
    }
    if (ASC_FEATURE_SIMD && isInteger<T>() && sizeof<T>() <= 2 && !half) {
      for (; i + 4 <= count; i += 4) v128.store(dst + (i << 2), fourSmallInts<T>(src + (i << alignof<T>()), normalized));
    }
    for (; i < count; i++) store<f32>(dst + (i << 2), component<T>(src, i, normalized, half));
    return;
  }
  const kept = min<i32>(srcSize, dstSize);
  for (let v = 0; v < vertexCount; v++) {
    const from = <usize>v * <usize>srcSize;
    const to = dst + ((<usize>v * <usize>dstSize) << 2);
    for (let c = 0; c < kept; c++) store<f32>(to + (<usize>c << 2), component<T>(src, from + <usize>c, normalized, half));
    for (let c = kept; c < dstSize; c++) store<f32>(to + (<usize>c << 2), c == dstSize - 1 ? fill : 0);
  }
}

/**
 * `vertexCount` vertices of `srcSize` components in IQM `format` (0–8) to `dstSize` float32
 * components each: extra components dropped, missing ones 0 except the last, which takes
 * `fill` (w, alpha). `normalized` reads integers as [0, 1] / [−1, 1]; float32 bits are kept.
 */
export function iqmComponentsToFloat32(src: usize, format: i32, normalized: i32, vertexCount: i32, srcSize: i32, dstSize: i32, fill: f32, dst: usize): void {
  const n = normalized != 0;
  switch (format) {
    case FORMAT_BYTE: convertComponents<i8>(src, n, false, vertexCount, srcSize, dstSize, fill, dst); break;
    case FORMAT_UBYTE: convertComponents<u8>(src, n, false, vertexCount, srcSize, dstSize, fill, dst); break;
    case FORMAT_SHORT: convertComponents<i16>(src, n, false, vertexCount, srcSize, dstSize, fill, dst); break;
    case FORMAT_USHORT: convertComponents<u16>(src, n, false, vertexCount, srcSize, dstSize, fill, dst); break;
    case FORMAT_INT: convertComponents<i32>(src, n, false, vertexCount, srcSize, dstSize, fill, dst); break;
    case FORMAT_UINT: convertComponents<u32>(src, n, false, vertexCount, srcSize, dstSize, fill, dst); break;
    case FORMAT_HALF: convertComponents<u16>(src, false, true, vertexCount, srcSize, dstSize, fill, dst); break;
    case FORMAT_FLOAT: convertComponents<f32>(src, false, false, vertexCount, srcSize, dstSize, fill, dst); break;
    default: convertComponents<f64>(src, false, false, vertexCount, srcSize, dstSize, fill, dst);
  }
}

function convertJoints<T>(src: usize, half: bool, vertexCount: i32, srcSize: i32, limit: i32, dst: usize): i32 {
  let bad = 0;
  let v = 0;
  if (ASC_FEATURE_SIMD && srcSize == 4 && sizeof<T>() == 1 && !isSigned<T>()) {
    // Two vertices (eight ubytes) at a time; values at or above the limit become 0.
    const last = i16x8.splat(<i16>min<i32>(limit - 1, 0xffff));
    for (; v + 2 <= vertexCount; v += 2) {
      const wide = i16x8.extend_low_i8x16_u(v128.load64_zero(src + (<usize>v << 2)));
      const fits = i16x8.le_u(wide, last);
      bad += 8 - popcnt<i32>(i8x16.bitmask(fits)) / 2;
      v128.store(dst + (<usize>v << 3), v128.and(wide, fits));
    }
  }
  const kept = min<i32>(srcSize, 4);
  const bound = <f32>limit;
  for (; v < vertexCount; v++) {
    const from = <usize>v * <usize>srcSize;
    const to = dst + (<usize>v << 3);
    for (let c = 0; c < kept; c++) {
      let joint: u16 = 0;
      if (isInteger<T>() && !half) {
        const raw = load<T>(src + ((from + <usize>c) << alignof<T>()));
        if ((!isSigned<T>() || raw >= 0) && <u64>raw < <u64>limit) joint = <u16>raw;
        else bad++;
      } else {
        const value = component<T>(src, from + <usize>c, false, half);
        if (value >= 0 && value < bound && Mathf.floor(value) == value) joint = <u16>value;
        else bad++;
      }
      store<u16>(to + (<usize>c << 1), joint);
    }
    for (let c = kept; c < 4; c++) store<u16>(to + (<usize>c << 1), 0);
  }
  return bad;
}

/**
 * Blend indices (`srcSize` per vertex, any IQM format, read as values) to four uint16 joints
 * per vertex. An index that is not an integer in [0, limit) becomes 0; returns how many did.
 * `limit` is at most 65536.
 */
export function iqmJointIndices(src: usize, format: i32, vertexCount: i32, srcSize: i32, limit: i32, dst: usize): i32 {
  switch (format) {
    case FORMAT_BYTE: return convertJoints<i8>(src, false, vertexCount, srcSize, limit, dst);
    case FORMAT_UBYTE: return convertJoints<u8>(src, false, vertexCount, srcSize, limit, dst);
    case FORMAT_SHORT: return convertJoints<i16>(src, false, vertexCount, srcSize, limit, dst);
    case FORMAT_USHORT: return convertJoints<u16>(src, false, vertexCount, srcSize, limit, dst);
    case FORMAT_INT: return convertJoints<i32>(src, false, vertexCount, srcSize, limit, dst);
    case FORMAT_UINT: return convertJoints<u32>(src, false, vertexCount, srcSize, limit, dst);
    case FORMAT_HALF: return convertJoints<u16>(src, true, vertexCount, srcSize, limit, dst);
    case FORMAT_FLOAT: return convertJoints<f32>(src, false, vertexCount, srcSize, limit, dst);
    default: return convertJoints<f64>(src, false, vertexCount, srcSize, limit, dst);
  }
}

function windTriangles<T>(src: usize, count: i32, first: u32, vertexCount: u32, dst: usize): i32 {
  let t = 0;
  // 16-bit only when every local index fits: narrow_i32x4_u saturates where store<u16> keeps the low bits.
  if (ASC_FEATURE_SIMD && (sizeof<T>() == 4 || (sizeof<T>() == 2 && vertexCount <= 0x10000))) t = windFourAtATime<T>(src, count, first, vertexCount, dst);
  for (; t + 2 < count; t += 3) {
    const p = src + (<usize>t << 2);
    const a = load<u32>(p) - first, b = load<u32>(p + 4) - first, c = load<u32>(p + 8) - first;
    if (a >= vertexCount) return t;
    if (c >= vertexCount) return t + 2;
    if (b >= vertexCount) return t + 1;
    const o = dst + (<usize>t << alignof<T>());
    store<T>(o, <T>a);
    store<T>(o + sizeof<T>(), <T>c);
    store<T>(o + 2 * sizeof<T>(), <T>b);
  }
  return -1;
}

/**
 * The SIMD build of windTriangles (16- and 32-bit indices): four triangles (three vectors) at a
 * time, made local, checked, put in a, c, b order by shuffles and narrowed; returns where it
 * stopped (a block holding an index outside the vertices, or fewer than four triangles left),
 * for the scalar loop to finish, so that the first bad corner is found exactly as it finds it.
 * Measured on 20,916 triangles of 13,027 vertices (the speed bar's mrfixit ×7), 16-bit, the
 * kernel alone in WebAssembly memory, interleaved, shared 2-core machine: the scalar loop 17.4 µs,
 * this 10.5 µs.
 */
function windFourAtATime<T>(src: usize, count: i32, first: u32, vertexCount: u32, dst: usize): i32 {
  const base = i32x4.splat(<i32>first);
  const limit = i32x4.splat(<i32>vertexCount);
  let t = 0;
  for (; t + 12 <= count; t += 12) {
    const p = src + (<usize>t << 2);
    const v0 = i32x4.sub(v128.load(p), base), v1 = i32x4.sub(v128.load(p + 16), base), v2 = i32x4.sub(v128.load(p + 32), base);
    const bad = v128.or(v128.or(i32x4.ge_u(v0, limit), i32x4.ge_u(v1, limit)), i32x4.ge_u(v2, limit));
    if (v128.any_true(bad)) break;
    const o0 = v128.shuffle<i32>(v0, v0, 0, 2, 1, 3);
    const o1 = v128.shuffle<i32>(v1, v2, 1, 0, 2, 4);
    const o2 = v128.shuffle<i32>(v1, v2, 3, 5, 7, 6);
    const o = dst + (<usize>t << alignof<T>());
    if (sizeof<T>() == 2) {
      v128.store(o, i16x8.narrow_i32x4_u(o0, o1));
      v128.store64_lane(o + 16, i16x8.narrow_i32x4_u(o2, o2), 0);
    } else {
      v128.store(o, o0);
      v128.store(o + 16, o1);
      v128.store(o + 32, o2);
    }
  }
  return t;
}

/**
 * One mesh's triangles (`count` uint32, three per triangle, clockwise, file-wide vertex
 * numbers) to counter-clockwise indices local to its vertices `first`..`first + vertexCount − 1`,
 * stored `width` (1, 2 or 4) bytes each. Returns −1, or the position in `src` of the first index
 * outside those vertices (corners checked in output order).
 */
export function windIqmTriangles(src: usize, count: i32, first: u32, vertexCount: u32, dst: usize, width: i32): i32 {
  if (width == 1) return windTriangles<u8>(src, count, first, vertexCount, dst);
  if (width == 2) return windTriangles<u16>(src, count, first, vertexCount, dst);
  return windTriangles<u32>(src, count, first, vertexCount, dst);
}

function clockwise<T>(src: usize, count: i32, base: u32, dst: usize): void {
  for (let t = 0; t + 2 < count; t += 3) {
    const p = src + (<usize>t << alignof<T>());
    const o = dst + (<usize>t << 2);
    store<u32>(o, <u32>load<T>(p) + base);
    store<u32>(o, <u32>load<T>(p, 2 * sizeof<T>()) + base, 4);
    store<u32>(o, <u32>load<T>(p, sizeof<T>()) + base, 8);
  }
}

/**
 * The writer's inverse of windIqmTriangles: `count` mesh indices (`width` 1, 2 or 4 bytes,
 * counter-clockwise) to clockwise uint32 file-wide vertex numbers (each + `base`, wrapping).
 */
export function iqmClockwiseTriangles(src: usize, count: i32, width: i32, base: u32, dst: usize): void {
  if (width == 1) clockwise<u8>(src, count, base, dst);
  else if (width == 2) clockwise<u16>(src, count, base, dst);
  else clockwise<u32>(src, count, base, dst);
}
