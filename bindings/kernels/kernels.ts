import type { QuantizeMode, RawKernels } from './raw-kernels.js';
import type { WasmArena, TypedArray, TypedArrayConstructor } from './wasm-arena.js';
import type { IndexArray } from '../model/asset.js';
import { finishWeldBySort, weldVerticesBySort } from './weld-sort.js';

export type BackendName = 'wasm-simd' | 'wasm-scalar' | 'js';
export type IndexWidth = 1 | 2 | 4;

/** Element types a workspace array can have. */
export type ArrayKind = 'u8' | 'u16' | 'i16' | 'u32' | 'f32';

interface ArrayOfKind {
  u8: Uint8Array;
  u16: Uint16Array;
  i16: Int16Array;
  u32: Uint32Array;
  f32: Float32Array;
}

const CONSTRUCTOR_OF_KIND: { [K in ArrayKind]: TypedArrayConstructor } = { u8: Uint8Array, u16: Uint16Array, i16: Int16Array, u32: Uint32Array, f32: Float32Array };

/** Every array of one job, by name: its element type and length. */
export type WorkspaceLayout = Record<string, readonly [ArrayKind, number]>;

export type WorkspaceArrays<L extends WorkspaceLayout> = { readonly [K in keyof L]: ArrayOfKind[L[K][0]] };

/**
 * Scratch arrays for a run of kernel calls, all declared up front in one layout, so that the
 * space reserved is computed from the very list of arrays taken: a job cannot outgrow its
 * workspace. On a wasm backend the arrays live in WebAssembly memory and kernels use them in
 * place; on the js backend they are ordinary arrays. `arrays` has a getter per array
 * (`const a = ws.arrays; … a.positions`): if anything grows the memory while the workspace is
 * live, the next read of an array gives a view over the new memory. Hand results back with `keep()` (a copy on wasm, the
 * array itself on js) before `release()`.
 */
export interface Workspace<L extends WorkspaceLayout = WorkspaceLayout> {
  readonly arrays: WorkspaceArrays<L>;
  /** An array the caller may keep after `release()`. */
  keep<T extends TypedArray>(array: T): T;
  /**
   * Arrays the caller may keep, copied out of WebAssembly memory together: one copy of the span
   * they cover (declare them next to each other in the layout), so that they share one new buffer.
   */
  keepAll<T extends readonly TypedArray[]>(arrays: T): T;
  /**
   * keepAll, except when the job has grown WebAssembly memory past `memoryCap` (the instance is
   * then replaced after the call anyway, see `trim`) and this is the only live workspace: the
   * arrays are then kept where they are, as views of that memory, and the Kernels object moves
   * to a fresh instance at once, so that a large result is never copied out of the memory it was
   * built in. The kept arrays then share that whole memory's buffer.
   */
  handOver<T extends readonly TypedArray[]>(arrays: T): T;
  release(): void;
}

/** Bytes a layout takes in WebAssembly memory (each array 16-byte aligned). */
export function layoutBytes(layout: WorkspaceLayout): number {
  let bytes = 0;
  for (const [kind, length] of Object.values(layout)) bytes += alignUp16(checkedLength(length) * CONSTRUCTOR_OF_KIND[kind].BYTES_PER_ELEMENT);
  return bytes;
}

function alignUp16(n: number): number {
  return Math.ceil(n / 16) * 16;
}

function checkedLength(length: number): number {
  if (!Number.isSafeInteger(length) || length < 0) throw new RangeError(`meshcodec: workspace array length ${length} is not a count`);
  return length;
}

/** A fresh WebAssembly instance of a backend: its functions and its memory. */
export interface KernelInstance {
  raw: RawKernels;
  arena: WasmArena;
}

/** WebAssembly memory a Kernels object keeps between calls (see `trim`): 64 MiB. */
export const DEFAULT_MEMORY_CAP = 64 * 1024 * 1024;

/** The hot loops, on one backend. Every method has the same bits on every backend. */
export class Kernels {
  readonly backend: BackendName;
  /** WebAssembly memory kept after a call; `trim()` gives back memory above it. */
  readonly memoryCap: number;
  private instance: { raw: RawKernels; arena?: WasmArena };
  private readonly instantiate: (() => KernelInstance) | undefined;

  /** `instantiate` (wasm backends) makes a fresh instance: the first one, and one after each trim that releases memory. */
  constructor(backend: BackendName, raw: RawKernels, instantiate?: () => KernelInstance, memoryCap = DEFAULT_MEMORY_CAP) {
    this.backend = backend;
    this.memoryCap = memoryCap;
    this.instantiate = instantiate;
    this.instance = instantiate ? instantiate() : { raw };
  }

  /** The functions this object wraps (for benchmarks and advanced use); they change when `trim` replaces the instance. */
  get raw(): RawKernels {
    return this.instance.raw;
  }

  private get arena(): WasmArena | undefined {
    return this.instance.arena;
  }

  /** Bytes of WebAssembly memory this object holds now (0 on the js backend). */
  get memoryBytes(): number {
    return this.arena?.memory.buffer.byteLength ?? 0;
  }

  /**
   * Gives back WebAssembly memory grown above `memoryCap` by an earlier call: WebAssembly memory
   * never shrinks, so the instance is replaced by a fresh one. Only between jobs (no workspace
   * live); the format handlers call it after every parse and encode.
   */
  trim(): void {
    const arena = this.arena;
    if (!arena || !this.instantiate || arena.top !== arena.base) return;
    if (arena.memory.buffer.byteLength > this.memoryCap) this.instance = this.instantiate();
  }

  /** Reserves every array of `layout` at once (see Workspace). */
  workspace<L extends WorkspaceLayout>(layout: L): Workspace<L> {
    return this.arena ? new ArenaWorkspace(this.arena, layout, this.retire) : heapWorkspace(layout);
  }

  /** For Workspace.handOver: gives `arena`'s memory away and moves to a fresh instance, when that memory is above the cap. */
  private readonly retire = (arena: WasmArena): boolean => {
    if (arena !== this.arena || !this.instantiate || arena.memory.buffer.byteLength <= this.memoryCap) return false;
    arena.retire();
    this.instance = this.instantiate();
    return true;
  };

  /** v = min[c] + size[c] * (q / 65535) over interleaved values with `components` (1–4) per element. */
  dequantizeUnorm16(src: Uint16Array, components: number, min: ArrayLike<number>, size: ArrayLike<number>, dst = new Float32Array(src.length)): Float32Array {
    checkComponents(components, min, size, src.length);
    checkLength(dst, src.length);
    this.raw.dequantizeUnorm16(src, components, Float32Array.from(min), Float32Array.from(size), dst);
    return dst;
  }

  /** Inverse of dequantizeUnorm16, clamped to 0..65535; `truncate` (UNIGINE, Unity) or `round`. */
  quantizeUnorm16(src: Float32Array, components: number, min: ArrayLike<number>, size: ArrayLike<number>, mode: QuantizeMode = 'truncate', dst = new Uint16Array(src.length)): Uint16Array {
    checkComponents(components, min, size, src.length);
    checkLength(dst, src.length);
    this.raw.quantizeUnorm16(src, components, Float32Array.from(min), Float32Array.from(size), mode === 'round', dst);
    return dst;
  }

  /** UNIGINE: (ushort)clamp((int)((n * 0.5f + 0.5f) * 65535.0f), 0, 65535). */
  compressNormals(src: Float32Array, dst = new Uint16Array(src.length)): Uint16Array {
    checkLength(dst, src.length);
    this.raw.compressNormals(src, dst);
    return dst;
  }

  /** n = u / 65535 * 2 − 1. */
  decompressNormals(src: Uint16Array, dst = new Float32Array(src.length)): Float32Array {
    checkLength(dst, src.length);
    this.raw.decompressNormals(src, dst);
    return dst;
  }

  /** (b − 128) / 127. */
  decodeSnorm8(src: Uint8Array, dst = new Float32Array(src.length)): Float32Array {
    checkLength(dst, src.length);
    this.raw.decodeSnorm8(src, dst);
    return dst;
  }

  /** (byte)clamp(v * 127 + 128, 0, 255). */
  encodeSnorm8(src: Float32Array, dst = new Uint8Array(src.length)): Uint8Array {
    checkLength(dst, src.length);
    this.raw.encodeSnorm8(src, dst);
    return dst;
  }

  /** s / 32767. */
  decodeSnorm16(src: Int16Array, dst = new Float32Array(src.length)): Float32Array {
    checkLength(dst, src.length);
    this.raw.decodeSnorm16(src, dst);
    return dst;
  }

  /** clamp((int)(v * 32767), −32767, 32767). */
  encodeSnorm16(src: Float32Array, dst = new Int16Array(src.length)): Int16Array {
    checkLength(dst, src.length);
    this.raw.encodeSnorm16(src, dst);
    return dst;
  }

  /** Largest index, −1 for an empty array. */
  maxIndex(indices: IndexArray): number {
    if (indices.length === 0) return -1;
    if (indices instanceof Uint32Array) return this.raw.maxIndexU32(indices);
    return indices instanceof Uint16Array ? this.raw.maxIndexU16(indices) : this.raw.maxIndexU8(indices);
  }

  /** A uint32 copy of any index array. */
  widenIndices(indices: IndexArray, dst = new Uint32Array(indices.length)): Uint32Array {
    checkLength(dst, indices.length);
    if (indices instanceof Uint8Array) this.raw.widenU8ToU32(indices, dst);
    else if (indices instanceof Uint16Array) this.raw.widenU16ToU32(indices, dst);
    else dst.set(indices);
    return dst;
  }

  /**
   * Narrows uint32 indices to `width` bytes. Returns the array, or the position of the first
   * index that does not fit (a number) so that the caller can say which one.
   */
  narrowIndices(indices: Uint32Array, width: IndexWidth): IndexArray | number {
    if (width === 4) return indices.slice();
    if (width === 2) {
      const dst = new Uint16Array(indices.length);
      const bad = this.raw.narrowU32ToU16(indices, dst);
      return bad < 0 ? dst : bad;
    }
    const dst = new Uint8Array(indices.length);
    const bad = this.raw.narrowU32ToU8(indices, dst);
    return bad < 0 ? dst : bad;
  }

  /**
   * Parses ASCII whitespace-separated numbers into `dst`, each exactly Math.fround(Number(token))
   * (plus C's inf/infinity/nan spellings). Returns the count, or −(offset + 1) of the first token
   * that is not a number or does not fit in `dst`.
   */
  parseFloats(text: Uint8Array, dst: Float32Array): number {
    return this.raw.parseFloats(text, dst);
  }

  /**
   * raw.weldIndexStreams (same arguments and return), finished by sorting when the kernel's hash
   * table ran past its probe budget (crafted input: README, "Limits"): never quadratic.
   */
  weldIndexStreams(streams: Uint32Array, streamCount: number, limits: Uint32Array, keyStream: number, table: Uint32Array, dstIndices: Uint32Array, dstTuples: Uint32Array): number {
    const result = this.raw.weldIndexStreams(streams, streamCount, limits, keyStream, table, dstIndices, dstTuples);
    const count = dstIndices.length;
    if (result >= -count) return result;
    return finishWeldBySort(streams, streamCount, limits, dstIndices, dstTuples, -result - 1 - count);
  }

  /**
   * Welds vertices of `stride` words each whose words are all equal (float bits: 0 and −0 differ).
   * Returns, per input vertex, its welded vertex (numbered by first appearance), and per welded
   * vertex, its first input vertex.
   */
  weldVertices(words: Uint32Array, stride: number): { indices: Uint32Array; first: Uint32Array } {
    if (!Number.isInteger(stride) || stride < 1 || words.length % stride !== 0) throw new RangeError(`${words.length} words do not divide into vertices of ${stride}`);
    const count = words.length / stride;
    let capacity = 1;
    while (capacity < 2 * count) capacity *= 2;
    const indices = new Uint32Array(count);
    const first = new Uint32Array(count);
    let vertices = this.raw.weldVertices(words, stride, new Uint32Array(capacity), indices, first);
    if (vertices < 0) vertices = weldVerticesBySort(words, stride, indices, first);
    return { indices, first: first.slice(0, vertices) };
  }

  /** The narrowest array holding `indices`, which point into `vertexCount` vertices. */
  compactIndices(indices: Uint32Array, vertexCount: number): IndexArray {
    const narrowed = this.narrowIndices(indices, indexWidthFor(vertexCount));
    if (typeof narrowed === 'number') {
      throw new RangeError(`index ${indices[narrowed]} at position ${narrowed} is out of range for ${vertexCount} vertices`);
    }
    return narrowed;
  }
}

/** UNIGINE's index-width rule: fewer than 256 vertices → 1 byte, fewer than 65536 → 2, else 4. */
export function indexWidthFor(vertexCount: number): IndexWidth {
  return vertexCount < 256 ? 1 : vertexCount < 65536 ? 2 : 4;
}

function checkComponents(components: number, min: ArrayLike<number>, size: ArrayLike<number>, length: number): void {
  if (!Number.isInteger(components) || components < 1 || components > 4) throw new RangeError(`components must be 1 to 4, got ${components}`);
  if (min.length < components || size.length < components) throw new RangeError(`min and size need ${components} values each`);
  if (length % components !== 0) throw new RangeError(`${length} values do not divide into elements of ${components} components`);
}

function checkLength(dst: ArrayLike<number>, length: number): void {
  if (dst.length !== length) throw new RangeError(`destination has ${dst.length} elements, expected ${length}`);
}

function heapWorkspace<L extends WorkspaceLayout>(layout: L): Workspace<L> {
  const arrays: Record<string, TypedArray> = {};
  for (const [name, [kind, length]] of Object.entries(layout)) arrays[name] = new CONSTRUCTOR_OF_KIND[kind](checkedLength(length));
  return { arrays: arrays as WorkspaceArrays<L>, keep: (array) => array, keepAll: (list) => list, handOver: (list) => list, release: () => {} };
}

/** The workspace an `arrays` object reads its views from (a symbol: it cannot clash with an array's name). */
const WORKSPACE = Symbol('workspace');

/**
 * Per layout shape (its array names in order), a prototype with one getter per array: each
 * `arrays` object is then a bare object over it, so that a workspace costs no property
 * definitions per call. Found by comparing the names one by one with the shapes seen before
 * that start with the same name. Alternative measured: a key joined from the names (a string
 * and its hash per workspace): a 24-array workspace made and released in 1.91 µs against 0.84
 * with this lookup (interleaved, wasm-simd, shared machine); the UNIGINE door ×22 parse 1.05× faster.
 */
const arraysPrototypes = new Map<string, { names: readonly string[]; proto: object }[]>();

function arraysPrototype(names: readonly string[]): object {
  const first = names.length > 0 ? names[0]! : '';
  let shapes = arraysPrototypes.get(first);
  if (shapes) {
    for (let s = 0; s < shapes.length; s++) if (sameNames(shapes[s]!.names, names)) return shapes[s]!.proto;
  } else {
    arraysPrototypes.set(first, (shapes = []));
  }
  const proto = {};
  names.forEach((name, i) => {
    Object.defineProperty(proto, name, {
      enumerable: true,
      get(this: { [WORKSPACE]: ArenaWorkspace<WorkspaceLayout> }) {
        return this[WORKSPACE].view(i);
      },
    });
  });
  shapes.push({ names, proto });
  return proto;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

class ArenaWorkspace<L extends WorkspaceLayout> implements Workspace<L> {
  private readonly arena: WasmArena;
  private readonly retire: (arena: WasmArena) => boolean;
  private readonly start: number;
  private readonly end: number;
  /** Pointer, constructor and length of each array, in layout order. */
  private readonly ptrs: number[] = [];
  private readonly ctors: TypedArrayConstructor[] = [];
  private readonly lengths: number[] = [];
  private buffer: ArrayBufferLike | undefined;
  private views: (TypedArray | undefined)[] = [];
  private released = false;
  /** Getters, one per array: each read gives a view over the current memory. */
  readonly arrays: WorkspaceArrays<L>;

  constructor(arena: WasmArena, layout: L, retire: (arena: WasmArena) => boolean) {
    this.arena = arena;
    this.retire = retire;
    this.start = arena.top;
    const names = Object.keys(layout);
    let ptr = this.start;
    for (const name of names) {
      const [kind, length] = layout[name]!;
      const ctor = CONSTRUCTOR_OF_KIND[kind];
      this.ptrs.push(ptr);
      this.ctors.push(ctor);
      this.lengths.push(checkedLength(length));
      ptr += alignUp16(length * ctor.BYTES_PER_ELEMENT);
    }
    arena.alloc(ptr - this.start);
    this.end = arena.top;
    const arrays = Object.create(arraysPrototype(names)) as { [WORKSPACE]: ArenaWorkspace<L> };
    arrays[WORKSPACE] = this;
    this.arrays = arrays as unknown as WorkspaceArrays<L>;
  }

  /** The view of array `i` over the memory as it is now. */
  view(i: number): TypedArray {
    if (this.released) throw new Error('meshcodec: workspace used after release()');
    const buffer = this.arena.memory.buffer;
    if (this.buffer !== buffer) {
      this.views = [];
      this.buffer = buffer;
    }
    return (this.views[i] ??= this.arena.view(this.ctors[i]!, this.ptrs[i]!, this.lengths[i]!));
  }

  keep<T extends TypedArray>(array: T): T {
    return (this.arena.owns(array) ? array.slice() : array) as T;
  }

  keepAll<T extends readonly TypedArray[]>(arrays: T): T {
    let start = Infinity;
    let end = 0;
    for (const array of arrays) {
      if (!this.arena.owns(array) || array.byteLength === 0) continue;
      start = Math.min(start, array.byteOffset);
      end = Math.max(end, array.byteOffset + array.byteLength);
    }
    const copy = end > start ? this.arena.memory.buffer.slice(start, end) : new ArrayBuffer(0);
    return arrays.map((array) => {
      if (!this.arena.owns(array)) return array;
      const ctor = array.constructor as TypedArrayConstructor;
      return array.byteLength === 0 ? new ctor(0) : new ctor(copy, array.byteOffset - start, array.length);
    }) as unknown as T;
  }

  handOver<T extends readonly TypedArray[]>(arrays: T): T {
    const alone = this.start === this.arena.base && this.arena.top === this.end;
    if (!alone || this.released || !this.retire(this.arena)) return this.keepAll(arrays);
    return arrays.map((array) => (this.arena.owns(array) && array.byteLength === 0 ? new (array.constructor as TypedArrayConstructor)(0) : array)) as unknown as T;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    if (this.arena.top === this.end) this.arena.top = this.start;
  }
}
