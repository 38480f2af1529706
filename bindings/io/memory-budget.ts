/**
 * The README's memory promise for one read (Limits: an Asset holds at most 64 bytes per byte of
 * its files, plus 64 KiB), as a budget that each allocation made from the input is taken from
 * before it is made. Readers whose counts can promise more than their bytes hold use it: glTF
 * (zero-filled and sparse accessors, instancing, strips and fans, keys; gltf/accessors.ts) and
 * Transport Fever (blob ranges a descriptor may make overlap, welded vertices).
 */
export const MEMORY_BUDGET_DEFAULTS = {
  /** Bytes that may be allocated per byte of the input files (the `.msh` and its blob, or the `.ani`). */
  bytesPerInputByte: 64,
  /** Allowed on top, whatever the input's size. */
  slackBytes: 64 * 1024,
};

export class MemoryBudget {
  readonly limit: number;
  private spent = 0;

  constructor(readonly inputBytes: number, bytesPerInputByte = MEMORY_BUDGET_DEFAULTS.bytesPerInputByte) {
    this.limit = bytesPerInputByte * inputBytes + MEMORY_BUDGET_DEFAULTS.slackBytes;
  }

  /** Takes `bytes`; false (and nothing taken) when they would pass the limit. */
  take(bytes: number): boolean {
    // Written so that a NaN count (from a hostile number) is refused too.
    if (!(this.spent + bytes <= this.limit)) return false;
    this.spent += bytes;
    return true;
  }

  /** Bytes that can still be taken. */
  get remaining(): number {
    return this.limit - this.spent;
  }

  /** How the limit reads in a message. */
  describe(): string {
    return `${this.limit} bytes (${(this.limit - MEMORY_BUDGET_DEFAULTS.slackBytes) / Math.max(this.inputBytes, 1)} per byte of the ${this.inputBytes} input bytes, plus ${MEMORY_BUDGET_DEFAULTS.slackBytes})`;
  }
}
