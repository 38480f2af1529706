// Per-vertex attributes gathered from indexed sources and converted on the way: 8-bit unorm
// components (colours) and variable-length skin-weight records. The TypeScript twin is
// bindings/kernels/js/vertex-gather.ts; both give the same bits.

/**
 * 1 / 65535 as float64: value × this, rounded to float32, is exactly value / 65535 rounded to
 * float32 (the twin's Math.fround(value / 65535)) for every uint16 value: the quotient's distance
 * from a float32 rounding boundary is at least 2^-41 of it, the product's error at most 2^-52.
 * test/unigine-weight-step.test.ts checks all 65,536 values. A multiply, not a float64 division
 * per weight: gatherSkinRecords on 16,749 records of 1–3 weights for 18,900 vertices (tiled
 * mrfixit's size; wasm-simd, median of 300 interleaved calls, load ~12) 79.5–87.7 → 73.2–77.7 µs.
 */
const WEIGHT_STEP: f64 = 1.0 / 65535.0;

/**
 * dst[i * components + c] = src[indices[i] * components + c] / 255 (rounded once to float32).
 * Returns −1, or the first position whose index is not below `srcCount`.
 */
export function gatherUnorm8(src: usize, srcCount: u32, components: i32, indices: usize, count: i32, dst: usize): i32 {
  const stride = <usize>components;
  for (let i = 0; i < count; i++) {
    const index = load<u32>(indices + (<usize>i << 2));
    if (index >= srcCount) return i;
    const from = src + <usize>index * stride;
    const to = dst + ((<usize>i * stride) << 2);
    for (let c: usize = 0; c < stride; c++) store<f32>(to + (c << 2), <f32>(<f64>load<u8>(from + c) / 255.0));
  }
  return -1;
}

/**
 * Skin weights stored per source vertex as `counts[s]` (0–4) records, vertex after vertex:
 * `bones` (int16) and `values` (weight × 65535, uint16). For each output vertex i, the records of
 * source vertex vertexOf[i] become four joints (jointOf[bone], uint16) and four weights
 * (value / 65535), unused slots zero. `first` (sourceCount + 1 uint32) is scratch for where each
 * source vertex's records start. Returns −1; or −2 when the counts need more records than
 * `recordCount`, −3 for a count above 4, −4 for a bone not below `jointCount`; or the first output
 * position whose vertexOf is not below `sourceCount`.
 */
export function gatherSkinWeights(
  counts: usize, sourceCount: i32, bones: usize, values: usize, recordCount: i32, jointOf: usize, jointCount: i32,
  vertexOf: usize, count: i32, first: usize, dstJoints: usize, dstWeights: usize,
): i32 {
  let total: u32 = 0;
  for (let s = 0; s < sourceCount; s++) {
    store<u32>(first + (<usize>s << 2), total);
    const n = <u32>load<u8>(counts + <usize>s);
    if (n > 4) return -3;
    total += n;
  }
  store<u32>(first + (<usize>sourceCount << 2), total);
  if (total > <u32>recordCount) return -2;
  for (let i = 0; i < count; i++) {
    const s = load<u32>(vertexOf + (<usize>i << 2));
    if (s >= <u32>sourceCount) return i;
    const joints = dstJoints + (<usize>i << 3);
    const weights = dstWeights + (<usize>i << 4);
    store<u64>(joints, 0);
    store<u64>(weights, 0);
    store<u64>(weights + 8, 0);
    const start = load<u32>(first + (<usize>s << 2));
    const end = load<u32>(first + (<usize>s << 2) + 4);
    for (let w = start, k: usize = 0; w < end; w++, k++) {
      const bone = <i32>load<i16>(bones + (<usize>w << 1));
      if (<u32>bone >= <u32>jointCount) return -4;
      store<u16>(joints + (k << 1), load<u16>(jointOf + (<usize>bone << 1)));
      store<f32>(weights + (k << 2), <f32>(<f64>load<u16>(values + (<usize>w << 1)) * WEIGHT_STEP));
    }
  }
  return -1;
}
