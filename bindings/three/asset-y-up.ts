// A Z-up Asset turned Y-up in place, by the same change of axes as the glTF writer
// (formats/gltf/transforms.ts): (x, y, z) → (x, z, −y) for positions, normals, tangents, morph
// displacements, bind pose translations and rotations' vector parts, keys alike; scale factors
// follow their axes, (sx, sy, sz) → (sx, sz, sy).
// Alternative not taken: a −90° rotation about X on the scene's root. It copies nothing either,
// but it leaves every bone's local transform, every clip's keys and the geometry's bounds in the
// source axes, so code written for GLTFLoader (which reads bones' positions, tracks' values or
// geometry bounds as Y-up) would see different numbers from the same file converted to glTF;
// and cos(−π/2) is not 0 in floating point, so world positions would differ from the glTF's by
// rounding. In place costs one pass over the arrays the loader owns anyway (transferred from the
// worker or just decoded).
import type { Asset, Joint } from '../model/asset.js';
import { swapYZInPlace, zUpToYUpInPlace } from '../formats/gltf/transforms.js';

/** Turns `asset` Y-up in place when it says it is Z-up; returns whether it did. */
export function assetToYUp(asset: Asset): boolean {
  if (asset.upAxis !== 'z') return false;
  // Arrays already turned: a reader may share one array between two places (times are shared; values could be).
  const done = new Set<Float32Array>();
  const turn = (data: Float32Array | undefined, stride: number, scale = false) => {
    if (!data || done.has(data)) return;
    done.add(data);
    (scale ? swapYZInPlace : zUpToYUpInPlace)(data, stride);
  };
  for (const mesh of asset.meshes) {
    turn(mesh.attributes.positions, 3);
    turn(mesh.attributes.normals, 3);
    turn(mesh.attributes.tangents, 4);
    for (const target of mesh.targets ?? []) {
      turn(target.positions, 3);
      turn(target.normals, 3);
    }
  }
  for (const joint of asset.skeleton?.joints ?? []) jointToYUp(joint);
  for (const animation of asset.animations) {
    for (const track of animation.tracks) {
      turn(track.translation, 3);
      turn(track.rotation, 4);
      turn(track.scale, 3, true);
    }
  }
  asset.upAxis = 'y';
  return true;
}

function jointToYUp(joint: Joint): void {
  const [tx, ty, tz] = joint.translation;
  joint.translation = [tx, tz, -ty];
  const [rx, ry, rz, rw] = joint.rotation;
  joint.rotation = [rx, rz, -ry, rw];
  const [sx, sy, sz] = joint.scale;
  joint.scale = [sx, sz, sy];
}
