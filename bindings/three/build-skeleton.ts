// Bones from the Asset skeleton's bind pose (a joint whose parent does not come before it is a
// root, as the glTF writer places it; rotations of unit length, as it writes them), named as the joints are (sanitized and unique, as
// GLTFLoader names nodes; the joint's own name stays in `bone.userData.jointName`).
import { Bone } from 'three';
import type { Skeleton as AssetSkeleton } from '../model/asset.js';
import type { UniqueNames } from './unique-names.js';
import { unitRotationsInPlace } from './unit-rotations.js';

export function buildBones(skeleton: AssetSkeleton | undefined, names: UniqueNames): Bone[] {
  const joints = skeleton?.joints ?? [];
  const bones = joints.map((joint, i) => {
    const bone = new Bone();
    bone.name = names.take(joint.name, `joint_${i}`);
    bone.userData.jointName = joint.name;
    bone.position.fromArray(joint.translation);
    bone.quaternion.fromArray(unitRotation(joint.rotation));
    bone.scale.fromArray(joint.scale);
    return bone;
  });
  joints.forEach((joint, j) => {
    if (joint.parent >= 0 && joint.parent < j) bones[joint.parent]!.add(bones[j]!);
  });
  return bones;
}

function unitRotation(rotation: readonly number[]): number[] {
  const copy = [...rotation];
  unitRotationsInPlace(copy);
  return copy;
}
