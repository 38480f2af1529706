// The speed bar's inputs (issue 22): a real asset "tiled", each mesh repeated side by side as one
// mesh of `copies` times its vertices and triangles (skin, morph targets and extras repeated with
// it; skeleton, materials and animations once), so that one file grows to a chosen size and keeps
// the source's proportions of geometry to animation per copy.
import type { Asset, IndexArray, Mesh, MeshAttributes } from '../bindings/model/asset.js';

function repeated<T extends Float32Array | Uint16Array>(array: T, copies: number, shift?: (copy: number, out: T, at: number) => void): T {
  const out = new (array.constructor as new (n: number) => T)(array.length * copies);
  for (let c = 0; c < copies; c++) {
    out.set(array, c * array.length);
    shift?.(c, out, c * array.length);
  }
  return out;
}

function tileMesh(mesh: Mesh, copies: number): Mesh {
  const { positions } = mesh.attributes;
  const vertexCount = positions.length / 3;
  let minX = Infinity;
  let maxX = -Infinity;
  for (let v = 0; v < vertexCount; v++) {
    minX = Math.min(minX, positions[v * 3]!);
    maxX = Math.max(maxX, positions[v * 3]!);
  }
  const step = (maxX - minX || 1) * 1.25;
  const attributes: MeshAttributes = {
    positions: repeated(positions, copies, (c, out, at) => {
      for (let v = 0; v < vertexCount; v++) out[at + v * 3] = Math.fround(out[at + v * 3]! + c * step);
    }),
  };
  const a = mesh.attributes;
  if (a.normals) attributes.normals = repeated(a.normals, copies);
  if (a.tangents) attributes.tangents = repeated(a.tangents, copies);
  if (a.colors) attributes.colors = repeated(a.colors, copies);
  if (a.joints) attributes.joints = repeated(a.joints, copies);
  if (a.weights) attributes.weights = repeated(a.weights, copies);
  if (a.uvs) attributes.uvs = a.uvs.map((uv) => repeated(uv, copies));
  const total = vertexCount * copies;
  const indices: IndexArray = total > 65535 ? new Uint32Array(mesh.indices.length * copies) : total > 255 ? new Uint16Array(mesh.indices.length * copies) : new Uint8Array(mesh.indices.length * copies);
  for (let c = 0; c < copies; c++) {
    for (let i = 0; i < mesh.indices.length; i++) indices[c * mesh.indices.length + i] = mesh.indices[i]! + c * vertexCount;
  }
  const tiled: Mesh = { ...mesh, attributes, indices };
  if (mesh.targets) tiled.targets = mesh.targets.map((t) => ({ ...t, positions: repeated(t.positions, copies), ...(t.normals ? { normals: repeated(t.normals, copies) } : {}) }));
  if (mesh.extras) tiled.extras = Object.fromEntries(Object.entries(mesh.extras).map(([k, e]) => [k, { ...e, data: repeated(e.data, copies) }]));
  return tiled;
}

/** `asset` with every mesh repeated `copies` times. */
export function tileAsset(asset: Asset, copies: number): Asset {
  return { ...asset, meshes: asset.meshes.map((m) => tileMesh(m, copies)), warnings: [] };
}
