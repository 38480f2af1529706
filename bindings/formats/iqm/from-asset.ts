import { droppedTexturesWarning } from '../../textures/texture-losses.js';
import type { Asset, Joint, Mesh } from '../../model/asset.js';
import { checkSampledFrames, MAX_KEPT_FRAME_RATE, checkSampledKeys, isOnFrameGrid, resampleAnimation } from '../../model/resample-animation.js';
import { DEFAULT_FRAME_RATE, type WriteOptions } from '../format.js';
import type { Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { emptyIqmDocument, IQM_ANIM_LOOP, IQM_HEADER_SIZE, type IqmDocument, type IqmLayout, type IqmVertexArray } from './iqm-document.js';
import { quantizeIqmFrames, quantizeIqmFramesHeld } from './quantize-frames.js';
import { canonicalIqmLayout, iqmSectionLengths, iqmSectionOffsets } from './iqm-layout.js';
import { uninitializedBytes } from '../../io/uninitialized-bytes.js';
import { writeIqmInto } from './write-iqm.js';
import { IQM_CUSTOM, IQM_FORMAT, IQM_VERTEX_TYPE } from './vertex-formats.js';

export interface AssetToIqmOptions {
  /** 'ubyte' as the reference compiler writes them (sums kept at 255), or 'float'. */
  blendWeights?: 'ubyte' | 'float';
  /** 'ubyte' (the recommended format) or 'float'. */
  colors?: 'ubyte' | 'float';
  kernels?: Kernels;
  /**
   * A vertex array that one mesh supplies whole, in the type the document stores or reads it
   * in, is taken as it is instead of copied: the document then shares the Asset's arrays. For a
   * caller that writes the document at once (`encodeSync`).
   */
  viewAsset?: boolean;
}

/** What `iqmFormat.encodeSync` takes (animation frames are quantized as the reference compiler does, by truncation: no `quantize`). */
export interface IqmWriteOptions extends Omit<WriteOptions, 'quantize'>, Omit<AssetToIqmOptions, 'viewAsset'> {}

export const ASSET_TO_IQM_DEFAULTS: Required<Omit<AssetToIqmOptions, 'kernels' | 'viewAsset'>> = { blendWeights: 'ubyte', colors: 'ubyte' };

type Settings = typeof ASSET_TO_IQM_DEFAULTS & { kernels: Kernels; viewAsset: boolean };

/**
 * Converts an Asset to an IQM document: all meshes share one set of vertex arrays (attributes a
 * mesh lacks are filled with defaults), triangles turn clockwise, joints come from the skeleton
 * and animations are quantized as the reference compiler does. Losses go to `asset.warnings`.
 */
export function assetToIqm(asset: Asset, options: AssetToIqmOptions = {}): IqmDocument {
  return convert(asset, options, false).document;
}

/**
 * The IQM file of an Asset, as `writeIqm(assetToIqm(asset, options))` writes it, with the bulk
 * written once where the file holds it: the layout is the reference compiler's (computed from
 * the arrays' lengths before any is built), the float vertex arrays are joined and the triangles
 * wound straight into the file's bytes, and writeIqmInto writes the rest around them. Measured
 * on the speed bar's 1 MB IQM encode (two meshes, shared 2-core machine): the joined arrays and
 * triangles were 1.2 MB built and then copied, a third of the encode's garbage.
 */
export function assetToIqmFile(asset: Asset, options: AssetToIqmOptions = {}): Uint8Array {
  const { document, file } = convert(asset, options, true);
  return writeIqmInto(document, document.layout!, file!);
}

function convert(asset: Asset, options: AssetToIqmOptions, inPlace: boolean): { document: IqmDocument; file?: Uint8Array } {
  const settings: Settings = { ...ASSET_TO_IQM_DEFAULTS, ...options, kernels: options.kernels ?? getKernels(), viewAsset: options.viewAsset ?? false };
  const warn = (message: string) => { if (!asset.warnings.includes(message)) asset.warnings.push(message); };
  const document = emptyIqmDocument();
  const text = new TextTable();
  if (asset.upAxis === 'y') warn('the asset is Y-up; IQM is Z-up and the coordinates were written unchanged');
  const textures = droppedTexturesWarning(asset, 'iqm', true);
  if (textures) warn(textures);
  for (const mesh of asset.meshes) {
    const targets = mesh.targets?.length ?? 0;
    if (targets) warn(`mesh '${mesh.name}': ${targets} morph target${targets > 1 ? 's' : ''} dropped: iqm has no morph targets`);
  }

  let firstVertex = 0;
  let firstTriangle = 0;
  for (const mesh of asset.meshes) {
    const vertexCount = mesh.attributes.positions.length / 3;
    const triangleCount = mesh.indices.length / 3;
    document.meshes.push({ name: text.add(mesh.name), material: text.add(mesh.material ?? ''), firstVertex, vertexCount, firstTriangle, triangleCount });
    firstVertex += vertexCount;
    firstTriangle += triangleCount;
  }
  document.vertexCount = firstVertex;
  const planned = planVertexArrays(asset.meshes, firstVertex, text, settings, warn, inPlace);
  document.vertexArrays = planned.map((p) => p.array);
  const firstVertices = document.meshes.map((m) => m.firstVertex);
  if (!inPlace) document.triangles = buildTriangles(asset.meshes, firstVertices, new Uint32Array(firstTriangle * 3), settings.kernels);

  const joints = asset.skeleton?.joints ?? [];
  document.joints = joints.map((j) => ({ name: text.add(j.name), parent: j.parent, translate: [...j.translation], rotate: [...j.rotation], scale: [...j.scale] }));
  // In place, the frames stay in the kernels' workspace until the file is made (released below, or on a throw).
  const releaseFrames = asset.animations.length ? addAnimations(document, asset, joints, text, settings.kernels, warn, inPlace) : undefined;
  let file: Uint8Array<ArrayBuffer>;
  let layout: IqmLayout;
  try {
    document.text = text.bytes();
    if (!inPlace) return { document };

    // Every length is known: the layout, the file, and the deferred arrays written into it.
    const lengths = iqmSectionLengths(document);
    planned.forEach((p, i) => { lengths[3 + i] = p.byteLength; });
    lengths[3 + planned.length] = firstTriangle * 12;
    layout = canonicalIqmLayout(document, lengths);
    // Not zeroed (uninitializedBytes): every byte is written, the padding between sections here.
    file = uninitializedBytes(layout.byteLength);
    zeroPadding(file, layout);
    // The frames into their place before any other kernel call (which could grow the memory they lie in).
    const frames = new Uint16Array(file.buffer, file.byteOffset + layout.offsets.ofsFrames, document.frames.length);
    frames.set(document.frames);
    document.frames = frames;
  } finally {
    releaseFrames?.();
  }
  planned.forEach((p, i) => {
    if (!p.fill) return;
    const ctor = p.array.format === IQM_FORMAT.float ? Float32Array : p.array.format === IQM_FORMAT.ushort ? Uint16Array : Uint8Array;
    p.array.data = new ctor(file.buffer, file.byteOffset + layout.vertexData[i]!, p.byteLength / ctor.BYTES_PER_ELEMENT);
    p.fill(p.array.data);
  });
  document.triangles = buildTriangles(asset.meshes, firstVertices, new Uint32Array(file.buffer, file.byteOffset + layout.offsets.ofsTriangles, firstTriangle * 3), settings.kernels);
  document.layout = layout;
  return { document, file };
}

/** Zeroes what no section covers in a canonical layout (sections in file order): the alignment padding between them and after the last. */
function zeroPadding(file: Uint8Array, layout: IqmLayout): void {
  const offsets = iqmSectionOffsets(layout);
  const lengths = layout.sectionLengths;
  let end = IQM_HEADER_SIZE;
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i]!;
    if (length === 0) continue;
    if (offsets[i]! > end) file.fill(0, end, offsets[i]!);
    end = Math.max(end, offsets[i]! + length);
  }
  if (file.length > end) file.fill(0, end);
}

/** One encoder for every name that is not ASCII (a new TextEncoder per name was 2 % of the 1 MB encode's profile, with its garbage). */
const UTF8 = new TextEncoder();

/**
 * The text table: each distinct string once, NUL-terminated, the first one "". ASCII names (the
 * usual ones) are written char by char into one growing array: TextEncoder's call per name
 * (an array each) was 3.6 % of the 1 MB speed-bar encode's profile.
 */
class TextTable {
  private readonly offsets = new Map<string, number>([['', 0]]);
  private data = new Uint8Array(256);
  private length = 1;

  add(s: string): number {
    let at = this.offsets.get(s);
    if (at === undefined) {
      at = this.length;
      let ascii = true;
      for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x80) { ascii = false; break; }
      const encoded = ascii ? undefined : UTF8.encode(s);
      const size = (encoded ? encoded.length : s.length) + 1;
      if (at + size > this.data.length) {
        const grown = new Uint8Array(Math.max(this.data.length * 2, at + size));
        grown.set(this.data.subarray(0, at));
        this.data = grown;
      }
      if (encoded) this.data.set(encoded, at);
      else for (let i = 0; i < s.length; i++) this.data[at + i] = s.charCodeAt(i);
      this.data[at + size - 1] = 0;
      this.length += size;
      this.offsets.set(s, at);
    }
    return at;
  }

  bytes(): Uint8Array {
    return this.data.slice(0, this.length);
  }
}

interface Stream {
  type: number;
  components: number;
  /** Values of one mesh (undefined when the mesh lacks it). */
  pick: (mesh: Mesh) => ArrayLike<number> | undefined;
  fill: number[];
  label: string;
}

/** A vertex array, with its bytes now or (`fill`) later, into the file's array of its format (`byteLength` bytes). */
interface PlannedArray {
  array: IqmVertexArray;
  byteLength: number;
  fill?: (into: IqmVertexArray['data']) => void;
}

function planVertexArrays(meshes: Mesh[], vertexCount: number, text: TextTable, settings: Settings, warn: (m: string) => void, inPlace: boolean): PlannedArray[] {
  const has = (pick: (m: Mesh) => unknown) => meshes.some((m) => pick(m) !== undefined);
  const streams: Stream[] = [{ type: IQM_VERTEX_TYPE.position, components: 3, pick: (m) => m.attributes.positions, fill: [0, 0, 0], label: 'positions' }];
  const uvSets = Math.max(0, ...meshes.map((m) => m.attributes.uvs?.length ?? 0));
  for (let s = 0; s < uvSets; s++) streams.push({ type: IQM_VERTEX_TYPE.texcoord, components: 2, pick: (m) => m.attributes.uvs?.[s], fill: [0, 0], label: `uv set ${s}` });
  if (has((m) => m.attributes.normals)) streams.push({ type: IQM_VERTEX_TYPE.normal, components: 3, pick: (m) => m.attributes.normals, fill: [0, 0, 1], label: 'normals' });
  if (has((m) => m.attributes.tangents)) streams.push({ type: IQM_VERTEX_TYPE.tangent, components: 4, pick: (m) => m.attributes.tangents, fill: [1, 0, 0, 1], label: 'tangents' });
  if (has((m) => m.attributes.joints)) streams.push({ type: IQM_VERTEX_TYPE.blendIndexes, components: 4, pick: (m) => m.attributes.joints, fill: [0, 0, 0, 0], label: 'joints' });
  if (has((m) => m.attributes.weights)) streams.push({ type: IQM_VERTEX_TYPE.blendWeights, components: 4, pick: (m) => m.attributes.weights, fill: [0, 0, 0, 0], label: 'weights' });
  if (has((m) => m.attributes.colors)) streams.push({ type: IQM_VERTEX_TYPE.color, components: 4, pick: (m) => m.attributes.colors, fill: [1, 1, 1, 1], label: 'colors' });
  const extraNames = [...new Set(meshes.flatMap((m) => Object.keys(m.extras ?? {})))];
  for (const name of extraNames) {
    const components = meshes.map((m) => m.extras?.[name]?.components).find((c) => c !== undefined)!;
    streams.push({
      type: IQM_CUSTOM + text.add(name),
      components,
      pick: (m) => {
        const extra = m.extras?.[name];
        if (extra && extra.components !== components) { warn(`extras.${name} has ${extra.components} components in one mesh and ${components} in another; filled with 0 there`); return undefined; }
        return extra?.data;
      },
      fill: new Array<number>(components).fill(0),
      label: `extras.${name}`,
    });
  }

  return streams.map((stream): PlannedArray => {
    if (inPlace) {
      const planned = planInPlace(stream, meshes, vertexCount, settings, warn);
      if (planned) return planned;
    }
    const array = encodeStream(stream, joinMeshes(stream, meshes, vertexCount, settings.viewAsset, warn), settings, warn);
    return { array, byteLength: array.data.byteLength };
  });
}

/**
 * A stream written where the file holds it, mesh by mesh (its warnings now, as encodeStream
 * gives them, its values later), or undefined for the joined path: float arrays always; blend
 * weights and colors quantized to ubytes, and blend indices, when every mesh has them as the
 * Asset's type with the length its vertices need, or not at all.
 */
function planInPlace(stream: Stream, meshes: Mesh[], vertexCount: number, settings: Settings, warn: (m: string) => void): PlannedArray | undefined {
  const array = (format: IqmVertexArray['format']): IqmVertexArray => ({ type: stream.type, flags: 0, format, size: stream.components, data: new Float32Array(0) });
  const components = stream.components;
  const quantized = quantizedToUbyte(stream, settings);
  const indices = stream.type === IQM_VERTEX_TYPE.blendIndexes;
  if (!quantized && !indices) {
    joinWarnings(stream, meshes, warn);
    return { array: array(IQM_FORMAT.float), byteLength: vertexCount * components * 4, fill: (into) => joinInto(stream, meshes, into as Float32Array) };
  }
  const ctor = indices ? Uint16Array : Float32Array;
  const parts = meshes.map((mesh) => stream.pick(mesh));
  if (!parts.every((data, m) => data === undefined || (data instanceof ctor && data.length === (meshes[m]!.attributes.positions.length / 3) * components))) return undefined;
  joinWarnings(stream, meshes, warn);
  const kernels = settings.kernels.raw;
  // Each mesh's range of the file's array, in vertices times components.
  const ranges: [number, number][] = [];
  let at = 0;
  for (const mesh of meshes) {
    const count = (mesh.attributes.positions.length / 3) * components;
    ranges.push([at, at + count]);
    at += count;
  }
  if (indices) {
    // ubytes when every index fits (as iqmJointsToUbyte decides on the joined array), else ushorts.
    const fits = parts.every((data) => data === undefined || data.length === 0 || kernels.maxIndexU16(data as Uint16Array) <= 0xff);
    const fill = (into: IqmVertexArray['data']) => parts.forEach((data, m) => {
      const [start, end] = ranges[m]!;
      if (!data) return void into.fill(0, start, end);
      if (fits) kernels.iqmJointsToUbyte(data as Uint16Array, (into as Uint8Array).subarray(start, end));
      else (into as Uint16Array).set(data as Uint16Array, start);
    });
    return fits ? { array: array(IQM_FORMAT.ubyte), byteLength: vertexCount * components, fill } : { array: array(IQM_FORMAT.ushort), byteLength: vertexCount * components * 2, fill };
  }
  warn(stream.type === IQM_VERTEX_TYPE.blendWeights ? 'blend weights were quantized to ubyte (n/255), as the reference compiler stores them' : 'colors were quantized to ubyte (n/255)');
  const quantize = (src: Float32Array, dst: Uint8Array) => (stream.type === IQM_VERTEX_TYPE.blendWeights ? kernels.iqmQuantizeWeights(src, dst) : kernels.iqmQuantizeColors(src, dst));
  const fill = (into: IqmVertexArray['data']) => {
    const bytes = into as Uint8Array;
    // A mesh without the stream takes the fill values, quantized as the joined array's would be.
    let filled: Uint8Array | undefined;
    parts.forEach((data, m) => {
      const [start, end] = ranges[m]!;
      if (data) return quantize(data as Float32Array, bytes.subarray(start, end));
      if (!filled) {
        filled = new Uint8Array(components);
        quantize(Float32Array.from(stream.fill), filled);
      }
      if (filled.some((b) => b !== 0)) for (let i = start; i < end; i++) bytes[i] = filled[(i - start) % components]!;
      else bytes.fill(0, start, end);
    });
  };
  return { array: array(IQM_FORMAT.ubyte), byteLength: vertexCount * components, fill };
}

/** Whether a stream is stored as ubytes it is quantized to (blend weights, colors). */
function quantizedToUbyte(stream: Stream, settings: Settings): boolean {
  return (stream.type === IQM_VERTEX_TYPE.blendWeights && settings.blendWeights === 'ubyte') || (stream.type === IQM_VERTEX_TYPE.color && settings.colors === 'ubyte');
}

/** One stream's values for every mesh in turn (blend indices as uint16, the rest float32); what a mesh lacks is filled. */
function joinMeshes(stream: Stream, meshes: Mesh[], vertexCount: number, viewAsset: boolean, warn: (m: string) => void): Float32Array | Uint16Array {
  const ctor = stream.type === IQM_VERTEX_TYPE.blendIndexes ? Uint16Array : Float32Array;
  joinWarnings(stream, meshes, warn);
  const only = meshes.length === 1 ? stream.pick(meshes[0]!) : undefined;
  if (viewAsset && only instanceof ctor && only.length === vertexCount * stream.components) return only;
  const values = new ctor(vertexCount * stream.components);
  joinInto(stream, meshes, values);
  return values;
}

/** What joining a stream loses: a mesh's values of the wrong length, a mesh without the stream. */
function joinWarnings(stream: Stream, meshes: Mesh[], warn: (m: string) => void): void {
  for (const mesh of meshes) {
    const count = (mesh.attributes.positions.length / 3) * stream.components;
    const data = stream.pick(mesh);
    if (data) {
      if (data.length !== count) warn(`mesh '${mesh.name}' has ${data.length} ${stream.label} values for ${count}; the rest were set to 0`);
    } else if (meshes.length > 1) warn(`mesh '${mesh.name}' has no ${stream.label}; filled with (${stream.fill.join(', ')})`);
  }
}

/** Every mesh's values of a stream in turn into `values` (every value written: the file's bytes are not zeroed first), what a mesh lacks filled. */
function joinInto(stream: Stream, meshes: Mesh[], values: Float32Array | Uint16Array): void {
  let at = 0;
  for (const mesh of meshes) {
    const count = (mesh.attributes.positions.length / 3) * stream.components;
    const data = stream.pick(mesh);
    if (data) {
      const part = head(data, count);
      values.set(part, at);
      if (part.length < count) values.fill(0, at + part.length, at + count);
    } else if (stream.fill.some((v) => v !== 0)) for (let i = 0; i < count; i++) values[at + i] = stream.fill[i % stream.components]!;
    else values.fill(0, at, at + count);
    at += count;
  }
}

/** The first `count` values of `data` (a view when it is a typed array). */
function head(data: ArrayLike<number>, count: number): ArrayLike<number> {
  if (data.length <= count) return data;
  return ArrayBuffer.isView(data) ? (data as Float32Array).subarray(0, count) : Array.prototype.slice.call(data, 0, count);
}

function encodeStream(stream: Stream, values: Float32Array | Uint16Array, settings: Settings, warn: (m: string) => void): IqmVertexArray {
  const array = (format: IqmVertexArray['format'], data: IqmVertexArray['data']): IqmVertexArray => ({ type: stream.type, flags: 0, format, size: stream.components, data });
  if (values instanceof Uint16Array) {
    const bytes = new Uint8Array(values.length);
    return settings.kernels.raw.iqmJointsToUbyte(values, bytes) < 0 ? array(IQM_FORMAT.ubyte, bytes) : array(IQM_FORMAT.ushort, values);
  }
  if (stream.type === IQM_VERTEX_TYPE.blendWeights && settings.blendWeights === 'ubyte') {
    warn('blend weights were quantized to ubyte (n/255), as the reference compiler stores them');
    const bytes = new Uint8Array(values.length);
    settings.kernels.raw.iqmQuantizeWeights(values, bytes);
    return array(IQM_FORMAT.ubyte, bytes);
  }
  if (stream.type === IQM_VERTEX_TYPE.color && settings.colors === 'ubyte') {
    warn('colors were quantized to ubyte (n/255)');
    const bytes = new Uint8Array(values.length);
    settings.kernels.raw.iqmQuantizeColors(values, bytes);
    return array(IQM_FORMAT.ubyte, bytes);
  }
  return array(IQM_FORMAT.float, values);
}

/** Every mesh's triangles, counter-clockwise (Asset) to clockwise (IQM), numbered file-wide. */
function buildTriangles(meshes: Mesh[], firstVertices: number[], triangles: Uint32Array, kernels: Kernels): Uint32Array {
  let at = 0;
  meshes.forEach((mesh, m) => {
    kernels.raw.iqmClockwiseTriangles(mesh.indices, firstVertices[m]!, triangles.subarray(at, at + mesh.indices.length));
    at += mesh.indices.length;
  });
  return triangles;
}

/**
 * One pose per joint; every animation put on its frames (keys on the grid copied, others
 * resampled: see resampleAnimation), channels absent from a track take the bind pose. Quantization follows the
 * reference compiler: offset = min, scale = range / 65535, value = ushort(0.5 + (v − offset) / scale).
 */
function addAnimations(document: IqmDocument, asset: Asset, joints: Joint[], text: TextTable, kernels: Kernels, warn: (m: string) => void, hold: boolean): () => void {
  const animations = asset.animations.map((animation, a) => {
    const rated = animation.frameRate > 0 && animation.frameRate <= MAX_KEPT_FRAME_RATE;
    // IQM stores the rate: an animation on its own grid is written as it is (bounded like a resampled one).
    if (rated && isOnFrameGrid(animation)) {
      checkSampledFrames(animation.frameCount, Math.max(1, animation.tracks.length), `animation ${animation.name}`, `animations[${a}]`);
      return animation;
    }
    const rate = rated ? animation.frameRate : DEFAULT_FRAME_RATE;
    const resampled = resampleAnimation(animation, rate, `animations[${a}]`);
    if (rated) warn(`animation '${animation.name}' has keys off a ${rate} fps grid; it was resampled to ${resampled.frameCount} frames, the only timing IQM stores`);
    else warn(`animation '${animation.name}' claims ${animation.frameRate} fps, beyond the ${MAX_KEPT_FRAME_RATE} a writer keeps; it was resampled to ${resampled.frameCount} frames at ${rate} fps`);
    return resampled;
  });
  const trackJoints = animations.flatMap((a) => a.tracks.map((t) => t.joint));
  const poseCount = joints.length || Math.max(-1, ...trackJoints) + 1;
  if (!joints.length) warn('animations without a skeleton: poses are written without names or bind pose, all as roots');
  const totalFrames = animations.reduce((sum, a) => sum + a.frameCount, 0);
  checkSampledKeys(totalFrames, poseCount, 'the animations');
  let firstFrame = 0;
  for (const animation of animations) {
    document.anims.push({ name: text.add(animation.name), firstFrame, frameCount: animation.frameCount, frameRate: animation.frameRate, flags: animation.loop ? IQM_ANIM_LOOP : 0 });
    firstFrame += animation.frameCount;
  }
  // Channel by channel from the tracks' keys (quantize-frames.ts).
  // Held (hold): `frames` is a view of the kernels' workspace until the returned function releases it.
  const { poses, frameChannelCount, frames, release } = hold ? quantizeIqmFramesHeld(animations, joints, poseCount, kernels) : { ...quantizeIqmFrames(animations, joints, poseCount, kernels), release: () => {} };
  document.poses = poses;
  document.frameCount = totalFrames;
  document.frameChannelCount = frameChannelCount;
  document.frames = frames;
  return release;
}
