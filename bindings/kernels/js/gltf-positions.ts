// TypeScript twin of assembly/gltf-positions.ts (the glTF writer's positions pass: its loop, as
// vertex-passes.ts has it, with the box as float32 in `box`).

export function positionsOnAxes(src: Float32Array, toYUp: boolean, dst: Float32Array, box: Float32Array): number {
  let replaced = 0;
  let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
  for (let i = 0; i + 2 < src.length; i += 3) {
    let x = src[i]!;
    const sy = src[i + 1]!;
    const sz = src[i + 2]!;
    let y = toYUp ? sz : sy;
    let z = toYUp ? -sy : sz;
    if (!Number.isFinite(x)) { x = 0; replaced++; }
    if (!Number.isFinite(y)) { y = 0; replaced++; }
    if (!Number.isFinite(z)) { z = 0; replaced++; }
    dst[i] = x;
    dst[i + 1] = y;
    dst[i + 2] = z;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (z < z0) z0 = z;
    if (z > z1) z1 = z;
  }
  box[0] = x0;
  box[1] = y0;
  box[2] = z0;
  box[3] = x1;
  box[4] = y1;
  box[5] = z1;
  return replaced;
}
