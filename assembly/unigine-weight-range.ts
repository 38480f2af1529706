// How many skin weights a UNIGINE file cannot hold as they are (its values are uint16 fractions,
// 0..1): the writer warns with that count, and packSkinWeights clamps them. Integer results of
// float comparisons only, so the SIMD and scalar builds and the TypeScript twin
// (bindings/kernels/js/unigine-weight-range.ts) agree by construction.
//
// Alternatives, measured on the speed bar's tiled mrfixit as UNIGINE (53,136 weights of mesh 0,
// shared 2-core machine): the TypeScript loop the writer had (a branch per weight) 43.6 µs in plain
// node and 67 µs in the encode; branch-free TypeScript variants 47–49 µs; this kernel, four weights
// a step: see README § "End to end" (UNIGINE, round seven).

/** The values of `src` (`count` float32) outside 0..1, NaN included: !(v >= 0 && v <= 1). */
export function countOutsideUnit(src: usize, count: i32): i32 {
  let inside = 0;
  let i = 0;
  if (ASC_FEATURE_SIMD) {
    const zero = f32x4.splat(0), one = f32x4.splat(1);
    // Each lane of a comparison's result is 0 or −1: subtracting them counts the lanes inside.
    let lanes = i32x4.splat(0);
    for (; i + 4 <= count; i += 4) {
      const v = v128.load(src + (<usize>i << 2));
      lanes = i32x4.sub(lanes, v128.and(f32x4.ge(v, zero), f32x4.le(v, one)));
    }
    inside = i32x4.extract_lane(lanes, 0) + i32x4.extract_lane(lanes, 1) + i32x4.extract_lane(lanes, 2) + i32x4.extract_lane(lanes, 3);
  }
  for (; i < count; i++) {
    const v = load<f32>(src + (<usize>i << 2));
    if (v >= 0 && v <= 1) inside++;
  }
  return count - inside;
}
