// Small Float32Arrays of one read carved out of shared blocks: an animation of 75 joints reads
// 225 accessors of a few hundred floats each, and a small mesh a few arrays of a few thousand; a
// buffer of its own for each (TypedArray#slice) cost more in allocation than in copying. Each
// array is a disjoint view of a block (arrays of one read may share an ArrayBuffer, as key times
// shared by tracks already do); large arrays keep buffers of their own. Alternatives measured on the speed bar's tiled mrfixit GLB (75 joints,
// 101 frames; interleaved against the tree before, shared 2-core machine): one slice per accessor
// (before), and this pool, which took the parse from 1.26× to 1.42× faster than that tree (about
// a tenth of the parse).

/** Floats per block, at most (64 KiB). */
const BLOCK = 16384;

export class SmallFloatArrays {
  private block: Float32Array | undefined;
  private used = 0;
  private readonly blockFloats: number;
  private readonly small: number;

  /**
   * `inputBytes`: a block takes at most twice the input's bytes (a small file keeps small
   * blocks), and arrays up to a quarter of a block come from blocks, so that at most a quarter of
   * a block is ever left unused when the next one starts; `chargeUnused` is told of it (the
   * reader's expansion budget), so the budget bounds the blocks as it bounds the arrays. The
   * last block's unused part is never charged (no block follows it), so a new block is made no
   * larger than the array that starts it plus what the budget can still take (`room`, in bytes):
   * whatever of it stays unused was room the budget had, and the blocks never take the read past it.
   */
  constructor(inputBytes = Infinity, private readonly chargeUnused: (bytes: number) => void = () => {}, private readonly room: () => number = () => Infinity) {
    this.blockFloats = Math.max(4, Math.min(BLOCK, Math.floor(inputBytes / 2)));
    this.small = Math.max(1, this.blockFloats >> 2);
  }

  /** A zeroed Float32Array of `length` floats (a view of a shared block when small). */
  take(length: number): Float32Array {
    if (length > this.small) return new Float32Array(length);
    if (!this.block || this.used + length > this.block.length) {
      // What the last block leaves unused counts against the read's budget like any array.
      if (this.block) this.chargeUnused((this.block.length - this.used) * 4);
      // The array itself was charged by the caller; the rest of the block must fit in the room left.
      const spare = Math.floor(Math.max(0, this.room()) / 4);
      this.block = new Float32Array(Math.max(length, Math.min(this.blockFloats, length + spare)));
      this.used = 0;
    }
    const view = this.block.subarray(this.used, this.used + length);
    // Each view starts 16 bytes aligned, as an array of its own would be.
    this.used += (length + 3) & ~3;
    return view;
  }
}
