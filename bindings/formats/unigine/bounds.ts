import type { UnigineBounds } from './mesh-document.js';
import { emptyBounds } from './mesh-document.js';

/** Box of the positions, and the sphere around the box centre that holds them all. */
export function boundsOf(positionArrays: readonly Float32Array[]): UnigineBounds {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  let any = false;
  for (const positions of positionArrays) {
    for (let i = 0; i < positions.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        const v = positions[i + c]!;
        if (v < min[c]!) min[c] = v;
        if (v > max[c]!) max[c] = v;
      }
      any = true;
    }
  }
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
