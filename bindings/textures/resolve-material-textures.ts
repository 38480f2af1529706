// Base colour textures for formats whose material names are image file names (IQM's `Body.jpg`,
// a `Body.tga` of the original release): the image is looked up beside the input through the
// reader's SiblingResolver.
//
// Alternatives: resolving in the writers (they get no resolver, and the worker pool passes only
// the Asset back); keeping only the name in the Asset and reading the file at write time (the
// Asset would then depend on a folder that may be gone). Reading the bytes at read time costs one
// resolver call per candidate name, at most 18 per distinct material, and the image's own size.
import type { SiblingResolver } from '../formats/format.js';
import type { Asset, Material } from '../model/asset.js';
import { imageExtension, mimeTypeOfName, sniffImageType } from './image-type.js';

/**
 * Distinct material names looked up per file, at most: each costs up to 18 resolver calls (file
 * system look-ups in the CLI), and a hostile file can name a material per mesh. The rest keep
 * their names, untextured, with one warning.
 */
export const MAX_TEXTURE_LOOKUPS = 256;

/** The extensions tried for a material's image, in this order. */
export const TEXTURE_EXTENSIONS: readonly string[] = ['.png', '.jpg', '.jpeg', '.tga'];

/**
 * The names looked up for a material, first found wins: the name as written (backslashes read as
 * `/`) when its extension is one of TEXTURE_EXTENSIONS; then the name with its extension (if any)
 * replaced by each of TEXTURE_EXTENSIONS, in lower then upper case (`Body.tga` → `Body.png`,
 * `Body.PNG`, `Body.jpg`, …); then the same for the name's last path segment alone, when it has
 * folders (a `C:\art\Body.tga` written on the exporter's machine is looked up as `Body.tga`
 * beside the input). The stem's case is kept: the file system decides.
 */
export function textureCandidates(materialName: string): string[] {
  const names: string[] = [];
  const add = (name: string) => {
    if (name !== '' && !names.includes(name)) names.push(name);
  };
  const forName = (name: string) => {
    const extension = imageExtension(name);
    if (TEXTURE_EXTENSIONS.includes(extension)) add(name);
    const stem = extension ? name.slice(0, name.length - extension.length) : name;
    if (stem === '' || stem.endsWith('/')) return;
    for (const candidate of TEXTURE_EXTENSIONS) {
      add(stem + candidate);
      add(stem + candidate.toUpperCase());
    }
  };
  const normalised = materialName.replace(/\\/g, '/').trim();
  forName(normalised);
  const slash = normalised.lastIndexOf('/');
  if (slash >= 0) forName(normalised.slice(slash + 1));
  return names;
}

/**
 * Adds to `asset.materials` a base colour texture for each material name meshes use that names
 * an image found through `resolve` (see textureCandidates). A name with an image extension whose
 * image is not found (or is not an image) is a warning, not an error: the mesh keeps its material
 * name, untextured. Materials the Asset already lists with a texture are left as they are.
 */
export function resolveMaterialTextures(asset: Asset, resolve: SiblingResolver): void {
  const known = new Map((asset.materials ?? []).map((m) => [m.name, m]));
  const names = [...new Set(asset.meshes.map((m) => m.material).filter((name): name is string => name !== undefined && name !== ''))];
  if (names.length > MAX_TEXTURE_LOOKUPS) asset.warnings.push(`${names.length} material names: only the first ${MAX_TEXTURE_LOOKUPS} were looked up as images beside the input; the others have no texture`);
  for (const name of names.slice(0, MAX_TEXTURE_LOOKUPS)) {
    if (known.get(name)?.baseColorTexture) continue;
    let found: Material['baseColorTexture'];
    for (const candidate of textureCandidates(name)) {
      const bytes = resolve(candidate);
      if (!bytes) continue;
      const mimeType = sniffImageType(bytes, candidate);
      if (!mimeType) {
        asset.warnings.push(`material ${name}: ${candidate} beside the input is not a PNG, JPEG or TGA image; not used as its texture`);
        continue;
      }
      // A copy: an Asset never shares memory with what it was read from (the caller may reuse
      // the resolver's buffers), and one image per material is small beside its meshes. A
      // Uint8Array of its own, not `.slice()`: a resolver may return a Node Buffer, whose slice is a view.
      found = { uri: candidate, mimeType, bytes: new Uint8Array(bytes) };
      break;
    }
    if (!found) {
      if (mimeTypeOfName(name.replace(/\\/g, '/'))) asset.warnings.push(`material ${name}: no image ${name} (nor one of that name ending ${TEXTURE_EXTENSIONS.join(', ')}) was found beside the input; the material has no texture`);
      continue;
    }
    const material = known.get(name);
    if (material) material.baseColorTexture = found;
    else {
      const added: Material = { name, baseColorTexture: found };
      (asset.materials ??= []).push(added);
      known.set(name, added);
    }
  }
}
