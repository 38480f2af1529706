// `pruneUnread`: vertex attributes no material of the written file reads are left out, as
// gltfpack does without -kv. A textured material reads its meshes' first UV set (the writer puts
// every base colour texture on TEXCOORD_0); every other set, and every set of a mesh without a
// textured material (or of any mesh with `textures: 'none'`), is read by nothing. Tangents are
// read by normal maps only, which the writer never writes: they are left out too. Opt-in only: an
// application may read them itself (lightmaps, its own shading), and the Asset model cannot say
// so. Each mesh's dropped attributes are warned. The vertices that differed only in what was
// dropped (UV seams, tangent splits) are then often the same once written, and the writer makes
// them one (weld-written-vertices.ts), which is where most of the bytes go: the positions,
// normals and weights shrink with the vertex count; the triangles the weld leaves without area
// and the vertices no triangle uses are left out in the same pass. Measured: see README § Web-ready GLB against gltfpack.
import type { Asset, Mesh } from '../../model/asset.js';
import { texturedMaterials, type TextureMode } from './texture-images.js';

/** The meshes of `asset` without the UV sets and tangents no written material reads; warnings through `warn`. */
export function pruneUnreadAttributes(asset: Asset, textures: TextureMode, warn: (message: string) => void): Mesh[] {
  const textured = new Set(textures === 'none' ? [] : texturedMaterials(asset, () => {}).map((m) => m.name));
  return asset.meshes.map((mesh) => {
    const { uvs = [], tangents, ...others } = mesh.attributes;
    const keep = mesh.material !== undefined && textured.has(mesh.material) ? Math.min(1, uvs.length) : 0;
    const dropped: string[] = [];
    if (uvs.length > keep) dropped.push(uvs.length - keep === 1 ? `UV set ${keep}` : `UV sets ${keep}–${uvs.length - 1}`);
    if (tangents) dropped.push('tangents');
    if (dropped.length === 0) return mesh;
    const attributes: Mesh['attributes'] = keep ? { ...others, uvs: uvs.slice(0, keep) } : others;
    warn(`mesh ${mesh.name}: ${dropped.join(' and ')} read by no material of the file left out (pruneUnread)`);
    return { ...mesh, attributes };
  });
}
