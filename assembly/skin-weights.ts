// UNIGINE writer: four joints and weights per vertex to the variable-length weight lists a
// .mesh stores. Twin: bindings/kernels/js/skin-weights.ts.

/**
 * Per vertex, the slots up to the last one in use (a weight > 0 or a joint ≠ 0) become its
 * weights: dstCounts[v] = slots kept, and per slot the joint (dstBones) and
 * clamp(trunc(weight × 65535), 0, 65535) in float64, NaN → 0 (dstValues), vertex after vertex.
 * Returns the number of weights written, or −(v + 1) for the first vertex v weighted to a joint
 * not below `boneCount`.
 */
export function packSkinWeights(joints: usize, weights: usize, count: i32, boneCount: i32, dstCounts: usize, dstBones: usize, dstValues: usize): i32 {
  let total = 0;
  let v = 0;
  if (ASC_FEATURE_SIMD) {
    // A vertex is one vector: its four slots are written whole (the next vertex writes over the
    // unused ones; total + 4 ≤ 4 × count), its count is the highest slot in use + 1.
    const bones = i32x4.splat(boneCount);
    for (; v < count; v++) {
      const jointBits = v128.load64_zero(joints + (<usize>v << 3));
      const w = v128.load(weights + (<usize>v << 4));
      const j = i32x4.extend_low_i16x8_u(jointBits);
      const inUse = i32x4.bitmask(v128.or(f32x4.gt(w, f32x4.splat(0)), i32x4.ne(j, i32x4.splat(0))));
      const used = 32 - <i32>clz<u32>(inUse);
      if (i32x4.bitmask(i32x4.ge_s(j, bones)) & ((1 << used) - 1)) return -(v + 1);
      // clamp(trunc(w × 65535)) in float64: the saturating conversion takes NaN and negatives to 0.
      const scale = f64x2.splat(65535);
      const low = i32x4.trunc_sat_f64x2_u_zero(f64x2.mul(f64x2.promote_low_f32x4(w), scale));
      const high = i32x4.trunc_sat_f64x2_u_zero(f64x2.mul(f64x2.promote_low_f32x4(v128.shuffle<f32>(w, w, 2, 3, 2, 3)), scale));
      const values = i32x4.min_u(v128.shuffle<i32>(low, high, 0, 1, 4, 5), i32x4.splat(65535));
      v128.store64_lane(dstBones + (<usize>total << 1), jointBits, 0);
      v128.store64_lane(dstValues + (<usize>total << 1), i16x8.narrow_i32x4_u(values, values), 0);
      store<u8>(dstCounts + <usize>v, <u8>used);
      total += used;
    }
  }
  for (; v < count; v++) {
    const j = joints + (<usize>v << 3);
    const w = weights + (<usize>v << 4);
    let used = 4;
    while (used > 0 && !(load<f32>(w + (<usize>(used - 1) << 2)) > 0) && load<u16>(j + (<usize>(used - 1) << 1)) == 0) used--;
    for (let k = 0; k < used; k++) {
      const joint = <i32>load<u16>(j + (<usize>k << 1));
      if (joint >= boneCount) return -(v + 1);
      const scaled = <f64>load<f32>(w + (<usize>k << 2)) * 65535;
      const value: u32 = scaled > 0 ? (scaled < 65535 ? <u32>scaled : 65535) : 0;
      store<i16>(dstBones + (<usize>total << 1), <i16>joint);
      store<u16>(dstValues + (<usize>total << 1), <u16>value);
      total++;
    }
    store<u8>(dstCounts + <usize>v, <u8>used);
  }
  return total;
}

/**
 * UNIGINE's stored weight records: per vertex its count (uint8), then per weight the bone
 * (int16) and the value (uint16), into `dst` (unaligned). Returns the weights used, or −1 when
 * the counts call for more than `weightCount` weights or more than `capacity` bytes.
 */
export function packWeightRecords(counts: usize, count: i32, bones: usize, values: usize, weightCount: i32, dst: usize, capacity: i32): i32 {
  let w = 0;
  let out = dst;
  const end = dst + <usize>capacity;
  for (let v = 0; v < count; v++) {
    const n = <i32>load<u8>(counts + <usize>v);
    if (w + n > weightCount || out + 1 + (<usize>n << 2) > end) return -1;
    store<u8>(out, <u8>n);
    out++;
    for (const last = w + n; w < last; w++, out += 4) {
      store<u32>(out, <u32>load<u16>(bones + (<usize>w << 1)) | (<u32>load<u16>(values + (<usize>w << 1)) << 16));
    }
  }
  return w;
}
