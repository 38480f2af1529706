// The Asset warmUp (warm-up.ts) and init()'s shared warm-up (shared-warm-up.ts) write and read: a
// file of its own, so that init() does not import the format registry (every handler) with it.
import type { Asset } from '../model/asset.js';

/**
 * A skinned, animated, textured-looking grid of side × side vertices (2: one quad), enough to
 * take each reader and writer through its usual path. Rows after the first hang on the second joint.
 */
export function warmUpAsset(side = 2): Asset {
  const joint = (name: string, parent: number, y: number) => ({ name, parent, translation: [0, y, 0] as [number, number, number], rotation: [0, 0, 0, 1] as [number, number, number, number], scale: [1, 1, 1] as [number, number, number] });
  const count = side * side;
  const positions = new Float32Array(count * 3);
  const normals = new Float32Array(count * 3);
  const tangents = new Float32Array(count * 4);
  const uvs = new Float32Array(count * 2);
  const joints = new Uint16Array(count * 4);
  const weights = new Float32Array(count * 4);
  for (let v = 0; v < count; v++) {
    const x = (v % side) / (side - 1);
    const y = Math.floor(v / side) / (side - 1);
    positions.set([x, y, 0], v * 3);
    normals.set([0, 0, 1], v * 3);
    tangents.set([1, 0, 0, 1], v * 4);
    uvs.set([x, y], v * 2);
    if (v < side) {
      joints.set([0, 1], v * 4);
      weights.set([0.75, 0.25], v * 4);
    } else {
      joints[v * 4] = 1;
      weights[v * 4] = 1;
    }
  }
  const cells = (side - 1) * (side - 1);
  const indices = count <= 256 ? new Uint8Array(cells * 6) : new Uint16Array(cells * 6);
  for (let c = 0; c < cells; c++) {
    const a = Math.floor(c / (side - 1)) * side + (c % (side - 1));
    indices.set([a, a + 1, a + side, a + side, a + 1, a + side + 1], c * 6);
  }
  return {
    source: 'warm-up',
    meshes: [{ name: 'warm-up', material: 'warm-up', attributes: { positions, normals, tangents, uvs: [uvs], joints, weights }, indices }],
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
