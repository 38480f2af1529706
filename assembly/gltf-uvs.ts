// glTF writer: a UV set as written (the plain writer's UV pass, bindings/formats/gltf/vertex-passes.ts:
// non-finite values as 0, with flipV v → 1 − v, and whether every value lies in 0–1). Twin:
// bindings/kernels/js/gltf-uvs.ts.
//
// The TypeScript pass computes 1 − v in float64 and rounds it to float32; the scalar code here does
// the same. The SIMD build subtracts in float32: for one operation on two float32 values, the
// float64 result rounded to float32 is the correctly rounded float32 result (float64 carries more
// than 2 × 24 + 2 bits), so the bits are the same (the parity tests check it over edge values).

/**
 * `count` floats (u, v pairs) at `src` into `dst` (not `src`): each value not finite as +0, then
 * with `flipV` ≠ 0 every second value v as 1 − v. Stores at `outside` (u32) the number of values
 * written that are not within 0–1; returns the number replaced.
 */
export function uvsForOutput(src: usize, count: i32, flipV: i32, dst: usize, outside: usize): i32 {
  let replaced = 0;
  let out = 0;
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const one = f32x4.splat(1);
    const zero = f32x4.splat(0);
    for (; i + 4 <= count; i += 4) {
      let v = v128.load(src + (<usize>i << 2));
      // v − v is 0 for a finite v and NaN for ±Infinity and NaN.
      const finite = f32x4.eq(f32x4.sub(v, v), zero);
      replaced += 4 - <i32>popcnt<i32>(i32x4.bitmask(finite));
      v = v128.and(v, finite);
      if (flipV) v = v128.shuffle<f32>(v, f32x4.sub(one, v), 0, 5, 2, 7);
      out += 4 - <i32>popcnt<i32>(i32x4.bitmask(v128.and(f32x4.ge(v, zero), f32x4.le(v, one))));
      v128.store(dst + (<usize>i << 2), v);
    }
  }
  for (; i < count; i++) {
    let value = load<f32>(src + (<usize>i << 2));
    if (!isFinite<f32>(value)) {
      value = 0;
      replaced++;
    }
    if (flipV && (i & 1) == 1) value = <f32>(1 - <f64>value);
    store<f32>(dst + (<usize>i << 2), value);
    if (!(value >= 0 && value <= 1)) out++;
  }
  store<u32>(outside, <u32>out);
  return replaced;
}
