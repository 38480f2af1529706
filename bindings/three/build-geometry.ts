// One BufferGeometry per Asset mesh, with the attribute names GLTFLoader gives the same data:
// position, normal, tangent (xyzw), uv, uv1, uv2… (one per UV set), color (rgba), skinIndex and
// skinWeight, the index, and morph targets as relative displacements (morphTargetsRelative, as
// the Asset stores them) named after the targets. The Asset's typed arrays are used as they are,
// not copied (the loader owns them: transferred from the worker or just decoded).
import { BufferAttribute, BufferGeometry } from 'three';
import type { Mesh as AssetMesh } from '../model/asset.js';

/** The three.js name of UV set `set`: uv, uv1, uv2… (three.js r151 and later). */
export function uvAttributeName(set: number): string {
  return set === 0 ? 'uv' : `uv${set}`;
}

export function buildGeometry(mesh: AssetMesh, skinned: boolean): BufferGeometry {
  const { attributes } = mesh;
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(attributes.positions, 3));
  if (attributes.normals) geometry.setAttribute('normal', new BufferAttribute(attributes.normals, 3));
  if (attributes.tangents) geometry.setAttribute('tangent', new BufferAttribute(attributes.tangents, 4));
  (attributes.uvs ?? []).forEach((uvs, set) => geometry.setAttribute(uvAttributeName(set), new BufferAttribute(uvs, 2)));
  if (attributes.colors) geometry.setAttribute('color', new BufferAttribute(attributes.colors, 4));
  if (skinned && attributes.joints && attributes.weights) {
    geometry.setAttribute('skinIndex', new BufferAttribute(attributes.joints, 4));
    geometry.setAttribute('skinWeight', new BufferAttribute(attributes.weights, 4));
  }
  // three.js's index attribute is 16 or 32 bits in practice (Uint8 indices fail on WebGPU and in
  // some helpers); an Asset's Uint8 indices exist only for meshes under 256 vertices, so widening them costs little.
  const indices = mesh.indices instanceof Uint8Array ? Uint16Array.from(mesh.indices) : mesh.indices;
  geometry.setIndex(new BufferAttribute(indices, 1));
  addMorphTargets(geometry, mesh);
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  return geometry;
}

/**
 * Morph targets: every target gets a position displacement; when any target moves normals, every
 * target gets a normal displacement (zeros for those that do not), since three.js needs the same
 * morph attributes on every target.
 */
function addMorphTargets(geometry: BufferGeometry, mesh: AssetMesh): void {
  const targets = mesh.targets ?? [];
  if (targets.length === 0) return;
  const named = (data: Float32Array, name: string) => {
    const attribute = new BufferAttribute(data, 3);
    attribute.name = name;
    return attribute;
  };
  geometry.morphAttributes.position = targets.map((t) => named(t.positions, t.name));
  if (targets.some((t) => t.normals) && mesh.attributes.normals) {
    geometry.morphAttributes.normal = targets.map((t) => named(t.normals ?? new Float32Array(mesh.attributes.positions.length), t.name));
  }
  geometry.morphTargetsRelative = true;
}
