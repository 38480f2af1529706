// glTF writer: a mesh's skin as glTF requires it (weights summing to 1, each joint once per
// vertex, unused slots on joint 0 with weight 0): bindings/formats/gltf/normalized-skin.ts' loop.
// Twin: bindings/kernels/js/gltf-normalized-skin.ts.
//
// The same IEEE operations in the same order as the TypeScript loop: the weights widened to
// float64 and summed slot by slot, each weight ÷ the sum rounded to float32 (a merged joint's
// slot: the float32 slot widened, the next quotient added, rounded again). The common vertex
// (its weighted joints first, distinct and in range, the other weights exactly ±0) is written
// straight; in the SIMD build its four quotients are two float64x2 divisions (adding a ±0 weight
// to a positive sum leaves it as it was, so the sum over four slots is the sum over the used ones).

/**
 * `count` vertices of four joints (u16 at `joints`) and weights (f32 at `weights`) into
 * `dstJoints` (u8 when `wideJoints` = 0, else u16) and `dstWeights`. `found` (four f64, written):
 * vertices rescaled (|sum − 1| > `tolerance`), weights merged into a joint already in
 * their vertex, the first element index (4 × vertex) with a dropped weight and the first without
 * any weight (−1: none).
 */
export function normalizeSkin(joints: usize, weights: usize, count: i32, jointCount: i32, wideJoints: i32, tolerance: f64, dstJoints: usize, dstWeights: usize, found: usize): void {
  store<f64>(found, 0);
  store<f64>(found, 0, 8);
  store<f64>(found, -1, 16);
  store<f64>(found, -1, 24);
  let rescaled: f64 = 0;
  for (let v = 0; v < count; v++) {
    const j = joints + (<usize>v << 3);
    const w = weights + (<usize>v << 4);
    const out = dstWeights + (<usize>v << 4);
    if (ASC_FEATURE_SIMD) {
      const ws = v128.load(w);
      const jointBits = v128.load64_zero(j);
      const js = i32x4.extend_low_i16x8_u(jointBits);
      const usable = v128.and(f32x4.gt(ws, f32x4.splat(0)), i32x4.lt_s(js, i32x4.splat(jointCount)));
      // Lanes naming the joint of an earlier lane.
      const repeated = (i32x4.bitmask(i32x4.eq(js, i32x4.shuffle(js, js, 0, 0, 0, 0))) & 0b1110)
        | (i32x4.bitmask(i32x4.eq(js, i32x4.shuffle(js, js, 1, 1, 1, 1))) & 0b1100)
        | (i32x4.bitmask(i32x4.eq(js, i32x4.shuffle(js, js, 2, 2, 2, 2))) & 0b1000);
      const used = i32x4.bitmask(usable) & ~repeated;
      const zero = i32x4.bitmask(f32x4.eq(ws, f32x4.splat(0)));
      // The common vertex: the used lanes a prefix (1, 3, 7 or 15), every other lane ±0.
      if ((used & (used + 1)) == 0 && used != 0 && (used | zero) == 15) {
        const sum = <f64>f32x4.extract_lane(ws, 0) + <f64>f32x4.extract_lane(ws, 1) + <f64>f32x4.extract_lane(ws, 2) + <f64>f32x4.extract_lane(ws, 3);
        if (sum < Infinity) {
          if (Math.abs(sum - 1) > tolerance) rescaled++;
          const s = f64x2.splat(sum);
          const low = f32x4.demote_f64x2_zero(f64x2.div(f64x2.promote_low_f32x4(ws), s));
          const high = f32x4.demote_f64x2_zero(f64x2.div(f64x2.promote_low_f32x4(v128.shuffle<f32>(ws, ws, 2, 3, 2, 3)), s));
          const keep = i32x4.ne(v128.and(i32x4.splat(used), i32x4(1, 2, 4, 8)), i32x4.splat(0));
          v128.store(out, v128.and(v128.shuffle<f32>(low, high, 0, 1, 4, 5), keep));
          const kept = v128.and(js, keep);
          if (wideJoints) v128.store64_lane(dstJoints + (<usize>v << 3), i16x8.narrow_i32x4_u(kept, kept), 0);
          else v128.store32_lane(dstJoints + (<usize>v << 2), i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(kept, kept), kept), 0);
          continue;
        }
      }
    } else {
      const w0 = load<f32>(w), w1 = load<f32>(w, 4), w2 = load<f32>(w, 8), w3 = load<f32>(w, 12);
      const j0 = <i32>load<u16>(j), j1 = <i32>load<u16>(j, 2), j2 = <i32>load<u16>(j, 4), j3 = <i32>load<u16>(j, 6);
      if (w0 > 0 && j0 < jointCount) {
        let sum = <f64>w0;
        let n = 1;
        if (w1 > 0 && j1 < jointCount && j1 != j0) {
          sum += <f64>w1;
          n = 2;
          if (w2 > 0 && j2 < jointCount && j2 != j0 && j2 != j1) {
            sum += <f64>w2;
            n = 3;
            if (w3 > 0 && j3 < jointCount && j3 != j0 && j3 != j1 && j3 != j2) {
              sum += <f64>w3;
              n = 4;
            } else if (w3 != 0) n = -1;
          } else if (w2 != 0 || w3 != 0) n = -1;
        } else if (w1 != 0 || w2 != 0 || w3 != 0) n = -1;
        if (n > 0 && sum < Infinity) {
          if (Math.abs(sum - 1) > tolerance) rescaled++;
          storeJoint(dstJoints, wideJoints, v, 0, j0);
          storeJoint(dstJoints, wideJoints, v, 1, n > 1 ? j1 : 0);
          storeJoint(dstJoints, wideJoints, v, 2, n > 2 ? j2 : 0);
          storeJoint(dstJoints, wideJoints, v, 3, n > 3 ? j3 : 0);
          store<f32>(out, <f32>(<f64>w0 / sum));
          store<f32>(out, n > 1 ? <f32>(<f64>w1 / sum) : 0, 4);
          store<f32>(out, n > 2 ? <f32>(<f64>w2 / sum) : 0, 8);
          store<f32>(out, n > 3 ? <f32>(<f64>w3 / sum) : 0, 12);
          continue;
        }
      }
    }
    generalVertex(joints, weights, jointCount, wideJoints, tolerance, dstJoints, dstWeights, found, v);
  }
  store<f64>(found, load<f64>(found) + rescaled);
}

@inline
function storeJoint(dstJoints: usize, wideJoints: i32, v: i32, k: i32, joint: i32): void {
  if (wideJoints) store<u16>(dstJoints + ((<usize>v << 3) | (<usize>k << 1)), <u16>joint);
  else store<u8>(dstJoints + ((<usize>v << 2) | <usize>k), <u8>joint);
}

@inline
function loadJoint(dstJoints: usize, wideJoints: i32, v: i32, k: i32): i32 {
  return wideJoints ? <i32>load<u16>(dstJoints + ((<usize>v << 3) | (<usize>k << 1))) : <i32>load<u8>(dstJoints + ((<usize>v << 2) | <usize>k));
}

/** One vertex of any kind (`found` updated as normalizeSkin says). */
function generalVertex(joints: usize, weights: usize, jointCount: i32, wideJoints: i32, tolerance: f64, dstJoints: usize, dstWeights: usize, found: usize, v: i32): void {
  const j = joints + (<usize>v << 3);
  const w = weights + (<usize>v << 4);
  const out = dstWeights + (<usize>v << 4);
  const element = <f64>(v << 2);
  for (let k = 0; k < 4; k++) {
    storeJoint(dstJoints, wideJoints, v, k, 0);
    store<f32>(out + (<usize>k << 2), 0);
  }
  let sum: f64 = 0;
  for (let k = 0; k < 4; k++) {
    const weight = load<f32>(w + (<usize>k << 2));
    if (weight > 0 && <i32>load<u16>(j + (<usize>k << 1)) < jointCount) sum += <f64>weight;
    else if ((weight > 0 || !(weight >= 0)) && load<f64>(found, 16) < 0) store<f64>(found, element, 16);
  }
  if (!(sum > 0) || !(sum < Infinity)) {
    if (load<f64>(found, 24) < 0) store<f64>(found, element, 24);
    const first = <i32>load<u16>(j);
    storeJoint(dstJoints, wideJoints, v, 0, first < jointCount ? first : 0);
    store<f32>(out, 1);
    return;
  }
  if (Math.abs(sum - 1) > tolerance) store<f64>(found, load<f64>(found) + 1);
  let used = 0;
  for (let k = 0; k < 4; k++) {
    const weight = load<f32>(w + (<usize>k << 2));
    const joint = <i32>load<u16>(j + (<usize>k << 1));
    if (!(weight > 0 && joint < jointCount)) continue;
    let slot = 0;
    while (slot < used && loadJoint(dstJoints, wideJoints, v, slot) != joint) slot++;
    if (slot < used) store<f64>(found, load<f64>(found, 8) + 1, 8);
    else used++;
    storeJoint(dstJoints, wideJoints, v, slot, joint);
    const at = out + (<usize>slot << 2);
    store<f32>(at, <f32>(<f64>load<f32>(at) + <f64>weight / sum));
  }
}
