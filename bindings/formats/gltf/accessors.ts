import { getKernels } from '../../kernels/backend.js';
import type { Kernels } from '../../kernels/kernels.js';
import { LITTLE_ENDIAN } from '../../io/byte-reader.js';
import { componentArrayOf, readElements, type ComponentArray, type ComponentArrayType } from './copy-elements.js';
import { ExpansionBudget } from './expansion-budget.js';
import { SmallFloatArrays, smallArrayFloats } from './small-arrays.js';
import { fail, isObject, show, type GltfInput } from './read-gltf.js';
import { decodeMeshoptView, meshoptExtensionOf } from './meshopt-decode.js';

/** glTF componentType codes and their byte sizes. */
export const COMPONENT_BYTES: Readonly<Record<number, number>> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
export const COMPONENTS: Readonly<Record<string, number>> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

/** Components of a glTF accessor type (0 for anything else; a switch: hasOwn on the tables above costs a lookup by string). */
export function componentsOf(type: unknown): number {
  switch (type) {
    case 'SCALAR': return 1;
    case 'VEC2': return 2;
    case 'VEC3': return 3;
    case 'VEC4': case 'MAT2': return 4;
    case 'MAT3': return 9;
    case 'MAT4': return 16;
    default: return 0;
  }
}

/** Bytes of a glTF componentType (0 for anything else). */
export function componentBytesOf(componentType: unknown): number {
  switch (componentType) {
    case 5120: case 5121: return 1;
    case 5122: case 5123: return 2;
    case 5125: case 5126: return 4;
    default: return 0;
  }
}

/** Component types glTF allows `normalized: true` on (never FLOAT or UNSIGNED_INT). */
const NORMALIZABLE: readonly number[] = [5120, 5121, 5122, 5123];
const UNSIGNED: readonly number[] = [5121, 5123, 5125];

/**
 * Reads accessors with every field checked against the glTF rules and every range against the
 * bytes before anything is allocated: type, componentType and normalized together, bufferView
 * and buffer ranges, strides, counts (a count must fit in its bytes; zero-filled and sparse
 * accessors are charged to `budget` like every other value), sparse indices and values.
 */
export class AccessorReader {
  private readonly accessors: unknown[];
  private readonly views: unknown[];
  /** Every array made for the Asset is charged here first (see ExpansionBudget). */
  readonly budget: ExpansionBudget;
  /** Small float arrays come out of shared blocks (small-arrays.ts). */
  private readonly small: SmallFloatArrays;
  /** EXT_meshopt_compression views, decoded once each. */
  private readonly decodedViews = new Map<number, Uint8Array>();

  /** With `viewInput`: the ArrayBuffers of the bytes arrays may view (the input's buffers, decoded compressed views). */
  private readonly viewed = new Set<ArrayBufferLike>();

  /**
   * `maxExpansion`: decoded bytes allowed per input byte (see ExpansionBudget); `kernels` decode
   * normalized integers (default: getKernels()). `viewInput`: values stored as the Asset holds
   * them (not sparse, tightly packed, aligned, of the array's own type) are views of the buffers'
   * bytes, not copies (`writable` copies them before the reader changes them).
   */
  constructor(private readonly input: GltfInput, maxExpansion: number, private readonly kernels: Kernels = getKernels(), private readonly viewInput = false) {
    this.accessors = items(input.json.accessors, 'accessors', input.jsonOffset);
    this.views = items(input.json.bufferViews, 'bufferViews', input.jsonOffset);
    this.budget = new ExpansionBudget(input.inputBytes, maxExpansion, input.jsonOffset);
    if (viewInput) for (const bytes of input.buffers) this.viewed.add(bytes.buffer);
    const indices = primitiveIndices(input.json);
    const viewable = viewInput ? (def: Record<string, unknown>, view: Record<string, unknown>) => mayView(def, view, input.buffers) : undefined;
    const plan = plannedFloats(this.accessors, this.views, input.inputBytes, indices, smallArrayFloats(input.inputBytes), viewable);
    this.small = new SmallFloatArrays(input.inputBytes, (bytes) => this.budget.charge(bytes, 'accessor values'), () => this.budget.remaining, plan.all, plan.small);
  }

  /**
   * `array` itself when it is the reader's own, else (a view of the read's bytes, viewInput) a
   * copy of it, for a pass that changes it in place. Without viewInput, `array.buffer` is not
   * read: reading it moves a small array's elements out of the JavaScript heap (copy-parts.ts).
   */
  writable<T extends Float32Array | Uint8Array | Uint16Array | Uint32Array>(array: T): T {
    return this.viewInput && this.viewed.has(array.buffer) ? (array.slice() as T) : array;
  }

  /** An accessor's definition: type, componentType, count, normalized. */
  describe(index: unknown, label: string): AccessorInfo {
    return this.describeDefinition(this.definition(index, label), label);
  }

  private describeDefinition(def: Record<string, unknown>, label: string): AccessorInfo {
    const type = def.type;
    const componentType = def.componentType;
    const components = componentsOf(type);
    if (components === 0) fail('BAD_VALUE', `${label}: accessor type ${show(type)} is not a glTF type`, this.input.jsonOffset);
    if (componentBytesOf(componentType) === 0) fail('BAD_VALUE', `${label}: componentType ${show(componentType)} is not a glTF component type`, this.input.jsonOffset);
    const count = def.count;
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1) fail('BAD_COUNT', `${label}: accessor count ${show(count)} is not a positive integer`, this.input.jsonOffset);
    if (def.normalized !== undefined && typeof def.normalized !== 'boolean') fail('BAD_VALUE', `${label}: normalized is not a boolean`, this.input.jsonOffset);
    if (def.normalized === true && !NORMALIZABLE.includes(componentType as number)) fail('BAD_VALUE', `${label}: componentType ${componentType} cannot be normalized (only BYTE, UNSIGNED_BYTE, SHORT and UNSIGNED_SHORT can)`, this.input.jsonOffset);
    return { components, componentType: componentType as number, count, normalized: def.normalized === true, type: type as string };
  }

  /**
   * The accessor's values as float32, `components` per element: normalized integers mapped to
   * 0..1 or −1..1 as glTF defines, other integers as their values. `types` lists the allowed type names.
   */
  floats(index: unknown, label: string, types: readonly string[]): { data: Float32Array; components: number; count: number } {
    const def = this.definition(index, label);
    const info = this.describeDefinition(def, label);
    if (!types.includes(info.type)) fail('BAD_VALUE', `${label}: accessor type ${info.type}, expected ${types.join(' or ')}`, this.input.jsonOffset);
    this.budget.charge(info.count * info.components * 4, label);
    const data = this.read(def, info, label, Float32Array) as Float32Array;
    return { data, components: info.components, count: info.count };
  }

  /**
   * Non-negative integer values (indices, joints): unsigned integer component types only, not
   * normalized; in an array of the stored width (Uint8Array, Uint16Array or Uint32Array).
   * `planned`: a primitive's indices, which the plan counts (see plannedFloats).
   */
  integers(index: unknown, label: string, types: readonly string[], planned = false): { data: Uint8Array | Uint16Array | Uint32Array; components: number; count: number } {
    const def = this.definition(index, label);
    const info = this.describeDefinition(def, label);
    if (!types.includes(info.type)) fail('BAD_VALUE', `${label}: accessor type ${info.type}, expected ${types.join(' or ')}`, this.input.jsonOffset);
    if (!UNSIGNED.includes(info.componentType) || info.normalized) fail('BAD_VALUE', `${label}: componentType ${info.componentType}${info.normalized ? ' (normalized)' : ''}, expected an unsigned integer type`, this.input.jsonOffset);
    this.budget.charge(info.count * info.components * componentBytesOf(info.componentType), label);
    const data = this.read(def, info, label, componentArrayOf(info.componentType), planned) as Uint8Array | Uint16Array | Uint32Array;
    return { data, components: info.components, count: info.count };
  }

  private definition(index: unknown, label: string): Record<string, unknown> {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= this.accessors.length) fail('BAD_INDEX', `${label}: accessor ${show(index)} does not exist (${this.accessors.length} accessors)`, this.input.jsonOffset);
    const def = this.accessors[index];
    if (!isObject(def)) fail('BAD_VALUE', `${label}: accessors[${index}] is not an object`, this.input.jsonOffset);
    return def;
  }

  /** The accessor's values in a new `Out` array (zeros where it has no buffer view), its sparse values applied. */
  private read(def: Record<string, unknown>, info: AccessorInfo, label: string, Out: ComponentArrayType, planned = false): ComponentArray {
    const elementBytes = elementSize(info);
    let out: ComponentArray | undefined;
    if (def.bufferView !== undefined) {
      const { bytes, stride, offset } = this.elements(def.bufferView, def.byteOffset, info, elementBytes, label);
      const componentBytes = componentBytesOf(info.componentType);
      if (LITTLE_ENDIAN && elementBytes === info.components * componentBytes) {
        out = readElements(this.kernels, bytes, offset, stride, info, Out, planned || Out === Float32Array ? this.small : undefined, this.viewInput && def.sparse === undefined);
      } else {
        const decode = decoder(info.componentType, info.normalized);
        const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        out = new Out(info.count * info.components);
        const target = valuesOf(out, info.componentType);
        const columns = columnLayout(info);
        for (let e = 0, at = offset; e < info.count; e++, at += stride) {
          for (let c = 0; c < info.components; c++) target[e * info.components + c] = decode(view, at + columns(c, componentBytes));
        }
      }
    }
    out ??= new Out(info.count * info.components);
    if (def.sparse !== undefined) this.applySparse(def.sparse, info, label, out, decoder(info.componentType, info.normalized));
    return out;
  }

  /** The bytes of `count` elements in a buffer view, range-checked. */
  private elements(viewIndex: unknown, byteOffset: unknown, info: AccessorInfo, elementBytes: number, label: string, packed = false) {
    const { bytes, begin, length, stride: viewStride, start } = this.view(viewIndex, label);
    if (packed && viewStride !== undefined) fail('BAD_VALUE', `${label}: bufferViews[${show(viewIndex)}] has a byteStride, which sparse data may not have`, start ?? this.input.jsonOffset);
    const offset = byteOffset ?? 0;
    if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) fail('BAD_VALUE', `${label}: byteOffset ${show(offset)} is not a non-negative integer`, this.input.jsonOffset);
    const componentBytes = componentBytesOf(info.componentType);
    if (offset % componentBytes !== 0) fail('BAD_OFFSET', `${label}: byteOffset ${offset} is not a multiple of the ${componentBytes}-byte component`, start ?? this.input.jsonOffset);
    const stride = viewStride ?? elementBytes;
    if (stride < elementBytes) fail('BAD_VALUE', `${label}: byteStride ${stride} is smaller than the ${elementBytes}-byte element`, start ?? this.input.jsonOffset);
    const needed = offset + (info.count - 1) * stride + elementBytes;
    if (needed > length) {
      // At: where the data would start, inside its buffer view (which ends inside the file), or the JSON for a buffer not in this file.
      const at = start === undefined ? this.input.jsonOffset : start + Math.min(offset, length);
      fail('BAD_COUNT', `${label}: ${info.count} elements of ${elementBytes} bytes (stride ${stride}) from byte ${offset} need ${needed} bytes, the buffer view has ${length}`, at);
    }
    // Offsets into the whole buffer: a view's bytes are not cut out (a subarray per accessor).
    return { bytes, stride, offset: begin + offset };
  }

  /** A buffer view: its buffer's bytes, where it begins in them and its length, its stride, and where it starts in the file (undefined when not in the file). */
  private view(viewIndex: unknown, label: string): ViewRange {
    if (typeof viewIndex !== 'number' || !Number.isInteger(viewIndex) || viewIndex < 0 || viewIndex >= this.views.length) fail('BAD_INDEX', `${label}: bufferView ${show(viewIndex)} does not exist (${this.views.length} buffer views)`, this.input.jsonOffset);
    const def = this.views[viewIndex];
    if (!isObject(def)) fail('BAD_VALUE', `${label}: bufferViews[${viewIndex}] is not an object`, this.input.jsonOffset);
    const buffer = def.buffer;
    if (typeof buffer !== 'number' || !Number.isInteger(buffer) || buffer < 0 || buffer >= this.input.buffers.length) fail('BAD_INDEX', `${label}: bufferViews[${viewIndex}].buffer ${show(buffer)} does not exist`, this.input.jsonOffset);
    const compressed = meshoptExtensionOf(def);
    if (compressed !== undefined) return this.decodedView(viewIndex, def, compressed, label);
    if (this.input.dataless?.[buffer]) fail('BAD_VALUE', `${label}: bufferViews[${viewIndex}] reads buffer ${buffer}, an EXT_meshopt_compression fallback buffer with no data, and is not compressed`, this.input.jsonOffset);
    const data = this.input.buffers[buffer]!;
    const offset = def.byteOffset ?? 0;
    const length = def.byteLength;
    if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) fail('BAD_VALUE', `${label}: bufferViews[${viewIndex}].byteOffset is not a non-negative integer`, this.input.jsonOffset);
    if (typeof length !== 'number' || !Number.isSafeInteger(length) || length < 1) fail('BAD_VALUE', `${label}: bufferViews[${viewIndex}].byteLength is not a positive integer`, this.input.jsonOffset);
    const base = this.input.bufferOffsets[buffer];
    if (offset + length > data.length) fail('BAD_OFFSET', `${label}: bufferViews[${viewIndex}] covers bytes ${offset}..${offset + length} of a ${data.length}-byte buffer`, base === undefined ? this.input.jsonOffset : base + Math.min(offset, data.length));
    const stride = def.byteStride;
    if (stride !== undefined && (typeof stride !== 'number' || !Number.isInteger(stride) || stride < 4 || stride > 252 || stride % 4 !== 0)) fail('BAD_VALUE', `${label}: bufferViews[${viewIndex}].byteStride ${show(stride)} is not a multiple of 4 in 4..252`, this.input.jsonOffset);
    return { bytes: data, begin: offset, length, stride: stride as number | undefined, start: base === undefined ? undefined : base + offset };
  }

  /** A compressed view's decoded bytes (see meshopt-decode.ts); its byteStride is checked as any view's. */
  private decodedView(viewIndex: number, def: Record<string, unknown>, extension: unknown, label: string): ViewRange {
    const stride = def.byteStride;
    if (stride !== undefined && (typeof stride !== 'number' || !Number.isInteger(stride) || stride < 4 || stride > 252 || stride % 4 !== 0)) fail('BAD_VALUE', `${label}: bufferViews[${viewIndex}].byteStride ${show(stride)} is not a multiple of 4 in 4..252`, this.input.jsonOffset);
    let bytes = this.decodedViews.get(viewIndex);
    if (!bytes) {
      bytes = decodeMeshoptView(this.input, viewIndex, def, extension, this.budget, label);
      this.decodedViews.set(viewIndex, bytes);
      if (this.viewInput) this.viewed.add(bytes.buffer);
    }
    return { bytes, begin: 0, length: bytes.length, stride: stride as number | undefined, start: undefined };
  }

  private applySparse(sparse: unknown, info: AccessorInfo, label: string, out: ComponentArray, decode: Decode): void {
    if (!isObject(sparse) || !isObject(sparse.indices) || !isObject(sparse.values)) fail('BAD_VALUE', `${label}: sparse is not {count, indices, values}`, this.input.jsonOffset);
    const count = sparse.count;
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 1 || count > info.count) fail('BAD_COUNT', `${label}: sparse count ${show(count)} is not in 1..${info.count}`, this.input.jsonOffset);
    const indexType = sparse.indices.componentType;
    if (indexType !== 5121 && indexType !== 5123 && indexType !== 5125) fail('BAD_VALUE', `${label}: sparse index componentType ${show(indexType)} is not unsigned`, this.input.jsonOffset);
    const indexInfo = { components: 1, componentType: indexType, count, normalized: false, type: 'SCALAR' };
    const indices = this.elements(sparse.indices.bufferView, sparse.indices.byteOffset, indexInfo, COMPONENT_BYTES[indexType]!, `${label} sparse indices`, true);
    const values = this.elements(sparse.values.bufferView, sparse.values.byteOffset, { ...info, count }, elementSize(info), `${label} sparse values`, true);
    const indexView = new DataView(indices.bytes.buffer, indices.bytes.byteOffset, indices.bytes.byteLength);
    const valueView = new DataView(values.bytes.buffer, values.bytes.byteOffset, values.bytes.byteLength);
    const readIndex = decoder(indexType, false);
    const componentBytes = componentBytesOf(info.componentType);
    const columns = columnLayout(info);
    const target = valuesOf(out, info.componentType);
    let previous = -1;
    for (let s = 0; s < count; s++) {
      const index = readIndex(indexView, indices.offset + s * COMPONENT_BYTES[indexType]!);
      if (index <= previous || index >= info.count) fail('BAD_INDEX', `${label}: sparse index ${index} (entry ${s}) is not increasing or not below the count ${info.count}`, this.input.jsonOffset);
      previous = index;
      for (let c = 0; c < info.components; c++) target[index * info.components + c] = decode(valueView, values.offset + s * elementSize(info) + columns(c, componentBytes));
    }
  }
}

type Decode = (view: DataView, at: number) => number;

type AccessorInfo = { components: number; componentType: number; count: number; normalized: boolean; type: string };

interface ViewRange {
  bytes: Uint8Array;
  begin: number;
  length: number;
  stride: number | undefined;
  start: number | undefined;
}

/**
 * Where a decoder's results go: FLOAT components are moved as their bits (getUint32 into an
 * integer view of the Float32Array: getFloat32 would make a number, which quiets a signalling
 * NaN), as the bulk copies of copy-elements.ts move them; the others are values.
 */
function valuesOf(out: ComponentArray, componentType: number): ComponentArray {
  return componentType === 5126 && out instanceof Float32Array ? new Uint32Array(out.buffer, out.byteOffset, out.length) : out;
}

/** Values as glTF defines them: normalized unsigned c / max, signed max(c / max, −1); FLOAT as its bits (see valuesOf). */
function decoder(componentType: number, normalized: boolean): Decode {
  const f = Math.fround;
  switch (componentType) {
    case 5120: return normalized ? (v, at) => f(Math.max(v.getInt8(at) / 127, -1)) : (v, at) => v.getInt8(at);
    case 5121: return normalized ? (v, at) => f(v.getUint8(at) / 255) : (v, at) => v.getUint8(at);
    case 5122: return normalized ? (v, at) => f(Math.max(v.getInt16(at, true) / 32767, -1)) : (v, at) => v.getInt16(at, true);
    case 5123: return normalized ? (v, at) => f(v.getUint16(at, true) / 65535) : (v, at) => v.getUint16(at, true);
    case 5125: return (v, at) => v.getUint32(at, true);
    default: return (v, at) => v.getUint32(at, true);
  }
}

/** Bytes of one element, with the column padding glTF requires for 1- and 2-byte matrices. */
function elementSize(info: { components: number; componentType: number; type: string }): number {
  const bytes = componentBytesOf(info.componentType);
  if (info.type === 'MAT2' && bytes === 1) return 8;
  if (info.type === 'MAT3' && bytes === 1) return 12;
  if (info.type === 'MAT3' && bytes === 2) return 24;
  return info.components * bytes;
}

/** Byte offset of component c inside an element (matrix columns start on 4-byte boundaries). */
function columnLayout(info: { components: number; componentType: number; type: string }): (c: number, componentBytes: number) => number {
  if (!info.type.startsWith('MAT') || COMPONENT_BYTES[info.componentType] === 4) return (c, size) => c * size;
  const rows = info.type === 'MAT2' ? 2 : info.type === 'MAT3' ? 3 : 4;
  return (c, size) => Math.floor(c / rows) * ((rows * size + 3) & ~3) + (c % rows) * size;
}

/**
 * 4-byte units a read of these accessors is expected to copy out (SmallFloatArrays' plan): every
 * FLOAT accessor stored in a buffer view and every accessor of unsigned integers in `indices`
 * (a primitive's indices), each rounded up to 16 bytes, each view's accessors counted for no
 * more than the view holds, the whole for no more than the input's bytes (a file whose accessors
 * alias one another or go unread cannot make the plan larger than the file). Nothing is checked
 * here: a malformed accessor is left out, and the reads find what is wrong with it. `small`:
 * the float arrays of at most this many floats are also counted apart (the blocks' share).
 * `viewable`: accessors the read will view rather than copy (viewInput), left out.
 */
export function plannedFloats(accessors: unknown[], views: unknown[], inputBytes: number, indices: ReadonlySet<unknown> = new Set(), small = 0, viewable?: (def: Record<string, unknown>, view: Record<string, unknown>) => boolean): { all: number; small: number } {
  let smallUnits = 0;
  // Bytes counted per view (a plain array: a Float64Array of many views would be a buffer of its own).
  const inView: number[] = new Array<number>(views.length).fill(0);
  let units = 0;
  for (let a = 0; a < accessors.length; a++) {
    const def = accessors[a];
    if (!isObject(def) || def.sparse !== undefined) continue;
    const componentType = def.componentType;
    if (componentType !== 5126 && !((componentType === 5121 || componentType === 5123 || componentType === 5125) && indices.has(a))) continue;
    const { bufferView, count } = def;
    if (typeof bufferView !== 'number' || !Number.isInteger(bufferView) || !(bufferView >= 0 && bufferView < views.length) || typeof count !== 'number' || !(count >= 1)) continue;
    const view = views[bufferView];
    // Read as a view of the bytes (viewInput): nothing to copy.
    if (viewable && isObject(view) && viewable(def, view)) continue;
    const length = isObject(view) && typeof view.byteLength === 'number' ? view.byteLength : 0;
    const bytes = count * componentsOf(def.type) * componentBytesOf(componentType);
    if (!(bytes > 0 && bytes + inView[bufferView]! <= length)) continue;
    inView[bufferView] = inView[bufferView]! + bytes;
    const padded = (((bytes + 3) >> 2) + 3) & ~3;
    units += padded;
    if (componentType === 5126 && bytes <= small * 4) smallUnits += padded;
  }
  const most = Math.floor(inputBytes / 4) + 4 * accessors.length;
  return { all: Math.min(units, most), small: Math.min(smallUnits, most) };
}

/** The accessors meshes name as primitive indices (nothing checked: see plannedFloats). */
export function primitiveIndices(json: Record<string, unknown>): Set<unknown> {
  const indices = new Set<unknown>();
  const meshes = json.meshes;
  if (!Array.isArray(meshes)) return indices;
  for (const mesh of meshes) {
    const primitives = isObject(mesh) ? mesh.primitives : undefined;
    if (!Array.isArray(primitives)) continue;
    for (const primitive of primitives) if (isObject(primitive) && primitive.indices !== undefined) indices.add(primitive.indices);
  }
  return indices;
}

/** `value` as a list: [] when undefined, BAD_VALUE (naming `key`) when not an array. The caller reads the property by name (a keyed read, json[key], costs a lookup by string at every call). */
export function items(value: unknown, key: string, offset: number): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail('BAD_VALUE', `${key} is not an array`, offset);
  return value;
}

export function list(json: Record<string, unknown>, key: string, offset: number): unknown[] {
  const value = json[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail('BAD_VALUE', `${key} is not an array`, offset);
  return value;
}

/**
 * Whether an accessor will likely be read as a view of its buffer's bytes (viewInput): not
 * normalized, not sparse, no padding stride, and its first value aligned in its buffer's
 * ArrayBuffer. Only the plan uses this guess; readElements decides on the checked values.
 */
function mayView(def: Record<string, unknown>, view: Record<string, unknown>, buffers: Uint8Array[]): boolean {
  if (def.normalized === true || def.sparse !== undefined) return false;
  const size = componentBytesOf(def.componentType);
  const stride = view.byteStride;
  if (stride !== undefined && stride !== size * componentsOf(def.type)) return false;
  if (view.extensions !== undefined) return true;
  const buffer = typeof view.buffer === 'number' ? buffers[view.buffer] : undefined;
  if (!buffer || size === 0) return false;
  const start = buffer.byteOffset + (typeof view.byteOffset === 'number' ? view.byteOffset : 0) + (typeof def.byteOffset === 'number' ? def.byteOffset : 0);
  return start % size === 0;
}
