// normalizeSkin's vertex of any kind (bindings/kernels/js/gltf-normalized-skin.ts), in a file of
// its own: kernels/js/index.ts spreads every export of a twin's file into the raw kernels.

/** One vertex of any kind (normalizeSkin's `found` updated). */
export function generalSkinVertex(joints: Uint16Array, weights: Float32Array, jointCount: number, tolerance: number, outJoints: Uint8Array | Uint16Array, outWeights: Float32Array, found: Float64Array, v: number): void {
  outJoints[v] = outJoints[v + 1] = outJoints[v + 2] = outJoints[v + 3] = 0;
  outWeights[v] = outWeights[v + 1] = outWeights[v + 2] = outWeights[v + 3] = 0;
  let sum = 0;
  for (let k = 0; k < 4; k++) {
    const weight = weights[v + k]!;
    if (weight > 0 && joints[v + k]! < jointCount) sum += weight;
    else if ((weight > 0 || !(weight >= 0)) && found[2]! < 0) found[2] = v;
  }
  if (!(sum > 0) || !Number.isFinite(sum)) {
    if (found[3]! < 0) found[3] = v;
    outJoints[v] = joints[v]! < jointCount ? joints[v]! : 0;
    outWeights[v] = 1;
    return;
  }
  if (Math.abs(sum - 1) > tolerance) found[0] = found[0]! + 1;
  // Weighted joints packed to the front; a joint named twice gets one slot with its weights added
  // (glTF forbids a joint twice in a vertex: ACCESSOR_JOINTS_INDEX_DUPLICATE).
  let used = 0;
  for (let k = 0; k < 4; k++) {
    const weight = weights[v + k]!;
    const joint = joints[v + k]!;
    if (!(weight > 0 && joint < jointCount)) continue;
    let slot = 0;
    while (slot < used && outJoints[v + slot] !== joint) slot++;
    if (slot < used) found[1] = found[1]! + 1;
    else used++;
    outJoints[v + slot] = joint;
    outWeights[v + slot] = outWeights[v + slot]! + weight / sum;
  }
}
