// The Asset warmUp (warm-up.ts) and init()'s shared warm-up (shared-warm-up.ts) write and read: a
// file of its own, so that init() does not import the format registry (every handler) with it.
import type { Asset } from '../model/asset.js';

/** A skinned, animated, textured-looking quad: enough to take each reader and writer through its usual path. */
export function warmUpAsset(): Asset {
  const joint = (name: string, parent: number, y: number) => ({ name, parent, translation: [0, y, 0] as [number, number, number], rotation: [0, 0, 0, 1] as [number, number, number, number], scale: [1, 1, 1] as [number, number, number] });
  return {
    source: 'warm-up',
    meshes: [{
      name: 'warm-up',
      material: 'warm-up',
      attributes: {
        positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0),
        normals: Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1),
        tangents: Float32Array.of(1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1),
        uvs: [Float32Array.of(0, 0, 1, 0, 0, 1, 1, 1)],
        joints: Uint16Array.of(0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0),
        weights: Float32Array.of(0.75, 0.25, 0, 0, 0.75, 0.25, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0),
      },
      indices: Uint8Array.of(0, 1, 2, 2, 1, 3),
    }],
    skeleton: { joints: [joint('root', -1, 0), joint('tip', 0, 1)] },
    animations: [{
      name: 'warm-up',
      frameRate: 30,
      frameCount: 2,
      tracks: [{ joint: 1, times: Float32Array.of(0, 1 / 30), translation: Float32Array.of(0, 1, 0, 0, 1.5, 0), rotation: Float32Array.of(0, 0, 0, 1, 0, 0, 0.2588190, 0.9659258) }],
    }],
    warnings: [],
  };
}
