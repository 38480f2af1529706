import type { Kernels } from '../../kernels/kernels.js';
import type { UnigineBounds } from './mesh-document.js';
import { emptyBounds } from './mesh-document.js';

/**
 * Box of the positions, and the sphere around the box centre that holds them all. Per axis the
 * box keeps the first smallest (largest) coordinate and skips NaN (the boxOfPoints kernel, array
 * after array); the squared radius is the float64 farthestSquaredDistance.
 */
export function boundsOf(kernels: Kernels, positionArrays: readonly Float32Array[]): UnigineBounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  const box = new Float32Array(6);
  let any = false;
  for (const positions of positionArrays) {
    if (positions.length < 3) continue;
    kernels.raw.boxOfPoints(positions, box);
    for (let c = 0; c < 3; c++) {
      if (box[c]! < min[c]!) min[c] = box[c]!;
      if (box[c + 3]! > max[c]!) max[c] = box[c + 3]!;
    }
    any = true;
  }
  if (!any) return emptyBounds();
  const center = [0, 1, 2].map((c) => Math.fround((min[c]! + max[c]!) / 2)) as [number, number, number];
  let radiusSquared = 0;
  for (const positions of positionArrays) radiusSquared = Math.max(radiusSquared, kernels.raw.farthestSquaredDistance(positions, center[0], center[1], center[2]));
  // Round the radius up so that the float32 sphere still holds every vertex.
  const radius = Math.sqrt(radiusSquared);
  let stored = Math.fround(radius);
  if (stored < radius) stored = Math.fround(radius * (1 + 2 ** -23));
  return { min, max, center, radius: stored };
}

/** A copy of `bounds` that shares no array with it. */
export function copyBounds(bounds: UnigineBounds): UnigineBounds {
  return { min: [...bounds.min], max: [...bounds.max], center: [...bounds.center], radius: bounds.radius };
}
