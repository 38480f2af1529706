// The one conversion from a meshcodec Asset to three.js objects (the loader and the demo page
// both use it): a Group holding the skeleton's root bones and one Mesh or SkinnedMesh per Asset
// mesh, Y-up unless asked to keep the source axes, bones bound with inverse bind matrices from
// the bind pose, one AnimationClip per animation. The object tree is the one GLTFLoader builds
// from meshcodec's own GLB of the same file: meshes and root joints are children of the scene,
// joints nest as the skeleton does, names are sanitized and unique in the same way.
import { Group, Matrix4, Mesh, Skeleton, SkinnedMesh, type AnimationClip, type Bone, type Material, type Texture } from 'three';
import type { Asset } from '../model/asset.js';
import { validateAsset } from '../model/validate-asset.js';
import { assetToYUp } from './asset-y-up.js';
import { buildClip } from './build-clips.js';
import { buildGeometry } from './build-geometry.js';
import { buildBones } from './build-skeleton.js';
import { MaterialCache, type CreateMaterial } from './materials.js';
import { UniqueNames } from './unique-names.js';

export interface AssetToThreeOptions {
  /** 'y' (default): a Z-up Asset (IQM, UNIGINE, …) is turned Y-up as the glTF writer turns it; 'keep': source axes. */
  upAxis?: 'y' | 'keep';
  /** Makes the material of a material name (the hook for an application's textures); default a MeshStandardMaterial. */
  createMaterial?: CreateMaterial;
  /** Base colour textures by material name, the default materials' `map` (the loader loads them from the Asset's `materials`). */
  textures?: ReadonlyMap<string, Texture>;
  /**
   * Check the Asset first (validateAsset: indices and skin joints in range, parents before
   * children, …), so that a hand-built Asset is refused with a MeshFormatError naming its path
   * instead of drawing garbage; default true. The loader turns it off: its Assets come from readers.
   */
  validate?: boolean;
}

export const ASSET_TO_THREE_DEFAULTS: Required<Pick<AssetToThreeOptions, 'upAxis' | 'validate'>> = { upAxis: 'y', validate: true };

export interface AssetObjects {
  /** Bones and meshes; Y-up unless `upAxis: 'keep'`. */
  scene: Group;
  animations: AnimationClip[];
  /** The skeleton's bones in joint order (empty without a skeleton). */
  bones: Bone[];
  /** The skeleton every skinned mesh shares, when the Asset has joints. */
  skeleton: Skeleton | undefined;
  /** The Mesh / SkinnedMesh of each Asset mesh, in order. */
  meshes: Mesh[];
  materials: Material[];
  /** What the conversion could not carry over, one sentence each (the Asset's own warnings first). */
  warnings: string[];
}

/**
 * three.js objects for `asset`. The Asset's typed arrays become the attributes and keys
 * themselves (no copies), and a Z-up Asset is turned Y-up in place: the Asset belongs to the
 * result afterwards.
 */
export function assetToThree(asset: Asset, options: AssetToThreeOptions = {}): AssetObjects {
  const settings = { ...ASSET_TO_THREE_DEFAULTS, ...options };
  if (settings.validate) validateAsset(asset);
  if (settings.upAxis === 'y') assetToYUp(asset);
  const warnings = [...asset.warnings];
  const names = new UniqueNames();
  const scene = new Group();

  const bones = buildBones(asset.skeleton, names);
  for (const bone of bones) if (!bone.parent) scene.add(bone);
  scene.updateMatrixWorld(true);
  // Without inverses given, Skeleton takes them from the bones' world matrices now: the bind pose.
  const skeleton = bones.length > 0 ? new Skeleton(bones) : undefined;

  const materials = new MaterialCache(settings.createMaterial, settings.textures);
  const meshes = asset.meshes.map((assetMesh, i) => {
    const skinned = skeleton !== undefined && assetMesh.attributes.joints !== undefined && assetMesh.attributes.weights !== undefined;
    if (!skeleton && (assetMesh.attributes.joints || assetMesh.attributes.weights)) warnings.push(`mesh ${assetMesh.name}: skin weights without a skeleton are left out`);
    const geometry = buildGeometry(assetMesh, skinned);
    const material = materials.get(assetMesh);
    const mesh = skinned ? new SkinnedMesh(geometry, material) : new Mesh(geometry, material);
    mesh.name = names.take(assetMesh.name, `mesh_${i}`);
    if (assetMesh.material !== undefined) mesh.userData.material = assetMesh.material;
    if (assetMesh.targets?.length) mesh.updateMorphTargets();
    scene.add(mesh);
    if (mesh instanceof SkinnedMesh) {
      mesh.bind(skeleton!, new Matrix4());
      // As GLTFLoader does for float weights: each vertex's weights sum to 1 (none: wholly the first joint).
      mesh.normalizeSkinWeights();
    }
    return mesh;
  });
  const animations = asset.animations.map((animation, i) => buildClip(animation, i, bones, warnings));
  return { scene, animations, bones, skeleton, meshes, materials: materials.list(), warnings };
}
