import type { IndexArray, MeshAttributes } from '../model/asset.js';
import type { Workspace } from './kernels.js';
import type { TypedArray } from './wasm-arena.js';

/**
 * A mesh's attributes and indices built in a workspace, copied out together (`keepAll`: one
 * copy of the span they cover, one new buffer), so that a mesh costs one allocation, not one
 * per array. Declare the arrays next to each other in the layout. With `handOver`, a mesh built
 * in WebAssembly memory grown past the cap keeps that memory instead (Workspace.handOver).
 */
export function keepMeshArrays(ws: Workspace, attributes: MeshAttributes, indices: IndexArray, handOver = false): { attributes: MeshAttributes; indices: IndexArray } {
  const { uvs = [], ...named } = attributes;
  const keys = Object.keys(named) as (keyof typeof named)[];
  const arrays = [...keys.map((key) => named[key]!), ...uvs, indices] as TypedArray[];
  const kept = handOver ? ws.handOver(arrays) : ws.keepAll(arrays);
  const out = {} as Record<keyof typeof named, TypedArray>;
  keys.forEach((key, i) => (out[key] = kept[i]!));
  const result = out as unknown as MeshAttributes;
  if (uvs.length) result.uvs = kept.slice(keys.length, keys.length + uvs.length) as Float32Array[];
  return { attributes: result, indices: kept[kept.length - 1] as IndexArray };
}
