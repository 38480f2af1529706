// A mesh's skin as glTF requires it: each vertex's weights summing to 1, each joint once per
// vertex, unused slots on joint 0 with weight 0.
//
// Alternatives, measured on the speed bar's tiled mrfixit.iqm (7,380 vertices in its larger mesh;
// one interleaved loop on the shared 2-core machine): the general loop (per slot: a sum, then a
// search of the slots already used for the same joint) took 150–340 µs, 20–45 ns a vertex, the
// largest single step of the plain GLB encode; the common vertex (its weighted joints first,
// distinct and in range, the other weights exactly 0) written straight from locals took 116 µs
// against 341 in the same loop. Other vertices go through the general code, one at a time; both
// give the same bits (test/gltf-normalized-skin.test.ts compares them with the general loop alone
// over random skins with zero, negative, non-finite, huge and repeated entries).

import type { WriterScratch } from './writer-scratch.js';

/** How far from 1 a vertex's weight sum may be before its rescaling is warned: two steps of 8-bit quantization (UNIGINE's and IQM's ubyte weights), so only real changes are said. */
export const SKIN_WEIGHT_SUM_TOLERANCE = 2 / 255;

/**
 * Weights scaled to sum to 1, unused slots (zero weight) pointing at joint 0, as glTF requires.
 * A vertex with no weight at all is bound wholly to its first joint. Joints as uint8 when the
 * skeleton has at most 256 (written straight, not narrowed from a uint16 copy), else uint16; both
 * arrays from the writer's scratch (writer-scratch.ts).
 */
export function normalizedSkin(joints: Uint16Array, weights: Float32Array, jointCount: number, label: string, warn: (m: string) => void, scratch: WriterScratch) {
  const outJoints = jointCount <= 256 ? scratch.uint8(joints.length) : scratch.uint16(joints.length);
  const outWeights = scratch.float32(weights.length);
  // rescaled, merged, the first vertex with a dropped weight, the first without any (−1: none).
  const found = Float64Array.of(0, 0, -1, -1);
  normalizedSkinLoop(joints, weights, jointCount, outJoints, outWeights, found);
  const rescaled = found[0]!, merged = found[1]!, dropped = found[2]!, unbound = found[3]!;
  // In the order the vertices first showed them (a vertex's dropped weight before its having none).
  const droppedMessage = `${label}: weights on joints outside the skeleton or not finite were dropped`;
  const unboundMessage = `${label}: vertices without skin weights were bound wholly to their first joint`;
  if (dropped >= 0 && (unbound < 0 || dropped <= unbound)) warn(droppedMessage);
  if (unbound >= 0) warn(unboundMessage);
  if (dropped >= 0) warn(droppedMessage);
  if (merged) warn(`${label}: ${merged} weights named a joint already weighted in their vertex and were added to it (glTF needs each joint once per vertex)`);
  if (rescaled) warn(`${label}: skin weights of ${rescaled} vertices summed to more than 2/255 away from 1 and were scaled to sum to 1 (glTF requires it)`);
  return { joints: outJoints, weights: outWeights };
}

/**
 * normalizedSkin's loop, in a function of its own (vertex-passes.ts says why); `found`: rescaled,
 * merged, the first vertex with a dropped weight, the first without any (−1: none), updated.
 * Every element of the outputs is written (they are scratch, not zero-filled).
 */
export function normalizedSkinLoop(joints: Uint16Array, weights: Float32Array, jointCount: number, outJoints: Uint8Array | Uint16Array, outWeights: Float32Array, found: Float64Array): number {
  let rescaled = 0;
  for (let v = 0; v < joints.length; v += 4) {
    const w0 = weights[v]!, w1 = weights[v + 1]!, w2 = weights[v + 2]!, w3 = weights[v + 3]!;
    const j0 = joints[v]!, j1 = joints[v + 1]!, j2 = joints[v + 2]!, j3 = joints[v + 3]!;
    // The common vertex: slots 0..n−1 weighted on distinct joints in range, the others exactly 0
    // (−0 too, as the general code counts it); n = −1 for any other.
    if (w0 > 0 && j0 < jointCount) {
      let sum = w0;
      let n = 1;
      if (w1 > 0 && j1 < jointCount && j1 !== j0) {
        sum += w1;
        n = 2;
        if (w2 > 0 && j2 < jointCount && j2 !== j0 && j2 !== j1) {
          sum += w2;
          n = 3;
          if (w3 > 0 && j3 < jointCount && j3 !== j0 && j3 !== j1 && j3 !== j2) {
            sum += w3;
            n = 4;
          } else if (w3 !== 0) n = -1;
        } else if (w2 !== 0 || w3 !== 0) n = -1;
      } else if (w1 !== 0 || w2 !== 0 || w3 !== 0) n = -1;
      // The same sum, in the same order, as the general code's; positive, so only its finiteness is left to check.
      if (n > 0 && sum < Infinity) {
        if (Math.abs(sum - 1) > SKIN_WEIGHT_SUM_TOLERANCE) rescaled++;
        outJoints[v] = j0;
        outWeights[v] = w0 / sum;
        outJoints[v + 1] = n > 1 ? j1 : 0;
        outWeights[v + 1] = n > 1 ? w1 / sum : 0;
        outJoints[v + 2] = n > 2 ? j2 : 0;
        outWeights[v + 2] = n > 2 ? w2 / sum : 0;
        outJoints[v + 3] = n > 3 ? j3 : 0;
        outWeights[v + 3] = n > 3 ? w3 / sum : 0;
        continue;
      }
    }
    generalVertex(joints, weights, jointCount, outJoints, outWeights, found, v);
  }
  found[0] = found[0]! + rescaled;
  return 0;
}

/** One vertex of any kind (normalizedSkinLoop's `found` updated). */
export function generalVertex(joints: Uint16Array, weights: Float32Array, jointCount: number, outJoints: Uint8Array | Uint16Array, outWeights: Float32Array, found: Float64Array, v: number): void {
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
  if (Math.abs(sum - 1) > SKIN_WEIGHT_SUM_TOLERANCE) found[0] = found[0]! + 1;
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
