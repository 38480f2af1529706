// TypeScript twin of assembly/skin-weights.ts.

export function packSkinWeights(joints: Uint16Array, weights: Float32Array, boneCount: number, dstCounts: Uint8Array, dstBones: Int16Array, dstValues: Uint16Array): number {
  let total = 0;
  for (let v = 0; v < dstCounts.length; v++) {
    const at = v * 4;
    let used = 4;
    while (used > 0 && !(weights[at + used - 1]! > 0) && joints[at + used - 1] === 0) used--;
    for (let k = 0; k < used; k++) {
      const joint = joints[at + k]!;
      if (joint >= boneCount) return -(v + 1);
      const scaled = weights[at + k]! * 65535;
      dstBones[total] = joint;
      dstValues[total++] = scaled > 0 ? (scaled < 65535 ? scaled : 65535) : 0;
    }
    dstCounts[v] = used;
  }
  return total;
}
