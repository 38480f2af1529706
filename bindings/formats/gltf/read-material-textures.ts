// A glTF's base colour textures into the Asset (the other half of texture-images.ts), so that
// meshcodec reads back the textures it writes: an image in a bufferView or a data: URI keeps its
// bytes; an image by URI keeps the URI, with the file's bytes when `resolve` finds it.
import type { Asset, Material, TextureImage } from '../../model/asset.js';
import type { Kernels } from '../../kernels/kernels.js';
import type { SiblingResolver } from '../format.js';
import { list } from './accessors.js';
import { decodeBase64 } from './base64.js';
import { fail, isObject, show, type GltfInput } from './read-gltf.js';
import { sniffImageType } from '../../textures/image-type.js';

/** The glTF material name the reader gives a mesh (to-asset.ts): its `name`, else `material N`. */
export function gltfMaterialName(material: unknown, m: number): string {
  return isObject(material) && typeof material.name === 'string' ? material.name : `material ${m}`;
}

function indexIn(value: unknown, count: number, what: string, at: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= count) fail('BAD_INDEX', `${what} ${show(value)} does not exist (${count} of them)`, at);
  return value;
}

/**
 * Sets `asset.materials` to the materials its meshes use that have a base colour texture.
 * Malformed references (a texture, image or bufferView index out of range, an image with neither
 * bufferView nor uri) are MeshFormatError, as elsewhere in the reader; an external image that
 * `resolve` does not find is kept as its URI without bytes; a texture on a UV set other than the
 * first is warned (the Asset's textures use the first set), and so is a second textured material
 * of a name already read (the Asset has one material per name: the first one's texture is kept).
 */
export function readMaterialTextures(input: GltfInput, asset: Asset, kernels: Kernels, resolve: SiblingResolver | undefined, warn: (message: string) => void): void {
  const at = input.jsonOffset;
  const materials = list(input.json, 'materials', at);
  if (!materials.length) return;
  const used = new Set(asset.meshes.map((m) => m.material));
  const textures = list(input.json, 'textures', at);
  const images = list(input.json, 'images', at);
  const views = list(input.json, 'bufferViews', at);
  const imageCache = new Map<number, TextureImage>();
  const result: Material[] = [];
  const named = new Set<string>();
  materials.forEach((material, m) => {
    const name = gltfMaterialName(material, m);
    if (!used.has(name) || !isObject(material)) return;
    if (named.has(name)) {
      const pbr = material.pbrMetallicRoughness;
      if (isObject(pbr) && pbr.baseColorTexture !== undefined) warn(`materials[${m}] has the name ${name} of an earlier material: the Asset keeps one material per name, the earlier one's texture`);
      return;
    }
    const pbr = material.pbrMetallicRoughness;
    if (!isObject(pbr) || pbr.baseColorTexture === undefined) return;
    const info = pbr.baseColorTexture;
    if (!isObject(info)) fail('BAD_VALUE', `materials[${m}].pbrMetallicRoughness.baseColorTexture is not an object`, at);
    if (info.texCoord !== undefined && info.texCoord !== 0) warn(`material ${name}: its base colour texture uses UV set ${show(info.texCoord)}; the Asset's textures use the first set`);
    const t = indexIn(info.index, textures.length, `materials[${m}].pbrMetallicRoughness.baseColorTexture.index`, at);
    const texture = textures[t];
    if (!isObject(texture)) fail('BAD_VALUE', `textures[${t}] is not an object`, at);
    if (texture.source === undefined) {
      warn(`material ${name}: textures[${t}] has no source image (only an extension's, which is not read)`);
      return;
    }
    const i = indexIn(texture.source, images.length, `textures[${t}].source`, at);
    let image = imageCache.get(i);
    if (!image) imageCache.set(i, (image = readImage(input, images[i], i, views, kernels, resolve)));
    named.add(name);
    result.push({ name, baseColorTexture: image });
  });
  if (result.length) asset.materials = result;
}

function readImage(input: GltfInput, def: unknown, i: number, views: unknown[], kernels: Kernels, resolve: SiblingResolver | undefined): TextureImage {
  const at = input.jsonOffset;
  if (!isObject(def)) fail('BAD_VALUE', `images[${i}] is not an object`, at);
  const declared = typeof def.mimeType === 'string' ? def.mimeType : undefined;
  const ownName = typeof def.name === 'string' && def.name !== '' ? def.name : undefined;
  if (def.bufferView !== undefined) {
    const v = indexIn(def.bufferView, views.length, `images[${i}].bufferView`, at);
    const view = views[v];
    if (!isObject(view)) fail('BAD_VALUE', `bufferViews[${v}] is not an object`, at);
    const b = indexIn(view.buffer, input.buffers.length, `bufferViews[${v}].buffer`, at);
    const offset = view.byteOffset ?? 0;
    const length = view.byteLength;
    const buffer = input.buffers[b]!;
    if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0 || typeof length !== 'number' || !Number.isSafeInteger(length) || length < 1 || offset + length > buffer.length) {
      fail('BAD_OFFSET', `images[${i}]: bufferViews[${v}] (offset ${show(offset)}, length ${show(length)}) does not lie inside buffers[${b}] of ${buffer.length} bytes`, at);
    }
    // A copy of its own (new Uint8Array, not slice(): the input may be a Node Buffer, whose slice is a view).
    const bytes = new Uint8Array(buffer.subarray(offset, offset + length));
    const mimeType = sniffImageType(bytes, ownName ?? '') ?? declared;
    return { uri: ownName ?? `image${i}${extensionFor(mimeType)}`, ...(mimeType ? { mimeType } : {}), bytes };
  }
  if (typeof def.uri !== 'string' || def.uri === '') fail('BAD_VALUE', `images[${i}] has neither a bufferView nor a uri`, at);
  if (def.uri.startsWith('data:')) {
    const comma = def.uri.indexOf(',');
    const bytes = comma >= 0 && def.uri.slice(0, comma).endsWith(';base64') ? decodeBase64(kernels, def.uri.slice(comma + 1)) : undefined;
    if (!bytes) fail('BAD_VALUE', `images[${i}] has a data: URI that is not valid base64`, at);
    const mimeType = sniffImageType(bytes, ownName ?? '') ?? declared;
    return { uri: ownName ?? `image${i}${extensionFor(mimeType)}`, ...(mimeType ? { mimeType } : {}), bytes };
  }
  let name: string;
  try {
    name = decodeURIComponent(def.uri);
  } catch {
    return fail('BAD_VALUE', `images[${i}].uri '${def.uri}' is not a valid URI`, at);
  }
  const local = !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(name) && !name.startsWith('/') && !name.startsWith('\\') && !name.includes('\0') && !name.split(/[\\/]/).includes('..');
  // Copied, as images in the file are: an Asset never shares memory with what it was read from.
  // A Uint8Array of its own, not `.slice()`: a resolver may return a Node Buffer, whose slice is a view.
  const found = local ? resolve?.(name) : undefined;
  const bytes = found ? new Uint8Array(found) : undefined;
  const mimeType = (bytes ? sniffImageType(bytes, name) : undefined) ?? declared;
  return { uri: name, ...(mimeType ? { mimeType } : {}), ...(bytes ? { bytes } : {}) };
}

function extensionFor(mimeType: string | undefined): string {
  return mimeType === 'image/png' ? '.png' : mimeType === 'image/jpeg' ? '.jpg' : '';
}
