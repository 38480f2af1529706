// Typed arrays the glTF writer makes during one call, cut from a few shared chunks.
//
// V8 keeps a typed array of up to 64 bytes inside the JavaScript heap (cheap: ~30–50 ns to make),
// but gives a larger one a backing store of its own: an allocation outside the heap, its tracking,
// and its sweeping when collected, ~270–540 ns each (measured in a loop on the shared 2-core
// machine), against ~25–30 ns for a view of a buffer that already exists. A small file's
// optimized encode made dozens of them (editor_viewcube.mesh: 26 meshes of 4–12 vertices, ~40
// arrays past 64 bytes per call; untitled.apg ~12), each living only until the GLB is written.
//
// Here one call's arrays past 64 bytes and up to a quarter of a chunk are views of a chunk
// (a new, zeroed ArrayBuffer: 4 kB first, then 16 kB each, so each view starts zeroed as a new
// array would); smaller ones and larger ones are made as before (a large one's own backing store
// costs little next to its data). An encode whose output is fresh bytes (the GLB, a .gltf and its
// .bin) gives its chunks back when it ends, for the next call to zero and reuse (a new 4 kB buffer
// was 3 % of untitled.apg's encode); a call that hands back anything built (assetToGltf's builder)
// keeps its own, so nothing the writer hands back refers to another call's memory.
//
// The plain writer's vertex passes, skin and animation keys take their arrays from
// writer-scratch.ts instead (one buffer leased per encode and given back once the output is
// copied, not zeroed: each caller writes every element); the two were written in parallel in one
// round and merged: this arena serves the optimized path's quantizers and small arrays, which
// expect zeroed memory. Making them one allocator is left to do.
//
// Alternatives: one module-level scratch reused by every call (no chunk to allocate, but a
// builder or document someone kept from an earlier call would then change under them); passing
// `out` arrays down from the caller (every quantizer's signature changed, and the caller must know
// each size first).

export const ARENA_DEFAULTS = {
  /** Bytes per chunk; arrays above a quarter of it get their own buffer. */
  chunkBytes: 16384,
  /** Bytes of a call's first chunk (a small file's arrays fit in it; a new buffer is zeroed, so its size costs). */
  firstChunkBytes: 4096,
  /** Chunks kept between calls for the next ones (an ArrayBuffer's allocation cost about as much as the arrays a small file's call placed in it). */
  spareChunks: 4,
};

/** A bump allocator of zeroed typed arrays for one writer call. */
export class WriterArena {
  private chunk = new ArrayBuffer(0);
  private at = 0;
  private readonly chunkBytes: number;
  /** Every chunk this arena made or took (for release). */
  private readonly chunks: ArrayBuffer[] = [];

  constructor(chunkBytes = ARENA_DEFAULTS.chunkBytes) {
    this.chunkBytes = chunkBytes;
  }

  /** Where `bytes` go in the current chunk (a new one when they do not fit), or −1 for an array of its own. */
  place(bytes: number): number {
    if (bytes <= 64 || bytes > this.chunkBytes >> 2) return -1;
    // Every view starts at a multiple of 8 bytes (any element type's alignment).
    let at = (this.at + 7) & ~7;
    if (at + bytes > this.chunk.byteLength) {
      this.chunk = zeroedChunk(this.chunk.byteLength === 0 ? Math.max(bytes, ARENA_DEFAULTS.firstChunkBytes) : this.chunkBytes);
      this.chunks.push(this.chunk);
      at = 0;
    }
    this.at = at + bytes;
    return at;
  }

  /** The chunk `place` last placed in. */
  get buffer(): ArrayBuffer {
    return this.chunk;
  }

  /**
   * Gives this arena's chunks to the next calls (zeroed again when taken). Only for a call whose
   * result and everything it leaves behind hold none of the arena's views (an encode that returns
   * fresh bytes): a view kept past it would change under its holder.
   */
  release(): void {
    for (const chunk of this.chunks) if (spare.length < ARENA_DEFAULTS.spareChunks) spare.push(chunk);
    this.chunks.length = 0;
    this.chunk = new ArrayBuffer(0);
    this.at = 0;
  }
}

/** Chunks released by finished calls (WriterArena.release), at most ARENA_DEFAULTS.spareChunks. */
const spare: ArrayBuffer[] = [];

/** A zeroed chunk of `bytes`: a released one of that size, zeroed again, or a new buffer. */
function zeroedChunk(bytes: number): ArrayBuffer {
  for (let i = spare.length - 1; i >= 0; i--) {
    const chunk = spare[i]!;
    if (chunk.byteLength !== bytes) continue;
    spare[i] = spare[spare.length - 1]!;
    spare.pop();
    new Uint8Array(chunk).fill(0);
    return chunk;
  }
  return new ArrayBuffer(bytes);
}

/**
 * The arena of the writer call under way (withWriterArena sets it for the call and restores the
 * one before after), undefined outside one: the quantizers and vertex passes then make their
 * arrays as before.
 */
let current: WriterArena | undefined;

/**
 * Runs `call` with a new arena as the current one (the one before restored after, so nested calls
 * keep theirs). `release`: the call's result holds none of the arena's views, so its chunks go to
 * the next calls when it ends (WriterArena.release).
 */
export function withWriterArena<T>(call: () => T, release = false): T {
  const before = current;
  const arena = (current = new WriterArena());
  try {
    return call();
  } finally {
    current = before;
    if (release) arena.release();
  }
}

// One function per element type, each with its own constructor call (a call site that saw every
// type would be megamorphic). Zeroed, as a new array is.

export function writerUint8(length: number): Uint8Array {
  const at = current === undefined ? -1 : current.place(length);
  return at < 0 ? new Uint8Array(length) : new Uint8Array(current!.buffer, at, length);
}

export function writerInt8(length: number): Int8Array {
  const at = current === undefined ? -1 : current.place(length);
  return at < 0 ? new Int8Array(length) : new Int8Array(current!.buffer, at, length);
}

export function writerUint16(length: number): Uint16Array {
  const at = current === undefined ? -1 : current.place(length * 2);
  return at < 0 ? new Uint16Array(length) : new Uint16Array(current!.buffer, at, length);
}

export function writerInt16(length: number): Int16Array {
  const at = current === undefined ? -1 : current.place(length * 2);
  return at < 0 ? new Int16Array(length) : new Int16Array(current!.buffer, at, length);
}

export function writerUint32(length: number): Uint32Array {
  const at = current === undefined ? -1 : current.place(length * 4);
  return at < 0 ? new Uint32Array(length) : new Uint32Array(current!.buffer, at, length);
}

export function writerFloat32(length: number): Float32Array {
  const at = current === undefined ? -1 : current.place(length * 4);
  return at < 0 ? new Float32Array(length) : new Float32Array(current!.buffer, at, length);
}

export function writerFloat64(length: number): Float64Array {
  const at = current === undefined ? -1 : current.place(length * 8);
  return at < 0 ? new Float64Array(length) : new Float64Array(current!.buffer, at, length);
}
