// Small Float32Arrays of one read carved out of shared blocks: an animation of 75 joints reads
// 225 accessors of a few hundred floats each, and a buffer of its own for each (TypedArray#slice)
// cost more in allocation than in copying. Each array is a disjoint view of a block (arrays of one
// read may share an ArrayBuffer, as key times shared by tracks already do); large arrays keep
// buffers of their own. Alternatives measured on the speed bar's tiled mrfixit GLB (75 joints,
// 101 frames; shared 2-core machine): one slice per accessor (before), and this pool.

/** Arrays up to this many floats come from a block. */
const SMALL = 1024;
/** Floats per block, at most. */
const BLOCK = 16384;

export class SmallFloatArrays {
  private block: Float32Array | undefined;
  private used = 0;
  private readonly blockFloats: number;
  private readonly small: number;

  /** `inputBytes`: blocks never take more bytes than the input has (a small file keeps small blocks). */
  constructor(inputBytes = Infinity) {
    this.blockFloats = Math.max(4, Math.min(BLOCK, Math.floor(inputBytes / 4)));
    this.small = Math.min(SMALL, this.blockFloats);
  }

  /** A zeroed Float32Array of `length` floats (a view of a shared block when small). */
  take(length: number): Float32Array {
    if (length > this.small) return new Float32Array(length);
    if (!this.block || this.used + length > this.block.length) {
      this.block = new Float32Array(this.blockFloats);
      this.used = 0;
    }
    const view = this.block.subarray(this.used, this.used + length);
    // Each view starts 16 bytes aligned, as an array of its own would be.
    this.used += (length + 3) & ~3;
    return view;
  }
}
