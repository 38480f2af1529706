// Which elements an index stream uses: a single stream that uses every element of its attributes
// is already welded (vertex v is element v).

/**
 * The number of distinct values in `src` (count of them), each below `limit`; `seen` (limit
 * bytes) ends with 1 for every value used. Returns −(i + 1) for the first position i whose value
 * is not below `limit`.
 */
export function countUsedValues(src: usize, count: i32, limit: u32, seen: usize): i32 {
  memory.fill(seen, 0, <usize>limit);
  let used = 0;
  for (let i = 0; i < count; i++) {
    const v = load<u32>(src + (<usize>i << 2));
    if (v >= limit) return -(i + 1);
    const flag = seen + <usize>v;
    if (load<u8>(flag) == 0) {
      store<u8>(flag, 1);
      used++;
    }
  }
  return used;
}

/** Smallest and largest value of a uint32 array into dst[0] and dst[1] (0xffffffff and 0 when empty). */
export function spanU32(src: usize, count: i32, dst: usize): void {
  let i = 0;
  let low: u32 = 0xffffffff, high: u32 = 0;
  if (ASC_FEATURE_SIMD) {
    let lo = i32x4.splat(-1), hi = i32x4.splat(0);
    for (; i + 4 <= count; i += 4) {
      const v = v128.load(src + (<usize>i << 2));
      lo = i32x4.min_u(lo, v);
      hi = i32x4.max_u(hi, v);
    }
    low = min<u32>(min<u32>(i32x4.extract_lane(lo, 0), i32x4.extract_lane(lo, 1)), min<u32>(i32x4.extract_lane(lo, 2), i32x4.extract_lane(lo, 3)));
    high = max<u32>(max<u32>(i32x4.extract_lane(hi, 0), i32x4.extract_lane(hi, 1)), max<u32>(i32x4.extract_lane(hi, 2), i32x4.extract_lane(hi, 3)));
  }
  for (; i < count; i++) {
    const v = load<u32>(src + (<usize>i << 2));
    low = min<u32>(low, v);
    high = max<u32>(high, v);
  }
  store<u32>(dst, low);
  store<u32>(dst, high, 4);
}

/**
 * countUsedValues over src[i] − base (a value below base wraps, so it is out of range), each
 * difference also written to `rebased` (which may be `src`) when `rebasedCount` is not 0.
 */
export function countUsedValuesFrom(src: usize, count: i32, base: u32, limit: u32, seen: usize, rebased: usize, rebasedCount: i32): i32 {
  memory.fill(seen, 0, <usize>limit);
  let used = 0;
  // Two loops, so that the one without output tests nothing per value but the range.
  if (rebasedCount) {
    for (let i = 0; i < count; i++) {
      const v = load<u32>(src + (<usize>i << 2)) - base;
      if (v >= limit) return -(i + 1);
      store<u32>(rebased + (<usize>i << 2), v);
      const flag = seen + <usize>v;
      if (load<u8>(flag) == 0) {
        store<u8>(flag, 1);
        used++;
      }
    }
    return used;
  }
  for (let i = 0; i < count; i++) {
    const v = load<u32>(src + (<usize>i << 2)) - base;
    if (v >= limit) return -(i + 1);
    const flag = seen + <usize>v;
    if (load<u8>(flag) == 0) {
      store<u8>(flag, 1);
      used++;
    }
  }
  return used;
}
