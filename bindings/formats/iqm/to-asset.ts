import { emptyAsset, type Animation, type Asset, type Mesh, type MeshAttributes, type Track } from '../../model/asset.js';
import type { Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { MeshFormatError } from '../../io/errors.js';
import { fileOffsetOf } from '../../io/provenance.js';
import { DEFAULT_FRAME_RATE } from '../format.js';
import { IQM_ANIM_LOOP, IQM_CHANNELS, iqmText, type IqmDocument, type IqmVertexArray } from './iqm-document.js';
import { dequantizeFrames } from './dequantize-frames.js';
import { componentsToFloat32, IQM_CUSTOM, IQM_FORMAT_NAMES, IQM_VERTEX_TYPE, IQM_VERTEX_TYPE_NAMES } from './vertex-formats.js';

export interface IqmToAssetOptions {
  kernels?: Kernels;
  /** Frames per second for animations whose framerate is 0 or not finite. */
  frameRate?: number;
}

export const IQM_TO_ASSET_DEFAULTS: Required<Omit<IqmToAssetOptions, 'kernels'>> = { frameRate: DEFAULT_FRAME_RATE };

/** Whole-file vertex data converted once; meshes take their ranges from it. */
interface VertexStreams {
  positions?: Float32Array;
  normals?: Float32Array;
  tangents?: Float32Array;
  uvs: Float32Array[];
  colors?: Float32Array;
  joints?: Uint16Array;
  weights?: Float32Array;
  extras: { name: string; components: number; data: Float32Array }[];
}

/**
 * Converts a document to the Asset model: float32 attributes per mesh (integer normals,
 * tangents, colors and weights read as normalized, other integers as plain values), IQM's
 * clockwise triangles turned counter-clockwise, the skeleton from the joints, and one track
 * per pose per animation. What the Asset has no place for (adjacency, bounds, comment,
 * extensions, flags, triangles outside every mesh) is named in `asset.warnings`.
 */
export function iqmToAsset(document: IqmDocument, options: IqmToAssetOptions = {}): Asset {
  const { frameRate } = { ...IQM_TO_ASSET_DEFAULTS, ...options };
  const kernels = options.kernels ?? getKernels();
  const asset = emptyAsset('iqm');
  asset.upAxis = 'z';
  const warn = (message: string) => { if (!asset.warnings.includes(message)) asset.warnings.push(message); };

  if (document.flags) warn(`header flags ${document.flags} are not kept`);
  if (document.adjacency) warn('triangle adjacency is not kept (it can be recomputed from the triangles)');
  if (document.bounds) warn('per-frame bounds are not kept');
  if (document.comment.length) warn(`the ${document.comment.length}-byte comment is not kept`);
  for (const ext of document.extensions) warn(`extension '${iqmText(document, ext.name)}' (${ext.data.length} bytes) is not kept`);

  const streams = convertVertexArrays(document, warn);
  for (const mesh of document.meshes) asset.meshes.push(convertMesh(document, mesh, streams, kernels, warn));
  const orphans = trianglesOutsideMeshes(document);
  if (orphans) warn(`${orphans} triangles belong to no mesh and are not kept`);

  if (document.joints.length) {
    asset.skeleton = {
      joints: document.joints.map((j) => ({
        name: iqmText(document, j.name),
        parent: j.parent < 0 ? -1 : j.parent,
        translation: [...j.translate],
        rotation: [...j.rotate],
        scale: [...j.scale],
      })),
    };
  }
  if (document.anims.length) {
    if (!document.joints.length) warn(`animation-only file: tracks refer to the ${document.poses.length} joints of the model it animates, by index`);
    const dense = dequantizeFrames(document, kernels, true);
    for (const anim of document.anims) asset.animations.push(convertAnimation(document, anim, dense, frameRate, warn));
  }
  return asset;
}

function convertVertexArrays(document: IqmDocument, warn: (m: string) => void): VertexStreams {
  const streams: VertexStreams = { uvs: [], extras: [] };
  const jointCount = document.joints.length || document.poses.length;
  for (const array of document.vertexArrays) {
    const typeName = vertexTypeName(document, array);
    if (array.flags) warn(`vertex array ${typeName} flags ${array.flags} are not kept`);
    const extra = (name: string, normalized = false) => {
      let unique = name;
      for (let n = 2; streams.extras.some((e) => e.name === unique); n++) unique = `${name}#${n}`;
      if (unique !== name) warn(`a second vertex array named '${name}' is kept as extras['${unique}']`);
      streams.extras.push({ name: unique, components: array.size, data: componentsToFloat32(array.data, array.format, normalized) });
    };
    switch (array.type) {
      case IQM_VERTEX_TYPE.position:
        if (streams.positions) { warn('a second position array is kept as extras.position'); extra('position'); }
        else streams.positions = toFloats(array, 3, false, 0, warn, typeName);
        break;
      case IQM_VERTEX_TYPE.texcoord:
        streams.uvs.push(toFloats(array, 2, false, 0, warn, typeName));
        break;
      case IQM_VERTEX_TYPE.normal:
        if (streams.normals) { warn('a second normal array is kept as extras.normal'); extra('normal'); }
        else streams.normals = toFloats(array, 3, true, 0, warn, typeName);
        break;
      case IQM_VERTEX_TYPE.tangent:
        if (streams.tangents) { warn('a second tangent array is kept as extras.tangent'); extra('tangent'); }
        else streams.tangents = toFloats(array, 4, true, 1, warn, typeName);
        break;
      case IQM_VERTEX_TYPE.blendIndexes:
        if (streams.joints) { warn('a second blendindexes array is kept as extras.blendindexes'); extra('blendindexes'); }
        else streams.joints = toJoints(array, jointCount, warn);
        break;
      case IQM_VERTEX_TYPE.blendWeights:
        if (streams.weights) { warn('a second blendweights array is kept as extras.blendweights'); extra('blendweights', true); }
        else streams.weights = toFloats(array, 4, true, 0, warn, typeName);
        break;
      case IQM_VERTEX_TYPE.color:
        if (streams.colors) { warn('a second color array is kept as extras.color'); extra('color', true); }
        else streams.colors = toFloats(array, 4, true, 1, warn, typeName);
        break;
      default:
        if (array.type < IQM_CUSTOM) warn(`vertex array of reserved type ${array.type} is kept as extras.${typeName}`);
        extra(typeName);
    }
  }
  return streams;
}

function trianglesOutsideMeshes(document: IqmDocument): number {
  const covered = new Uint8Array(document.triangles.length / 3);
  for (const mesh of document.meshes) covered.fill(1, mesh.firstTriangle, mesh.firstTriangle + mesh.triangleCount);
  return covered.length - covered.reduce((sum, c) => sum + c, 0);
}

function vertexTypeName(document: IqmDocument, array: IqmVertexArray): string {
  if (array.type >= IQM_CUSTOM) return iqmText(document, array.type - IQM_CUSTOM);
  return IQM_VERTEX_TYPE_NAMES[array.type] ?? `type${array.type}`;
}

/** Float32 with `components` per vertex: extra components dropped, missing ones set to `fill` (w, alpha) or 0. */
function toFloats(array: IqmVertexArray, components: number, normalized: boolean, fill: number, warn: (m: string) => void, typeName: string): Float32Array {
  const floats = componentsToFloat32(array.data, array.format, normalized);
  if (array.size === components) return floats;
  warn(`${typeName} has ${array.size} components (${IQM_FORMAT_NAMES[array.format]}); converted to ${components}`);
  const count = floats.length / array.size;
  const out = new Float32Array(count * components);
  for (let v = 0; v < count; v++) {
    for (let c = 0; c < components; c++) {
      out[v * components + c] = c < array.size ? floats[v * array.size + c]! : c === components - 1 && fill ? fill : 0;
    }
  }
  return out;
}

function toJoints(array: IqmVertexArray, jointCount: number, warn: (m: string) => void): Uint16Array {
  const values = toFloats(array, 4, false, 0, warn, 'blendindexes');
  const joints = new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isInteger(v) && v >= 0 && v < Math.max(jointCount, 1) && v <= 0xffff) joints[i] = v;
    else warn(`blend indices outside the ${jointCount} joints (or not integers) were set to 0`);
  }
  return joints;
}

function convertMesh(document: IqmDocument, mesh: IqmDocument['meshes'][number], streams: VertexStreams, kernels: Kernels, warn: (m: string) => void): Mesh {
  const first = mesh.firstVertex;
  const count = mesh.vertexCount;
  const take = <T extends Float32Array | Uint16Array>(data: T, components: number): T => data.slice(first * components, (first + count) * components) as T;
  if (!streams.positions) warn('no position array: positions set to 0');
  const attributes: MeshAttributes = { positions: streams.positions ? take(streams.positions, 3) : new Float32Array(count * 3) };
  if (streams.normals) attributes.normals = take(streams.normals, 3);
  if (streams.tangents) attributes.tangents = take(streams.tangents, 4);
  if (streams.uvs.length) attributes.uvs = streams.uvs.map((uv) => take(uv, 2));
  if (streams.colors) attributes.colors = take(streams.colors, 4);
  if (streams.joints) attributes.joints = take(streams.joints, 4);
  if (streams.weights) attributes.weights = take(streams.weights, 4);

  const triangles = document.triangles.subarray(mesh.firstTriangle * 3, (mesh.firstTriangle + mesh.triangleCount) * 3);
  const local = new Uint32Array(triangles.length);
  for (let t = 0; t < triangles.length; t += 3) {
    // Clockwise (IQM) to counter-clockwise: swap the last two corners.
    local[t] = triangles[t]! - first;
    local[t + 1] = triangles[t + 2]! - first;
    local[t + 2] = triangles[t + 1]! - first;
  }
  const name = iqmText(document, mesh.name);
  const outside = local.findIndex((v) => v >= count);
  if (outside >= 0) {
    const stored = outside + [0, 1, -1][outside % 3]!; // where the winding swap took it from
    const offset = fileOffsetOf(document.triangles, mesh.firstTriangle * 3 + stored, 4);
    throw new MeshFormatError({ code: 'UNSUPPORTED', format: 'iqm', offset }, `mesh '${name}' has a triangle using vertex ${triangles[stored]}, outside its own vertices ${first}..${first + count - 1}`);
  }
  const result: Mesh = { name, attributes, indices: kernels.compactIndices(local, count) };
  const material = iqmText(document, mesh.material);
  if (material) result.material = material;
  if (streams.extras.length) {
    result.extras = {};
    for (const e of streams.extras) result.extras[e.name] = { components: e.components, data: e.data.slice(first * e.components, (first + count) * e.components) };
  }
  return result;
}

function convertAnimation(document: IqmDocument, anim: IqmDocument['anims'][number], dense: Float32Array, defaultRate: number, warn: (m: string) => void): Animation {
  const name = iqmText(document, anim.name);
  let frameRate = anim.frameRate;
  if (!(frameRate > 0 && Number.isFinite(frameRate))) {
    warn(`animation '${name}' has framerate ${frameRate}; ${defaultRate} frames per second assumed`);
    frameRate = defaultRate;
  }
  if (anim.flags & ~IQM_ANIM_LOOP) warn(`animation '${name}' flags ${anim.flags} other than loop are not kept`);
  const n = anim.frameCount;
  const animated = document.poses.filter((pose) => pose.channelMask !== 0).length;
  // One block of key times shared by the animated poses' tracks (read-only); a pose whose mask is
  // 0 stores nothing per frame and becomes a one-key (constant) track, so frames cost memory
  // only where the file stores values for them.
  const times = new Float32Array(animated ? n : 0);
  for (let i = 0; i < times.length; i++) times[i] = i / frameRate;
  const stride = animated * IQM_CHANNELS;
  const tracks: Track[] = [];
  let row = 0;
  for (let j = 0; j < document.poses.length; j++) {
    const pose = document.poses[j]!;
    if (pose.channelMask === 0) {
      const c = pose.channelOffset;
      tracks.push({ joint: j, times: new Float32Array(1), translation: c.slice(0, 3), rotation: c.slice(3, 7), scale: c.slice(7, 10) });
      continue;
    }
    const translation = new Float32Array(n * 3);
    const rotation = new Float32Array(n * 4);
    const scale = new Float32Array(n * 3);
    for (let i = 0, at = anim.firstFrame * stride + row * IQM_CHANNELS; i < n; i++, at += stride) {
      translation[i * 3] = dense[at]!;
      translation[i * 3 + 1] = dense[at + 1]!;
      translation[i * 3 + 2] = dense[at + 2]!;
      rotation[i * 4] = dense[at + 3]!;
      rotation[i * 4 + 1] = dense[at + 4]!;
      rotation[i * 4 + 2] = dense[at + 5]!;
      rotation[i * 4 + 3] = dense[at + 6]!;
      scale[i * 3] = dense[at + 7]!;
      scale[i * 3 + 1] = dense[at + 8]!;
      scale[i * 3 + 2] = dense[at + 9]!;
    }
    tracks.push({ joint: j, times, translation, rotation, scale });
    row++;
  }
  return { name, frameRate, frameCount: n, loop: (anim.flags & IQM_ANIM_LOOP) !== 0, tracks };
}
