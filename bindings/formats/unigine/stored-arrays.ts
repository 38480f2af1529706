// Arrays of a UNIGINE document left in the file's bytes while a parse builds its Asset: a
// surface's coordinates, tangent frames, UVs, colours and both index streams are copied once,
// straight from the input into the workspace the kernels read (WebAssembly memory on a wasm
// backend), and its skin records and an animation's frame values are split straight into it,
// instead of first into arrays of the document and then from there.
//
// Alternatives, measured on the generated tube (one surface, 140 MB, default backend) and the
// speed bar's files (tiled mrfixit ~1 MB, tiled TF door ~30 KB; shared 2-core machine):
// - every array copied into the document at an aligned place (alignedCopy), then into the
//   workspace (the reader before): the document holds ~0.9× the file a second time during the
//   parse (peak RSS of a 100 MB parse 3.76× the file with the other costs), and each array costs
//   an aligned copy and (then) a WeakMap entry for its file offset;
// - typed arrays viewing the input where the file happens to align them: only a quarter of float32
//   arrays start on a multiple of 4, so most would still be copied;
// - accessors defined per object (Object.defineProperty, closures per field and per source):
//   the idea of this file, but 0.76× the reader before on the 30 KB door (property definitions,
//   closures, and under tsx a `__name` call per closure);
// - this file: a document made for one parse (readUnigineStaged: it never leaves the call, so the
//   input cannot change under it) of StagedSurface, StagedTarget and StagedFrames, whose large
//   arrays are class accessors over their stored spans: read as a property they are copied out as before (the
//   rare paths: morph targets), while sourceOf() gives the bytes in the file to stage directly.
//   readUnigine (the public document) copies as before: its arrays must not depend on the caller's buffer.
import type { TypedArray, TypedArrayConstructor } from '../../kernels/wasm-arena.js';
import type { FileOffsets } from '../../io/file-offsets.js';
import type { IndexArray } from '../../model/asset.js';
import type { UnigineBounds, UnigineFrames, UnigineMorphTarget, UnigineSurface } from './mesh-document.js';
import { splitWeightRecords } from './skin-records.js';
import { frameValueCounts, joinFrameRecords, splitNarrowFrameStreams, splitWideFrameStreams } from './frame-records.js';

/** Elements of one array as the file stores them: `bytes` is a view of the input. */
export interface StoredSpan {
  ctor: TypedArrayConstructor;
  bytes: Uint8Array;
  fileOffset: number;
}

/** An aligned copy of a stored span, recorded with its file offset in the document's table (what the document reader gives). */
function copyOut<T extends TypedArray>(span: StoredSpan, offsets: FileOffsets): T {
  const array = new span.ctor(span.bytes.length / span.ctor.BYTES_PER_ELEMENT);
  new Uint8Array(array.buffer, array.byteOffset, span.bytes.length).set(span.bytes);
  return offsets.record(array as T, span.fileOffset);
}

/** A morph target whose arrays are still in the file. */
export class StagedTarget implements UnigineMorphTarget {
  name: string;
  private storedVertices: StoredSpan | undefined;
  private storedTangents: StoredSpan | undefined;
  private copiedVertices: Float32Array | undefined;
  private copiedTangents: Int16Array | undefined;
  private readonly offsets: FileOffsets;

  constructor(name: string, vertices: StoredSpan, tangents: StoredSpan, offsets: FileOffsets) {
    this.name = name;
    this.storedVertices = vertices;
    this.storedTangents = tangents;
    this.offsets = offsets;
  }

  get vertices(): Float32Array {
    return (this.copiedVertices ??= copyOut<Float32Array>(this.storedVertices!, this.offsets));
  }

  set vertices(array: Float32Array) {
    this.copiedVertices = array;
    this.storedVertices = undefined;
  }

  get tangents(): Int16Array {
    return (this.copiedTangents ??= copyOut<Int16Array>(this.storedTangents!, this.offsets));
  }

  set tangents(array: Int16Array) {
    this.copiedTangents = array;
    this.storedTangents = undefined;
  }

  /** The span of `key` while it has not been copied out. */
  stored(key: 'vertices' | 'tangents'): StoredSpan | undefined {
    return key === 'vertices' ? (this.copiedVertices ? undefined : this.storedVertices) : this.copiedTangents ? undefined : this.storedTangents;
  }
}

type StagedKey = 'uv0' | 'uv1' | 'colors' | 'cindices' | 'tindices';

/** Skin records left in the file, already checked: their counts, and the records themselves. */
export interface StagedSkin {
  weightCounts: Uint8Array;
  records: StoredSpan;
  total: number;
}

/** A surface whose skin records, UVs, colours and index streams are still in the file. */
export class StagedSurface implements UnigineSurface {
  name: string;
  bounds: UnigineBounds;
  targets: UnigineMorphTarget[];
  weightCounts: Uint8Array;
  private readonly spans: Record<StagedKey, StoredSpan | undefined>;
  private readonly copies: Partial<Record<StagedKey, TypedArray>> = {};
  private skin: StagedSkin | undefined;
  private bones: Int16Array | undefined;
  private values: Uint16Array | undefined;
  private readonly offsets: FileOffsets;

  constructor(fields: Pick<UnigineSurface, 'name' | 'bounds' | 'targets'>, skin: StagedSkin, spans: Record<StagedKey, StoredSpan>, offsets: FileOffsets) {
    this.name = fields.name;
    this.bounds = fields.bounds;
    this.targets = fields.targets;
    this.weightCounts = skin.weightCounts;
    this.skin = skin;
    this.spans = spans;
    this.offsets = offsets;
  }

  /** The skin records while they are still in the file (not yet split by reading weightBones or weightValues). */
  storedSkin(): StagedSkin | undefined {
    return this.skin?.weightCounts === this.weightCounts ? this.skin : undefined;
  }

  private split(): void {
    const skin = this.skin!;
    this.bones = new Int16Array(skin.total);
    this.values = new Uint16Array(skin.total);
    const { bytes } = skin.records;
    splitWeightRecords(new DataView(bytes.buffer, bytes.byteOffset, bytes.length), 0, skin.weightCounts, this.bones, this.values);
    this.skin = undefined;
  }

  get weightBones(): Int16Array {
    if (!this.bones) this.split();
    return this.bones!;
  }

  set weightBones(array: Int16Array) {
    if (!this.bones) this.split();
    this.bones = array;
  }

  get weightValues(): Uint16Array {
    if (!this.values) this.split();
    return this.values!;
  }

  set weightValues(array: Uint16Array) {
    if (!this.values) this.split();
    this.values = array;
  }

  private array<T extends TypedArray>(key: StagedKey): T {
    return (this.copies[key] ??= copyOut(this.spans[key]!, this.offsets)) as T;
  }

  private replace(key: StagedKey, array: TypedArray): void {
    this.copies[key] = array;
    this.spans[key] = undefined;
  }

  get uv0(): Float32Array { return this.array('uv0'); }
  set uv0(array: Float32Array) { this.replace('uv0', array); }
  get uv1(): Float32Array { return this.array('uv1'); }
  set uv1(array: Float32Array) { this.replace('uv1', array); }
  get colors(): Uint8Array { return this.array('colors'); }
  set colors(array: Uint8Array) { this.replace('colors', array); }
  get cindices(): IndexArray { return this.array('cindices'); }
  set cindices(array: IndexArray) { this.replace('cindices', array); }
  get tindices(): IndexArray { return this.array('tindices'); }
  set tindices(array: IndexArray) { this.replace('tindices', array); }

  /** The span of `key` while it has not been copied out. */
  stored(key: StagedKey): StoredSpan | undefined {
    return this.copies[key] ? undefined : this.spans[key];
  }
}

/** Frame records left in the file, already checked by walkFrameRecords. */
export interface StoredFrameValues {
  bytes: Uint8Array;
  /** The flags the records were checked against. */
  flags: Uint8Array;
  /** 4: float32 positions and scales (ms11), 2: uint16 (an10). */
  channelBytes: 2 | 4;
}

/** Splits stored frame values into their streams (float32 channels moved as their bits). */
function splitFrameValues(stored: StoredFrameValues, positions: Float32Array | Uint16Array, rotations: Int16Array, scales: Float32Array | Uint16Array): void {
  const view = new DataView(stored.bytes.buffer, stored.bytes.byteOffset, stored.bytes.length);
  if (stored.channelBytes === 4) {
    const bits = (a: Float32Array | Uint16Array) => new Uint32Array(a.buffer, a.byteOffset, a.length);
    splitWideFrameStreams(view, 0, stored.flags, bits(positions), rotations, bits(scales));
  } else {
    splitNarrowFrameStreams(view, 0, stored.flags, positions as Uint16Array, rotations, scales as Uint16Array);
  }
}

/** An animation whose frame values are still in the file (its flags are read). An an10 one also gets its boxes as own properties. */
export class StagedFrames<Channel extends Float32Array | Uint16Array> implements UnigineFrames<Channel> {
  name: string;
  boneIndices: Int16Array;
  mask: number;
  frameCount: number;
  flags: Uint8Array;
  private stored: StoredFrameValues | undefined;
  private streams: { positions: Channel; rotations: Int16Array; scales: Channel } | undefined;

  constructor(name: string, boneIndices: Int16Array, mask: number, frameCount: number, stored: StoredFrameValues) {
    this.name = name;
    this.boneIndices = boneIndices;
    this.mask = mask;
    this.frameCount = frameCount;
    this.flags = stored.flags;
    this.stored = stored;
  }

  /** The values while they are still in the file (no stream read or replaced yet) and the flags are those they were checked against. */
  storedValues(): StoredFrameValues | undefined {
    return this.stored?.flags === this.flags ? this.stored : undefined;
  }

  private split(): { positions: Channel; rotations: Int16Array; scales: Channel } {
    if (this.streams) return this.streams;
    const stored = this.stored!;
    const Ctor = stored.channelBytes === 4 ? Float32Array : Uint16Array;
    const { positionCount, rotationCount, scaleCount } = frameValueCounts(stored.flags);
    const streams = { positions: new Ctor(positionCount) as Channel, rotations: new Int16Array(rotationCount * 4), scales: new Ctor(scaleCount) as Channel };
    splitFrameValues(stored, streams.positions, streams.rotations, streams.scales);
    this.stored = undefined;
    return (this.streams = streams);
  }

  get positions(): Channel { return this.split().positions; }
  set positions(array: Channel) { this.split().positions = array; }
  get rotations(): Int16Array { return this.split().rotations; }
  set rotations(array: Int16Array) { this.split().rotations = array; }
  get scales(): Channel { return this.split().scales; }
  set scales(array: Channel) { this.split().scales = array; }
}

/**
 * An animation's frame records, read by the expansion where they lie: the file's bytes while its
 * values are still there (records for every frame), else joined from its streams for its first
 * `entries` (joinFrameRecords); or the first entry whose flags ask for more values than the streams hold.
 */
export function frameRecords(animation: UnigineFrames<Float32Array | Uint16Array>, entries: number, quantized: boolean): Uint8Array | number {
  const stored = animation instanceof StagedFrames ? animation.storedValues() : undefined;
  if (stored) return stored.bytes;
  const { flags, positions, rotations, scales } = animation;
  // Streams of the other width are converted as TypedArray.set would (a document built by hand).
  if (quantized) return joinFrameRecords(flags, entries, asType(Uint16Array, positions), rotations, asType(Uint16Array, scales), 2);
  const bits = (a: Float32Array) => new Uint32Array(a.buffer, a.byteOffset, a.length);
  return joinFrameRecords(flags, entries, bits(asType(Float32Array, positions)), rotations, bits(asType(Float32Array, scales)), 4);
}

function asType<T extends Float32Array | Uint16Array>(Ctor: { new (length: number): T }, array: Float32Array | Uint16Array): T {
  if (array instanceof Ctor) return array;
  const converted = new Ctor(array.length);
  converted.set(array);
  return converted;
}

/** A surface's skin weights, from its records in the file or its arrays in memory, split once, into the workspace. */
export interface SkinSource {
  counts: Uint8Array;
  bonesLength: number;
  valuesLength: number;
  /** File offset of the records, if they came from a file. */
  fileOffset: number | undefined;
  /** The records still in the file (checked by countWeights), for the splitSkinRecords kernel; undefined when they are arrays already. */
  records: Uint8Array | undefined;
  /** Fills `bones` and `values` (bonesLength and valuesLength long). */
  splitInto(bones: Int16Array, values: Uint16Array): void;
}

/** The skin of `surface` as a SkinSource: split from its records while they are in the file, else its arrays. `offsets`: its document's table. */
export function skinSource(surface: UnigineSurface, offsets?: FileOffsets): SkinSource {
  const skin = surface instanceof StagedSurface ? surface.storedSkin() : undefined;
  return skin ? new StoredSkinSource(skin, offsets) : new MemorySkinSource(surface, offsets);
}

// Classes rather than object literals with a closure each: a surface's skin source is made on
// every parse, skinned or not.

class StoredSkinSource implements SkinSource {
  readonly counts: Uint8Array;
  readonly bonesLength: number;
  readonly valuesLength: number;
  readonly records: Uint8Array;
  private readonly offsets: FileOffsets | undefined;

  constructor(skin: StagedSkin, offsets: FileOffsets | undefined) {
    this.counts = skin.weightCounts;
    this.bonesLength = skin.total;
    this.valuesLength = skin.total;
    this.records = skin.records.bytes;
    this.offsets = offsets;
  }

  /** Looked up only when an error asks. */
  get fileOffset(): number | undefined {
    return this.offsets?.offsetOf(this.counts);
  }

  splitInto(bones: Int16Array, values: Uint16Array): void {
    const bytes = this.records;
    splitWeightRecords(new DataView(bytes.buffer, bytes.byteOffset, bytes.length), 0, this.counts, bones, values);
  }
}

class MemorySkinSource implements SkinSource {
  readonly counts: Uint8Array;
  readonly bonesLength: number;
  readonly valuesLength: number;
  readonly records = undefined;
  private readonly bones: Int16Array;
  private readonly values: Uint16Array;
  private readonly offsets: FileOffsets | undefined;

  constructor(surface: UnigineSurface, offsets: FileOffsets | undefined) {
    this.counts = surface.weightCounts;
    this.bones = surface.weightBones;
    this.values = surface.weightValues;
    this.bonesLength = this.bones.length;
    this.valuesLength = this.values.length;
    this.offsets = offsets;
  }

  /** Looked up only when an error asks. */
  get fileOffset(): number | undefined {
    return this.offsets?.offsetOf(this.counts);
  }

  splitInto(bones: Int16Array, values: Uint16Array): void {
    bones.set(this.bones);
    values.set(this.values);
  }
}

/** One array of a document, stored in the file or in memory, read without copying it out. */
export interface ArraySource {
  readonly length: number;
  readonly bytesPerElement: number;
  /** The stored bytes when the array is still in the file (no copy), else undefined. */
  readonly stored: Uint8Array | undefined;
  /** Copies the elements into `into` (same element type; an in-memory array may also be narrower). */
  copyInto(into: TypedArray): void;
  /** Element `index` of an unsigned array, as a number (for messages). */
  element(index: number): number;
  /** File offset of element `index`, if the array came from a file. */
  fileOffset(index?: number): number | undefined;
}

class SpanSource implements ArraySource {
  readonly length: number;
  readonly bytesPerElement: number;
  readonly stored: Uint8Array;
  private readonly offset: number;

  constructor(span: StoredSpan) {
    this.bytesPerElement = span.ctor.BYTES_PER_ELEMENT;
    this.stored = span.bytes;
    this.length = span.bytes.length / this.bytesPerElement;
    this.offset = span.fileOffset;
  }

  copyInto(into: TypedArray): void {
    new Uint8Array(into.buffer, into.byteOffset, this.stored.length).set(this.stored);
  }

  element(index: number): number {
    const size = this.bytesPerElement;
    const view = new DataView(this.stored.buffer, this.stored.byteOffset + index * size, size);
    return size === 1 ? view.getUint8(0) : size === 2 ? view.getUint16(0, true) : view.getUint32(0, true);
  }

  fileOffset(index = 0): number {
    return this.offset + index * this.bytesPerElement;
  }
}

class MemorySource implements ArraySource {
  readonly length: number;
  readonly bytesPerElement: number;
  readonly stored = undefined;
  private readonly array: TypedArray;
  private readonly offsets: FileOffsets | undefined;

  constructor(array: TypedArray, offsets: FileOffsets | undefined) {
    this.array = array;
    this.offsets = offsets;
    this.length = array.length;
    this.bytesPerElement = array.BYTES_PER_ELEMENT;
  }

  copyInto(into: TypedArray): void {
    into.set(this.array);
  }

  element(index: number): number {
    return this.array[index]!;
  }

  fileOffset(index = 0): number | undefined {
    return this.offsets?.offsetOf(this.array, index, this.bytesPerElement);
  }
}

/** `target[key]` as an ArraySource: its bytes in the file while it has not been copied out, else the array (`offsets`: its document's table). */
export function targetSource(target: UnigineMorphTarget, key: 'vertices' | 'tangents', offsets?: FileOffsets): ArraySource {
  const span = target instanceof StagedTarget ? target.stored(key) : undefined;
  return span ? new SpanSource(span) : new MemorySource(target[key], offsets);
}

/** `surface[key]` as an ArraySource (see targetSource). */
export function surfaceSource(surface: UnigineSurface, key: StagedKey, offsets?: FileOffsets): ArraySource {
  const span = surface instanceof StagedSurface ? surface.stored(key) : undefined;
  return span ? new SpanSource(span) : new MemorySource(surface[key], offsets);
}
