// Index buffers: width selection scans, widening and narrowing.

/** Largest value in a uint32 index array (0 when empty). */
export function maxIndexU32(src: usize, count: i32): u32 {
  let i = 0;
  let best: u32 = 0;
  if (ASC_FEATURE_SIMD) {
    let acc = i32x4.splat(0);
    for (; i + 4 <= count; i += 4) acc = i32x4.max_u(acc, v128.load(src + (<usize>i << 2)));
    best = max<u32>(max<u32>(i32x4.extract_lane(acc, 0), i32x4.extract_lane(acc, 1)), max<u32>(i32x4.extract_lane(acc, 2), i32x4.extract_lane(acc, 3)));
  }
  for (; i < count; i++) best = max<u32>(best, load<u32>(src + (<usize>i << 2)));
  return best;
}

export function widenU8ToU32(src: usize, count: i32, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    for (; i + 16 <= count; i += 16) {
      const v = v128.load(src + <usize>i);
      const lo = i16x8.extend_low_i8x16_u(v), hi = i16x8.extend_high_i8x16_u(v);
      const o = dst + (<usize>i << 2);
      v128.store(o, i32x4.extend_low_i16x8_u(lo));
      v128.store(o + 16, i32x4.extend_high_i16x8_u(lo));
      v128.store(o + 32, i32x4.extend_low_i16x8_u(hi));
      v128.store(o + 48, i32x4.extend_high_i16x8_u(hi));
    }
  }
  for (; i < count; i++) store<u32>(dst + (<usize>i << 2), load<u8>(src + <usize>i));
}

export function widenU16ToU32(src: usize, count: i32, dst: usize): void {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    for (; i + 8 <= count; i += 8) {
      const v = v128.load(src + (<usize>i << 1));
      const o = dst + (<usize>i << 2);
      v128.store(o, i32x4.extend_low_i16x8_u(v));
      v128.store(o + 16, i32x4.extend_high_i16x8_u(v));
    }
  }
  for (; i < count; i++) store<u32>(dst + (<usize>i << 2), load<u16>(src + (<usize>i << 1)));
}

/**
 * Narrows uint32 indices to uint16. Returns -1 when every value fits, otherwise the position
 * of the first value above 65535 (dst is then filled only up to somewhere before it).
 */
export function narrowU32ToU16(src: usize, count: i32, dst: usize): i32 {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const limit = i32x4.splat(0xffff);
    for (; i + 8 <= count; i += 8) {
      const p = src + (<usize>i << 2);
      const a = v128.load(p), b = v128.load(p + 16);
      if (v128.any_true(v128.or(i32x4.gt_u(a, limit), i32x4.gt_u(b, limit)))) break;
      v128.store(dst + (<usize>i << 1), i16x8.narrow_i32x4_u(a, b));
    }
  }
  for (; i < count; i++) {
    const v = load<u32>(src + (<usize>i << 2));
    if (v > 0xffff) return i;
    store<u16>(dst + (<usize>i << 1), <u16>v);
  }
  return -1;
}

/** As narrowU32ToU16, to uint8 (first value above 255). */
export function narrowU32ToU8(src: usize, count: i32, dst: usize): i32 {
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const limit = i32x4.splat(0xff);
    for (; i + 16 <= count; i += 16) {
      const p = src + (<usize>i << 2);
      const a = v128.load(p), b = v128.load(p + 16), c = v128.load(p + 32), d = v128.load(p + 48);
      const over = v128.or(v128.or(i32x4.gt_u(a, limit), i32x4.gt_u(b, limit)), v128.or(i32x4.gt_u(c, limit), i32x4.gt_u(d, limit)));
      if (v128.any_true(over)) break;
      v128.store(dst + <usize>i, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(a, b), i16x8.narrow_i32x4_u(c, d)));
    }
  }
  for (; i < count; i++) {
    const v = load<u32>(src + (<usize>i << 2));
    if (v > 0xff) return i;
    store<u8>(dst + <usize>i, <u8>v);
  }
  return -1;
}
