// TypeScript twin of assembly/skin-records.ts.

export function gatherSkinRecords(
  counts: Uint8Array, records: Uint8Array, jointOf: Uint16Array, vertexOf: Uint32Array,
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
  if (sourceCount + 4 * total > records.length) return -2;
  const view = new DataView(records.buffer, records.byteOffset, records.byteLength);
  for (let i = 0; i < vertexOf.length; i++) {
    const s = vertexOf[i]!;
    if (s >= sourceCount) return i;
    dstJoints.fill(0, i * 4, i * 4 + 4);
    dstWeights.fill(0, i * 4, i * 4 + 4);
    for (let w = first[s]!, k = i * 4; w < first[s + 1]!; w++, k++) {
      const at = s + 1 + 4 * w;
      const bone = view.getInt16(at, true);
      if (bone < 0 || bone >= jointOf.length) return -4;
      dstJoints[k] = jointOf[bone]!;
      dstWeights[k] = view.getUint16(at + 2, true) / 65535;
    }
  }
  return -1;
}
