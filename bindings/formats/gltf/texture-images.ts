// The Asset's material textures as glTF images, textures and baseColorTexture references, on
// plain glTF JSON, so that any writer that builds JSON (today's gltf-transform one, after its
// serialisation; a direct JSON writer) calls the same function.
//
// Alternatives for `textures` (the default is 'embed'): 'uri' writes the smallest file and copies
// nothing, but the output then shows its textures only where the images lie beside it (a GLB
// written to another folder, or sent elsewhere, is grey); 'embed' keeps the images' bytes as they
// are (PNG and JPEG unchanged, TGA as a PNG of the same pixels), so it loses nothing and the file
// stands alone; mrfixit's GLB grows by the images' 488 KB.
import type { Asset, Material, TextureImage } from '../../model/asset.js';
import { GLTF_IMAGE_TYPES, imageSize, sniffImageType, TGA_MIME_TYPE } from '../../textures/image-type.js';
import { tgaToPng } from '../../textures/tga-to-png.js';

/** 'embed': image bytes in the file's buffer (TGA converted to PNG); 'uri': references by name; 'none': no textures. */
export type TextureMode = 'embed' | 'uri' | 'none';

export const TEXTURE_DEFAULTS: { textures: TextureMode } = { textures: 'embed' };

/** The parts of a glTF JSON document this file reads and writes. */
export interface GltfTextureJson {
  materials?: Record<string, unknown>[];
  images?: Record<string, unknown>[];
  textures?: Record<string, unknown>[];
  [key: string]: unknown;
}

/**
 * The textured materials of `asset` a glTF can carry: those some mesh uses, and only when every
 * mesh that uses one has a first UV set (glTF requires TEXCOORD_0 for a texture's primitives);
 * a texture left out for that reason is said through `warn`.
 */
export function texturedMaterials(asset: Asset, warn: (message: string) => void): Material[] {
  const result: Material[] = [];
  for (const material of asset.materials ?? []) {
    if (!material.baseColorTexture) continue;
    const users = asset.meshes.filter((m) => m.material === material.name);
    if (!users.length) continue;
    const bare = users.find((m) => !m.attributes.uvs?.length);
    if (bare) warn(`material ${material.name}: its texture ${material.baseColorTexture.uri} is not written: mesh ${bare.name} uses it and has no UV set`);
    else result.push(material);
  }
  return result;
}

/** A URI for a relative file name: each path segment percent-encoded (glTF URIs are RFC 3986). */
export function fileNameToUri(name: string): string {
  return name.replace(/\\/g, '/').split('/').map(encodeURIComponent).join('/');
}

/** A relative file name a URI may be written as (not a data: URI, no scheme, not absolute, no `..`). */
function isRelativeFileName(uri: string): boolean {
  return uri !== '' && !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(uri) && !uri.startsWith('/') && !uri.startsWith('\\') && !uri.replace(/\\/g, '/').split('/').includes('..');
}

/**
 * Writes each material's base colour texture into `json` as `mode` says, and returns the index
 * of every listed material in `json.materials` by name: an existing material of that name is
 * given the texture (the first of the name), else one is appended. `addBufferView(bytes)` puts
 * bytes in the file's buffer and returns their new bufferView's index. Images shared by several
 * materials (the same bytes object or URI) are written once.
 *
 * What cannot be written is said through `warn`, one sentence each, only when something is
 * dropped or changed: mode 'none' with textures present; a TGA that does not decode (its
 * MeshFormatError's sentence), or a PNG or JPEG whose header with the image's size is missing
 * or cut short (imageSize), whose material is then untextured; in 'embed' mode an image
 * without bytes, or of a type glTF core does not hold (WebP, KTX2, DDS, BMP), kept as a URI when
 * its name is a relative file name, else dropped; in 'uri' mode a TGA (glTF viewers read PNG and
 * JPEG only). A material given a texture has `metallicFactor` 0: game formats' colour maps are
 * diffuse maps, and glTF's default (1, metal) shows them almost black without an environment.
 */
export function writeMaterialTextures(
  json: GltfTextureJson,
  addBufferView: (bytes: Uint8Array) => number,
  materials: readonly Material[],
  mode: TextureMode,
  warn: (message: string) => void,
): Map<string, number> {
  const indices = new Map<string, number>();
  const jsonMaterials = (json.materials ??= []);
  const indexOf = (name: string): number => {
    const existing = jsonMaterials.findIndex((m) => m.name === name);
    if (existing >= 0) return existing;
    jsonMaterials.push({ name });
    return jsonMaterials.length - 1;
  };
  const textured = materials.filter((m) => m.baseColorTexture);
  if (mode === 'none' && textured.length) {
    warn(`textures: 'none': the base colour texture${textured.length > 1 ? 's' : ''} of ${textured.length} material${textured.length > 1 ? 's' : ''} (${textured.map((m) => m.name).join(', ')}) not written`);
  }
  const textureByImage = new Map<Uint8Array | string, number>();
  for (const material of materials) {
    const index = indexOf(material.name);
    indices.set(material.name, index);
    const image = material.baseColorTexture;
    if (!image || mode === 'none') continue;
    const key = image.bytes ?? image.uri;
    let texture = textureByImage.get(key);
    if (texture === undefined) {
      const written = writeImage(json, addBufferView, material.name, image, mode, warn);
      if (written === undefined) continue;
      texture = (json.textures ??= []).push({ source: written }) - 1;
      textureByImage.set(key, texture);
    }
    const target = jsonMaterials[index]!;
    const pbr = (target.pbrMetallicRoughness ?? {}) as Record<string, unknown>;
    target.pbrMetallicRoughness = { ...pbr, baseColorTexture: { index: texture }, metallicFactor: 0 };
  }
  // glTF arrays may not be empty.
  for (const key of ['images', 'textures', 'materials'] as const) if (json[key]?.length === 0) delete json[key];
  return indices;
}

/** One image into `json.images`; its index, or undefined (warned) when it is not written. */
function writeImage(json: GltfTextureJson, addBufferView: (bytes: Uint8Array) => number, materialName: string, image: TextureImage, mode: TextureMode, warn: (message: string) => void): number | undefined {
  const images = (json.images ??= []);
  const mimeType = image.bytes ? sniffImageType(image.bytes, image.uri) : image.mimeType;
  const asUri = (why: string | undefined): number | undefined => {
    if (!isRelativeFileName(image.uri)) {
      warn(`material ${materialName}: its texture ${image.uri || '(no name)'} is not a relative file name a URI can refer to${why ? `, and ${why}` : ''}; not written`);
      return undefined;
    }
    if (why) warn(`material ${materialName}: its texture ${image.uri} ${why}; written as a reference to the file`);
    return images.push({ uri: fileNameToUri(image.uri), ...(mimeType && GLTF_IMAGE_TYPES.includes(mimeType) ? { mimeType } : {}) }) - 1;
  };
  if (mode === 'uri') return asUri(mimeType === TGA_MIME_TYPE ? 'is a TGA, which glTF viewers do not read (textures: \'embed\' converts it to PNG)' : undefined);
  if (!image.bytes) return asUri('was not read (its bytes are not in the Asset), so it cannot be embedded');
  const name = image.uri.replace(/\\/g, '/').split('/').pop()!;
  if (mimeType && GLTF_IMAGE_TYPES.includes(mimeType)) {
    if (!imageSize(image.bytes, mimeType)) {
      warn(`material ${materialName}: its texture ${image.uri} is not written: its ${mimeType === 'image/png' ? 'PNG' : 'JPEG'} header (with the image's size) is missing or cut short`);
      return undefined;
    }
    return images.push({ name, mimeType, bufferView: addBufferView(image.bytes) }) - 1;
  }
  if (mimeType === TGA_MIME_TYPE) {
    let png: Uint8Array;
    try {
      png = tgaToPng(image.bytes);
    } catch (e) {
      if ((e as Error).name !== 'MeshFormatError') throw e;
      warn(`material ${materialName}: its texture ${image.uri} is not written: ${(e as Error).message}`);
      return undefined;
    }
    return images.push({ name: name.replace(/\.tga$/i, '.png'), mimeType: 'image/png', bufferView: addBufferView(png) }) - 1;
  }
  return asUri(`is ${mimeType ? `of type ${mimeType}` : 'not a PNG, JPEG or TGA image'}, which glTF core cannot embed`);
}
