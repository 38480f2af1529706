// glTF writer: tangents turned to the output axes, made unit length and their w written as its
// sign (the plain writer's tangents pass, bindings/formats/gltf/vertex-passes.ts), up to the first
// tangent whose length is zero or not finite: that one needs a vector perpendicular to its normal
// (perpendicularTo, with Math.hypot), which stays TypeScript, as does the rest of the array.
// Twin: bindings/kernels/js/gltf-unit-tangents.ts. The same float64 operations in the same order
// as gltf-unit-normals.ts.

/**
 * Tangents (xyzw, `count`) at `src` into `dst` (not `src`), turned Z-up → Y-up when `toYUp` ≠ 0,
 * xyz divided by their float64 length (rounded to float32), w as −1 when < 0 else +1, stopping
 * before the first tangent whose length is not > 0 and < Infinity. `counts` (two u32): those with
 * |length − 1| > `tolerance`, those whose w was not already its sign. Returns the tangents done.
 */
export function unitTangents(src: usize, count: i32, toYUp: i32, tolerance: f64, dst: usize, counts: usize): i32 {
  let rescaled: u32 = 0;
  let signs: u32 = 0;
  let v = 0;
  if (ASC_FEATURE_SIMD) {
    const one = f64x2.splat(1);
    const limit = f64x2.splat(tolerance);
    const huge = f64x2.splat(Infinity);
    const zero = f64x2.splat(0);
    for (; v + 4 <= count; v += 4) {
      const at = src + (<usize>v << 4);
      const a = v128.load(at), b = v128.load(at, 16), c = v128.load(at, 32), d = v128.load(at, 48);
      // Four (x y z w) rows to four columns.
      const ab0 = v128.shuffle<f32>(a, b, 0, 4, 1, 5), ab1 = v128.shuffle<f32>(a, b, 2, 6, 3, 7);
      const cd0 = v128.shuffle<f32>(c, d, 0, 4, 1, 5), cd1 = v128.shuffle<f32>(c, d, 2, 6, 3, 7);
      const x = v128.shuffle<f32>(ab0, cd0, 0, 1, 4, 5);
      const sy = v128.shuffle<f32>(ab0, cd0, 2, 3, 6, 7);
      const sz = v128.shuffle<f32>(ab1, cd1, 0, 1, 4, 5);
      const w = v128.shuffle<f32>(ab1, cd1, 2, 3, 6, 7);
      const y = toYUp ? sz : sy;
      const z = toYUp ? f32x4.neg(sy) : sz;
      const xl = f64x2.promote_low_f32x4(x), xh = f64x2.promote_low_f32x4(v128.shuffle<f32>(x, x, 2, 3, 2, 3));
      const yl = f64x2.promote_low_f32x4(y), yh = f64x2.promote_low_f32x4(v128.shuffle<f32>(y, y, 2, 3, 2, 3));
      const zl = f64x2.promote_low_f32x4(z), zh = f64x2.promote_low_f32x4(v128.shuffle<f32>(z, z, 2, 3, 2, 3));
      const ll = f64x2.sqrt(f64x2.add(f64x2.add(f64x2.mul(xl, xl), f64x2.mul(yl, yl)), f64x2.mul(zl, zl)));
      const lh = f64x2.sqrt(f64x2.add(f64x2.add(f64x2.mul(xh, xh), f64x2.mul(yh, yh)), f64x2.mul(zh, zh)));
      const good = v128.and(v128.and(f64x2.gt(ll, zero), f64x2.lt(ll, huge)), v128.and(f64x2.gt(lh, zero), f64x2.lt(lh, huge)));
      // A step holding a tangent to replace: the scalar code finds it.
      if (!i64x2.all_true(good)) break;
      rescaled += <u32>popcnt<i32>(i64x2.bitmask(f64x2.gt(f64x2.abs(f64x2.sub(ll, one)), limit)));
      rescaled += <u32>popcnt<i32>(i64x2.bitmask(f64x2.gt(f64x2.abs(f64x2.sub(lh, one)), limit)));
      const sign = v128.bitselect(f32x4.splat(-1), f32x4.splat(1), f32x4.lt(w, f32x4.splat(0)));
      signs += <u32>popcnt<i32>(i32x4.bitmask(f32x4.ne(w, sign)));
      const ux = v128.shuffle<f32>(f32x4.demote_f64x2_zero(f64x2.div(xl, ll)), f32x4.demote_f64x2_zero(f64x2.div(xh, lh)), 0, 1, 4, 5);
      const uy = v128.shuffle<f32>(f32x4.demote_f64x2_zero(f64x2.div(yl, ll)), f32x4.demote_f64x2_zero(f64x2.div(yh, lh)), 0, 1, 4, 5);
      const uz = v128.shuffle<f32>(f32x4.demote_f64x2_zero(f64x2.div(zl, ll)), f32x4.demote_f64x2_zero(f64x2.div(zh, lh)), 0, 1, 4, 5);
      // Columns back to rows.
      const xy0 = v128.shuffle<f32>(ux, uy, 0, 4, 1, 5), xy1 = v128.shuffle<f32>(ux, uy, 2, 6, 3, 7);
      const zw0 = v128.shuffle<f32>(uz, sign, 0, 4, 1, 5), zw1 = v128.shuffle<f32>(uz, sign, 2, 6, 3, 7);
      const out = dst + (<usize>v << 4);
      v128.store(out, v128.shuffle<f32>(xy0, zw0, 0, 1, 4, 5));
      v128.store(out, v128.shuffle<f32>(xy0, zw0, 2, 3, 6, 7), 16);
      v128.store(out, v128.shuffle<f32>(xy1, zw1, 0, 1, 4, 5), 32);
      v128.store(out, v128.shuffle<f32>(xy1, zw1, 2, 3, 6, 7), 48);
    }
  }
  for (; v < count; v++) {
    const at = src + (<usize>v << 4);
    const x = <f64>load<f32>(at);
    const sy = <f64>load<f32>(at, 4);
    const sz = <f64>load<f32>(at, 8);
    const y = toYUp ? sz : sy;
    const z = toYUp ? -sy : sz;
    const length = Math.sqrt(x * x + y * y + z * z);
    if (!(length > 0 && length < Infinity)) break;
    if (Math.abs(length - 1) > tolerance) rescaled++;
    const out = dst + (<usize>v << 4);
    store<f32>(out, <f32>(x / length));
    store<f32>(out, <f32>(y / length), 4);
    store<f32>(out, <f32>(z / length), 8);
    const w = load<f32>(at, 12);
    const sign: f32 = w < 0 ? -1 : 1;
    if (w != sign) signs++;
    store<f32>(out, sign, 12);
  }
  store<u32>(counts, rescaled);
  store<u32>(counts, signs, 4);
  return v;
}
