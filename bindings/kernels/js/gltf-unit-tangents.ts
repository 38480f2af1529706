// TypeScript twin of assembly/gltf-unit-tangents.ts (the glTF writer's tangents pass up to the
// first tangent to replace, as vertex-passes.ts's loop computes it).

export function unitTangents(src: Float32Array, toYUp: boolean, tolerance: number, dst: Float32Array, counts: Uint32Array): number {
  let rescaled = 0;
  let signs = 0;
  const count = src.length >> 2;
  let v = 0;
  for (; v < count; v++) {
    const i = v * 4;
    const x = src[i]!;
    const sy = src[i + 1]!;
    const sz = src[i + 2]!;
    const y = toYUp ? sz : sy;
    const z = toYUp ? -sy : sz;
    const length = Math.sqrt(x * x + y * y + z * z);
    if (!(length > 0 && length < Infinity)) break;
    if (Math.abs(length - 1) > tolerance) rescaled++;
    dst[i] = x / length;
    dst[i + 1] = y / length;
    dst[i + 2] = z / length;
    const w = src[i + 3]!;
    const sign = w < 0 ? -1 : 1;
    if (w !== sign) signs++;
    dst[i + 3] = sign;
  }
  counts[0] = rescaled;
  counts[1] = signs;
  return v;
}
