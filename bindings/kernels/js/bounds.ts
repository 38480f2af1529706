// TypeScript twins of assembly/bounds.ts.

export function boxOfPoints(points: Float32Array, dst: Float32Array): void {
  let minX = Infinity, minY = Infinity, minZ = Infinity;
  let maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  const end = points.length - (points.length % 3);
  for (let i = 0; i < end; i += 3) {
    const x = points[i]!, y = points[i + 1]!, z = points[i + 2]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  dst[0] = minX; dst[1] = minY; dst[2] = minZ;
  dst[3] = maxX; dst[4] = maxY; dst[5] = maxZ;
}

export function farthestSquaredDistance(points: Float32Array, cx: number, cy: number, cz: number): number {
  let farthest = 0;
  const end = points.length - (points.length % 3);
  for (let i = 0; i < end; i += 3) {
    const dx = points[i]! - cx, dy = points[i + 1]! - cy, dz = points[i + 2]! - cz;
    farthest = Math.max(farthest, dx * dx + dy * dy + dz * dz);
  }
  // The quiet NaN, as the kernel returns it (a NaN's payload is left open by the arithmetic).
  return farthest === farthest ? farthest : NaN;
}
