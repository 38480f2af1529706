// TypeScript twin of assembly/gltf-normalized-skin.ts (the glTF writer's skin loop, as
// bindings/formats/gltf/normalized-skin.ts had it; the vertex of any kind in gltf-skin-vertex.ts).
import { generalSkinVertex } from './gltf-skin-vertex.js';

/**
 * The glTF writer's skin loop (bindings/formats/gltf/normalized-skin.ts says what it makes);
 * `found` (written): rescaled, merged, the first element index with a dropped weight, the first
 * without any (−1: none). Every element of the outputs is written.
 */
export function normalizeSkin(joints: Uint16Array, weights: Float32Array, jointCount: number, tolerance: number, outJoints: Uint8Array | Uint16Array, outWeights: Float32Array, found: Float64Array): void {
  found[0] = 0;
  found[1] = 0;
  found[2] = -1;
  found[3] = -1;
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
        if (Math.abs(sum - 1) > tolerance) rescaled++;
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
    generalSkinVertex(joints, weights, jointCount, tolerance, outJoints, outWeights, found, v);
  }
  found[0] = found[0]! + rescaled;
}
