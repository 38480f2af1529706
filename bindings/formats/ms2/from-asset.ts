import type { Asset, Mesh } from '../../model/asset.js';
import type { Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { MeshFormatError } from '../../io/errors.js';
import type { QuantizeMode } from '../../kernels/raw-kernels.js';
import type { WriteOptions } from '../format.js';
import { MS2_FORMAT, MS2_MAX_COUNT, type Ms2Document } from './ms2-document.js';
import { tightBounds, unityPositionBounds, unityUvBounds } from './quantization-bounds.js';
import { negateEvery } from './unity-handedness.js';

export interface AssetToMs2Options {
  kernels?: Kernels;
  /** unorm16 positions and UVs: 'round' (the fix the format's author asked for) or 'truncate' (the original writer). */
  quantize?: QuantizeMode;
  /** 'tight' (the data's extent) or 'unity' (the original writer: first vertex ± 0.0005, first UV ± 0.001). */
  bounds?: 'tight' | 'unity';
  /** Write tangents when the Asset has them (the original writer's `saveTangents`, off there by default). */
  tangents?: boolean;
}

/** What `ms2Format.encodeSync` takes. */
export interface Ms2WriteOptions extends WriteOptions, AssetToMs2Options {}

export const MS2_WRITE_DEFAULTS: Required<Omit<AssetToMs2Options, 'kernels'>> = { quantize: 'round', bounds: 'tight', tangents: true };

const f = Math.fround;

/**
 * Converts an Asset to a MeshSerializer2 document: one mesh (several are merged, with a warning),
 * mirrored back to Unity's left-handed, clockwise convention (the inverse of ms2ToAsset), then
 * quantized with quantizeUnorm16 (positions, UVs) and encodeSnorm8 (normals, tangents; Unity's
 * truncating rule, the exact inverse of the decoder for the byte values it produces). More than
 * 65535 vertices or triangles is an error. Losses are appended to `asset.warnings`.
 */
export function assetToMs2(asset: Asset, options: AssetToMs2Options = {}): Ms2Document {
  const settings = { ...MS2_WRITE_DEFAULTS, ...options };
  const kernels = options.kernels ?? getKernels();
  const warn = (message: string) => { if (!asset.warnings.includes(message)) asset.warnings.push(message); };
  const merged = mergeMeshes(kernels, asset.meshes, warn);
  const vertexCount = merged.positions.length / 3;
  const triangleCount = merged.indices.length / 3;
  if (vertexCount > MS2_MAX_COUNT || triangleCount > MS2_MAX_COUNT) {
    throw new MeshFormatError({ code: 'BAD_COUNT', format: 'ms2' }, `${vertexCount} vertices and ${triangleCount} triangles: MeshSerializer2 stores uint16 counts and indices (at most ${MS2_MAX_COUNT} each)`);
  }
  if (asset.skeleton?.joints.length) warn('ms2 has no skeleton or skinning: joints and weights were dropped');
  if (asset.animations.length) warn('ms2 has no animations: they were dropped');
  if (asset.upAxis === 'z') warn('the asset is Z-up; Unity is Y-up and the coordinates were written unchanged');

  const positions = merged.positions.slice();
  negateEvery(positions, 3, 0);
  let format = MS2_FORMAT.positions;
  const document: Ms2Document = { format, vertexCount, triangleCount, positions: new Uint16Array(0), indices: new Uint16Array(0) };
  if (vertexCount > 0) {
    document.positionBounds = settings.bounds === 'unity' ? unityPositionBounds(positions) : tightPositionBounds(kernels, positions);
    document.positions = quantize(kernels, positions, 3, document.positionBounds, settings.quantize);
  }
  if (merged.normals) {
    const normals = merged.normals.slice();
    negateEvery(normals, 3, 0);
    document.normals = kernels.encodeSnorm8(normals);
    format |= MS2_FORMAT.normals;
  }
  if (merged.tangents && settings.tangents) {
    const tangents = merged.tangents.slice();
    negateEvery(tangents, 4, 0);
    negateEvery(tangents, 4, 3);
    document.tangents = kernels.encodeSnorm8(tangents);
    format |= MS2_FORMAT.tangents;
  } else if (merged.tangents) warn('tangents were not written (tangents: false)');
  if (merged.uvs) {
    document.uvs = new Uint16Array(0);
    if (vertexCount > 0) {
      document.uvBounds = settings.bounds === 'unity' ? unityUvBounds(merged.uvs) : tightBounds(merged.uvs, 2);
      document.uvs = quantize(kernels, merged.uvs, 2, document.uvBounds, settings.quantize);
    }
    format |= MS2_FORMAT.uvs;
  }
  document.indices = merged.indices;
  document.format = format;
  return document;
}

function quantize(kernels: Kernels, values: Float32Array, components: number, bounds: Float32Array, mode: QuantizeMode): Uint16Array {
  const min: number[] = [];
  const size: number[] = [];
  for (let c = 0; c < components; c++) {
    min.push(bounds[2 * c]!);
    size.push(f(bounds[2 * c + 1]! - bounds[2 * c]!));
  }
  return kernels.quantizeUnorm16(values, components, min, size, mode);
}

/** tightBounds(positions, 3) by the boxOfPoints kernel (the same first-extreme rule; no value on an axis gives 0). */
function tightPositionBounds(kernels: Kernels, positions: Float32Array): Float32Array {
  const box = new Float32Array(6);
  kernels.raw.boxOfPoints(positions, box);
  const bounds = new Float32Array(6);
  for (let c = 0; c < 3; c++) {
    bounds[2 * c] = box[c] === Infinity ? 0 : box[c]!;
    bounds[2 * c + 1] = box[c + 3] === -Infinity ? 0 : box[c + 3]!;
  }
  return bounds;
}

/** The meshes' attributes one after another (the arrays themselves for one mesh: not to be modified). */
interface MergedMesh {
  positions: Float32Array;
  normals?: Float32Array;
  tangents?: Float32Array;
  uvs?: Float32Array;
  /** Already in Unity's winding (corners 2 and 3 swapped) and offset to the merged vertices. */
  indices: Uint16Array;
}

/** All meshes as one: an attribute is kept only when every mesh has it. */
function mergeMeshes(kernels: Kernels, meshes: Mesh[], warn: (message: string) => void): MergedMesh {
  if (meshes.length > 1) warn(`ms2 holds one mesh: ${meshes.length} meshes were merged into one`);
  const every = (has: (m: Mesh) => boolean, what: string) => {
    const count = meshes.filter(has).length;
    if (count > 0 && count < meshes.length) warn(`${what} were dropped: not every mesh has them`);
    return meshes.length > 0 && count === meshes.length;
  };
  const withNormals = every((m) => !!m.attributes.normals, 'normals');
  const withTangents = every((m) => !!m.attributes.tangents, 'tangents');
  const withUvs = every((m) => !!m.attributes.uvs?.length, 'UVs');
  for (const m of meshes) {
    if ((m.attributes.uvs?.length ?? 0) > 1) warn('ms2 has one UV set: the others were dropped');
    if (m.attributes.colors) warn('ms2 has no vertex colors: they were dropped');
    if (m.extras && Object.keys(m.extras).length) warn('ms2 has no custom vertex arrays: they were dropped');
  }
  const concat = (pick: (m: Mesh) => Float32Array) => {
    const parts = meshes.map(pick);
    if (parts.length === 1) return parts[0]!;
    const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) { out.set(p, at); at += p.length; }
    return out;
  };
  // Counts above 65535 are refused by the caller before the indices are used.
  const indices = new Uint16Array(meshes.reduce((n, m) => n + m.indices.length, 0));
  let at = 0;
  let base = 0;
  for (const m of meshes) {
    const source = m.indices;
    const part = indices.subarray(at, at + source.length);
    if (source instanceof Uint16Array) kernels.raw.reverseWindingU16(source, base, part);
    else {
      for (let i = 0; i + 2 < source.length; i += 3) {
        part[i] = source[i]! + base;
        part[i + 1] = source[i + 2]! + base;
        part[i + 2] = source[i + 1]! + base;
      }
    }
    at += source.length;
    base += m.attributes.positions.length / 3;
  }
  return {
    positions: concat((m) => m.attributes.positions),
    indices,
    ...(withNormals ? { normals: concat((m) => m.attributes.normals!) } : {}),
    ...(withTangents ? { tangents: concat((m) => m.attributes.tangents!) } : {}),
    ...(withUvs ? { uvs: concat((m) => m.attributes.uvs![0]!) } : {}),
  };
}
