import { droppedTexturesWarning } from '../../textures/texture-losses.js';
import { MeshFormatError } from '../../io/errors.js';
import { getKernels } from '../../kernels/backend.js';
import type { Kernels } from '../../kernels/kernels.js';
import type { Animation, Asset, IndexArray, Joint, Mesh } from '../../model/asset.js';
import { animationDuration } from '../../model/resample-animation.js';
import { DEFAULT_FRAME_RATE, kindForFileName, type WriteOptions } from '../format.js';
import { StreamIndex } from './equal-streams.js';
import { offerBlobBuffer } from './writer-blob.js';
import type { TfAniDocument, TfDocument, TfIndexStream, TfKeyframeAnimation, TfMeshDocument, TfSubMesh, TfVertexAttribute } from './tf-document.js';
import { composeMatrix, quaternionToEulerDegrees, shortestFloat32, type Quat, type Vec3 } from './transforms.js';

export interface TfWriteOptions extends WriteOptions {
  /** `'msh'` (descriptor + blob), `'ani'` (the first animation's first track), or `'auto'`: ani when the asset has no meshes but animations. */
  kind?: 'msh' | 'ani' | 'auto';
  /** v = 1 − v on the way out (see TfReadOptions.flipV). Default true. */
  flipV?: boolean;
}

export const TF_WRITE_DEFAULTS = {
  kind: 'auto' as 'msh' | 'ani' | 'auto',
  flipV: true,
};

export interface TfConversion {
  document: TfDocument;
  warnings: string[];
}

/** The frame rate the reader reports (TF_READ_DEFAULTS.frameRate). */
const TF_READ_FRAME_RATE = DEFAULT_FRAME_RATE;

/** The attribute names Transport Fever meshes carry, in the order the game's own files list them. */
const STANDARD_ORDER = ['normal', 'position', 'tangent', 'uv0'];

/**
 * The kind of file `assetToTf` writes: `kind` when given; with 'auto', the one the output's file
 * name asks for (`.ani` or `.msh`), else an `.ani` for an Asset with animations and no meshes.
 */
export function tfKindFor(asset: Asset, options: TfWriteOptions = {}): 'msh' | 'ani' {
  const kind = options.kind ?? TF_WRITE_DEFAULTS.kind;
  if (kind !== 'auto') return kind;
  return kindForFileName(options.fileName, { '.ani': 'ani', '.msh': 'msh' } as const) ?? (asset.meshes.length === 0 && asset.animations.length > 0 ? 'ani' : 'msh');
}

/**
 * A TF document for an Asset. Meshes become submeshes (one shared index stream each, since Asset
 * vertices are already single-index), attributes are concatenated across meshes in a packed blob.
 * Animations become KEYFRAME animations when each animates one joint (its bind translation is
 * the origin); the `.ani` kind takes one track as matrices. Losses go to `warnings`.
 */
export function assetToTf(asset: Asset, options: TfWriteOptions = {}): TfConversion {
  return tfConversion(asset, options, false);
}

/**
 * assetToTf for the writer's own use: the document's blob buffer is offered to writeTfBlob
 * (writer-blob.ts), which hands it out once without a copy. Only for a document no caller
 * holds: a document given out (assetToTf) would share memory with the blob written from it.
 */
export function assetToTfForWrite(asset: Asset, options: TfWriteOptions = {}): TfConversion {
  return tfConversion(asset, options, true);
}

function tfConversion(asset: Asset, options: TfWriteOptions, offer: boolean): TfConversion {
  const { flipV } = { ...TF_WRITE_DEFAULTS, ...options };
  const warnings: string[] = [];
  if (asset.upAxis === 'y') warnings.push('the Asset is Y-up; its coordinates are written unchanged into a Z-up Transport Fever file');
  const textures = droppedTexturesWarning(asset, 'tf', false);
  if (textures) warnings.push(textures);
  const document = tfKindFor(asset, options) === 'ani' ? assetToAni(asset, warnings, options) : assetToMesh(asset, flipV, warnings, offer, options.kernels ?? getKernels());
  return { document, warnings };
}

/** One mesh's array of an attribute; `flipV`: written as v = 1 − v (UV sets). */
interface AttributeSource { numComp: number; data: Float32Array; flipV?: boolean }

function meshAttributes(mesh: Mesh, flipV: boolean, warnings: string[]): Map<string, AttributeSource> {
  const a = mesh.attributes;
  const result = new Map<string, AttributeSource>();
  result.set('position', { numComp: 3, data: a.positions });
  if (a.normals) result.set('normal', { numComp: 3, data: a.normals });
  if (a.tangents) result.set('tangent', { numComp: 4, data: a.tangents });
  a.uvs?.forEach((uv, set) => result.set(`uv${set}`, { numComp: 2, data: uv, flipV }));
  for (const [name, extra] of Object.entries(mesh.extras ?? {})) {
    if (result.has(name) || TF_SLOT_NAME.test(name)) warnings.push(`mesh ${mesh.name}: extras.${name} is not carried (Transport Fever reads an attribute of that name as its own ${name})`);
    else result.set(name, { numComp: extra.components, data: extra.data });
  }
  return result;
}

/** Attribute names the reader puts in Asset slots rather than `extras`. */
const TF_SLOT_NAME = /^(position|normal|tangent|uv\d+)$/;

/**
 * The document, packed as packTfLayout packs it (attributes in order, then each submesh's index
 * streams, a stream equal to an earlier one sharing its bytes), with every array already a view
 * of one blob buffer at its offset, so that writeTfBlob hands that buffer out without copying.
 * Alternatives: building each array on its own and packing after (the code before issue 22's
 * encode work) wrote every attribute and index twice (concatenated, then copied into the blob):
 * writeTfBlob's copy alone was 20 % of the 1 MB speed-bar encode (`node --cpu-prof`).
 */
function assetToMesh(asset: Asset, flipV: boolean, warnings: string[], offer: boolean, kernels: Kernels): TfMeshDocument {
  const perMesh = asset.meshes.map((mesh) => meshAttributes(mesh, flipV, warnings));
  const names = [...new Set(perMesh.flatMap((m) => [...m.keys()]))].sort((a, b) => {
    const ia = STANDARD_ORDER.indexOf(a), ib = STANDARD_ORDER.indexOf(b);
    return (ia < 0 ? STANDARD_ORDER.length : ia) - (ib < 0 ? STANDARD_ORDER.length : ib) || (a < b ? -1 : a > b ? 1 : 0);
  });
  const planned: { name: string; numComp: number; parts: AttributeSource[]; elements: number }[] = [];
  const bases = new Map<string, number[]>();
  for (const name of names) {
    const present = perMesh.map((m) => m.get(name));
    const numComp = present.find((p) => p)!.numComp;
    const base: number[] = [];
    let elements = 0;
    const parts: AttributeSource[] = [];
    present.forEach((p, m) => {
      base.push(elements);
      if (!p) return;
      if (p.numComp !== numComp) {
        warnings.push(`mesh ${asset.meshes[m]!.name}: ${name} has ${p.numComp} components where another mesh has ${numComp}; it is not carried`);
        perMesh[m]!.delete(name);
        return;
      }
      parts.push(p);
      elements += p.data.length / numComp;
    });
    planned.push({ name, numComp, parts, elements });
    bases.set(name, base);
  }
  // One place per distinct base of each submesh at most (equal streams then take less).
  const attributeBytes = planned.reduce((n, p) => n + p.elements * p.numComp * 4, 0);
  const streamBytes = asset.meshes.reduce((n, mesh, m) => n + new Set([...perMesh[m]!.keys()].map((name) => bases.get(name)![m]!)).size * mesh.indices.length * 4, 0);
  const blob = new ArrayBuffer(attributeBytes + streamBytes);
  if (offer) offerBlobBuffer(blob);
  let end = 0;
  const attributes: TfVertexAttribute[] = planned.map(({ name, numComp, parts, elements }) => {
    const data = new Float32Array(blob, end, elements * numComp);
    let at = 0;
    for (const part of parts) {
      data.set(part.data, at);
      if (part.flipV) flipVInParts(kernels, data.subarray(at, at + part.data.length));
      at += part.data.length;
    }
    const attribute = { name, numComp, data, offset: end, count: data.byteLength, extra: new Map() };
    end += data.byteLength;
    return attribute;
  });
  const placedStreams = new StreamIndex<{ data: Uint32Array; offset: number }>();
  const subMeshes: TfSubMesh[] = asset.meshes.map((mesh, m) => {
    const label = `mesh ${mesh.name}`;
    const present = perMesh[m]!;
    for (const standard of STANDARD_ORDER) if (!present.has(standard)) warnings.push(`${label} has no ${standard}, which Transport Fever meshes have`);
    if (mesh.attributes.colors) warnings.push(`${label}: vertex colors are not carried (TF meshes have none)`);
    if (mesh.attributes.joints || mesh.attributes.weights) warnings.push(`${label}: skin joints and weights are not carried`);
    if (mesh.targets?.length) warnings.push(`${label}: ${mesh.targets.length} morph target(s) are not carried (TF meshes have none)`);
    // One array per distinct base: streams with equal contents share it (and one place in the blob).
    const byBase = new Map<number, { data: Uint32Array; offset: number }>();
    // Distinct indices below the vertex count, counted as the first stream is written.
    const vertices = mesh.attributes.positions.length / 3;
    let used = -1;
    const offsetBy = (base: number): { data: Uint32Array; offset: number } => {
      let placed = byBase.get(base);
      if (placed) return placed;
      // Written at the blob's end; an earlier equal stream takes its place, and the next one overwrites it.
      const data = new Uint32Array(blob, end, mesh.indices.length);
      if (used < 0) used = offsetIndicesCounted(kernels, mesh.indices, base, vertices, data);
      else offsetIndices(mesh.indices, base, data);
      placed = placedStreams.find(data);
      if (!placed) {
        placed = { data, offset: end };
        placedStreams.add(data, placed);
        end += data.byteLength;
      }
      byBase.set(base, placed);
      return placed;
    };
    const indices: TfIndexStream[] = [...present.keys()].map((name) => {
      const { data, offset } = offsetBy(bases.get(name)![m]!);
      return { attribute: name, data, offset, count: data.byteLength, extra: new Map() };
    });
    const unused = vertices - used;
    if (unused) warnings.push(`${label}: ${unused} vertices used by no triangle are not carried (TF vertices are what the index streams reach)`);
    // TF has no field for a submesh's name: this library writes (and reads) `name`, which the game ignores.
    const subMesh: TfSubMesh = { indices, extra: new Map([['name', mesh.name]]) };
    if (mesh.material !== undefined) subMesh.materials = [mesh.material];
    return subMesh;
  });
  const document: TfMeshDocument = { kind: 'msh', attributes, subMeshes, extra: new Map(), unreferenced: [] };
  const animations = keyframeAnimations(asset, warnings);
  skeletonLosses(asset, new Set(animations.map((a) => a.name)), warnings);
  if (animations.length) document.animations = animations;
  return document;
}

/**
 * v = 1 − v in place, by the flipV kernel over parts of 2^18 floats (so that WebAssembly memory
 * never grows by a whole large array). It gives what `Math.fround(1 - v)` stored gives, a NaN
 * quieted with its payload (assembly/flip-v.ts). That loop in TypeScript took 10.5 µs against
 * the kernel's 7.3 (wasm-simd, copies in and out included) over the 1 MB speed bar's 23,616 UV
 * floats, in one interleaved loop on the shared 2-core machine.
 */
function flipVInParts(kernels: Kernels, uv: Float32Array): void {
  for (let at = 0; at < uv.length; at += 1 << 18) {
    const part = uv.subarray(at, at + (1 << 18));
    kernels.raw.flipV(part, part);
  }
}

/**
 * `indices` + `base` into `result`, returning the distinct indices below `vertices` (the mesh's
 * vertices some triangle uses): 16- and 32-bit indices by one kernel pass (offsetIndicesU16/U32;
 * assembly/tf-index-streams.ts says what it replaced and why), 8-bit ones by loops.
 */
function offsetIndicesCounted(kernels: Kernels, indices: IndexArray, base: number, vertices: number, result: Uint32Array): number {
  const seen = new Uint8Array(vertices);
  if (indices instanceof Uint16Array) return kernels.raw.offsetIndicesU16(indices, base, vertices, seen, result);
  if (indices instanceof Uint32Array) return kernels.raw.offsetIndicesU32(indices, base, vertices, seen, result);
  offsetIndices(indices, base, result);
  let count = 0;
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i]!;
    if (v < vertices && !seen[v]) {
      seen[v] = 1;
      count++;
    }
  }
  return count;
}

/**
 * What of the skeleton and the animations' metadata a TF file does not keep: it has no skeleton
 * (a KEYFRAME animation, or an .ani, reads back as one root joint named after the animation at
 * its origin), no loop flag and no frame rate (key times are milliseconds).
 */
function skeletonLosses(asset: Asset, keptAs: Set<string | number>, warnings: string[]): void {
  const joints = asset.skeleton?.joints ?? [];
  // A joint comes back only as the root joint of a kept animation of its own name, at rest rotation and scale.
  const restOrientation = (j: Joint) => j.rotation.every((v, c) => v === (c === 3 ? 1 : 0)) && j.scale.every((v) => v === 1);
  const lost = joints.filter((j, i) => j.parent >= 0 || !restOrientation(j)
    || !asset.animations.some((a) => a.name === j.name && keptAs.has(a.name) && a.tracks.length === 1 && a.tracks[0]!.joint === i));
  if (lost.length) warnings.push(`skeleton: ${lost.length} of ${joints.length} joints are not carried as they are (TF keeps no skeleton; an animation reads back as one root joint named after it)`);
  for (const animation of asset.animations.filter((a) => keptAs.has(a.name))) {
    if (animation.loop !== undefined) warnings.push(`animation ${animation.name}: its loop flag (${animation.loop}) is not carried`);
    if (animation.frameRate !== TF_READ_FRAME_RATE) warnings.push(`animation ${animation.name}: its frame rate (${animation.frameRate} fps) is not carried (TF key times are milliseconds; it reads back as ${TF_READ_FRAME_RATE})`);
  }
}

/** `indices` + `base` into `result` (as many values). */
function offsetIndices(indices: IndexArray, base: number, result: Uint32Array): Uint32Array {
  if (base === 0) result.set(indices);
  else for (let i = 0; i < result.length; i++) result[i] = indices[i]! + base;
  return result;
}

/** Joint `joint`'s value of each channel at key `k` of `track` (bind pose where the track has none). */
function keyTransform(track: Animation['tracks'][number], joint: Joint, k: number): { t: Vec3; r: Quat; s: Vec3 } {
  const t = track.translation ? (Array.from(track.translation.subarray(k * 3, k * 3 + 3)) as Vec3) : joint.translation;
  const r = track.rotation ? (Array.from(track.rotation.subarray(k * 4, k * 4 + 4)) as Quat) : joint.rotation;
  const s = track.scale ? (Array.from(track.scale.subarray(k * 3, k * 3 + 3)) as Vec3) : joint.scale;
  return { t, r, s };
}

const milliseconds = (seconds: number): number => Math.round(seconds * 1e6) / 1e3;

/**
 * Lua has no literal for NaN or an infinity (and the game's numbers are finite): a key whose
 * values are not finite is refused, naming the Asset path of the value at fault (the track's
 * channel, or the joint's bind pose where the track has no keys of that channel). `usesScale`:
 * the key's scale is written (an .ani matrix).
 */
function requireFiniteKey(animation: number, track: Animation['tracks'][number], joint: Joint, jointIndex: number, k: number, usesScale: boolean): void {
  const at = `animations[${animation}].tracks[0]`;
  if (!Number.isFinite(track.times[k]!)) refuse(`${at}.times[${k}]`, `key ${k}'s time`);
  const channels: [ArrayLike<number> | undefined, number, 'translation' | 'rotation' | 'scale'][] = [[track.translation, 3, 'translation'], [track.rotation, 4, 'rotation']];
  if (usesScale) channels.push([track.scale, 3, 'scale']);
  for (const [array, size, name] of channels) {
    if (array) {
      for (let c = 0; c < size; c++) if (!Number.isFinite(array[k * size + c]!)) refuse(`${at}.${name}[${k * size}]`, `key ${k}'s ${name}`);
    } else if (!joint[name].every(Number.isFinite)) {
      refuse(`skeleton.joints[${jointIndex}].${name}`, `the bind ${name} (used where the track has no ${name} keys)`);
    }
  }
}

/** Finite values made from finite keys can still overflow float32 (or the matrix product). */
function requireFiniteOutput(values: number[], animation: number, k: number): void {
  if (!values.every(Number.isFinite)) refuse(`animations[${animation}].tracks[0]`, `key ${k} (its values are finite, but what is written from them is beyond float32)`);
}

/** Rotation keys (or a bind rotation) of length zero, which are written as no rotation. */
function zeroRotations(track: Animation['tracks'][number], joint: Joint): number {
  const zero = (x: number, y: number, z: number, w: number) => x === 0 && y === 0 && z === 0 && w === 0;
  if (!track.rotation) return zero(...joint.rotation) ? track.times.length : 0;
  let count = 0;
  for (let k = 0; k < track.times.length; k++) if (zero(track.rotation[k * 4]!, track.rotation[k * 4 + 1]!, track.rotation[k * 4 + 2]!, track.rotation[k * 4 + 3]!)) count++;
  return count;
}

function refuse(path: string, what: string): never {
  throw new MeshFormatError({ code: 'BAD_VALUE', format: 'asset', path }, `${what}: not a finite number, which Transport Fever's Lua cannot hold (it has no NaN or infinity)`);
}

function keyframeAnimations(asset: Asset, warnings: string[]): TfKeyframeAnimation[] {
  const joints = asset.skeleton?.joints ?? [];
  const result: TfKeyframeAnimation[] = [];
  for (const [a, animation] of asset.animations.entries()) {
    const track = animation.tracks[0];
    const joint = track ? joints[track.joint] : undefined;
    if (!track || !joint || animation.tracks.length > 1) {
      warnings.push(`animation ${animation.name}: ${animation.tracks.length} tracks; a TF KEYFRAME animation moves the whole mesh (one track), so it is not carried`);
      continue;
    }
    if (joint.parent >= 0) warnings.push(`animation ${animation.name}: joint ${joint.name} is taken as a root (its parents' motion is not carried)`);
    if (track.scale) warnings.push(`animation ${animation.name}: scale keys are not carried (KEYFRAME animations have none)`);
    const origin = joint.translation.map(shortestFloat32) as Vec3;
    if (!origin.every(Number.isFinite)) refuse(`skeleton.joints[${track.joint}].translation`, `the origin of animation ${animation.name} (its joint's bind translation)`);
    const zero = zeroRotations(track, joint);
    if (zero) warnings.push(`animation ${animation.name}: ${zero} rotation key(s) of length zero are written as no rotation`);
    const keyframes = Array.from(track.times, (time, k) => {
      requireFiniteKey(a, track, joint, track.joint, k, false);
      const { t, r } = keyTransform(track, joint, k);
      const keyframe = {
        time: milliseconds(time),
        rot: quaternionToEulerDegrees(r).map(shortestFloat32) as Vec3,
        transl: t.map((v, c) => shortestFloat32(v - origin[c]!)) as Vec3,
      };
      requireFiniteOutput([keyframe.time, ...keyframe.rot, ...keyframe.transl], a, k);
      return keyframe;
    });
    result.push({ name: animation.name, type: 'KEYFRAME', origin, keyframes });
  }
  return result;
}

/** The name an `.ani` reads back as when no file name is given (TF_READ_DEFAULTS.aniName). */
const TF_ANI_NAME = 'ani';

/** `x` of `folder/x.ani`, or undefined. */
function fileNameBase(fileName: string | undefined): string | undefined {
  return fileName?.replace(/^.*[\\/]/, '').replace(/\.ani$/i, '');
}

function assetToAni(asset: Asset, warnings: string[], options: TfWriteOptions): TfAniDocument {
  const animation = asset.animations[0];
  const track = animation?.tracks[0];
  const joint = track ? asset.skeleton?.joints[track.joint] : undefined;
  if (asset.meshes.length) warnings.push(`${asset.meshes.length} mesh(es) are not carried: an .ani holds one animation track`);
  if (asset.animations.length > 1) warnings.push(`animations after the first (${asset.animations.length - 1}) are not carried: an .ani holds one`);
  // An .ani of no keys would read back as an animation of no keys: nothing to write is refused.
  if (!animation || !track || !joint || track.times.length === 0) {
    const why = !animation ? 'the Asset has no animation' : !track || !joint ? `animation ${animation.name} has no track on a joint of the skeleton` : `animation ${animation.name}'s first track has no keys`;
    throw new MeshFormatError({ code: 'BAD_VALUE', format: 'asset', path: 'animations' }, `an .ani holds one animation track with keys; ${why}`);
  }
  if (animation.tracks.length > 1) warnings.push(`animation ${animation.name}: tracks after the first (${animation.tracks.length - 1}) are not carried`);
  skeletonLosses({ ...asset, animations: [animation] }, new Set([animation.name]), warnings);
  const fileName = fileNameBase(options.fileName);
  if (animation.name !== fileName || joint.name !== fileName) {
    warnings.push(`animation ${animation.name} (joint ${joint.name}): an .ani stores no names; both read back named after the file (${fileName ?? TF_ANI_NAME})`);
  }
  // The track may end before the animation does (a channel held still at its end is one key):
  // one more key holding the last value keeps the animation's duration, which .ani files give only by their times.
  // (framesToCover rounds, so the frame span may pass the last key by up to half a frame: that is not holding.)
  const stored = track.times.length;
  const duration = animationDuration(animation);
  const held = duration - track.times[stored - 1]! > 0.5 / animation.frameRate ? 1 : 0;
  const end = milliseconds(duration);
  const n = stored + held;
  const times = new Float64Array(n);
  const transforms = new Float64Array(n * 16);
  const zero = zeroRotations(track, joint);
  if (zero) warnings.push(`animation ${animation.name}: ${zero} rotation key(s) of length zero are written as no rotation`);
  for (let k = 0; k < stored; k++) {
    requireFiniteKey(0, track, joint, track.joint, k, true);
    times[k] = milliseconds(track.times[k]!);
    const { t, r, s } = keyTransform(track, joint, k);
    const matrix = composeMatrix(t, r, s).map(shortestFloat32);
    requireFiniteOutput([times[k]!, ...matrix], 0, k);
    transforms.set(matrix, k * 16);
  }
  if (held) {
    times[stored] = end;
    transforms.copyWithin(stored * 16, (stored - 1) * 16, stored * 16);
  }
  return { kind: 'ani', times, transforms, extra: new Map() };
}
