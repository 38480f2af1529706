import { MeshFormatError } from '../../io/errors.js';
import { getKernels } from '../../kernels/backend.js';
import { indexWidthFor, type Kernels } from '../../kernels/kernels.js';
import { weldStreams } from '../../kernels/weld-streams.js';
import { repairTangents } from '../../model/perpendicular-tangents.js';
import { emptyAsset, type Animation, type Asset, type IndexArray, type Mesh, type MeshAttributes } from '../../model/asset.js';
import { DEFAULT_FRAME_RATE, type ReadOptions } from '../format.js';
import { MemoryBudget, MEMORY_BUDGET_DEFAULTS } from '../../io/memory-budget.js';
import { StreamIndex } from './equal-streams.js';
import { subMeshPosition, TF_FORMAT_NAME } from './read-tf.js';
import { tfBlobLength, type TfAniDocument, type TfDocument, type TfIndexStream, type TfKeyframeAnimation, type TfMeshDocument, type TfSubMesh, type TfVertexAttribute } from './tf-document.js';
import { decomposeMatrix, eulerDegreesToQuaternion } from './transforms.js';

export interface TfReadOptions extends ReadOptions {
  /**
   * Flip texture coordinates (v = 1 − v) between Transport Fever's convention, taken to be
   * OpenGL's (v = 0 at the bottom of the image: the game renders with OpenGL), and the Asset's
   * (v = 0 at the top, as glTF). Default true; no corpus file has a texture to settle it.
   */
  flipV?: boolean;
  /** See TF_READ_DEFAULTS.maxExpansion. */
  maxExpansion?: number;
}

export const TF_READ_DEFAULTS = {
  flipV: true,
  /** Frames per second reported for animations (TF stores key times in milliseconds, no rate). */
  frameRate: DEFAULT_FRAME_RATE,
  /** Name of the animation an `.ani` becomes when no file name is given. */
  aniName: 'ani',
  /**
   * Welding can make more vertex data than the blob holds (a wide attribute indexed by a stream of
   * distinct corners, streams shifted against each other): the Asset's arrays may take at most this
   * many bytes per byte of the `.msh` and its blob, plus 64 KiB (the README's memory promise); a
   * submesh whose welded vertices and indices would pass that is refused (BAD_COUNT at its
   * position stream's blob offset) before anything is gathered.
   */
  maxExpansion: MEMORY_BUDGET_DEFAULTS.bytesPerInputByte,
};

const UV_NAME = /^uv(\d+)$/;

function fail(code: 'BAD_VALUE' | 'BAD_COUNT' | 'BAD_INDEX', detail: string, offset?: number): never {
  throw new MeshFormatError(offset === undefined ? { code, format: TF_FORMAT_NAME } : { code, format: TF_FORMAT_NAME, offset }, detail);
}

/**
 * The Asset of a TF document (Z-up). Mesh: one Asset mesh per submesh, its per-attribute index
 * streams welded into single-index vertices (identical streams weld as one, without hashing);
 * `position`, `normal`, `tangent` (w = handedness), `uvN` go to their slots, other attributes to
 * `extras`; the material is the one `matConfigs[1]` picks (else the first). KEYFRAME animations
 * become one joint each (at the animation's origin) with a track. `.ani`: one joint, one track.
 * Errors name the blob offset of the index at fault. `adoptArrays`: the Asset may take the
 * document's arrays instead of copies (for a document read only to make this Asset).
 * `inputBytes`: the size of the files the document was read from (the memory budget's base;
 * by default the blob's length).
 */
export function tfToAsset(doc: TfDocument, options: TfReadOptions = {}, adoptArrays = false, inputBytes = doc.kind === 'msh' ? tfBlobLength(doc) : 0): Asset {
  const frameRate = options.frameRate ?? TF_READ_DEFAULTS.frameRate;
  if (!(frameRate > 0 && Number.isFinite(frameRate))) throw new MeshFormatError({ code: 'BAD_OPTION', format: 'tf' }, `frameRate must be a positive number, got ${frameRate}`);
  const asset = emptyAsset(TF_FORMAT_NAME);
  asset.upAxis = 'z';
  if (doc.kind === 'ani') {
    aniToAsset(doc, asset, frameRate, options.fileName);
    return asset;
  }
  const kernels = options.kernels ?? getKernels();
  const flipV = options.flipV ?? TF_READ_DEFAULTS.flipV;
  const used = new Set<string>();
  const maxExpansion = options.maxExpansion ?? TF_READ_DEFAULTS.maxExpansion;
  const budget = new MemoryBudget(inputBytes, maxExpansion);
  const handout = new ArrayHandout(adoptArrays);
  const byName = new Map(doc.attributes.map((a) => [a.name, a]));
  doc.subMeshes.forEach((subMesh, i) => asset.meshes.push(subMeshToMesh(kernels, doc, byName, subMesh, i, handout, used, budget, asset.warnings)));
  // After every submesh is made: an adopted array must not change while another submesh may still read it.
  if (flipV) for (const mesh of asset.meshes) for (const uv of mesh.attributes.uvs ?? []) flipVInChunks(kernels, uv);
  asset.meshes.forEach((mesh, i) => {
    // The kernel finds the common case (every tangent usable) in one pass; repairTangents decides the rest.
    const tangents = mesh.attributes.tangents;
    const repaired = tangents && (tangents.length % 4 !== 0 || anyUnusableTangent(kernels, tangents)) ? repairTangents(tangents, mesh.attributes.normals) : 0;
    if (repaired) asset.warnings.push(`submesh ${i + 1}: ${repaired} of ${mesh.attributes.tangents!.length / 4} tangents were not finite or had no direction or handedness; each became a unit tangent perpendicular to its normal`);
  });
  for (const a of doc.attributes) if (!used.has(a.name)) asset.warnings.push(`vertexAttr.${a.name} is used by no submesh and is not carried`);
  keyframeAnimationsToAsset(doc, asset, frameRate);
  return asset;
}

/**
 * Floats per kernel call over an Asset array (a multiple of 4): each call copies its part into
 * WebAssembly memory and back, so that a large mesh never grows that memory by its whole array
 * (peak RSS of a 100 MB parse: 1.35× the file with one call per array, 1.09× before the kernels).
 */
const CHUNK_FLOATS = 1 << 18;

/** (u, v) → (u, 1 − v) in place, by flipV over parts of the array. */
function flipVInChunks(kernels: Kernels, uv: Float32Array): void {
  for (let at = 0; at < uv.length; at += CHUNK_FLOATS) {
    const part = uv.subarray(at, at + CHUNK_FLOATS);
    kernels.raw.flipV(part, part);
  }
}

/** Whether any tangent is not usable (firstUnusableTangent over parts of the array). */
function anyUnusableTangent(kernels: Kernels, tangents: Float32Array): boolean {
  for (let at = 0; at < tangents.length; at += CHUNK_FLOATS) if (kernels.raw.firstUnusableTangent(tangents.subarray(at, at + CHUNK_FLOATS)) >= 0) return true;
  return false;
}

/** Gives out document arrays: each array itself, once, when the Asset may adopt them and all of it is wanted; else a copy. */
class ArrayHandout {
  private readonly given = new Set<Float32Array | Uint32Array>();

  constructor(private readonly adopt: boolean) {}

  /** Whether `take` gives `array` itself for these elements. */
  adopts(array: Float32Array | Uint32Array, start: number, length: number): boolean {
    return this.adopt && start === 0 && length === array.length && !this.given.has(array);
  }

  /** Elements [start, start + length) of `array`. */
  take<T extends Float32Array | Uint32Array>(array: T, start: number, length: number): T {
    if (!this.adopts(array, start, length)) return array.slice(start, start + length) as T;
    this.given.add(array);
    return array;
  }
}

/** Floats up to which a submesh's attributes share one allocation (above it, one each). */
const SHARED_BLOCK_FLOATS = 65536;

/**
 * One allocation for the attributes and the indices of a small submesh, handed out as 16-byte
 * aligned views in order, the indices last (fewer allocations for a small file's parse: the
 * indices were an allocation of their own); a large submesh's arrays are their own. Not taken: the
 * block left unzeroed (io/uninitialized-bytes.ts), no faster on the speed bar's 30 KB door within
 * the noise of a shared machine (allocating the block at all is about a tenth of that parse).
 */
class AttributeBlock {
  private readonly buffer: ArrayBuffer | undefined;
  private readonly floats: Float32Array | undefined;
  private used = 0;

  /** `room`: bytes the block may take (a block made before the memory budget is charged stays within what is left of it). */
  constructor(readonly vertexCount: number, streams: { attribute: TfVertexAttribute }[], private readonly indexBytes: number, room = Infinity) {
    let total = 0;
    for (const { attribute } of streams) total += (vertexCount * attribute.numComp + 3) & ~3;
    if (total <= SHARED_BLOCK_FLOATS && total * 4 + indexBytes <= room) {
      this.buffer = new ArrayBuffer(total * 4 + indexBytes);
      this.floats = new Float32Array(this.buffer, 0, total);
    }
  }

  next(length: number): Float32Array {
    if (!this.floats) return new Float32Array(length);
    const view = this.floats.subarray(this.used, this.used + length);
    this.used += (length + 3) & ~3;
    return view;
  }

  /**
   * Elements [start, start + length) of `source`, copied: into the block, or by slice (one
   * allocation filled as it is made, where a new array is first zeroed, then written).
   */
  copy(source: Float32Array, start: number, length: number): Float32Array {
    if (!this.floats) return source.slice(start, start + length);
    const data = this.next(length);
    data.set(source.subarray(start, start + length));
    return data;
  }

  /** Room for `length` indices of the width `vertexCount` needs (the caller writes every one): after the attributes, or an array of its own. */
  indices(length: number): IndexArray {
    const width = indexWidthFor(this.vertexCount);
    const ctor = width === 1 ? Uint8Array : width === 2 ? Uint16Array : Uint32Array;
    return this.buffer && length * width === this.indexBytes ? new ctor(this.buffer, this.floats!.byteLength, length) : new ctor(length);
  }
}

/** The block for `vertexCount` welded vertices and `corners` indices of `streams`. */
function blockFor(vertexCount: number, corners: number, streams: { attribute: TfVertexAttribute }[], room?: number): AttributeBlock {
  return new AttributeBlock(vertexCount, streams, corners * indexWidthFor(vertexCount), room);
}

/** `byName`: the document's attributes by name (made once per document, not per submesh). */
function subMeshToMesh(kernels: Kernels, doc: TfMeshDocument, byName: Map<string, TfVertexAttribute>, subMesh: TfSubMesh, index: number, handout: ArrayHandout, used: Set<string>, budget: MemoryBudget, warnings: string[]): Mesh {
  const label = `submesh ${index + 1}`;
  const streams: { stream: TfIndexStream; attribute: TfVertexAttribute }[] = [];
  for (const stream of subMesh.indices) {
    const attribute = byName.get(stream.attribute);
    if (!attribute) {
      warnings.push(`${label}: indices.${stream.attribute} points into no vertexAttr entry and is not carried`);
      continue;
    }
    streams.push({ stream, attribute });
    used.add(attribute.name);
  }
  const position = streams.find((s) => s.attribute.name === 'position');
  if (!position) throw new MeshFormatError({ code: 'BAD_VALUE', format: TF_FORMAT_NAME, ...subMeshPosition(subMesh) }, `${label} has no position index stream`);
  if (position.attribute.numComp !== 3) fail('BAD_VALUE', `vertexAttr.position has numComp ${position.attribute.numComp}, not 3`, position.attribute.offset);
  const corners = position.stream.data.length;
  for (const { stream } of streams) {
    if (stream.data.length !== corners) fail('BAD_COUNT', `${label}: indices.${stream.attribute} has ${stream.data.length} indices, indices.position ${corners}`, stream.offset);
  }
  if (corners % 3 !== 0) fail('BAD_COUNT', `${label}: ${corners} indices do not make whole triangles`, position.stream.offset);
  // Streams with the same indices weld as one (writers often point every attribute at one array).
  const groups: { data: Uint32Array; limit: number; members: typeof streams }[] = [];
  const groupOf = new StreamIndex<(typeof groups)[number]>();
  for (const s of streams) {
    const elements = s.attribute.data.length / s.attribute.numComp;
    const group = groupOf.find(s.stream.data);
    if (group) {
      group.members.push(s);
      group.limit = Math.min(group.limit, elements);
    } else {
      groups.push({ data: s.stream.data, limit: elements, members: [s] });
      groupOf.add(s.stream.data, groups[groups.length - 1]!);
    }
  }
  const welded = weldGroups(kernels, groups, (vertexCount) => blockFor(vertexCount, corners, streams, budget.remaining));
  if (typeof welded === 'number') {
    const bad = streams.find((s) => s.stream.data[welded]! >= s.attribute.data.length / s.attribute.numComp)!;
    fail('BAD_INDEX', `${label}: index ${welded} of indices.${bad.stream.attribute} is ${bad.stream.data[welded]}, outside the ${bad.attribute.data.length / bad.attribute.numComp} elements of vertexAttr.${bad.attribute.name}`, bad.stream.offset + welded * 4);
  }
  const vertexCount = welded.vertexCount;
  // Every attribute (gathered or adopted) and the indices at the width they will have.
  const vertexBytes = vertexCount * 4 * streams.reduce((n, s) => n + s.attribute.numComp, 0);
  const indexBytes = corners * indexWidthFor(vertexCount);
  if (!budget.take(vertexBytes + indexBytes)) {
    fail('BAD_COUNT', `${label}: ${vertexCount} welded vertices and ${corners} indices need ${vertexBytes + indexBytes} bytes; the Asset may take ${budget.describe()} (maxExpansion)`, position.stream.offset);
  }
  const gathered = new Map<string, { components: number; data: Float32Array }>();
  const block = welded.block?.vertexCount === vertexCount ? welded.block : blockFor(vertexCount, corners, streams);
  groups.forEach((group, g) => {
    const tuples = welded.tuples?.[g];
    for (const { attribute } of group.members) {
      let data: Float32Array;
      const length = vertexCount * attribute.numComp;
      if (tuples) {
        data = block.next(length);
        kernels.raw.gatherComponents(attribute.data, attribute.numComp, tuples, data);
      } else if (handout.adopts(attribute.data, welded.first * attribute.numComp, length)) {
        data = handout.take(attribute.data, 0, length);
      } else {
        data = block.copy(attribute.data, welded.first * attribute.numComp, length);
      }
      gathered.set(attribute.name, { components: attribute.numComp, data });
    }
  });
  const attributes: MeshAttributes = { positions: gathered.get('position')!.data };
  gathered.delete('position');
  const take = (name: string, components: number): Float32Array | undefined => {
    const entry = gathered.get(name);
    if (!entry || entry.components !== components) return undefined;
    gathered.delete(name);
    return entry.data;
  };
  const normals = take('normal', 3);
  if (normals) attributes.normals = normals;
  const tangents = take('tangent', 4);
  if (tangents) attributes.tangents = tangents;
  const uvs: Float32Array[] = [];
  for (let set = 0; ; set++) {
    const uv = take(`uv${set}`, 2);
    if (!uv) break;
    uvs.push(uv);
  }
  if (uvs.length) attributes.uvs = uvs;
  // TF has no name field; this library's writer adds `name` to each submesh.
  const stored = subMesh.extra.get('name');
  const indices = welded.narrowed ? welded.indices
    : indexWidthFor(vertexCount) !== 4 ? narrowInto(kernels, welded.indices, block.indices(corners))
    : welded.tuples || welded.first ? welded.indices : handout.take(welded.indices, 0, welded.indices.length);
  const mesh: Mesh = { name: typeof stored === 'string' ? stored : `submesh${index + 1}`, attributes, indices };
  if (gathered.size) {
    mesh.extras = Object.fromEntries(gathered);
    for (const name of gathered.keys()) {
      if (name === 'normal' || name === 'tangent' || UV_NAME.test(name)) warnings.push(`${label}: ${name} has an unusual numComp and is kept in mesh.extras`);
    }
  }
  const materials = subMesh.materials ?? [];
  const choice = doc.matConfigs?.[0]?.[index] ?? 0;
  const material = materials[choice];
  if (material !== undefined) mesh.material = material;
  else if (materials.length) warnings.push(`${label}: matConfigs picks material ${choice + 1} of ${materials.length}; none is carried`);
  if (materials.length > 1) warnings.push(`${label}: ${materials.length - 1} other material(s) are not carried (the Asset has one per mesh)`);
  if ((doc.matConfigs?.length ?? 0) > 1) warnings.push(`${label}: material configurations after the first are not carried`);
  return mesh;
}

/**
 * Single-index vertices of a submesh: `first` is the element its vertex 0 is, when the vertices
 * are a run of elements in file order (no `tuples`); otherwise `tuples` per group, by the weld
 * (vertices in order of first use). One distinct stream that uses every element of a run is its
 * own weld; its indices are narrowed straight into the block `blockFor` gives for that many
 * vertices (returned as `block`). A number: the first corner with an index out of range.
 */
function weldGroups(kernels: Kernels, groups: { data: Uint32Array; limit: number }[], blockFor: (vertexCount: number) => AttributeBlock): { indices: Uint32Array; tuples?: Uint32Array[]; vertexCount: number; first: number; narrowed?: false; block?: undefined } | { indices: IndexArray; tuples?: undefined; vertexCount: number; first: number; narrowed: true; block: AttributeBlock } | number {
  if (groups.length === 1) {
    // One distinct stream that uses every element of a run (all of its attributes, or the part
    // one submesh of several owns) is already welded: vertex v is element first + v. Only the
    // stream's own range of values is looked at, so that many submeshes sharing one large
    // attribute cost their own corners each, not the attribute's length each.
    const { data, limit } = groups[0]!;
    if (data.length === 0) return { indices: data, vertexCount: 0, first: 0 };
    // In one workspace: the stream's range (spanU32), then its values rebased to the range's
    // start in place and the distinct ones counted in one pass (countUsedValuesFrom). Loops in
    // TypeScript for the range and the rebase were a quarter of a 1 MB file's parse.
    const ws = kernels.workspace({ data: ['u32', data.length], span: ['u32', 2] });
    try {
      ws.arrays.data.set(data);
      kernels.raw.spanU32(ws.arrays.data, ws.arrays.span);
      const min = ws.arrays.span[0]!, max = ws.arrays.span[1]!;
      if (max >= limit) return data.findIndex((v) => v >= limit);
      const range = max - min + 1;
      // 16-bit indices (the common width) are counted and narrowed in one kernel
      // (countUsedNarrowU16: no uint32 differences written, no second pass to narrow them),
      // into the workspace (an output staged from outside it could grow the memory under the
      // workspace's own `seen`), then copied into the block's indices when every element of the
      // range is used.
      const sixteen = indexWidthFor(range) === 2;
      const marks = kernels.workspace({ seen: ['u8', range], narrow: ['u16', sixteen ? data.length : 0] });
      try {
        const a = ws.arrays;
        if (sixteen) {
          const used = kernels.raw.countUsedNarrowU16(a.data, min, range, marks.arrays.seen, marks.arrays.narrow);
          if (used === range) {
            const block = blockFor(range);
            const indices = block.indices(data.length) as Uint16Array;
            indices.set(marks.arrays.narrow);
            return { indices, vertexCount: used, first: min, narrowed: true, block };
          }
        } else {
          const used = kernels.raw.countUsedValuesFrom(a.data, min, range, marks.arrays.seen, min ? a.data : a.data.subarray(0, 0));
          // Narrowed here, from the workspace, to the width the mesh keeps (no copy of the 32-bit
          // indices out and back in again for compactIndices).
          if (used === range) {
            const block = blockFor(range);
            return { indices: narrowInto(kernels, a.data, block.indices(data.length)), vertexCount: used, first: min, narrowed: true, block };
          }
        }
      } finally {
        marks.release();
      }
    } finally {
      ws.release();
    }
  }
  const welded = weldStreams(kernels, groups.map((g) => g.data), groups.map((g) => g.limit));
  return typeof welded === 'number' ? welded : { ...welded, vertexCount: welded.tuples[0]!.length, first: 0 };
}

/** `indices` (every value below what `out`'s width holds) into `out` (as long), which is returned. */
function narrowInto(kernels: Kernels, indices: Uint32Array, out: IndexArray): IndexArray {
  if (out instanceof Uint32Array) out.set(indices);
  else if (out instanceof Uint16Array) kernels.raw.narrowU32ToU16(indices, out);
  else kernels.raw.narrowU32ToU8(indices, out);
  return out;
}

/** Each KEYFRAME animation: a root joint at its origin and one track (times in seconds). */
function keyframeAnimationsToAsset(doc: TfMeshDocument, asset: Asset, frameRate: number): void {
  const keyframed = (doc.animations ?? []).filter((a): a is TfKeyframeAnimation => a.type === 'KEYFRAME');
  for (const other of doc.animations ?? []) {
    if (other.type !== 'KEYFRAME') asset.warnings.push(`animation ${other.name} is not a plain KEYFRAME animation and is not carried`);
  }
  if (!keyframed.length) return;
  asset.skeleton = { joints: [] };
  for (const animation of keyframed) {
    const joint = asset.skeleton.joints.length;
    const name = String(animation.name);
    asset.skeleton.joints.push({ name, parent: -1, translation: [...animation.origin], rotation: [0, 0, 0, 1], scale: [1, 1, 1] });
    const n = animation.keyframes.length;
    const times = new Float32Array(n), translation = new Float32Array(n * 3), rotation = new Float32Array(n * 4);
    animation.keyframes.forEach((k, i) => {
      times[i] = k.time / 1000;
      translation.set([animation.origin[0] + k.transl[0], animation.origin[1] + k.transl[1], animation.origin[2] + k.transl[2]], i * 3);
      rotation.set(eulerDegreesToQuaternion(k.rot), i * 4);
    });
    const result: Animation = { name, frameRate, frameCount: framesOfKeys(times, frameRate), tracks: [{ joint, times, translation, rotation }] };
    asset.animations.push(result);
  }
  asset.warnings.push(`KEYFRAME animations move the whole mesh; each became a joint at its origin, to which the vertices are not skinned`);
}

function aniToAsset(doc: TfAniDocument, asset: Asset, frameRate: number, fileName: string | undefined): void {
  const n = doc.times.length;
  const name = fileName ? fileName.replace(/^.*[\\/]/, '').replace(/\.ani$/i, '') : TF_READ_DEFAULTS.aniName;
  const times = new Float32Array(n), translation = new Float32Array(n * 3), rotation = new Float32Array(n * 4), scale = new Float32Array(n * 3);
  let projective = false;
  for (let k = 0; k < n; k++) {
    const m = doc.transforms.subarray(k * 16, k * 16 + 16);
    if (m[3] !== 0 || m[7] !== 0 || m[11] !== 0 || m[15] !== 1) projective = true;
    const trs = decomposeMatrix(m);
    times[k] = doc.times[k]! / 1000;
    translation.set(trs.translation, k * 3);
    rotation.set(trs.rotation, k * 4);
    scale.set(trs.scale, k * 3);
  }
  if (projective) asset.warnings.push('an .ani matrix has a last row other than (0, 0, 0, 1), which translation/rotation/scale tracks cannot hold');
  asset.skeleton = { joints: [{ name, parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }] };
  asset.animations.push({ name, frameRate, frameCount: framesOfKeys(times, frameRate), tracks: [{ joint: 0, times, translation, rotation, scale }] });
}

/** Frames at `frameRate` from 0 to the last key (TF stores key times, not frames): the Asset's frameCount, so that durations come back as stored. */
function framesOfKeys(times: Float32Array, frameRate: number): number {
  return times.length ? Math.round(times[times.length - 1]! * frameRate) + 1 : 0;
}
