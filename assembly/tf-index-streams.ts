// A TF writer's index stream (bindings/formats/tf/from-asset.ts): a mesh's indices plus the
// base of its attribute in the blob, as uint32, with the number of distinct indices below the
// vertex count (for the warning about vertices no triangle uses) counted in the same pass.
// Alternatives, measured on the speed bar's 1 MB TF encode (72,000 16-bit indices, shared
// 2-core machine): TypedArray.prototype.set from the Uint16Array and countUsedValuesFrom over
// the uint32 stream after it were 12 % and 14 % of the encode (the set converts element by
// element; the count stages the widened stream, twice the bytes of the indices). In the SIMD
// build the 16-bit stream is widened eight indices at a time and the marks set in a second loop:
// 28.0 µs against one loop's 32.7 for the speed bar's 57,264-index submesh, staging included.

/** dst[i] = src[i] + base (uint32 wrap) for uint16 `src`; returns the distinct src values below `limit` (`seen`: limit bytes, 1 for each such value). */
export function offsetIndicesU16(src: usize, count: i32, base: u32, limit: u32, seen: usize, dst: usize): i32 {
  memory.fill(seen, 0, <usize>limit);
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    // The stream eight indices at a time, then the marks alone (a loop doing both was slower).
    const add = i32x4.splat(base);
    for (; i + 8 <= count; i += 8) {
      const v = v128.load(src + (<usize>i << 1));
      v128.store(dst + (<usize>i << 2), i32x4.add(i32x4.extend_low_i16x8_u(v), add));
      v128.store(dst + (<usize>i << 2), i32x4.add(i32x4.extend_high_i16x8_u(v), add), 16);
    }
    for (let j = i; j < count; j++) store<u32>(dst + (<usize>j << 2), <u32>load<u16>(src + (<usize>j << 1)) + base);
    let used = 0;
    for (let j = 0; j < count; j++) {
      const v = <u32>load<u16>(src + (<usize>j << 1));
      if (v < limit) {
        const flag = seen + <usize>v;
        if (load<u8>(flag) == 0) {
          store<u8>(flag, 1);
          used++;
        }
      }
    }
    return used;
  }
  let used = 0;
  for (; i < count; i++) {
    const v = <u32>load<u16>(src + (<usize>i << 1));
    store<u32>(dst + (<usize>i << 2), v + base);
    if (v < limit) {
      const flag = seen + <usize>v;
      if (load<u8>(flag) == 0) {
        store<u8>(flag, 1);
        used++;
      }
    }
  }
  return used;
}

/** offsetIndicesU16 for uint32 `src`. */
export function offsetIndicesU32(src: usize, count: i32, base: u32, limit: u32, seen: usize, dst: usize): i32 {
  memory.fill(seen, 0, <usize>limit);
  let used = 0;
  for (let i = 0; i < count; i++) {
    const v = load<u32>(src + (<usize>i << 2));
    store<u32>(dst + (<usize>i << 2), v + base);
    if (v < limit) {
      const flag = seen + <usize>v;
      if (load<u8>(flag) == 0) {
        store<u8>(flag, 1);
        used++;
      }
    }
  }
  return used;
}

/**
 * A TF reader's single index stream (bindings/formats/tf/to-asset.ts, weldGroups): each
 * src[i] − base (uint32 wrap) stored as uint16 into `dst` and the distinct ones counted, as
 * countUsedValuesFrom counts them (−(i + 1) for the first i whose difference is not below
 * `limit`, `seen` then unspecified); for `limit` ≤ 65536, so that every difference counted fits.
 * Replaces countUsedValuesFrom writing the differences as uint32 and narrowU32ToU16 after it:
 * one pass less over the stream and half the bytes written.
 */
export function countUsedNarrowU16(src: usize, count: i32, base: u32, limit: u32, seen: usize, dst: usize): i32 {
  memory.fill(seen, 0, <usize>limit);
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    // Differences eight at a time (any not below `limit` stops this pass, to be found below).
    const sub = i32x4.splat(base);
    const top = i32x4.splat(limit);
    for (; i + 8 <= count; i += 8) {
      const a = i32x4.sub(v128.load(src + (<usize>i << 2)), sub);
      const b = i32x4.sub(v128.load(src + (<usize>i << 2), 16), sub);
      if (v128.any_true(v128.or(i32x4.ge_u(a, top), i32x4.ge_u(b, top)))) break;
      v128.store(dst + (<usize>i << 1), i16x8.narrow_i32x4_u(a, b));
    }
  }
  for (let j = i; j < count; j++) {
    const v = load<u32>(src + (<usize>j << 2)) - base;
    if (v >= limit) return -(j + 1);
    store<u16>(dst + (<usize>j << 1), <u16>v);
  }
  let used = 0;
  for (let j = 0; j < count; j++) {
    const flag = seen + <usize>load<u16>(dst + (<usize>j << 1));
    if (load<u8>(flag) == 0) {
      store<u8>(flag, 1);
      used++;
    }
  }
  return used;
}
