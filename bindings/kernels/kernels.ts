import type { QuantizeMode, RawKernels } from './raw-kernels.js';
import type { WasmArena, TypedArray, TypedArrayConstructor } from './wasm-arena.js';
import type { IndexArray } from '../model/asset.js';

export type BackendName = 'wasm-simd' | 'wasm-scalar' | 'js';
export type IndexWidth = 1 | 2 | 4;

/**
 * Scratch arrays for a run of kernel calls. On a wasm backend they live in WebAssembly memory,
 * so kernels use them in place with no copy; on the js backend they are ordinary arrays.
 * Space is reserved up front: arrays stay valid until `release()` and until nothing else grows
 * the memory, so allocate all of a job's arrays from one workspace and hand results back with
 * `keep()` (a copy on wasm, the array itself on js).
 */
export interface Workspace {
  u8(length: number): Uint8Array;
  u16(length: number): Uint16Array;
  i16(length: number): Int16Array;
  u32(length: number): Uint32Array;
  f32(length: number): Float32Array;
  /** An array the caller may keep after `release()`. */
  keep<T extends TypedArray>(array: T): T;
  release(): void;
}

/** The hot loops, on one backend. Every method has the same bits on every backend. */
export class Kernels {
  readonly backend: BackendName;
  /** The functions this object wraps (for benchmarks and advanced use). */
  readonly raw: RawKernels;
  private readonly arena: WasmArena | undefined;

  constructor(backend: BackendName, raw: RawKernels, arena?: WasmArena) {
    this.backend = backend;
    this.raw = raw;
    this.arena = arena;
  }

  /** Reserves `byteCapacity` bytes of scratch space (plus alignment padding). */
  workspace(byteCapacity: number): Workspace {
    return this.arena ? new ArenaWorkspace(this.arena, byteCapacity) : HEAP_WORKSPACE;
  }

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
    let best = 0;
    for (let i = 0; i < indices.length; i++) if (indices[i]! > best) best = indices[i]!;
    return best;
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
    const vertices = this.raw.weldVertices(words, stride, new Uint32Array(capacity), indices, first);
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

const HEAP_WORKSPACE: Workspace = {
  u8: (n) => new Uint8Array(n),
  u16: (n) => new Uint16Array(n),
  i16: (n) => new Int16Array(n),
  u32: (n) => new Uint32Array(n),
  f32: (n) => new Float32Array(n),
  keep: (array) => array,
  release: () => {},
};

class ArenaWorkspace implements Workspace {
  private readonly arena: WasmArena;
  private readonly start: number;
  private readonly end: number;
  private next: number;
  private released = false;

  constructor(arena: WasmArena, byteCapacity: number) {
    this.arena = arena;
    this.start = arena.top;
    // Each allocation is 16-aligned: reserve generously so that callers can count raw bytes.
    this.next = arena.alloc(byteCapacity + 1024);
    this.end = arena.top;
  }

  private take<C extends TypedArrayConstructor>(ctor: C, length: number): InstanceType<C> {
    if (this.released) throw new Error('meshcodec: workspace used after release()');
    const ptr = this.next;
    const end = (ptr + length * ctor.BYTES_PER_ELEMENT + 15) & ~15;
    if (end > this.end) throw new RangeError(`meshcodec: workspace capacity exceeded (${end - this.start} > ${this.end - this.start} bytes)`);
    this.next = end;
    return this.arena.view(ctor, ptr, length);
  }

  u8(n: number) { return this.take(Uint8Array, n); }
  u16(n: number) { return this.take(Uint16Array, n); }
  i16(n: number) { return this.take(Int16Array, n); }
  u32(n: number) { return this.take(Uint32Array, n); }
  f32(n: number) { return this.take(Float32Array, n); }

  keep<T extends TypedArray>(array: T): T {
    return (this.arena.owns(array) ? array.slice() : array) as T;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    if (this.arena.top === this.end) this.arena.top = this.start;
  }
}
