// `mergeMeshes`: meshes without morph targets of one material and one attribute layout become one
// mesh, as gltfpack merges them by default. The Asset's meshes carry no node transform (readers
// bake it into the positions) and its skinned meshes all bind to its one skeleton (the writer
// gives them one skin), so merging is concatenating the vertices (joints and weights too) and
// offsetting the indices; static and skinned meshes are not mixed. What is lost: the meshes' names and boundaries (the merged mesh takes
// the first one's name; one warning per merged mesh names the others).
//
// Alternatives, measured on editor_viewcube.mesh (26 meshes of 8–12 vertices, no materials;
// optimized GLB at gltfpack's precision): one mesh and node per Asset mesh 23,360 bytes, 21 kB of
// it JSON (five accessors, a mesh and a node with its dequantization per mesh); one glTF mesh with
// 26 primitives cannot share one node, as each mesh's quantization grid is in its node; one merged
// mesh on one grid: 4,536 bytes (2.1 kB of JSON), gltfpack -cc -kv -vtf 3,224. The position error is then
// half a step of the merged mesh's grid (over the merged extent, not each mesh's own).
// Groups stop where the merged vertex count would pass 65,536 (16-bit indices), unless the group
// or the mesh joining it passes it already (its indices are 32-bit either way; with meshopt's index
// codec the smaller mesh's wider indices cost next to nothing: Box47.mesh's 21,422 and 71,742
// vertices as one mesh, at gltfpack's precision with pruneUnread, 508,052 → 503,608 bytes against
// gltfpack -cc's 501,140).
//
// "One material" means one material as written, not one name: the writer gives a material its name
// and, when the Asset lists it with a texture, that texture; two names with nothing else (or the
// same texture: one URI and one bytes object, or no bytes) are written alike but for the name, so their meshes merge and the
// merged mesh keeps the first one's material (the warning names the others), as gltfpack merges
// materials that differ only in name. Measured at gltfpack's precision with pruneUnread:
// concrete_roof_tl.msh (`concrete.mtl`, `paving.mtl`, names only) 2,248 → 1,708 bytes against
// gltfpack -cc's 1,728.
import type { IndexArray, Material, Mesh, MeshAttributes } from '../../model/asset.js';

/**
 * What a mesh's material is written as, apart from its name: its texture's image, by URI and by
 * bytes (the writer tells images apart by their bytes object: texture-images.ts), the bytes
 * numbered in `images`; 'plain' without a texture; null without a material. A URI alone is not
 * the image: two embedded glTF images of one name read back under one URI with other bytes.
 */
function materialContent(name: string | undefined, materials: ReadonlyMap<string, Material>, images: Map<Uint8Array, number>): string | null {
  if (name === undefined) return null;
  const texture = materials.get(name)?.baseColorTexture;
  if (!texture) return 'plain';
  let id = -1;
  if (texture.bytes) {
    id = images.get(texture.bytes) ?? images.size;
    images.set(texture.bytes, id);
  }
  return `texture:${id}:${texture.uri}`;
}

/** Meshes that may be merged, by what they must share: material and the layout of their arrays. */
function mergeKey(mesh: Mesh, materials: ReadonlyMap<string, Material>, images: Map<Uint8Array, number>): string | undefined {
  const a = mesh.attributes;
  if (!a.joints !== !a.weights || mesh.targets?.length || mesh.indices.length < 3 || a.positions.length === 0) return undefined;
  // A mesh with an index outside it stays alone, for the writer to report.
  const count = a.positions.length / 3;
  for (let i = 0; i < mesh.indices.length; i++) if (mesh.indices[i]! >= count) return undefined;
  const extras = Object.entries(mesh.extras ?? {}).map(([name, e]) => `${name}:${e.components}`).sort();
  return JSON.stringify([materialContent(mesh.material, materials, images), !!a.normals, !!a.tangents, a.uvs?.length ?? 0, !!a.colors, !!a.joints, extras]);
}

/** `meshes` with each group of mergeable meshes made one (at the first one's place); warnings through `warn`. */
export function mergeStaticMeshes(meshes: Mesh[], warn: (message: string) => void, materialList: readonly Material[] = []): Mesh[] {
  const materials = new Map(materialList.map((m) => [m.name, m]));
  const images = new Map<Uint8Array, number>();
  const groups = new Map<string, Mesh[][]>();
  const slots: (Mesh | Mesh[])[] = [];
  for (const mesh of meshes) {
    const key = mergeKey(mesh, materials, images);
    if (key === undefined) {
      slots.push(mesh);
      continue;
    }
    const list = groups.get(key) ?? groups.set(key, []).get(key)!;
    const open = list[list.length - 1];
    const vertices = (group: Mesh[]) => group.reduce((n, m) => n + m.attributes.positions.length / 3, 0);
    const openCount = open ? vertices(open) : 0;
    const count = mesh.attributes.positions.length / 3;
    // Small meshes are not merged into 32-bit indices; a mesh that needs them already takes any other.
    if (open && (openCount + count <= 65536 || openCount > 65536 || count > 65536)) open.push(mesh);
    else {
      const group = [mesh];
      list.push(group);
      slots.push(group);
    }
  }
  return slots.map((slot) => {
    if (!Array.isArray(slot)) return slot;
    if (slot.length === 1) return slot[0]!;
    const others = [...new Set(slot.map((m) => m.material).filter((name) => name !== slot[0]!.material))];
    const materialNote = others.length ? `; their materials ${others.join(', ')} (written alike but for the name) become ${slot[0]!.material}` : '';
    warn(`meshes ${slot.map((m) => m.name).join(', ')} (${slot.length}, one material and layout) are merged into one mesh named ${slot[0]!.name}${materialNote} (mergeMeshes)`);
    return merged(slot);
  });
}

/** `parts` back to back in one array of their type (float attributes, or joints). */
function concat<T extends Float32Array | Uint16Array>(parts: T[]): T {
  const out = new (parts[0]!.constructor as new (length: number) => T)(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** One mesh of `group`'s vertices back to back, each mesh's indices offset by the vertices before it. */
function merged(group: Mesh[]): Mesh {
  const first = group[0]!;
  const a = first.attributes;
  const attributes: MeshAttributes = { positions: concat(group.map((m) => m.attributes.positions)) };
  if (a.normals) attributes.normals = concat(group.map((m) => m.attributes.normals!));
  if (a.tangents) attributes.tangents = concat(group.map((m) => m.attributes.tangents!));
  if (a.uvs) attributes.uvs = a.uvs.map((_, set) => concat(group.map((m) => m.attributes.uvs![set]!)));
  if (a.colors) attributes.colors = concat(group.map((m) => m.attributes.colors!));
  if (a.joints) attributes.joints = concat(group.map((m) => m.attributes.joints!));
  if (a.weights) attributes.weights = concat(group.map((m) => m.attributes.weights!));
  const vertexCount = attributes.positions.length / 3;
  const indices: IndexArray = vertexCount <= 256 ? new Uint8Array(group.reduce((n, m) => n + m.indices.length, 0)) : vertexCount <= 65536 ? new Uint16Array(group.reduce((n, m) => n + m.indices.length, 0)) : new Uint32Array(group.reduce((n, m) => n + m.indices.length, 0));
  let at = 0;
  let base = 0;
  for (const m of group) {
    const count = m.attributes.positions.length / 3;
    for (let i = 0; i < m.indices.length; i++) indices[at++] = base + m.indices[i]!;
    base += count;
  }
  const out: Mesh = { name: first.name, attributes, indices };
  if (first.material !== undefined) out.material = first.material;
  if (first.extras) out.extras = Object.fromEntries(Object.keys(first.extras).map((name) => [name, { components: first.extras![name]!.components, data: concat(group.map((m) => m.extras![name]!.data)) }]));
  return out;
}
