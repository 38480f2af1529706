import { emptyAsset, type Animation, type Asset, type Mesh, type MeshAttributes, type Track } from '../../model/asset.js';
import { indexWidthFor, type Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { MeshFormatError } from '../../io/errors.js';
import { fileOffsetIn } from '../../io/file-offsets.js';
import { checkTriangleVertices } from './read-iqm.js';
import { DEFAULT_FRAME_RATE } from '../format.js';
import { IQM_ANIM_LOOP, IQM_CHANNELS, iqmText, type IqmDocument, type IqmVertexArray } from './iqm-document.js';
import { dequantizeTracks, type IqmAnimationTracks } from './dequantize-tracks.js';
import { componentsToFloat32, IQM_CUSTOM, IQM_FORMAT_NAMES, IQM_VERTEX_TYPE, IQM_VERTEX_TYPE_NAMES } from './vertex-formats.js';

export interface IqmToAssetOptions {
  kernels?: Kernels;
  /** Frames per second for animations whose framerate is 0 or not finite. */
  frameRate?: number;
}

export const IQM_TO_ASSET_DEFAULTS: Required<Omit<IqmToAssetOptions, 'kernels'>> = { frameRate: DEFAULT_FRAME_RATE };

/** How a vertex array becomes a float attribute: components per vertex, normalized or not, the fill of a missing last component. */
interface FloatStream {
  array: IqmVertexArray;
  components: number;
  normalized: boolean;
  fill: number;
}

/** The vertex arrays the Asset takes, each converted per mesh, straight from the document's data. */
interface VertexStreams {
  positions?: FloatStream;
  normals?: FloatStream;
  tangents?: FloatStream;
  uvs: FloatStream[];
  colors?: FloatStream;
  joints?: IqmVertexArray;
  weights?: FloatStream;
  extras: { name: string; stream: FloatStream }[];
}

/**
 * Converts a document to the Asset model: float32 attributes per mesh (integer normals,
 * tangents, colors and weights read as normalized, other integers as plain values), IQM's
 * clockwise triangles turned counter-clockwise, the skeleton from the joints, and one track
 * per pose per animation. What the Asset has no place for (adjacency, bounds, comment,
 * extensions, flags, triangles outside every mesh) is named in `asset.warnings`.
 */
export function iqmToAsset(document: IqmDocument, options: IqmToAssetOptions = {}): Asset {
  // As `{ ...IQM_TO_ASSET_DEFAULTS, ...options }` has it, without making that object.
  const frameRate = Object.prototype.hasOwnProperty.call(options, 'frameRate') ? options.frameRate! : IQM_TO_ASSET_DEFAULTS.frameRate;
  const kernels = options.kernels ?? getKernels();
  const asset = emptyAsset('iqm');
  asset.upAxis = 'z';

  if (document.flags) warnOnce(asset, `header flags ${document.flags} are not kept`);
  if (document.adjacency) warnOnce(asset, 'triangle adjacency is not kept (it can be recomputed from the triangles)');
  if (document.bounds) warnOnce(asset, 'per-frame bounds are not kept');
  if (document.comment.length) warnOnce(asset, `the ${document.comment.length}-byte comment is not kept`);
  for (const ext of document.extensions) warnOnce(asset, `extension '${iqmText(document, ext.name)}' (${ext.data.length} bytes) is not kept`);

  // Triangles no mesh covers are checked here (readIqm may have left the check to this function);
  // each mesh's are checked by the pass that winds them (convertMesh).
  const orphans = trianglesOutsideMeshes(document);
  if (orphans) checkTriangleVertices(document.triangles, document.vertexCount, kernels, fileOffsetIn(document, document.triangles));
  const streams = convertVertexArrays(document, asset);
  for (const mesh of document.meshes) asset.meshes.push(convertMesh(document, mesh, streams, kernels, asset));
  if (orphans) warnOnce(asset, `${orphans} triangles belong to no mesh and are not kept`);

  if (document.joints.length) {
    asset.skeleton = {
      // Array literals, not spreads (the iterator protocol per array: 1.7 → 0.8 µs for 75 joints).
      joints: document.joints.map(({ name, parent, translate: t, rotate: r, scale: s }) => ({
        name: iqmText(document, name),
        parent: parent < 0 ? -1 : parent,
        translation: [t[0], t[1], t[2]],
        rotation: [r[0], r[1], r[2], r[3]],
        scale: [s[0], s[1], s[2]],
      })),
    };
  }
  if (document.anims.length) {
    if (!document.joints.length) warnOnce(asset, `animation-only file: tracks refer to the ${document.poses.length} joints of the model it animates, by index`);
    const tracks = dequantizeTracks(document, kernels);
    for (let i = 0; i < document.anims.length; i++) asset.animations.push(convertAnimation(document, document.anims[i]!, tracks[i]!, frameRate, asset));
  }
  return asset;
}

/**
 * `message` into the Asset's warnings, once (a function, not a closure made per parse: under
 * esbuild's keepNames, as tsx runs, each closure is also named through a property definition).
 */
function warnOnce(asset: Asset, message: string): void {
  if (!asset.warnings.includes(message)) asset.warnings.push(message);
}

/** A float stream of `array`, warning when its component count is not the one the Asset takes. */
function floatStream(array: IqmVertexArray, components: number, normalized: boolean, fill: number, name: string, asset: Asset): FloatStream {
  if (array.size !== components) warnOnce(asset, `${name} has ${array.size} components (${IQM_FORMAT_NAMES[array.format]}); converted to ${components}`);
  return { array, components, normalized, fill };
}

/** `array` kept as an extra named `name` (or `name#2`… when taken). */
function addExtra(streams: VertexStreams, array: IqmVertexArray, name: string, normalized: boolean, asset: Asset): void {
  let unique = name;
  for (let n = 2; streams.extras.some((e) => e.name === unique); n++) unique = `${name}#${n}`;
  if (unique !== name) warnOnce(asset, `a second vertex array named '${name}' is kept as extras['${unique}']`);
  streams.extras.push({ name: unique, stream: { array, components: array.size, normalized, fill: 0 } });
}

function convertVertexArrays(document: IqmDocument, asset: Asset): VertexStreams {
  const streams: VertexStreams = { uvs: [], extras: [] };
  for (const array of document.vertexArrays) {
    const typeName = vertexTypeName(document, array);
    if (array.flags) warnOnce(asset, `vertex array ${typeName} flags ${array.flags} are not kept`);
    switch (array.type) {
      case IQM_VERTEX_TYPE.position:
        if (streams.positions) { warnOnce(asset, 'a second position array is kept as extras.position'); addExtra(streams, array, 'position', false, asset); }
        else streams.positions = floatStream(array, 3, false, 0, typeName, asset);
        break;
      case IQM_VERTEX_TYPE.texcoord:
        streams.uvs.push(floatStream(array, 2, false, 0, typeName, asset));
        break;
      case IQM_VERTEX_TYPE.normal:
        if (streams.normals) { warnOnce(asset, 'a second normal array is kept as extras.normal'); addExtra(streams, array, 'normal', false, asset); }
        else streams.normals = floatStream(array, 3, true, 0, typeName, asset);
        break;
      case IQM_VERTEX_TYPE.tangent:
        if (streams.tangents) { warnOnce(asset, 'a second tangent array is kept as extras.tangent'); addExtra(streams, array, 'tangent', false, asset); }
        else streams.tangents = floatStream(array, 4, true, 1, typeName, asset);
        break;
      case IQM_VERTEX_TYPE.blendIndexes:
        if (streams.joints) { warnOnce(asset, 'a second blendindexes array is kept as extras.blendindexes'); addExtra(streams, array, 'blendindexes', false, asset); }
        else {
          floatStream(array, 4, false, 0, 'blendindexes', asset);
          streams.joints = array;
        }
        break;
      case IQM_VERTEX_TYPE.blendWeights:
        if (streams.weights) { warnOnce(asset, 'a second blendweights array is kept as extras.blendweights'); addExtra(streams, array, 'blendweights', true, asset); }
        else streams.weights = floatStream(array, 4, true, 0, typeName, asset);
        break;
      case IQM_VERTEX_TYPE.color:
        if (streams.colors) { warnOnce(asset, 'a second color array is kept as extras.color'); addExtra(streams, array, 'color', true, asset); }
        else streams.colors = floatStream(array, 4, true, 1, typeName, asset);
        break;
      default:
        if (array.type < IQM_CUSTOM) warnOnce(asset, `vertex array of reserved type ${array.type} is kept as extras.${typeName}`);
        addExtra(streams, array, typeName, false, asset);
    }
  }
  return streams;
}

/** How many triangles no mesh covers (mesh ranges may overlap). */
function trianglesOutsideMeshes(document: IqmDocument): number {
  const total = document.triangles.length / 3;
  const ranges = document.meshes.map((m) => [m.firstTriangle, Math.min(m.firstTriangle + m.triangleCount, total)] as const).sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reached = 0;
  for (const [start, end] of ranges) {
    if (end > reached) covered += end - Math.max(start, reached);
    reached = Math.max(reached, end);
  }
  return total - covered;
}

function vertexTypeName(document: IqmDocument, array: IqmVertexArray): string {
  if (array.type >= IQM_CUSTOM) return iqmText(document, array.type - IQM_CUSTOM);
  return IQM_VERTEX_TYPE_NAMES[array.type] ?? `type${array.type}`;
}

function convertMesh(document: IqmDocument, mesh: IqmDocument['meshes'][number], streams: VertexStreams, kernels: Kernels, asset: Asset): Mesh {
  const first = mesh.firstVertex;
  const count = mesh.vertexCount;
  if (!streams.positions) warnOnce(asset, 'no position array: positions set to 0');
  // A small mesh's float attributes share one allocation (one buffer, a view each: fewer
  // allocations for a small file's parse to pay; each view is 16-byte aligned).
  const width = indexWidthFor(count);
  const block = new AttributeBlock(count, [streams.positions, streams.normals, streams.tangents, ...streams.uvs, streams.colors, streams.weights], mesh.triangleCount * 3 * width);
  const attributes: MeshAttributes = { positions: streams.positions ? block.take(streams.positions, first, kernels) : new Float32Array(count * 3) };
  if (streams.normals) attributes.normals = block.take(streams.normals, first, kernels);
  if (streams.tangents) attributes.tangents = block.take(streams.tangents, first, kernels);
  if (streams.uvs.length) {
    const uvs: Float32Array[] = [];
    for (const uv of streams.uvs) uvs.push(block.take(uv, first, kernels));
    attributes.uvs = uvs;
  }
  if (streams.colors) attributes.colors = block.take(streams.colors, first, kernels);
  if (streams.joints) attributes.joints = toJoints(document, streams.joints, first, count, kernels, asset);
  if (streams.weights) attributes.weights = block.take(streams.weights, first, kernels);

  const all = document.triangles;
  const triangles = mesh.firstTriangle === 0 && mesh.triangleCount * 3 === all.length ? all : all.subarray(mesh.firstTriangle * 3, (mesh.firstTriangle + mesh.triangleCount) * 3);
  const indices = block.indices(width, triangles.length);
  // Clockwise (IQM) to counter-clockwise, local to the mesh's vertices, narrowed: one pass.
  const outside = kernels.raw.windIqmTriangles(triangles, first, count, indices);
  const name = iqmText(document, mesh.name);
  if (outside >= 0) {
    // A vertex past the file's vertices is the error readIqm gives (the first such corner in the file).
    checkTriangleVertices(document.triangles, document.vertexCount, kernels, fileOffsetIn(document, document.triangles));
    const offset = fileOffsetIn(document, document.triangles, mesh.firstTriangle * 3 + outside, 4);
    throw new MeshFormatError({ code: 'UNSUPPORTED', format: 'iqm', offset }, `mesh '${name}' has a triangle using vertex ${triangles[outside]}, outside its own vertices ${first}..${first + count - 1}`);
  }
  const result: Mesh = { name, attributes, indices };
  const material = iqmText(document, mesh.material);
  if (material) result.material = material;
  if (streams.extras.length) {
    result.extras = {};
    for (const e of streams.extras) result.extras[e.name] = { components: e.stream.components, data: take(e.stream, first, count, kernels) };
  }
  return result;
}

/** Floats up to which a mesh's attributes share one allocation (above it, one each: a large zeroed block measured slower than copies of their own). */
const SHARED_BLOCK_FLOATS = 65536;

/**
 * One allocation for the float attributes and the indices of a small mesh, handed out as aligned
 * views in order (the indices last: at 30 kB, each allocation of a parse's Asset cost about as
 * much as copying its bytes).
 */
class AttributeBlock {
  private readonly buffer: ArrayBuffer | undefined;
  private readonly floats: Float32Array | undefined;
  private used = 0;

  constructor(private readonly count: number, streams: (FloatStream | undefined)[], private readonly indexBytes: number) {
    let total = 0;
    for (const s of streams) if (s) total += (count * s.components + 3) & ~3;
    if (total <= SHARED_BLOCK_FLOATS) {
      this.buffer = new ArrayBuffer(total * 4 + indexBytes);
      this.floats = new Float32Array(this.buffer, 0, total);
    }
  }

  /** The mesh's `length` indices, `width` bytes each: after the attributes in the block, or an array of their own. */
  indices(width: 1 | 2 | 4, length: number): Uint8Array | Uint16Array | Uint32Array {
    const ctor = width === 1 ? Uint8Array : width === 2 ? Uint16Array : Uint32Array;
    return this.buffer && length * width === this.indexBytes ? new ctor(this.buffer, this.floats!.byteLength, length) : new ctor(length);
  }

  /** `stream`'s `count` vertices from `first`, as float32, in the next view of the block (or an array of its own). */
  take({ array, components, normalized, fill }: FloatStream, first: number, kernels: Kernels): Float32Array {
    const length = this.count * components;
    const out = this.floats?.subarray(this.used, this.used + length);
    this.used += (length + 3) & ~3;
    return componentsToFloat32(part(array, first, this.count), array.format, normalized, kernels, array.size, components, fill, out);
  }
}

/** `count` vertices of `array` from `first`: the array itself when that is all of it. */
function part(array: IqmVertexArray, first: number, count: number): IqmVertexArray['data'] {
  const { data, size } = array;
  return first === 0 && count * size === data.length ? data : data.subarray(first * size, (first + count) * size);
}

/** A stream's `count` vertices from `first`, as float32. */
function take({ array, components, normalized, fill }: FloatStream, first: number, count: number, kernels: Kernels): Float32Array {
  return componentsToFloat32(part(array, first, count), array.format, normalized, kernels, array.size, components, fill);
}

/** Four joints per vertex; blend indices that are not integers naming a joint become 0. */
function toJoints(document: IqmDocument, array: IqmVertexArray, first: number, count: number, kernels: Kernels, asset: Asset): Uint16Array {
  const jointCount = document.joints.length || document.poses.length;
  const joints = new Uint16Array(count * 4);
  const src = part(array, first, count);
  const bad = kernels.raw.iqmJointIndices(src, array.format, array.size, Math.min(Math.max(jointCount, 1), 0x10000), joints);
  if (bad) warnOnce(asset, `blend indices outside the ${jointCount} joints (or not integers) were set to 0`);
  return joints;
}

function convertAnimation(document: IqmDocument, anim: IqmDocument['anims'][number], dense: IqmAnimationTracks, defaultRate: number, asset: Asset): Animation {
  const name = iqmText(document, anim.name);
  let frameRate = anim.frameRate;
  if (!(frameRate > 0 && Number.isFinite(frameRate))) {
    warnOnce(asset, `animation '${name}' has framerate ${frameRate}; ${defaultRate} frames per second assumed`);
    frameRate = defaultRate;
  }
  if (anim.flags & ~IQM_ANIM_LOOP) warnOnce(asset, `animation '${name}' flags ${anim.flags} other than loop are not kept`);
  const n = anim.frameCount;
  let animated = 0;
  for (const pose of document.poses) if (pose.channelMask !== 0) animated++;
  // One block of key times shared by the animated poses' tracks (read-only); a pose whose mask is
  // 0 stores nothing per frame and becomes a one-key (constant) track, so frames cost memory
  // only where the file stores values for them. Animated tracks are views of `dense.values`.
  const times = new Float32Array(animated ? n : 0);
  for (let i = 0; i < times.length; i++) times[i] = i / frameRate;
  const values = dense.values;
  const tracks: Track[] = [];
  let row = 0;
  for (let j = 0; j < document.poses.length; j++) {
    const pose = document.poses[j]!;
    if (pose.channelMask === 0) {
      const c = pose.channelOffset;
      tracks.push({ joint: j, times: new Float32Array(1), translation: c.slice(0, 3), rotation: c.slice(3, 7), scale: c.slice(7, 10) });
      continue;
    }
    const at = row * n * IQM_CHANNELS;
    tracks.push({ joint: j, times, translation: values.subarray(at, at + n * 3), rotation: values.subarray(at + n * 3, at + n * 7), scale: values.subarray(at + n * 7, at + n * 10) });
    row++;
  }
  return { name, frameRate, frameCount: n, loop: (anim.flags & IQM_ANIM_LOOP) !== 0, tracks };
}
