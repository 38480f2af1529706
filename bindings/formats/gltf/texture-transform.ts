/**
 * KHR_texture_transform, baked into a primitive's texture coordinates. Quantizing writers
 * (gltfpack) store UVs as integers on a grid and put the dequantization (offset and scale) in
 * each texture reference of the material; the Asset has no texture references, so the reader
 * applies it to the UV set those references name: uv' = offset + scale × uv.
 *
 * Applied only when every texture of the material that reads a set agrees on one transform (what
 * such writers produce); differing transforms on one set, or a rotation (whose sense viewers have
 * disagreed on), are named in a warning and the coordinates kept as stored.
 */
import { isObject } from './read-gltf.js';

interface UvTransform {
  offset: [number, number];
  scale: [number, number];
  rotation: number;
}

const SLOTS: readonly (readonly string[])[] = [
  ['pbrMetallicRoughness', 'baseColorTexture'],
  ['pbrMetallicRoughness', 'metallicRoughnessTexture'],
  ['normalTexture'],
  ['occlusionTexture'],
  ['emissiveTexture'],
];

function pair(value: unknown, fallback: [number, number]): [number, number] {
  return Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number' && Number.isFinite(v)) ? [value[0], value[1]] : fallback;
}

/** Per UV set: the one transform the material's textures give it, or 'conflict'. Sets no texture transforms are absent. */
function transformsBySet(material: unknown): Map<number, UvTransform | 'conflict'> {
  const bySet = new Map<number, UvTransform | 'conflict' | 'none'>();
  if (!isObject(material)) return new Map();
  for (const path of SLOTS) {
    let info: unknown = material;
    for (const key of path) info = isObject(info) ? info[key] : undefined;
    if (!isObject(info)) continue;
    const extension = isObject(info.extensions) ? info.extensions.KHR_texture_transform : undefined;
    const set = isObject(extension) && typeof extension.texCoord === 'number' ? extension.texCoord : typeof info.texCoord === 'number' ? info.texCoord : 0;
    const transform: UvTransform | 'none' = isObject(extension)
      ? { offset: pair(extension.offset, [0, 0]), scale: pair(extension.scale, [1, 1]), rotation: typeof extension.rotation === 'number' ? extension.rotation : 0 }
      : 'none';
    const seen = bySet.get(set);
    if (seen === undefined) bySet.set(set, transform);
    else if (seen !== 'conflict' && JSON.stringify(seen) !== JSON.stringify(transform)) bySet.set(set, 'conflict');
  }
  const out = new Map<number, UvTransform | 'conflict'>();
  for (const [set, t] of bySet) if (t !== 'none') out.set(set, t);
  return out;
}

/** Applies the material's texture transforms to `uvs` (per set, in place); `warn` names what is not applied. */
export function applyTextureTransforms(material: unknown, uvs: Float32Array[] | undefined, label: string, warn: (message: string) => void): void {
  for (const [set, transform] of transformsBySet(material)) {
    const data = uvs?.[set];
    if (!data) continue;
    if (transform === 'conflict') {
      warn(`${label}: textures reading TEXCOORD_${set} have different KHR_texture_transform values; the coordinates are kept as stored`);
      continue;
    }
    if (transform.rotation !== 0) {
      warn(`${label}: KHR_texture_transform rotation on TEXCOORD_${set} is not applied; the coordinates are kept as stored`);
      continue;
    }
    const [ou, ov] = transform.offset;
    const [su, sv] = transform.scale;
    for (let i = 0; i + 1 < data.length; i += 2) {
      data[i] = ou + su * data[i]!;
      data[i + 1] = ov + sv * data[i + 1]!;
    }
  }
}
