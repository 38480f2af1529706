// glTF writer: normals turned to the output axes and made unit length (the plain writer's
// normals pass, bindings/formats/gltf/vertex-passes.ts). Twin: bindings/kernels/js/gltf-unit-normals.ts.
//
// The same IEEE operations in the same order as the TypeScript pass: each float32 component
// widened to float64, length = sqrt((x·x + y·y) + z·z), each component x / length rounded to
// float32 (wasm has no fused multiply-add outside relaxed SIMD, so the bits match); a length that
// is not > 0 and < Infinity gives (0, 0, 1). The SIMD build does four vertices a step (the
// float64 work two lanes at a time); a step with any such vertex is done vertex by vertex.

/**
 * `count` xyz normals at `src` into `dst` (not `src`), turned Z-up → Y-up ((x, y, z) → (x, z, −y))
 * when `toYUp` ≠ 0, divided by their float64 length. `counts` (two u32): vertices replaced by +Z
 * (a zero or non-finite length), vertices whose |length − 1| > `tolerance`.
 */
export function unitNormals(src: usize, count: i32, toYUp: i32, tolerance: f64, dst: usize, counts: usize): void {
  let replaced: u32 = 0;
  let rescaled: u32 = 0;
  let v = 0;
  if (ASC_FEATURE_SIMD) {
    const one = f64x2.splat(1);
    const limit = f64x2.splat(tolerance);
    const huge = f64x2.splat(Infinity);
    const zero = f64x2.splat(0);
    for (; v + 4 <= count; v += 4) {
      const at = src + (<usize>v * 12);
      const a = v128.load(at);
      const b = v128.load(at, 16);
      const c = v128.load(at, 32);
      // a = x0 y0 z0 x1, b = y1 z1 x2 y2, c = z2 x3 y3 z3.
      const x = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 0, 3, 6, 6), c, 0, 1, 2, 5);
      const sy = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 1, 4, 7, 7), c, 0, 1, 2, 6);
      const sz = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 2, 5, 5, 5), c, 0, 1, 4, 7);
      const y = toYUp ? sz : sy;
      const z = toYUp ? f32x4.neg(sy) : sz;
      const xl = f64x2.promote_low_f32x4(x), xh = f64x2.promote_low_f32x4(v128.shuffle<f32>(x, x, 2, 3, 2, 3));
      const yl = f64x2.promote_low_f32x4(y), yh = f64x2.promote_low_f32x4(v128.shuffle<f32>(y, y, 2, 3, 2, 3));
      const zl = f64x2.promote_low_f32x4(z), zh = f64x2.promote_low_f32x4(v128.shuffle<f32>(z, z, 2, 3, 2, 3));
      const ll = f64x2.sqrt(f64x2.add(f64x2.add(f64x2.mul(xl, xl), f64x2.mul(yl, yl)), f64x2.mul(zl, zl)));
      const lh = f64x2.sqrt(f64x2.add(f64x2.add(f64x2.mul(xh, xh), f64x2.mul(yh, yh)), f64x2.mul(zh, zh)));
      const good = v128.and(v128.and(f64x2.gt(ll, zero), f64x2.lt(ll, huge)), v128.and(f64x2.gt(lh, zero), f64x2.lt(lh, huge)));
      // Both lanes of both halves: every vertex of the step has a usable length; else the step
      // vertex by vertex (the scalar code gives every vertex the same bits).
      if (!i64x2.all_true(good)) {
        for (let k = v; k < v + 4; k++) {
          const kind = unitNormal(src, dst, k, toYUp, tolerance);
          if (kind == 2) replaced++;
          else if (kind == 1) rescaled++;
        }
        continue;
      }
      rescaled += <u32>popcnt<i32>(i64x2.bitmask(f64x2.gt(f64x2.abs(f64x2.sub(ll, one)), limit)));
      rescaled += <u32>popcnt<i32>(i64x2.bitmask(f64x2.gt(f64x2.abs(f64x2.sub(lh, one)), limit)));
      const ux = v128.shuffle<f32>(f32x4.demote_f64x2_zero(f64x2.div(xl, ll)), f32x4.demote_f64x2_zero(f64x2.div(xh, lh)), 0, 1, 4, 5);
      const uy = v128.shuffle<f32>(f32x4.demote_f64x2_zero(f64x2.div(yl, ll)), f32x4.demote_f64x2_zero(f64x2.div(yh, lh)), 0, 1, 4, 5);
      const uz = v128.shuffle<f32>(f32x4.demote_f64x2_zero(f64x2.div(zl, ll)), f32x4.demote_f64x2_zero(f64x2.div(zh, lh)), 0, 1, 4, 5);
      const out = dst + (<usize>v * 12);
      v128.store(out, v128.shuffle<f32>(v128.shuffle<f32>(ux, uy, 0, 4, 1, 5), uz, 0, 1, 4, 2));
      v128.store(out, v128.shuffle<f32>(v128.shuffle<f32>(ux, uy, 1, 5, 2, 6), uz, 1, 5, 2, 3), 16);
      v128.store(out, v128.shuffle<f32>(v128.shuffle<f32>(ux, uy, 2, 6, 3, 7), uz, 6, 2, 3, 7), 32);
    }
  }
  for (; v < count; v++) {
    const kind = unitNormal(src, dst, v, toYUp, tolerance);
    if (kind == 2) replaced++;
    else if (kind == 1) rescaled++;
  }
  store<u32>(counts, replaced);
  store<u32>(counts, rescaled, 4);
}

/** Vertex v of unitNormals, scalar: 2 when replaced by +Z, 1 when rescaled, else 0. */
@inline
function unitNormal(src: usize, dst: usize, v: i32, toYUp: i32, tolerance: f64): i32 {
  const at = src + (<usize>v * 12);
  const x = <f64>load<f32>(at);
  const sy = <f64>load<f32>(at, 4);
  const sz = <f64>load<f32>(at, 8);
  const y = toYUp ? sz : sy;
  const z = toYUp ? -sy : sz;
  const length = Math.sqrt(x * x + y * y + z * z);
  const out = dst + (<usize>v * 12);
  if (length > 0 && length < Infinity) {
    store<f32>(out, <f32>(x / length));
    store<f32>(out, <f32>(y / length), 4);
    store<f32>(out, <f32>(z / length), 8);
    return Math.abs(length - 1) > tolerance ? 1 : 0;
  }
  store<f32>(out, 0);
  store<f32>(out, 0, 4);
  store<f32>(out, 1, 8);
  return 2;
}
