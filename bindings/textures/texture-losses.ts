// What a writer without textures says it drops, once: every texture, since no such format
// stores images; a format that keeps material names keeps, by reference, a texture whose image
// the name finds (IQM's `Body.jpg`, read back beside the same image), which the sentence says.
import type { Asset } from '../model/asset.js';
import { textureCandidates } from './resolve-material-textures.js';

/**
 * The sentence for the base colour textures `format` does not store, or undefined when the Asset
 * has none its meshes use. `keepsReferences`: the format stores material names and its reader
 * looks them up as images (resolveMaterialTextures): a texture its material's name finds is kept
 * by that name only, the image itself not written, and the sentence says to keep it beside the output.
 */
export function droppedTexturesWarning(asset: Asset, format: string, keepsReferences: boolean): string | undefined {
  const used = new Set(asset.meshes.map((m) => m.material));
  const textured = (asset.materials ?? []).filter((m) => m.baseColorTexture && used.has(m.name));
  if (!textured.length) return undefined;
  const byName = keepsReferences ? textured.filter((m) => textureCandidates(m.name).includes(m.baseColorTexture!.uri.replace(/\\/g, '/'))) : [];
  const dropped = textured.filter((m) => !byName.includes(m));
  const plural = (list: unknown[], one: string, many: string) => (list.length > 1 ? many : one);
  const parts: string[] = [];
  if (dropped.length) parts.push(`the base colour ${plural(dropped, 'texture', 'textures')} of ${plural(dropped, 'material', 'materials')} ${dropped.map((m) => m.name).join(', ')} ${plural(dropped, 'is', 'are')} not kept`);
  if (byName.length) parts.push(`${plural(byName, 'the texture', 'the textures')} of ${byName.map((m) => m.name).join(', ')} ${plural(byName, 'is', 'are')} kept only by ${plural(byName, 'its', 'their')} material's name: keep ${byName.map((m) => m.baseColorTexture!.uri).join(', ')} beside the output`);
  return `${format} stores no texture images: ${parts.join('; ')}`;
}
