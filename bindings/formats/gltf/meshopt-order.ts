// A mesh's vertices in the order EXT_meshopt_compression codes best: triangles in vertex-cache
// order, vertices numbered as the triangles first use them (meshoptimizer's reorderMesh, through
// meshopt-encode.ts's reorderForMeshopt, which keeps unreferenced vertices after the others).
// Every per-vertex array moves alike (attributes, extras, morph targets), so the mesh is the same
// surface with its vertices renumbered.
import type { Mesh, MeshAttributes } from '../../model/asset.js';
import { reorderCheckedForMeshopt, type MeshoptReorder } from './meshopt-encode.js';
import { writerUint16 } from './writer-arena.js';

type VertexArray = Float32Array | Uint16Array;

/**
 * out[remap[v]] = in[v], `components` values per vertex. Float32 values move as their bits (a
 * word copy, unrolled for 2, 3 and 4 components): the element loop through doubles was 6.7 % of
 * Box47.mesh's optimized encode, the word copy a third of that (a NaN keeps its payload, and the
 * writer replaces every NaN it meets anyway).
 */
function remapped<T extends VertexArray>(values: T, components: number, remap: Uint32Array): T {
  const out = new (values.constructor as new (length: number) => T)(values.length);
  if (values instanceof Float32Array) remapWords(new Uint32Array(values.buffer, values.byteOffset, values.length), components, remap, new Uint32Array(out.buffer, out.byteOffset, out.length));
  else remapValues(values, components, remap, out);
  return out;
}

function remapWords(values: Uint32Array, components: number, remap: Uint32Array, out: Uint32Array): number {
  if (components === 3) {
    for (let v = 0, from = 0; v < remap.length; v++, from += 3) {
      const to = remap[v]! * 3;
      out[to] = values[from]!;
      out[to + 1] = values[from + 1]!;
      out[to + 2] = values[from + 2]!;
    }
  } else if (components === 4) {
    for (let v = 0, from = 0; v < remap.length; v++, from += 4) {
      const to = remap[v]! * 4;
      out[to] = values[from]!;
      out[to + 1] = values[from + 1]!;
      out[to + 2] = values[from + 2]!;
      out[to + 3] = values[from + 3]!;
    }
  } else if (components === 2) {
    for (let v = 0, from = 0; v < remap.length; v++, from += 2) {
      const to = remap[v]! * 2;
      out[to] = values[from]!;
      out[to + 1] = values[from + 1]!;
    }
  } else remapValues(values, components, remap, out);
  return 0;
}

function remapValues(values: VertexArray | Uint32Array, components: number, remap: Uint32Array, out: VertexArray | Uint32Array): number {
  for (let v = 0; v < remap.length; v++) {
    const to = remap[v]! * components;
    const from = v * components;
    for (let c = 0; c < components; c++) out[to + c] = values[from + c]!;
  }
  return 0;
}

/** Each UV set remapped. */
function remappedSets(sets: Float32Array[], remap: Uint32Array): Float32Array[] {
  const out: Float32Array[] = [];
  for (const set of sets) out.push(remapped(set, 2, remap));
  return out;
}

/** `indices` (each below 65,536) as a Uint16Array of the writer call's arena (writer-arena.ts). */
function narrowed(indices: Uint32Array): Uint16Array {
  const out = writerUint16(indices.length);
  out.set(indices);
  return out;
}

/** Vertex attributes a caller can move itself while it reads them (see meshoptOrderedMesh's `movedByCaller`). */
export type MovableAttribute = 'positions' | 'normals' | 'tangents' | 'uvs';

/**
 * The mesh with its vertices reordered, its indices (at least 16 bits wide: meshopt codes no
 * 8-bit indices) and `remap` (remap[v] = vertex v's new number). Attributes named in
 * `movedByCaller` are left in their old order in the returned mesh: the glTF writer's vertex
 * passes (vertex-passes.ts) write each vertex at remap[v] as they go. `indices` must be checked already (whole triangles, each a vertex of the mesh: validateAsset does).
 * `reorder`, when given, is the reorder of `indices` already made (reorderCheckedMeshesForMeshopt).
 */
export function meshoptOrderedMesh(mesh: Mesh, indices: Uint8Array | Uint16Array | Uint32Array, movedByCaller: readonly MovableAttribute[] = [], reorder?: MeshoptReorder): { mesh: Mesh; indices: Uint16Array | Uint32Array; remap: Uint32Array } {
  const a = mesh.attributes;
  const vertexCount = a.positions.length / 3;
  // `reorder`: this mesh's, made already with the file's other meshes (meshopt-reorder-meshes.ts).
  const { indices: reordered, remap } = reorder ?? reorderCheckedForMeshopt(indices, vertexCount);
  // (No closures made per call: under tsx each one is also named through esbuild's helper, 2 % of editor_viewcube.mesh's encode.)
  // One literal of one shape for the attributes and one for the mesh, absent ones undefined (the
  // writer tests each for undefined): attributes added one by one made a shape per combination,
  // and a spread of the source mesh (whose shape is its reader's) took V8's slow copy once a
  // process had written Assets of several readers.
  const attributes: MeshAttributes = {
    positions: movedByCaller.includes('positions') ? a.positions : remapped(a.positions, 3, remap),
    normals: a.normals && (movedByCaller.includes('normals') ? a.normals : remapped(a.normals, 3, remap)),
    tangents: a.tangents && (movedByCaller.includes('tangents') ? a.tangents : remapped(a.tangents, 4, remap)),
    uvs: a.uvs && (movedByCaller.includes('uvs') ? a.uvs : remappedSets(a.uvs, remap)),
    colors: a.colors && remapped(a.colors, 4, remap),
    joints: a.joints && remapped(a.joints, 4, remap),
    weights: a.weights && remapped(a.weights, 4, remap),
  };
  const out: Mesh = { name: mesh.name, attributes, indices: mesh.indices, material: mesh.material, extras: mesh.extras, targets: mesh.targets };
  if (mesh.extras) out.extras = Object.fromEntries(Object.entries(mesh.extras).map(([name, e]) => [name, { components: e.components, data: e.components > 0 ? remapped(e.data, e.components, remap) : e.data }]));
  if (mesh.targets) out.targets = mesh.targets.map((t) => ({ ...t, positions: remapped(t.positions, 3, remap), ...(t.normals ? { normals: remapped(t.normals, 3, remap) } : {}) }));
  return { mesh: out, indices: vertexCount <= 65536 ? narrowed(reordered) : reordered, remap };
}
