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
  for (let v = 0; v < count; v++) {
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
