import { droppedTexturesWarning } from '../../textures/texture-losses.js';
import { ASSET_FORMAT, firstNonFinite } from '../../model/validate-asset.js';
import type { Asset, Mesh } from '../../model/asset.js';
import type { Kernels, Workspace } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { MeshFormatError } from '../../io/errors.js';
import type { QuantizeMode } from '../../kernels/raw-kernels.js';
import type { WriteOptions } from '../format.js';
import { MS2_FORMAT, MS2_MAX_COUNT, type Ms2Document } from './ms2-document.js';
import { tightBounds, unityPositionBounds, unityUvBounds } from './quantization-bounds.js';
import { negateEvery } from './unity-handedness.js';
import { writeMs2 } from './write-ms2.js';

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
export interface Ms2WriteOptions extends Omit<WriteOptions, 'quantize'>, AssetToMs2Options {}

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
  return withMs2Document(asset, options, (document, ws) => {
    const kept: Ms2Document = { ...document, positions: ws.keep(document.positions), indices: ws.keep(document.indices) };
    if (document.normals) kept.normals = ws.keep(document.normals);
    if (document.tangents) kept.tangents = ws.keep(document.tangents);
    if (document.uvs) kept.uvs = ws.keep(document.uvs);
    return kept;
  });
}

/** Asset to MeshSerializer2 bytes: assetToMs2's document, written while its arrays are still in the kernels' workspace. */
export function encodeMs2(asset: Asset, options: AssetToMs2Options = {}): Uint8Array {
  return withMs2Document(asset, options, (document) => writeMs2(document));
}

/** Every array one encode uses: inputs gathered and mirrored, outputs in stored form, bounds. */
function ms2Layout(vertexCount: number, cornerCount: number, has: { normals: boolean; tangents: boolean; uvs: boolean }) {
  const per = (present: boolean, components: number) => (present ? vertexCount * components : 0);
  return {
    positions: ['f32', vertexCount * 3],
    storedPositions: ['u16', vertexCount * 3],
    box: ['f32', 6],
    quantizeMin: ['f32', 3],
    quantizeSize: ['f32', 3],
    // Sign bits XORed into each component on the way into the encoders (Unity's mirrored x).
    signs: ['u32', 4],
    normals: ['f32', per(has.normals, 3)],
    storedNormals: ['u8', per(has.normals, 3)],
    tangents: ['f32', per(has.tangents, 4)],
    storedTangents: ['u8', per(has.tangents, 4)],
    uvs: ['f32', per(has.uvs, 2)],
    storedUvs: ['u16', per(has.uvs, 2)],
    indices: ['u16', cornerCount],
  } as const;
}

type Ms2Workspace = Workspace<ReturnType<typeof ms2Layout>>;

/** Builds the document with its arrays in a workspace, hands it to `use`, then releases the workspace. */
function withMs2Document<R>(asset: Asset, options: AssetToMs2Options, use: (document: Ms2Document, ws: Ms2Workspace) => R): R {
  const settings = { ...MS2_WRITE_DEFAULTS, ...options };
  const kernels = options.kernels ?? getKernels();
  const warn = (message: string) => { if (!asset.warnings.includes(message)) asset.warnings.push(message); };
  const { meshes } = asset;
  const shared = sharedAttributes(meshes, warn);
  const textures = droppedTexturesWarning(asset, 'ms2', false);
  if (textures) warn(textures);
  const vertexCount = meshes.reduce((n, m) => n + m.attributes.positions.length / 3, 0);
  const cornerCount = meshes.reduce((n, m) => n + m.indices.length, 0);
  const triangleCount = cornerCount / 3;
  if (vertexCount > MS2_MAX_COUNT || triangleCount > MS2_MAX_COUNT) {
    // A value that is not finite is reported first, as for a file within the counts.
    meshes.forEach((m, i) => {
      checkFinite(m.attributes.positions, `meshes[${i}].attributes.positions`);
      if (shared.uvs) checkFinite(m.attributes.uvs![0]!, `meshes[${i}].attributes.uvs[0]`);
    });
    throw new MeshFormatError({ code: 'BAD_COUNT', format: ASSET_FORMAT, path: 'meshes' }, `${vertexCount} vertices and ${triangleCount} triangles: MeshSerializer2 stores uint16 counts and indices (at most ${MS2_MAX_COUNT} each)`);
  }
  const has = { normals: shared.normals, tangents: shared.tangents && settings.tangents, uvs: shared.uvs };

  const ws = kernels.workspace(ms2Layout(vertexCount, cornerCount, has));
  try {
    const a = ws.arrays;
    let format = MS2_FORMAT.positions;
    const document: Ms2Document = { format, vertexCount, triangleCount, positions: a.storedPositions, indices: a.indices };
    // Positions and UVs are checked where they were gathered (one kernel pass each, in place),
    // before any warning below, so that a refused Asset gets the warnings it always got.
    checkGathered(kernels, meshes, a.positions, a.uvs, has.uvs);
    if (asset.skeleton?.joints.length) warn('ms2 has no skeleton or skinning: joints and weights were dropped');
    if (asset.animations.length) warn('ms2 has no animations: they were dropped');
    if (asset.upAxis === 'z') warn('the asset is Z-up; Unity is Y-up and the coordinates were written unchanged');
    if (shared.tangents && !settings.tangents) warn('tangents were not written (tangents: false)');
    // x is mirrored inside the encoders (each value's sign bit flipped on the way in), so the
    // gathered arrays are never negated in a pass of their own; the bounds of the mirrored
    // positions are those of the gathered ones, x's negated and swapped. Alternatives (1 MB
    // speed-bar encode, `node --cpu-prof`): a negation pass per array was 12.5 % of the
    // profile, the same as an int32 sign-bit XOR 9.7 %.
    const signs = a.signs;
    if (vertexCount > 0) {
      let mirrored = true;
      if (settings.bounds === 'unity') {
        // Unity's running bounds read the mirrored positions in order: those are made here.
        negateEvery(a.positions, 3, 0);
        mirrored = false;
        document.positionBounds = unityPositionBounds(a.positions);
      } else {
        document.positionBounds = tightPositionBounds(kernels, ws);
      }
      setSigns(signs, mirrored ? MIRROR_X : NO_MIRROR);
      quantize(kernels, ws, 'positions', 'storedPositions', 3, document.positionBounds, settings.quantize);
    }
    if (has.normals) {
      gather(a.normals, meshes, (m) => m.attributes.normals!);
      setSigns(signs, MIRROR_X);
      kernels.raw.encodeSnorm8Signs(a.normals, 3, signs.subarray(0, 3), a.storedNormals);
      format |= MS2_FORMAT.normals;
    }
    if (has.tangents) {
      gather(a.tangents, meshes, (m) => m.attributes.tangents!);
      setSigns(signs, MIRROR_X_AND_W);
      kernels.raw.encodeSnorm8Signs(a.tangents, 4, signs, a.storedTangents);
      format |= MS2_FORMAT.tangents;
    }
    if (has.uvs) {
      if (vertexCount > 0) {
        document.uvBounds = settings.bounds === 'unity' ? unityUvBounds(a.uvs) : tightBounds(a.uvs, 2);
        setSigns(signs, NO_MIRROR);
        quantize(kernels, ws, 'uvs', 'storedUvs', 2, document.uvBounds, settings.quantize);
      }
      format |= MS2_FORMAT.uvs;
    }
    reverseWindings(kernels, ws, meshes);
    // Views read after the last kernel call: none of them can have been detached by memory growth.
    document.positions = a.storedPositions;
    if (has.normals) document.normals = a.storedNormals;
    if (has.tangents) document.tangents = a.storedTangents;
    if (has.uvs) document.uvs = a.storedUvs;
    document.indices = a.indices;
    document.format = format;
    return use(document, ws);
  } finally {
    ws.release();
  }
}

function quantize(kernels: Kernels, ws: Ms2Workspace, from: 'positions' | 'uvs', to: 'storedPositions' | 'storedUvs', components: number, bounds: Float32Array, mode: QuantizeMode): void {
  const a = ws.arrays;
  for (let c = 0; c < components; c++) {
    a.quantizeMin[c] = bounds[2 * c]!;
    a.quantizeSize[c] = f(bounds[2 * c + 1]! - bounds[2 * c]!);
    // Finite values whose extent passes float32's range (−3e38 to 3e38) would all quantize to 0 and read back as NaN.
    if (!Number.isFinite(a.quantizeSize[c]!)) {
      throw new MeshFormatError({ code: 'BAD_VALUE', format: ASSET_FORMAT, path: `meshes.attributes.${from}` }, `the ${from} extend from ${bounds[2 * c]} to ${bounds[2 * c + 1]} on axis ${c}, a size beyond float32's range: MeshSerializer2 stores them as unorm16 over that size`);
    }
  }
  kernels.raw.quantizeUnorm16Signs(a[from], components, a.quantizeMin, a.quantizeSize, a.signs.subarray(0, components), mode === 'round', a[to]);
}

const SIGN = 0x80000000;
const NO_MIRROR = [0, 0, 0, 0] as const;
const MIRROR_X = [SIGN, 0, 0, 0] as const;
const MIRROR_X_AND_W = [SIGN, 0, 0, SIGN] as const;

function setSigns(signs: Uint32Array, pattern: readonly number[]): void {
  for (let c = 0; c < 4; c++) signs[c] = pattern[c]!;
}

/**
 * tightBounds of the positions mirrored in x, by the boxOfPoints kernel over the positions as
 * gathered (the same first-extreme rule; no value on an axis gives 0). The rule is symmetric
 * under negation (−b < −a exactly when b > a, ±0 included), so x's bounds are −max and −min of
 * the gathered x, bit for bit what the box of the negated values gives.
 */
function tightPositionBounds(kernels: Kernels, ws: Ms2Workspace): Float32Array {
  kernels.raw.boxOfPoints(ws.arrays.positions, ws.arrays.box);
  const box = ws.arrays.box;
  const bounds = new Float32Array(6);
  for (let c = 0; c < 3; c++) {
    const lo = c === 0 ? -box[3]! : box[c]!;
    const hi = c === 0 ? -box[0]! : box[c + 3]!;
    bounds[2 * c] = lo === Infinity ? 0 : lo;
    bounds[2 * c + 1] = hi === -Infinity ? 0 : hi;
  }
  return bounds;
}

/**
 * Positions and UVs are quantized to unorm16 over their bounds: a NaN or infinite value makes
 * the bounds (and with them every stored value) meaningless. Alternatives: repairing it (to 0,
 * or to the bounds of the finite values) writes a vertex the source never had; refused instead,
 * naming the Asset path. firstNonFinite scans without a branch per value (`Number.isFinite` per
 * value was 14 % of the 1 MB encode) and looks for the first bad index only when there is one.
 */
function checkFinite(values: Float32Array, path: string): void {
  const i = firstNonFinite(values);
  if (i >= 0) throw new MeshFormatError({ code: 'BAD_VALUE', format: ASSET_FORMAT, path: `${path}[${i}]` }, `${values[i]} cannot be quantized: MeshSerializer2 stores positions and UVs as unorm16 over finite bounds`);
}

/**
 * Gathers the positions (and UVs) into the workspace and refuses the first value that is not
 * finite, naming its mesh and index as checkFinite over each mesh's arrays in turn would (a
 * mesh's positions, then its UVs, then the next mesh's). The firstNonFiniteF32 kernel runs on
 * the gathered arrays, where they already are: the check over the Asset's arrays in JavaScript
 * (four sums) was 15 % of the 1 MB encode's profile.
 */
function checkGathered(kernels: Kernels, meshes: Mesh[], positions: Float32Array, uvs: Float32Array, hasUvs: boolean): void {
  gather(positions, meshes, (m) => m.attributes.positions);
  if (hasUvs) gather(uvs, meshes, (m) => m.attributes.uvs![0]!);
  const badPosition = kernels.raw.firstNonFiniteF32(positions);
  const badUv = hasUvs ? kernels.raw.firstNonFiniteF32(uvs) : -1;
  if (badPosition < 0 && badUv < 0) return;
  // The mesh of each bad value (vertex counts are the same for both arrays), the earlier mesh first.
  const meshOf = (index: number, components: number) => {
    if (index < 0) return { mesh: Infinity, at: 0 };
    let first = 0;
    for (let i = 0; i < meshes.length; i++) {
      const length = (meshes[i]!.attributes.positions.length / 3) * components;
      if (index < first + length) return { mesh: i, at: index - first };
      first += length;
    }
    return { mesh: Infinity, at: 0 };
  };
  const p = meshOf(badPosition, 3);
  const u = meshOf(badUv, 2);
  if (p.mesh <= u.mesh) checkFinite(meshes[p.mesh]!.attributes.positions, `meshes[${p.mesh}].attributes.positions`);
  checkFinite(meshes[u.mesh]!.attributes.uvs![0]!, `meshes[${u.mesh}].attributes.uvs[0]`);
}

/** Which attributes every mesh has (only those are kept), with a warning for each loss. */
function sharedAttributes(meshes: Mesh[], warn: (message: string) => void): { normals: boolean; tangents: boolean; uvs: boolean } {
  if (meshes.length > 1) warn(`ms2 holds one mesh: ${meshes.length} meshes were merged into one`);
  const every = (has: (m: Mesh) => boolean, what: string) => {
    const count = meshes.filter(has).length;
    if (count > 0 && count < meshes.length) warn(`${what} were dropped: not every mesh has them`);
    return meshes.length > 0 && count === meshes.length;
  };
  const normals = every((m) => !!m.attributes.normals, 'normals');
  const tangents = every((m) => !!m.attributes.tangents, 'tangents');
  const uvs = every((m) => !!m.attributes.uvs?.[0], 'UVs');
  for (const m of meshes) {
    if ((m.attributes.uvs?.length ?? 0) > 1) warn('ms2 has one UV set: the others were dropped');
    if (m.attributes.colors) warn('ms2 has no vertex colors: they were dropped');
    if (m.extras && Object.keys(m.extras).length) warn('ms2 has no custom vertex arrays: they were dropped');
    const targets = m.targets?.length ?? 0;
    if (targets) warn(`mesh '${m.name}': ${targets} morph target${targets > 1 ? 's' : ''} dropped: ms2 has no morph targets`);
  }
  const named = meshes.filter((m) => m.name !== 'mesh').length;
  if (named) warn(`ms2 has no mesh names: ${named} mesh name${named > 1 ? 's' : ''} dropped`);
  const materials = meshes.filter((m) => m.material).length;
  if (materials) warn(`ms2 has no materials: the material names of ${materials} mesh${materials > 1 ? 'es' : ''} dropped`);
  return { normals, tangents, uvs };
}

/** Every mesh's array of an attribute, one after another, into `dst`. */
function gather(dst: Float32Array, meshes: Mesh[], pick: (m: Mesh) => Float32Array): void {
  let at = 0;
  for (const m of meshes) {
    const part = pick(m);
    dst.set(part, at);
    at += part.length;
  }
}

/** Every mesh's triangles into `indices`, offset to the merged vertices, corners 2 and 3 swapped (Unity's winding). */
function reverseWindings(kernels: Kernels, ws: Ms2Workspace, meshes: Mesh[]): void {
  let at = 0;
  let base = 0;
  for (const m of meshes) {
    const source = m.indices;
    const part = ws.arrays.indices.subarray(at, at + source.length);
    if (source instanceof Uint16Array) {
      // In place in the workspace: a staged input could grow the memory under the output.
      part.set(source);
      kernels.raw.reverseWindingU16(part, base, part);
    } else {
      for (let i = 0; i + 2 < source.length; i += 3) {
        part[i] = source[i]! + base;
        part[i + 1] = source[i + 2]! + base;
        part[i + 2] = source[i + 1]! + base;
      }
    }
    at += source.length;
    base += m.attributes.positions.length / 3;
  }
}
