// glTF writer: positions turned to the output axes, non-finite values written as 0, and their box
// (the plain writer's positions pass, bindings/formats/gltf/vertex-passes.ts). Twin:
// bindings/kernels/js/gltf-positions.ts.
//
// The box is boxOfPoints over the values written (bounds.ts: `if (v < min) min = v` per axis in
// vertex order, the first of −0 / +0 kept), which is what the TypeScript pass computes as it
// writes; here a second pass over the written array, which is still in cache.
import { boxOfPoints } from './bounds';

/**
 * `count` xyz positions at `src` into `dst` (not `src`), turned Z-up → Y-up ((x, y, z) →
 * (x, z, −y)) when `toYUp` ≠ 0, each value not finite written as +0; their box into `box` (six
 * f32: min xyz, max xyz). Returns the number of values replaced.
 */
export function positionsOnAxes(src: usize, count: i32, toYUp: i32, dst: usize, box: usize): i32 {
  let replaced = 0;
  let v = 0;
  if (ASC_FEATURE_SIMD) {
    for (; v + 4 <= count; v += 4) {
      const at = src + (<usize>v * 12);
      const a = v128.load(at);
      const b = v128.load(at, 16);
      const c = v128.load(at, 32);
      let x = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 0, 3, 6, 6), c, 0, 1, 2, 5);
      const sy = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 1, 4, 7, 7), c, 0, 1, 2, 6);
      const sz = v128.shuffle<f32>(v128.shuffle<f32>(a, b, 2, 5, 5, 5), c, 0, 1, 4, 7);
      let y = toYUp ? sz : sy;
      let z = toYUp ? f32x4.neg(sy) : sz;
      // v − v is 0 for a finite v and NaN for ±Infinity and NaN.
      const fx = f32x4.eq(f32x4.sub(x, x), f32x4.splat(0));
      const fy = f32x4.eq(f32x4.sub(y, y), f32x4.splat(0));
      const fz = f32x4.eq(f32x4.sub(z, z), f32x4.splat(0));
      replaced += 12 - <i32>popcnt<i32>(i32x4.bitmask(fx)) - <i32>popcnt<i32>(i32x4.bitmask(fy)) - <i32>popcnt<i32>(i32x4.bitmask(fz));
      x = v128.and(x, fx);
      y = v128.and(y, fy);
      z = v128.and(z, fz);
      const out = dst + (<usize>v * 12);
      v128.store(out, v128.shuffle<f32>(v128.shuffle<f32>(x, y, 0, 4, 1, 5), z, 0, 1, 4, 2));
      v128.store(out, v128.shuffle<f32>(v128.shuffle<f32>(x, y, 1, 5, 2, 6), z, 1, 5, 2, 3), 16);
      v128.store(out, v128.shuffle<f32>(v128.shuffle<f32>(x, y, 2, 6, 3, 7), z, 6, 2, 3, 7), 32);
    }
  }
  for (; v < count; v++) {
    const at = src + (<usize>v * 12);
    let x = load<f32>(at);
    const sy = load<f32>(at, 4);
    const sz = load<f32>(at, 8);
    let y = toYUp ? sz : sy;
    let z = toYUp ? -sy : sz;
    if (!isFinite<f32>(x)) { x = 0; replaced++; }
    if (!isFinite<f32>(y)) { y = 0; replaced++; }
    if (!isFinite<f32>(z)) { z = 0; replaced++; }
    const out = dst + (<usize>v * 12);
    store<f32>(out, x);
    store<f32>(out, y, 4);
    store<f32>(out, z, 8);
  }
  boxOfPoints(dst, count, box);
  return replaced;
}
