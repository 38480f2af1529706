import type { UnigineBounds } from './mesh-document.js';
import { emptyBounds } from './mesh-document.js';

/** Box of the positions, and the sphere around the box centre that holds them all. */
export function boundsOf(positionArrays: readonly Float32Array[]): UnigineBounds {
  let minX = Infinity, minY = Infinity, minZ = Infinity;
  let maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  let any = false;
  for (const positions of positionArrays) {
    for (let i = 0; i + 2 < positions.length; i += 3) {
      const x = positions[i]!, y = positions[i + 1]!, z = positions[i + 2]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
      any = true;
    }
  }
  const min = [minX, minY, minZ];
  const max = [maxX, maxY, maxZ];
  if (!any) return emptyBounds();
  const center = [0, 1, 2].map((c) => Math.fround((min[c]! + max[c]!) / 2)) as [number, number, number];
  let radiusSquared = 0;
  for (const positions of positionArrays) {
    for (let i = 0; i < positions.length; i += 3) {
      const dx = positions[i]! - center[0], dy = positions[i + 1]! - center[1], dz = positions[i + 2]! - center[2];
      radiusSquared = Math.max(radiusSquared, dx * dx + dy * dy + dz * dz);
    }
  }
  // Round the radius up so that the float32 sphere still holds every vertex.
  const radius = Math.sqrt(radiusSquared);
  let stored = Math.fround(radius);
  if (stored < radius) stored = Math.fround(radius * (1 + 2 ** -23));
  return { min: min as [number, number, number], max: max as [number, number, number], center, radius: stored };
}
