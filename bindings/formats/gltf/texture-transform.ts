/**
 * KHR_texture_transform, baked into a primitive's texture coordinates. Quantizing writers
 * (gltfpack) store UVs as integers on a grid and put the dequantization (offset and scale) in
 * each texture reference of the material; the Asset has no texture references, so the reader
 * applies it to the UV set those references name: uv' = offset + scale × uv.
 *
 * uv' = offset + R × (scale × uv), R rotating by `rotation` as the extension's example requires
 * (offset [0, 1], rotation π/2, scale 0.5 maps the unit square onto the lower-left quadrant):
 * u' = cos·u + sin·v, v' = −sin·u + cos·v. (The GLSL in the extension's README, taken as
 * column-major, turns the other way and sends that example outside the image; three.js and the
 * example agree with the form used here.)
 *
 * Applied only when every texture of the material that reads a set agrees on one transform (what
 * such writers produce); differing transforms on one set are named in a warning and the
 * coordinates kept as stored.
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

/**
 * Applies the material's texture transforms to `uvs` (per set, in place); `warn` names what is not
 * applied. `writable`: the array to change in place of a set's (a copy, when the set is a view
 * of the input's bytes: the read option viewInput), put in its place in `uvs`.
 */
export function applyTextureTransforms(material: unknown, uvs: Float32Array[] | undefined, label: string, warn: (message: string) => void, writable: (data: Float32Array) => Float32Array = (data) => data): void {
  for (const [set, transform] of transformsBySet(material)) {
    if (!uvs?.[set]) continue;
    if (transform === 'conflict') {
      warn(`${label}: textures reading TEXCOORD_${set} have different KHR_texture_transform values; the coordinates are kept as stored`);
      continue;
    }
    const data = (uvs[set] = writable(uvs[set]!));
    const [ou, ov] = transform.offset;
    const [su, sv] = transform.scale;
    const rotation = Number.isFinite(transform.rotation) ? transform.rotation : 0;
    const [c, s] = [Math.cos(rotation), Math.sin(rotation)];
    for (let i = 0; i + 1 < data.length; i += 2) {
      const u = su * data[i]!;
      const v = sv * data[i + 1]!;
      data[i] = rotation === 0 ? ou + u : ou + c * u + s * v;
      data[i + 1] = rotation === 0 ? ov + v : ov - s * u + c * v;
    }
  }
}
