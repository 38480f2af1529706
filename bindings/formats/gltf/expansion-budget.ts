import { MemoryBudget } from '../../io/memory-budget.js';
import { fail } from './read-gltf.js';

/**
 * What the glTF reader may allocate, in bytes, for one input: `bytesPerInputByte` × the input's
 * bytes (the file and every external buffer) + 64 KiB, taken from one MemoryBudget (io/memory-budget.ts). Every array the reader makes is
 * charged before it is allocated: accessor values (read from bytes, zero-filled or sparse: a
 * count in the JSON costs a few bytes and can promise millions), strip and fan expansion, index
 * widening, the copies made per node that instances a mesh, skin joint tables, animation keys
 * and their resampling. With `bytesPerInputByte` ≤ 64 the Asset therefore stays within the
 * README's promise (64 bytes per file byte + 64 KiB) whatever the file claims.
 *
 * Alternatives considered: counting values per accessor (the previous check: 256 values, up to
 * 1 KiB per input byte, and blind to everything made after the accessors) let a 438-byte file of
 * zero-filled accessors become 460 kB; bounding only the final Asset would allocate first and
 * refuse afterwards. Charging at each allocation costs one addition per array.
 */
export class ExpansionBudget {
  private readonly budget: MemoryBudget;

  constructor(inputBytes: number, bytesPerInputByte: number, private readonly offset: number) {
    this.budget = new MemoryBudget(inputBytes, bytesPerInputByte);
  }

  get limit(): number {
    return this.budget.limit;
  }

  /** Bytes that can still be charged. */
  get remaining(): number {
    return this.budget.remaining;
  }

  /** Records `bytes` about to be allocated for `label`; BAD_COUNT when the input cannot justify them. */
  charge(bytes: number, label: string): void {
    if (!this.budget.take(bytes)) {
      fail('BAD_COUNT', `${label}: the file asks for more than ${this.budget.limit} bytes of decoded data in all, out of proportion to its ${this.budget.inputBytes} bytes (maxExpansion)`, this.offset);
    }
  }
}
