// glTF writer, optimized path: a UV set as written (non-finite values as 0, with flipV v → 1 − v,
// whether every value lies in 0–1), each vertex's pair written at its meshopt place order[v]: the
// ordered twin of gltf-uvs.ts (uvsForOutput), for the loop vertex-passes.ts ran in TypeScript
// whenever there was an order (uvOrderLoop: 2.0 % of Box47.mesh's optimized encode). Twin:
// bindings/kernels/js/gltf-opt-uvs.ts. The same operations as gltf-uvs.ts (its note says why the
// SIMD build's float32 subtraction gives the scalar code's bits); the SIMD build takes two
// vertices a step and stores each pair as one 64-bit word.

/** Whether every order[v] (v < count) is below `count`. */
function orderInRange(order: usize, count: i32): bool {
  let outside: u32 = 0;
  for (let v = 0; v < count; v++) outside |= <u32>(load<u32>(order + (<usize>v << 2)) >= <u32>count);
  return outside == 0;
}

/**
 * `count` (u, v) pairs at `src` into `dst` (not `src`), pair v at order[v]: each value not finite
 * as +0, then with `flipV` ≠ 0 every v as 1 − v. Stores at `outside` (u32) the number of values
 * written that are not within 0–1; returns the number replaced, or −1 (`dst` unspecified) when an
 * order[v] is not below `count`.
 */
export function uvsForOutputOrdered(src: usize, count: i32, flipV: i32, order: usize, dst: usize, outside: usize): i32 {
  if (!orderInRange(order, count)) return -1;
  let replaced = 0;
  let out = 0;
  let v = 0;
  if (ASC_FEATURE_SIMD) {
    const one = f32x4.splat(1);
    const zero = f32x4.splat(0);
    for (; v + 2 <= count; v += 2) {
      let pair = v128.load(src + (<usize>v << 3));
      // x − x is 0 for a finite x and NaN for ±Infinity and NaN.
      const finite = f32x4.eq(f32x4.sub(pair, pair), zero);
      replaced += 4 - <i32>popcnt<i32>(i32x4.bitmask(finite));
      pair = v128.and(pair, finite);
      if (flipV) pair = v128.shuffle<f32>(pair, f32x4.sub(one, pair), 0, 5, 2, 7);
      out += 4 - <i32>popcnt<i32>(i32x4.bitmask(v128.and(f32x4.ge(pair, zero), f32x4.le(pair, one))));
      store<i64>(dst + (<usize>load<u32>(order + (<usize>v << 2)) << 3), i64x2.extract_lane(pair, 0));
      store<i64>(dst + (<usize>load<u32>(order + (<usize>v << 2), 4) << 3), i64x2.extract_lane(pair, 1));
    }
  }
  for (; v < count; v++) {
    const at = dst + (<usize>load<u32>(order + (<usize>v << 2)) << 3);
    for (let c = 0; c < 2; c++) {
      let value = load<f32>(src + (<usize>v << 3) + (<usize>c << 2));
      if (!isFinite<f32>(value)) {
        value = 0;
        replaced++;
      }
      if (flipV && c == 1) value = <f32>(1 - <f64>value);
      store<f32>(at + (<usize>c << 2), value);
      if (!(value >= 0 && value <= 1)) out++;
    }
  }
  store<u32>(outside, <u32>out);
  return replaced;
}
