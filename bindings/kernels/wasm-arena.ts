/**
 * Bump allocator over a WebAssembly memory, above the module's heap base. TypeScript owns
 * this memory: kernels never allocate. Growing the memory detaches earlier views, so views
 * are always made fresh from `memory.buffer` (see `view`).
 */
export type TypedArrayConstructor =
  | Uint8ArrayConstructor
  | Int8ArrayConstructor
  | Uint16ArrayConstructor
  | Int16ArrayConstructor
  | Uint32ArrayConstructor
  | Int32ArrayConstructor
  | Float32ArrayConstructor
  | Float64ArrayConstructor;

export type TypedArray =
  | Uint8Array
  | Int8Array
  | Uint16Array
  | Int16Array
  | Uint32Array
  | Int32Array
  | Float32Array
  | Float64Array;

const PAGE = 65536;

/**
 * Buffers of WebAssembly memories handed over to results (Workspace.handOver). A browser cannot
 * transfer them (postMessage refuses a buffer that is not detachable), so transfer lists leave
 * them out and they are copied instead.
 */
const handedOverBuffers = new WeakSet<ArrayBufferLike>();

/** Whether `buffer` is a WebAssembly memory's, handed over to a result (see handedOverBuffers). */
export function isHandedOverMemory(buffer: ArrayBufferLike): boolean {
  return handedOverBuffers.has(buffer);
}
const ALIGN = 16;

export class WasmArena {
  readonly memory: WebAssembly.Memory;
  readonly base: number;
  top: number;
  /** Set when the memory was handed to the caller (Workspace.handOver): it must never be used, nor grown, again. */
  retired = false;

  constructor(memory: WebAssembly.Memory, heapBase: number) {
    this.memory = memory;
    this.base = alignUp(heapBase);
    this.top = this.base;
  }

  /** Reserves `byteLength` bytes (16-aligned) and returns the pointer; grows memory when needed. */
  alloc(byteLength: number): number {
    if (this.retired) throw new Error('meshcodec: this WebAssembly memory was handed over to a result and cannot be used again');
    const ptr = this.top;
    const end = alignUp(ptr + byteLength);
    const have = this.memory.buffer.byteLength;
    if (end > have) {
      const pages = Math.ceil((end - have) / PAGE);
      try {
        this.memory.grow(pages);
      } catch {
        throw new RangeError(`meshcodec: WebAssembly memory cannot grow to ${end} bytes`);
      }
    }
    this.top = end;
    return ptr;
  }

  /** Gives the memory away (Workspace.handOver): no further use, its buffer marked as not transferable. */
  retire(): void {
    this.retired = true;
    handedOverBuffers.add(this.memory.buffer);
  }

  /** Whether `array` is a view into this memory (then its byteOffset is its pointer). */
  owns(array: TypedArray): boolean {
    return array.buffer === this.memory.buffer;
  }

  view<C extends TypedArrayConstructor>(ctor: C, ptr: number, length: number): InstanceType<C> {
    return new ctor(this.memory.buffer, ptr, length) as InstanceType<C>;
  }
}

function alignUp(n: number): number {
  return (n + ALIGN - 1) & ~(ALIGN - 1);
}
