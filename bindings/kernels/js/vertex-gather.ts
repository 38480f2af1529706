// Twins of assembly/vertex-gather.ts: the same results, bit for bit.

export function gatherUnorm8(src: Uint8Array, components: number, indices: Uint32Array, dst: Float32Array): number {
  const srcCount = Math.floor(src.length / components);
  for (let i = 0; i < indices.length; i++) {
    const index = indices[i]!;
    if (index >= srcCount) return i;
    for (let c = 0; c < components; c++) dst[i * components + c] = src[index * components + c]! / 255;
  }
  return -1;
}

export function gatherSkinWeights(
  counts: Uint8Array, bones: Int16Array, values: Uint16Array, jointOf: Uint16Array, vertexOf: Uint32Array,
  first: Uint32Array, dstJoints: Uint16Array, dstWeights: Float32Array,
): number {
  const sourceCount = counts.length;
  let total = 0;
  for (let s = 0; s < sourceCount; s++) {
    first[s] = total;
    const n = counts[s]!;
    if (n > 4) return -3;
    total += n;
  }
  first[sourceCount] = total;
  if (total > Math.min(bones.length, values.length)) return -2;
  for (let i = 0; i < vertexOf.length; i++) {
    const s = vertexOf[i]!;
    if (s >= sourceCount) return i;
    dstJoints.fill(0, i * 4, i * 4 + 4);
    dstWeights.fill(0, i * 4, i * 4 + 4);
    for (let w = first[s]!, k = i * 4; w < first[s + 1]!; w++, k++) {
      const bone = bones[w]!;
      if (bone < 0 || bone >= jointOf.length) return -4;
      dstJoints[k] = jointOf[bone]!;
      dstWeights[k] = values[w]! / 65535;
    }
  }
  return -1;
}
