// TypeScript twin of assembly/gltf-unit-normals.ts (the glTF writer's normals pass: its loop, as
// vertex-passes.ts had it, with the counts in `counts`).

export function unitNormals(src: Float32Array, toYUp: boolean, tolerance: number, dst: Float32Array, counts: Uint32Array): void {
  let replaced = 0;
  let rescaled = 0;
  for (let i = 0; i + 2 < src.length; i += 3) {
    const x = src[i]!;
    const sy = src[i + 1]!;
    const sz = src[i + 2]!;
    const y = toYUp ? sz : sy;
    const z = toYUp ? -sy : sz;
    // In double precision the squares of float32 values cannot overflow.
    const length = Math.sqrt(x * x + y * y + z * z);
    if (length > 0 && length < Infinity) {
      if (Math.abs(length - 1) > tolerance) rescaled++;
      dst[i] = x / length;
      dst[i + 1] = y / length;
      dst[i + 2] = z / length;
    } else {
      replaced++;
      dst[i] = 0;
      dst[i + 1] = 0;
      dst[i + 2] = 1;
    }
  }
  counts[0] = replaced;
  counts[1] = rescaled;
}
