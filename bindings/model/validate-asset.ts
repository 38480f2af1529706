import { MeshFormatError } from '../io/errors.js';
import type { Asset, IndexArray, Mesh } from './asset.js';
import type { Kernels } from '../kernels/kernels.js';
import { getKernels } from '../kernels/backend.js';

/** What Asset errors name as their format: the data is an Asset in memory, not a file. */
export const ASSET_FORMAT = 'asset';

function fail(code: 'BAD_INDEX' | 'BAD_COUNT' | 'BAD_VALUE', path: string, detail: string): never {
  throw new MeshFormatError({ code, format: ASSET_FORMAT, path }, detail);
}

/** The narrowest index array type that holds indices into `vertexCount` vertices. */
export function indexArrayFor(vertexCount: number, length: number): IndexArray {
  return vertexCount <= 0x100 ? new Uint8Array(length) : vertexCount <= 0x10000 ? new Uint16Array(length) : new Uint32Array(length);
}

/**
 * Indices in the narrowest array for `vertexCount` vertices, refusing any index that does not
 * point at a vertex (never a silent wrap into a narrow type).
 */
export function toIndexArray(indices: ArrayLike<number>, vertexCount: number): IndexArray {
  const out = indexArrayFor(vertexCount, indices.length);
  for (let i = 0; i < indices.length; i++) {
    const index = indices[i]!;
    if (!Number.isInteger(index) || index < 0 || index >= vertexCount) fail('BAD_INDEX', `indices[${i}]`, `index ${index} does not point at one of the ${vertexCount} vertices`);
    out[i] = index;
  }
  return out;
}

const PER_VERTEX = { normals: 3, tangents: 4, colors: 4, joints: 4, weights: 4 } as const;

function checkMesh(mesh: Mesh, m: number, kernels: Kernels): void {
  const at = `meshes[${m}]`;
  const { positions } = mesh.attributes;
  if (positions.length % 3 !== 0) fail('BAD_COUNT', `${at}.attributes.positions`, `${positions.length} position values are not whole xyz vertices`);
  const vertexCount = positions.length / 3;
  for (const [name, components] of Object.entries(PER_VERTEX)) {
    const values = mesh.attributes[name as keyof typeof PER_VERTEX];
    if (values && values.length !== vertexCount * components) fail('BAD_COUNT', `${at}.attributes.${name}`, `${values.length} values for ${vertexCount} vertices of ${components} components`);
  }
  mesh.attributes.uvs?.forEach((uv, set) => {
    if (uv.length !== vertexCount * 2) fail('BAD_COUNT', `${at}.attributes.uvs[${set}]`, `${uv.length} values for ${vertexCount} vertices of 2 components`);
  });
  mesh.targets?.forEach((target, t) => {
    if (target.positions.length !== vertexCount * 3) fail('BAD_COUNT', `${at}.targets[${t}].positions`, `${target.positions.length} values for ${vertexCount} vertices of 3 components`);
    if (target.normals && target.normals.length !== vertexCount * 3) fail('BAD_COUNT', `${at}.targets[${t}].normals`, `${target.normals.length} values for ${vertexCount} vertices of 3 components`);
  });
  const { indices } = mesh;
  if (indices.length % 3 !== 0) fail('BAD_COUNT', `${at}.indices`, `${indices.length} indices do not make whole triangles`);
  const limit = indices instanceof Uint8Array ? 0x100 : indices instanceof Uint16Array ? 0x10000 : Infinity;
  if (vertexCount > limit) {
    fail('BAD_VALUE', `${at}.indices`, `a ${indices.constructor.name} cannot index ${vertexCount} vertices (indices past ${limit - 1} would have wrapped); use a wider array`);
  }
  // The scan runs as a kernel; only a failing array is searched for its first bad index.
  if (kernels.maxIndex(indices) < vertexCount) return;
  const i = indices.findIndex((index) => index >= vertexCount);
  fail('BAD_INDEX', `${at}.indices[${i}]`, `index ${indices[i]} does not point at one of the ${vertexCount} vertices`);
}

/**
 * Checks what every writer relies on: attribute lengths agree with the vertex count, indices
 * make whole triangles, point at vertices and sit in an array wide enough for the vertex count,
 * tracks name existing joints. Throws MeshFormatError (format 'asset', with the `path` at fault).
 */
export function validateAsset(asset: Asset, kernels: Kernels = getKernels()): void {
  asset.meshes.forEach((mesh, m) => checkMesh(mesh, m, kernels));
  const joints = asset.skeleton?.joints.length;
  asset.skeleton?.joints.forEach((joint, j) => {
    if (!(joint.parent < j && joint.parent >= -1 && Number.isInteger(joint.parent))) fail('BAD_INDEX', `skeleton.joints[${j}].parent`, `parent ${joint.parent} is not a joint before this one`);
  });
  asset.animations.forEach((animation, a) => {
    if (!Number.isSafeInteger(animation.frameCount) || animation.frameCount < 0) fail('BAD_COUNT', `animations[${a}].frameCount`, `frame count ${animation.frameCount} is not a count`);
    animation.tracks.forEach((track, t) => {
      const path = `animations[${a}].tracks[${t}]`;
      if (joints !== undefined && !(track.joint >= 0 && track.joint < joints)) fail('BAD_INDEX', `${path}.joint`, `joint ${track.joint} is not one of the skeleton's ${joints}`);
      const keys = track.times.length;
      for (const [channel, components] of [['translation', 3], ['rotation', 4], ['scale', 3]] as const) {
        const values = track[channel];
        if (values && values.length !== keys * components) fail('BAD_COUNT', `${path}.${channel}`, `${values.length} values for ${keys} keys of ${components} components`);
      }
    });
  });
}
