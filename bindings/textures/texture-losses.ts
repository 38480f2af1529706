// What a writer without textures says it drops: a format that keeps material names keeps a
// texture whose image the name still finds (IQM's `Body.jpg`, read back beside the same image);
// any other texture is lost, and said once.
import type { Asset } from '../model/asset.js';
import { textureCandidates } from './resolve-material-textures.js';

/**
 * The sentence for the base colour textures `format` does not store, or undefined when it drops
 * none. `keepsReferences`: the format stores material names and its reader looks them up as
 * images (resolveMaterialTextures), so a texture found by its material's name is kept by reference.
 * Only materials meshes use count (a mesh's material is what the format writes).
 */
export function droppedTexturesWarning(asset: Asset, format: string, keepsReferences: boolean): string | undefined {
  const used = new Set(asset.meshes.map((m) => m.material));
  const dropped = (asset.materials ?? []).filter((m) => {
    const image = m.baseColorTexture;
    if (!image || !used.has(m.name)) return false;
    return !(keepsReferences && textureCandidates(m.name).includes(image.uri.replace(/\\/g, '/')));
  });
  if (!dropped.length) return undefined;
  const names = dropped.map((m) => m.name).join(', ');
  return `${format} stores no textures: the base colour texture${dropped.length > 1 ? 's' : ''} of material${dropped.length > 1 ? 's' : ''} ${names} ${dropped.length > 1 ? 'are' : 'is'} not kept${keepsReferences ? ' (only a material name that names its image file keeps it, by reference)' : ''}`;
}
