// Range scans of narrow index arrays (uint16 triangle indices, uint8 and uint16 joint indices),
// so a reader checks them against a vertex or joint count without widening them first.

/** Largest value in a uint16 array (0 when empty). */
export function maxIndexU16(src: usize, count: i32): u32 {
  let i = 0;
  let best: u32 = 0;
  if (ASC_FEATURE_SIMD) {
    let acc = i16x8.splat(0);
    for (; i + 8 <= count; i += 8) acc = i16x8.max_u(acc, v128.load(src + (<usize>i << 1)));
    best = maxLaneU32(i32x4.max_u(i32x4.extend_low_i16x8_u(acc), i32x4.extend_high_i16x8_u(acc)));
  }
  for (; i < count; i++) best = max<u32>(best, <u32>load<u16>(src + (<usize>i << 1)));
  return best;
}

/** Largest value in a uint8 array (0 when empty). */
export function maxIndexU8(src: usize, count: i32): u32 {
  let i = 0;
  let best: u32 = 0;
  if (ASC_FEATURE_SIMD) {
    let acc = i8x16.splat(0);
    for (; i + 16 <= count; i += 16) acc = i8x16.max_u(acc, v128.load(src + <usize>i));
    const halves = i16x8.max_u(i16x8.extend_low_i8x16_u(acc), i16x8.extend_high_i8x16_u(acc));
    best = maxLaneU32(i32x4.max_u(i32x4.extend_low_i16x8_u(halves), i32x4.extend_high_i16x8_u(halves)));
  }
  for (; i < count; i++) best = max<u32>(best, <u32>load<u8>(src + <usize>i));
  return best;
}

@inline function maxLaneU32(v: v128): u32 {
  return max<u32>(max<u32>(i32x4.extract_lane(v, 0), i32x4.extract_lane(v, 1)), max<u32>(i32x4.extract_lane(v, 2), i32x4.extract_lane(v, 3)));
}
