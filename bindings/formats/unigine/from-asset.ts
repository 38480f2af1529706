import { droppedTexturesWarning } from '../../textures/texture-losses.js';
import { MeshFormatError } from '../../io/errors.js';
import { ASSET_FORMAT } from '../../model/validate-asset.js';
import { getKernels } from '../../kernels/backend.js';
import type { Kernels } from '../../kernels/kernels.js';
import type { QuantizeMode } from '../../kernels/raw-kernels.js';
import type { Asset, IndexArray, Mesh } from '../../model/asset.js';
import { DEFAULT_FRAME_RATE, kindForFileName, type WriteOptions } from '../format.js';
import { boundsOf, copyBounds } from './bounds.js';
import { floatFrames, quantizedFrames, type FramesUse } from './compress-frames.js';
import { BIND_POSE_FLOATS, emptyBounds, storedIndexWidth, type UnigineBone, type UnigineDocument, type UnigineMorphTarget, type UnigineSurface } from './mesh-document.js';
import { MAX_WEIGHTS_PER_VERTEX } from './read-mesh.js';
import { sampledFrames } from './sample-animation.js';

const MAX_BONES = 32767;

export interface UnigineWriteOptions extends WriteOptions {
  /** How .anim frames are quantized to uint16 (default 'truncate', as UNIGINE's own tools). */
  quantize?: QuantizeMode;
  /**
   * 'mesh' (ms11, float frames), 'anim' (an10, quantized frames) or 'auto': the kind `fileName`'s
   * extension names (`.mesh` / `.anim`), else mesh when the Asset has meshes.
   */
  kind?: 'auto' | 'mesh' | 'anim';
  /**
   * Frames per second every animation is sampled at. UNIGINE files store no rate and are read at
   * 30 (UNIGINE_READ_DEFAULTS.frameRate), so the default keeps time; another rate needs the same
   * `frameRate` when reading the file back.
   */
  frameRate?: number;
}

export const UNIGINE_WRITE_DEFAULTS: Required<Omit<UnigineWriteOptions, 'kernels' | 'fileName'>> = {
  kind: 'auto',
  quantize: 'truncate',
  frameRate: DEFAULT_FRAME_RATE,
};

/**
 * How assetToUnigine takes the Asset's arrays: 'copy' (the document owns every array) or 'view'
 * (the Asset has passed validateAsset and outlives the document, which may share its arrays;
 * for writing the document at once).
 */
export type AssetArrayUse = 'copy' | 'view';

export interface UnigineConversion {
  document: UnigineDocument;
  /** What the document could not carry, one sentence each. */
  warnings: string[];
}

/** The kind of file `assetToUnigine` writes for this Asset and these options. */
export function unigineKindFor(asset: Asset, options: UnigineWriteOptions = {}): 'mesh' | 'anim' {
  const kind = options.kind ?? UNIGINE_WRITE_DEFAULTS.kind;
  if (kind !== 'auto') return kind;
  return kindForFileName(options.fileName, { '.anim': 'anim', '.mesh': 'mesh' } as const) ?? (asset.meshes.length > 0 ? 'mesh' : 'anim');
}

/**
 * A UNIGINE document for an Asset: one surface per mesh (cindices = tindices = the mesh's
 * indices), bounds and bounding spheres computed, normals and tangents compressed into
 * tangent-space quaternions, animations on a uniform frame grid (an10: quantized).
 */
export function assetToUnigine(asset: Asset, options: UnigineWriteOptions = {}, arrayUse: AssetArrayUse = 'copy'): UnigineConversion {
  const kernels = options.kernels ?? getKernels();
  const { quantize, frameRate } = { ...UNIGINE_WRITE_DEFAULTS, ...options };
  const warnings: string[] = [];
  const joints = asset.skeleton?.joints ?? [];
  // Bone parents and animated-bone indices are int16.
  if (joints.length > MAX_BONES) throw new MeshFormatError({ code: 'BAD_COUNT', format: ASSET_FORMAT, path: 'skeleton.joints' }, `UNIGINE files hold at most ${MAX_BONES} bones; the skeleton has ${joints.length}`);
  const bones: UnigineBone[] = joints.map((j) => ({ name: j.name, parent: j.parent }));
  const bindPose = new Float32Array(joints.length * BIND_POSE_FLOATS);
  joints.forEach((j, i) => bindPose.set([...j.translation, ...j.rotation, ...j.scale], i * BIND_POSE_FLOATS));
  if (asset.upAxis === 'y') warnings.push('the Asset is Y-up; its coordinates are written unchanged into a Z-up UNIGINE file');
  if (!(frameRate > 0 && Number.isFinite(frameRate))) throw new MeshFormatError({ code: 'BAD_OPTION', format: 'unigine' }, `frameRate must be a positive number, got ${frameRate}`);
  const sampled = asset.animations.map((a, i) => sampledFrames(a, joints, frameRate, warnings, `animations[${i}]`));
  for (const a of asset.animations) if (a.loop !== undefined) warnings.push(`animation ${a.name}: the loop flag is not stored in UNIGINE files`);
  if (unigineKindFor(asset, options) === 'anim') {
    if (asset.meshes.length) warnings.push(`${asset.meshes.length} mesh(es) are left out of the .anim file`);
    const animations = sampled.map((s) => quantizedFrames(kernels, s, quantize, framesUse(arrayUse)));
    return { document: { kind: 'anim', bounds: emptyBounds(), bones, bindPose, animations }, warnings };
  }
  if (asset.meshes.length === 0) warnings.push('the Asset has no meshes: the .mesh file holds only the skeleton and animations');
  const textures = droppedTexturesWarning(asset, 'unigine', false);
  if (textures) warnings.push(textures);
  const surfaces = asset.meshes.map((mesh) => meshToSurface(kernels, mesh, joints.length, warnings, arrayUse));
  // One surface: the file's bounds are the surface's (the same points, the same arithmetic).
  const bounds = surfaces.length === 1 ? copyBounds(surfaces[0]!.bounds) : boundsOf(kernels, surfaces.map((s) => s.targets[0]!.vertices));
  const animations = sampled.map((s) => floatFrames(kernels, s, framesUse(arrayUse)));
  return { document: { kind: 'mesh', bounds, bones, bindPose, animations, surfaces }, warnings };
}

/** A document for writing at once ('view') keeps its frames as the file's records. */
function framesUse(arrayUse: AssetArrayUse): FramesUse {
  return arrayUse === 'view' ? 'records' : 'streams';
}

const NO_TANGENTS = new Float32Array(0);

function meshToSurface(kernels: Kernels, mesh: Mesh, boneCount: number, warnings: string[], arrayUse: AssetArrayUse): UnigineSurface {
  const label = `mesh ${mesh.name}`;
  const a = mesh.attributes;
  const vertexCount = a.positions.length / 3;
  const own = <T extends Float32Array | IndexArray>(array: T): T => (arrayUse === 'view' ? array : (array.slice() as T));
  const normals = a.normals ?? faceWeightedNormals(a.positions, kernels.widenIndices(mesh.indices));
  if (!a.normals) warnings.push(`${label}: has no normals; UNIGINE needs them, so they were computed from the faces`);
  if (!a.tangents) warnings.push(`${label}: has no tangents; an arbitrary tangent perpendicular to each normal was stored`);
  const tangents = new Int16Array(vertexCount * 4);
  kernels.raw.encodeTangentFrames(normals, a.tangents ?? NO_TANGENTS, a.tangents !== undefined, tangents);
  const uvSets = a.uvs ?? [];
  if (uvSets.length > 2) warnings.push(`${label}: UV sets after the second (${uvSets.length - 2}) are not stored`);
  if (mesh.material !== undefined) warnings.push(`${label}: material ${mesh.material} is not stored (UNIGINE keeps materials outside the mesh)`);
  if (mesh.extras && Object.keys(mesh.extras).length) warnings.push(`${label}: extra attributes ${Object.keys(mesh.extras).join(', ')} are not stored`);
  const cindices = storedIndices(kernels, mesh.indices, vertexCount, arrayUse);
  const surface: UnigineSurface = {
    name: mesh.name,
    bounds: boundsOf(kernels, [a.positions]),
    targets: [{ name: '', vertices: own(a.positions), tangents }, ...morphTargets(kernels, mesh, normals, tangents, label, warnings)],
    ...skinWeights(kernels, a.joints, a.weights, vertexCount, boneCount, label, warnings, arrayUse),
    uv0: uvSets[0] ? own(uvSets[0]) : new Float32Array(0),
    uv1: uvSets[1] ? own(uvSets[1]) : new Float32Array(0),
    colors: colorBytes(a.colors, label, warnings),
    cindices,
    tindices: own(cindices),
  };
  return surface;
}

/**
 * The mesh's indices at the width the file stores them (storedIndexWidth of the vertex count).
 * A validated Asset's array of that width is taken as it is (viewed or copied); otherwise the
 * indices are converted, and each checked against the vertex count.
 */
function storedIndices(kernels: Kernels, indices: IndexArray, vertexCount: number, arrayUse: AssetArrayUse): IndexArray {
  if (arrayUse === 'view' && indices.BYTES_PER_ELEMENT === storedIndexWidth(vertexCount)) return indices;
  return kernels.compactIndices(indices instanceof Uint32Array ? indices : kernels.widenIndices(indices), vertexCount);
}

/** Asset morph targets as UNIGINE targets: absolute coordinates, and tangent frames from the displaced normals (the base's when a target has none). */
function morphTargets(kernels: Kernels, mesh: Mesh, normals: Float32Array, baseFrames: Int16Array, label: string, warnings: string[]): UnigineMorphTarget[] {
  const { positions, tangents } = mesh.attributes;
  return (mesh.targets ?? []).map((target) => {
    const vertices = new Float32Array(positions.length);
    for (let i = 0; i < vertices.length; i++) vertices[i] = positions[i]! + target.positions[i]!;
    if (!target.normals) return { name: target.name, vertices, tangents: baseFrames.slice() };
    const displaced = new Float32Array(normals.length);
    for (let i = 0; i < displaced.length; i++) displaced[i] = normals[i]! + target.normals[i]!;
    const notUnit = notUnitLength(displaced);
    if (notUnit) warnings.push(`${label}: morph target ${target.name}: ${notUnit} displaced normals are not unit length; UNIGINE stores them as directions (tangent frames)`);
    const frames = new Int16Array(baseFrames.length);
    kernels.raw.encodeTangentFrames(displaced, tangents ?? NO_TANGENTS, tangents !== undefined, frames);
    return { name: target.name, vertices, tangents: frames };
  });
}

function skinWeights(kernels: Kernels, joints: Uint16Array | undefined, weights: Float32Array | undefined, vertexCount: number, boneCount: number, label: string, warnings: string[], arrayUse: AssetArrayUse) {
  if (!joints || !weights) return { weightCounts: new Uint8Array(0), weightBones: new Int16Array(0), weightValues: new Uint16Array(0) };
  if (boneCount === 0) {
    warnings.push(`${label}: skin weights without a skeleton are not stored`);
    return { weightCounts: new Uint8Array(0), weightBones: new Int16Array(0), weightValues: new Uint16Array(0) };
  }
  const outOfRange = kernels.raw.countOutsideUnit(weights);
  if (outOfRange) warnings.push(`${label}: ${outOfRange} skin weights outside 0..1 were clamped (UNIGINE stores weights as uint16 fractions; sums are not renormalised)`);
  const weightCounts = new Uint8Array(vertexCount);
  const bones = new Int16Array(vertexCount * MAX_WEIGHTS_PER_VERTEX);
  const values = new Uint16Array(vertexCount * MAX_WEIGHTS_PER_VERTEX);
  // Slots up to the last one in use (a weight or a joint): zero weights read from a file come back as stored.
  const total = kernels.raw.packSkinWeights(joints, weights, boneCount, weightCounts, bones, values);
  if (total < 0) {
    const v = -total - 1;
    const joint = joints.subarray(v * 4, v * 4 + 4).find((j) => j >= boneCount);
    throw new MeshFormatError({ code: 'BAD_INDEX', format: ASSET_FORMAT }, `${label}: vertex ${v} is weighted to joint ${joint}, outside the skeleton's ${boneCount} joints`);
  }
  const used = arrayUse === 'view' ? 'subarray' : 'slice';
  return { weightCounts, weightBones: bones[used](0, total), weightValues: values[used](0, total) };
}

/** RGBA bytes (colour × 255, rounded); components outside 0..1 (or NaN) are clamped, and counted in a warning. */
function colorBytes(colors: Float32Array | undefined, label: string, warnings: string[]): Uint8Array {
  if (!colors) return new Uint8Array(0);
  const out = new Uint8Array(colors.length);
  let clamped = 0;
  for (let i = 0; i < colors.length; i++) {
    const c = colors[i]!;
    if (!(c >= 0 && c <= 1)) clamped++;
    out[i] = Math.max(0, Math.min(255, Math.round(c * 255))) || 0;
  }
  if (clamped) warnings.push(`${label}: ${clamped} colour components outside 0..1 were clamped (UNIGINE stores colours as bytes)`);
  return out;
}

/** How many xyz normals are further than 1e-3 from unit length (a tangent frame keeps only the direction). */
function notUnitLength(normals: Float32Array): number {
  let count = 0;
  for (let i = 0; i + 2 < normals.length; i += 3) if (!(Math.abs(Math.hypot(normals[i]!, normals[i + 1]!, normals[i + 2]!) - 1) <= 1e-3)) count++;
  return count;
}

/** Area-weighted vertex normals of a triangle list. */
function faceWeightedNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const normals = new Float32Array(positions.length);
  for (let i = 0; i + 2 < indices.length; i += 3) {
    const [a, b, c] = [indices[i]! * 3, indices[i + 1]! * 3, indices[i + 2]! * 3];
    const e1 = [positions[b]! - positions[a]!, positions[b + 1]! - positions[a + 1]!, positions[b + 2]! - positions[a + 2]!];
    const e2 = [positions[c]! - positions[a]!, positions[c + 1]! - positions[a + 1]!, positions[c + 2]! - positions[a + 2]!];
    const n = [e1[1]! * e2[2]! - e1[2]! * e2[1]!, e1[2]! * e2[0]! - e1[0]! * e2[2]!, e1[0]! * e2[1]! - e1[1]! * e2[0]!];
    for (const v of [a, b, c]) for (let k = 0; k < 3; k++) normals[v + k] = normals[v + k]! + n[k]!;
  }
  return normals;
}
