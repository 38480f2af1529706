// Builds three.js objects straight from a meshcodec Asset: one BufferGeometry per mesh (skinned
// when the asset has a skeleton and the mesh has joints), bones from the skeleton's bind pose,
// and an AnimationClip per animation from its per-joint tracks.
import {
  AnimationClip,
  Bone,
  BufferAttribute,
  BufferGeometry,
  DoubleSide,
  Group,
  KeyframeTrack,
  Mesh,
  MeshStandardMaterial,
  QuaternionKeyframeTrack,
  Skeleton,
  SkeletonHelper,
  SkinnedMesh,
  VectorKeyframeTrack,
} from 'three';
import type { Animation, Asset, Mesh as AssetMesh } from '../../bindings/index.js';

export interface AssetObjects {
  /** Everything, already turned Y-up. */
  root: Group;
  /** What the clips animate (bones are named `joint<i>`). */
  animated: Group;
  clips: AnimationClip[];
  /** Lines along the bones; it takes its placement from the bones, so add it to the scene itself, not under `root`. */
  skeletonHelper: SkeletonHelper | undefined;
}

/** Bone names are by index: PropertyBinding cannot address names with dots or brackets. */
const boneName = (joint: number) => `joint${joint}`;

function buildBones(asset: Asset): Bone[] {
  const joints = asset.skeleton?.joints ?? [];
  const bones = joints.map((joint, i) => {
    const bone = new Bone();
    bone.name = boneName(i);
    bone.userData.jointName = joint.name;
    bone.position.fromArray(joint.translation);
    bone.quaternion.fromArray(joint.rotation);
    bone.scale.fromArray(joint.scale);
    return bone;
  });
  joints.forEach((joint, i) => {
    if (joint.parent >= 0) bones[joint.parent]!.add(bones[i]!);
  });
  return bones;
}

function buildGeometry(mesh: AssetMesh, skinned: boolean): BufferGeometry {
  const { attributes } = mesh;
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(attributes.positions, 3));
  if (attributes.normals) geometry.setAttribute('normal', new BufferAttribute(attributes.normals, 3));
  if (attributes.uvs?.[0]) geometry.setAttribute('uv', new BufferAttribute(attributes.uvs[0], 2));
  if (attributes.colors) geometry.setAttribute('color', new BufferAttribute(attributes.colors, 4));
  if (skinned && attributes.joints && attributes.weights) {
    geometry.setAttribute('skinIndex', new BufferAttribute(attributes.joints, 4));
    geometry.setAttribute('skinWeight', new BufferAttribute(attributes.weights, 4));
  }
  // WebGL2 draws byte indices, but three.js expects 16 or 32 bits.
  const indices = mesh.indices instanceof Uint8Array ? Uint16Array.from(mesh.indices) : mesh.indices;
  geometry.setIndex(new BufferAttribute(indices, 1));
  if (!attributes.normals) geometry.computeVertexNormals();
  geometry.computeBoundingBox();
  return geometry;
}

function buildClip(animation: Animation): AnimationClip {
  const tracks: KeyframeTrack[] = [];
  for (const track of animation.tracks) {
    const name = boneName(track.joint);
    if (track.translation) tracks.push(new VectorKeyframeTrack(`${name}.position`, track.times, track.translation));
    if (track.rotation) tracks.push(new QuaternionKeyframeTrack(`${name}.quaternion`, track.times, track.rotation));
    if (track.scale) tracks.push(new VectorKeyframeTrack(`${name}.scale`, track.times, track.scale));
  }
  return new AnimationClip(animation.name || 'animation', -1, tracks);
}

export function assetToThree(asset: Asset): AssetObjects {
  const root = new Group();
  if (asset.upAxis === 'z') root.rotation.x = -Math.PI / 2;
  const animated = new Group();
  root.add(animated);

  const bones = buildBones(asset);
  for (const bone of bones) if (!bone.parent) animated.add(bone);
  animated.updateMatrixWorld(true);
  const skeleton = bones.length > 0 ? new Skeleton(bones) : undefined;

  for (const mesh of asset.meshes) {
    const skinned = skeleton !== undefined && mesh.attributes.joints !== undefined && mesh.attributes.weights !== undefined;
    // Double-sided: formats disagree on winding, and a preview should show every face.
    const material = new MeshStandardMaterial({ color: 0xd8c8a8, roughness: 0.7, metalness: 0.05, side: DoubleSide, vertexColors: mesh.attributes.colors !== undefined });
    const geometry = buildGeometry(mesh, skinned);
    if (skinned) {
      const object = new SkinnedMesh(geometry, material);
      object.name = mesh.name;
      animated.add(object);
      object.bind(skeleton!, object.matrixWorld);
    } else {
      const object = new Mesh(geometry, material);
      object.name = mesh.name;
      animated.add(object);
    }
  }
  const skeletonHelper = bones.length > 0 ? new SkeletonHelper(animated) : undefined;
  return { root, animated, clips: asset.animations.map(buildClip), skeletonHelper };
}
