// Which tangents a reader must repair (model/perpendicular-tangents.ts): the common case, every
// tangent usable, decided in one pass of bit tests. A tangent (x, y, z, w) is usable when x, y, z
// are finite and not all ±0 and w is finite and not ±0: for float32 values that is exactly
// repairTangents' test (x² + y² + z² in float64 is then > 0 and finite). Alternatives, measured on
// the speed bar's tiled mrfixit as TF (14,888 tangents, shared 2-core machine): that test as a
// TypeScript loop over the floats, 29 µs, or over their bits, 32 µs (about a sixth of the parse);
// this kernel, wasm-simd, with its copy into WebAssembly memory, 20 µs against the float loop's
// 40 in one interleaved loop at load 5–7. Its SIMD build first tests blocks of four tangents
// without a branch per tangent (see below).

/** The index of the first of `count` tangents (4 float32 each) that is not usable, or −1. */
export function firstUnusableTangent(src: usize, count: i32): i32 {
  if (ASC_FEATURE_SIMD) {
    const exponent = i32x4.splat(0x7f800000);
    const magnitude = i32x4.splat(0x7fffffff);
    const zero = i32x4.splat(0);
    let i = 0;
    // Four tangents at a time without a branch each: a lane is bad when not finite, or when it
    // is w and ±0, or when x, y and z all are ±0 (each of lanes 0–2 ANDs the three zero tests,
    // lane 3 ANDs its own three times). A block with a bad lane is looked at tangent by tangent.
    for (; i + 4 <= count; i += 4) {
      let bad = zero;
      for (let k = 0; k < 4; k++) {
        const v = v128.load(src + (<usize>(i + k) << 4));
        const zeros = i32x4.eq(v128.and(v, magnitude), zero);
        const all = v128.and(zeros, v128.and(v128.shuffle<i32>(zeros, zeros, 1, 2, 0, 3), v128.shuffle<i32>(zeros, zeros, 2, 0, 1, 3)));
        bad = v128.or(bad, v128.or(i32x4.eq(v128.and(v, exponent), exponent), all));
      }
      if (v128.any_true(bad)) break;
    }
    for (; i < count; i++) {
      const v = v128.load(src + (<usize>i << 4));
      const infinite = i32x4.bitmask(i32x4.eq(v128.and(v, exponent), exponent));
      const zeros = i32x4.bitmask(i32x4.eq(v128.and(v, magnitude), zero));
      if (infinite != 0 || (zeros & 8) != 0 || (zeros & 7) == 7) return i;
    }
    return -1;
  }
  for (let i = 0; i < count; i++) {
    const p = src + (<usize>i << 4);
    const x = load<u32>(p), y = load<u32>(p, 4), z = load<u32>(p, 8), w = load<u32>(p, 12);
    if ((x & 0x7f800000) == 0x7f800000 || (y & 0x7f800000) == 0x7f800000 || (z & 0x7f800000) == 0x7f800000 || (w & 0x7f800000) == 0x7f800000) return i;
    if (((x | y | z) & 0x7fffffff) == 0 || (w & 0x7fffffff) == 0) return i;
  }
  return -1;
}
