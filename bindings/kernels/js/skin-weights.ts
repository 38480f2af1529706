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

export function packWeightRecords(counts: Uint8Array, bones: Int16Array, values: Uint16Array, dst: Uint8Array): number {
  const weightCount = Math.min(bones.length, values.length);
  let w = 0;
  let at = 0;
  for (let v = 0; v < counts.length; v++) {
    const n = counts[v]!;
    if (w + n > weightCount || at + 1 + 4 * n > dst.length) return -1;
    dst[at++] = n;
    for (const end = w + n; w < end; w++, at += 4) {
      const bone = bones[w]!, value = values[w]!;
      dst[at] = bone;
      dst[at + 1] = bone >> 8;
      dst[at + 2] = value;
      dst[at + 3] = value >> 8;
    }
  }
  return w;
}
