// Scratch memory for the glTF writer's arrays that live only until the output is made (vertex
// attributes turned and checked, skin joints and weights, indices, animation keys): slices of one
// ArrayBuffer kept between encodes, instead of a new typed array each.
//
// Alternatives, measured on the speed bar's 1 MB GLB (tiled mrfixit.iqm, about 1.3 MB of such
// arrays per encode; shared 2-core machine, one interleaved run): a fresh typed array of 148 kB
// took 75–87 µs to allocate and fill against 2.5–3 µs for the same writes into a kept one (V8
// accounts a new backing store as external memory, which brings garbage collections forward, and
// the kernel maps and faults in fresh pages); a kept buffer per attribute kind was not taken (the
// sizes vary per mesh); WebAssembly memory was not either (the arrays are made by TypeScript loops).
//
// The scratch is leased for one encode (`leaseScratch`, by GltfBuilder) and given back by whoever
// copied the arrays into the output (`BuiltGltf.release`, write-gltf.ts) or by the code that saw
// the encode throw (asset-to-gltf.ts, gltf-format.ts); one never given back is left to the garbage
// collector and the next encode leases a new one. It grows to the most any encode asked for, up to
// SCRATCH_DEFAULTS.maxBytes kept per thread; arrays beyond what it holds are fresh (zero-filled, as
// before). Arrays from it are NOT zero-filled: callers write every element.

export const SCRATCH_DEFAULTS = {
  /** Largest scratch kept between encodes (larger encodes make their arrays afresh, as before). */
  maxBytes: 4 << 20,
};

type Constructor<T> = new (buffer: ArrayBuffer, byteOffset: number, length: number) => T;

export class WriterScratch {
  private buffer: ArrayBuffer;
  private at = 0;
  /** Bytes this lease asked for in all (the size to keep for the next encode). */
  private wanted = 0;
  released = false;

  constructor(bytes: number) {
    this.buffer = new ArrayBuffer(bytes);
  }

  float32(length: number): Float32Array<ArrayBuffer> {
    return this.take(Float32Array, 4, length);
  }

  int16(length: number): Int16Array<ArrayBuffer> {
    return this.take(Int16Array, 2, length);
  }

  uint8(length: number): Uint8Array<ArrayBuffer> {
    return this.take(Uint8Array, 1, length);
  }

  uint16(length: number): Uint16Array<ArrayBuffer> {
    return this.take(Uint16Array, 2, length);
  }

  uint32(length: number): Uint32Array<ArrayBuffer> {
    return this.take(Uint32Array, 4, length);
  }

  /** An array of `length` elements: a slice of the scratch (8-byte aligned, not zeroed) when it fits, else a new one. */
  private take<T>(type: Constructor<T> & (new (length: number) => T), size: number, length: number): T {
    const bytes = (length * size + 7) & ~7;
    this.wanted += bytes;
    if (this.released || this.at + bytes > this.buffer.byteLength) return new type(length);
    const array = new type(this.buffer, this.at, length);
    this.at += bytes;
    return array;
  }

  /** Gives the scratch back for the next encode: its arrays must no longer be read. */
  release(): void {
    if (this.released) return;
    this.released = true;
    if (kept === undefined || kept.buffer.byteLength < this.buffer.byteLength) kept = this;
    grow = Math.min(SCRATCH_DEFAULTS.maxBytes, Math.max(grow, this.wanted));
  }

  /** This scratch, empty, for a new lease (its buffer grown to `bytes` when smaller). */
  private reset(bytes: number): WriterScratch {
    if (this.buffer.byteLength < bytes) this.buffer = new ArrayBuffer(bytes);
    this.at = 0;
    this.wanted = 0;
    this.released = false;
    return this;
  }

  /** The kept scratch (none leased twice at once), or a new one of the size the last encodes asked for. */
  static lease(): WriterScratch {
    const scratch = kept;
    kept = undefined;
    return scratch ? scratch.reset(grow) : new WriterScratch(grow);
  }
}

/** The scratch given back by the last encode, free to lease. */
let kept: WriterScratch | undefined;
/** The size the encodes so far asked for (up to SCRATCH_DEFAULTS.maxBytes). */
let grow = 0;

export const leaseScratch = (): WriterScratch => WriterScratch.lease();
