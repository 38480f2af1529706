// Materials by the Asset mesh's material name: one MeshStandardMaterial per name (and per use of
// vertex colours, since that is a property of the material in three.js), shared by the meshes
// that name it; meshes without a name share one default material, as GLTFLoader's do.
// Textures: a material's base colour texture (the Asset's `materials`, loaded by
// material-textures.ts) is its `map`; `MeshcodecLoaderOptions.createMaterial` is the hook where
// an application makes its own materials (other maps) by material name. Alternative not taken: glTF's defaults (metalness 1, roughness 1), which
// GLTFLoader gives a material that has only a name: they draw black without an environment map,
// and these formats' materials are not metallic by default.
import { MeshStandardMaterial, type Material, type Texture } from 'three';
import type { Mesh as AssetMesh } from '../model/asset.js';

export const MATERIAL_DEFAULTS = { color: 0xffffff, roughness: 1, metalness: 0 } as const;

/** Makes the material for a name (undefined: meshes without one); returning undefined keeps the loader's own. */
export type CreateMaterial = (name: string | undefined, mesh: AssetMesh) => Material | undefined;

export class MaterialCache {
  private readonly byKey = new Map<string, Material>();

  constructor(
    private readonly create?: CreateMaterial,
    /** Base colour textures by material name (material-textures.ts). */
    private readonly textures?: ReadonlyMap<string, Texture>,
  ) {}

  get(mesh: AssetMesh): Material {
    const colors = mesh.attributes.colors !== undefined;
    const key = `${mesh.material === undefined ? '\u0000default' : `=${mesh.material}`}${colors ? '\u0000colors' : ''}`;
    let material = this.byKey.get(key);
    if (!material) {
      // An application's own material is used as given; the default one draws the mesh's colours.
      material = this.create?.(mesh.material, mesh) ?? new MeshStandardMaterial({ ...MATERIAL_DEFAULTS, name: mesh.material ?? '', vertexColors: colors, map: (mesh.material !== undefined && this.textures?.get(mesh.material)) || null });
      this.byKey.set(key, material);
    }
    return material;
  }

  /** Every material made, once each. */
  list(): Material[] {
    return [...new Set(this.byKey.values())];
  }
}
