import type { IndexArray, MeshAttributes } from '../model/asset.js';
import type { Workspace } from './kernels.js';
import type { TypedArray } from './wasm-arena.js';

/**
 * A mesh's attributes and indices built in a workspace, copied out together (`keepAll`: one
 * copy of the span they cover, one new buffer), so that a mesh costs one allocation, not one
 * per array. Declare the arrays next to each other in the layout.
 */
export function keepMeshArrays(ws: Workspace, attributes: MeshAttributes, indices: IndexArray): { attributes: MeshAttributes; indices: IndexArray } {
  const { uvs = [], ...named } = attributes;
  const keys = Object.keys(named) as (keyof typeof named)[];
  const kept = ws.keepAll([...keys.map((key) => named[key]!), ...uvs, indices] as TypedArray[]);
  const out = {} as Record<keyof typeof named, TypedArray>;
  keys.forEach((key, i) => (out[key] = kept[i]!));
  const result = out as unknown as MeshAttributes;
  if (uvs.length) result.uvs = kept.slice(keys.length, keys.length + uvs.length) as Float32Array[];
  return { attributes: result, indices: kept[kept.length - 1] as IndexArray };
}
