/**
 * The README's memory promise for one read (Limits: an Asset holds at most 64 bytes per byte of
 * its files, plus 64 KiB), as a budget that each allocation made from the input is taken from
 * before it is made. Transport Fever needs it twice: the document copies blob ranges (which a
 * descriptor may make overlap), and welding index streams can make more vertices than the blob
 * holds elements.
 */
export const TF_MEMORY_DEFAULTS = {
  /** Bytes that may be allocated per byte of the input files (the `.msh` and its blob, or the `.ani`). */
  bytesPerInputByte: 64,
  /** Allowed on top, whatever the input's size. */
  slackBytes: 64 * 1024,
};

export class MemoryBudget {
  readonly limit: number;
  private spent = 0;

  constructor(readonly inputBytes: number, bytesPerInputByte = TF_MEMORY_DEFAULTS.bytesPerInputByte) {
    this.limit = bytesPerInputByte * inputBytes + TF_MEMORY_DEFAULTS.slackBytes;
  }

  /** Takes `bytes`; false (and nothing taken) when they would pass the limit. */
  take(bytes: number): boolean {
    if (this.spent + bytes > this.limit) return false;
    this.spent += bytes;
    return true;
  }

  /** How the limit reads in a message. */
  describe(): string {
    return `${this.limit} bytes (${(this.limit - TF_MEMORY_DEFAULTS.slackBytes) / Math.max(this.inputBytes, 1)} per byte of the ${this.inputBytes} input bytes, plus ${TF_MEMORY_DEFAULTS.slackBytes})`;
  }
}
