// Float32Arrays of one read carved out of shared blocks: an animation of 75 joints reads 225
// accessors of a few hundred floats each, and a mesh a few arrays of a few thousand; a buffer of
// its own for each (TypedArray#slice) cost more in allocation than in copying. Each array is a
// disjoint view of a block (arrays of one read may share an ArrayBuffer, as key times shared by
// tracks already do). Alternatives measured on the speed bar's tiled mrfixit GLB (75 joints, 101
// frames; interleaved against the tree before, shared 2-core machine):
// - one slice per accessor (round three's start);
// - blocks of at most 64 KiB for arrays up to a quarter of a block, larger arrays on buffers of
//   their own (round three: 1.26× → 1.42× faster than one slice each, about a tenth of the parse);
// - this file: blocks sized by the reader's plan (`plannedFloats` in accessors.ts: the FLOAT
//   accessors and the primitives' index accessors the file holds, each once). A plan of at most
//   one block (120 KiB) is one allocation for all of a small file's float arrays and indices,
//   large ones included (the speed bar's 30 KB door: 1.37–1.39× faster, its Asset 29 kB of
//   buffers where it was 62); past that, the plan's small arrays size the blocks so the last one
//   holds no more than they need, large arrays keep buffers of their own, and blocks are 120 KiB,
//   not 64 (the 1 MB file: 1.16× with the reader's other changes). Arrays past the plan (an
//   accessor read twice) fall back to the blocks and buffers of their own. Dropped: one block for
//   every array of a 1 MB file (mapped fresh by each call past glibc's 128 KiB mmap threshold:
//   100–140 page faults and 3× the time per parse). Measured in the README § End to end
//   (GLB and glTF parse, round five).

type ArrayOf = Float32Array | Uint8Array | Uint16Array | Uint32Array | Int8Array | Int16Array;
interface ArrayType<T> {
  new (length: number): T;
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
  readonly BYTES_PER_ELEMENT: number;
}

/**
 * Floats per block, at most (120 KiB): below glibc's mmap threshold (128 KiB), so blocks are
 * recycled by malloc rather than mapped and unmapped each time (64 KiB before: twice the blocks).
 */
export const BLOCK_FLOATS = 30720;
const BLOCK = BLOCK_FLOATS;

/** Floats of a block past the plan: at most twice the input's bytes. */
function blockFloatsFor(inputBytes: number): number {
  return Math.max(4, Math.min(BLOCK, Math.floor(inputBytes / 2)));
}

/** The largest float array taken from a block past the plan (a quarter of a block). */
export function smallArrayFloats(inputBytes: number): number {
  return Math.max(1, blockFloatsFor(inputBytes) >> 2);
}

export class SmallFloatArrays {
  private block: Float32Array | undefined;
  private used = 0;
  private readonly blockFloats: number;
  private readonly small: number;
  /** Floats the plan still expects (each array rounded up to 4 floats, as views are laid out). */
  private expected: number;
  /** Where the plan is not followed: floats of the small arrays it still expects (so the last block is no larger than they need). */
  private expectedSmall: number;

  /**
   * `inputBytes`: a block past the plan takes at most twice the input's bytes (a small file keeps
   * small blocks), and arrays up to a quarter of such a block come from blocks, so that at most
   * a quarter of a block is ever left unused when the next one starts; `chargeUnused` is told of
   * it (the reader's expansion budget), so the budget bounds the blocks as it bounds the arrays.
   * The last block's unused part is never charged (no block follows it), so a new block is made
   * no larger than the array that starts it plus what the budget can still take (`room`, in
   * bytes): whatever of it stays unused was room the budget had, and the blocks never take the
   * read past it. `expected`: floats the reader plans to take (0: no plan); while an array fits
   * in what the plan still expects, it comes from a block whatever its size, and a block started
   * then holds the rest of the plan (within the same room). `expectedSmall`: of a plan larger than
   * a block, the floats of its arrays small enough for blocks; a block is no larger than what
   * they still need.
   */
  constructor(inputBytes = Infinity, private readonly chargeUnused: (bytes: number) => void = () => {}, private readonly room: () => number = () => Infinity, expected = 0, expectedSmall = 0) {
    this.blockFloats = blockFloatsFor(inputBytes);
    this.small = smallArrayFloats(inputBytes);
    // A plan larger than a block is not followed: one allocation past glibc's mmap threshold
    // (128 KiB) costs fresh pages on every call (measured: 100–140 page faults and 3× the time per
    // parse of the speed bar's 1 MB GLB), where blocks and arrays below it are recycled.
    this.expected = expected <= BLOCK ? expected : 0;
    this.expectedSmall = expected <= BLOCK ? 0 : expectedSmall;
  }

  /** A zeroed Float32Array of `length` floats (a view of a shared block when small or planned). */
  take(length: number): Float32Array {
    return this.takeOf(Float32Array, length);
  }

  /**
   * A zeroed array of `length` elements of `Type`: Float32Arrays as `take` gives them, arrays of
   * other types (the planned index arrays) from a block only while they fit in the plan.
   */
  takeOf<T extends ArrayOf>(Type: ArrayType<T>, length: number): T {
    const isFloat = (Type as unknown) === Float32Array;
    const units = isFloat ? length : (length * Type.BYTES_PER_ELEMENT + 3) >> 2;
    const padded = (units + 3) & ~3;
    const planned = padded <= this.expected;
    if (!planned && (units > this.small || !isFloat)) return new Type(length);
    const block = this.block;
    if (!block || this.used + units > block.length) {
      // What the last block leaves unused counts against the read's budget like any array.
      if (block) this.chargeUnused((block.length - this.used) * 4);
      // The array itself was charged by the caller; the rest of the block must fit in the room left.
      const spare = Math.floor(Math.max(0, this.room()) / 4);
      const wanted = planned ? this.expected : padded <= this.expectedSmall ? Math.min(this.expectedSmall, this.blockFloats) : this.blockFloats;
      this.block = new Float32Array(Math.max(units, Math.min(wanted, units + spare)));
      this.used = 0;
    }
    if (planned) this.expected -= padded;
    else this.expectedSmall = Math.max(0, this.expectedSmall - padded);
    const view = new Type(this.block!.buffer, this.used * 4, length);
    // Each view starts 16 bytes aligned, as an array of its own would be.
    this.used += padded;
    return view;
  }
}
