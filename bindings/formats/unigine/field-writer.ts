import { ByteWriter } from '../../io/byte-writer.js';
import { writeCompactInt } from './compact-int.js';
import type { UnigineBounds } from './mesh-document.js';
import { sameFloats, type UnigineVerbatim } from './verbatim-fields.js';

const textEncoder = new TextEncoder();
const ASCII = /^[\x00-\x7f]*$/;

/**
 * A ByteWriter for UNIGINE files that counts the compact integers, strings and bounds it writes,
 * in the order the reader counts them, and writes the bytes `verbatim` kept for a field when the
 * value is still the one read; every other field in its canonical form (shortest compact
 * integers, UTF-8 strings).
 */
export class UnigineWriter extends ByteWriter {
  private readonly verbatim: UnigineVerbatim | undefined;
  private compactInts = 0;
  private strings = 0;
  private boundsWritten = 0;

  constructor(initialCapacity: number, verbatim: UnigineVerbatim | undefined) {
    super(initialCapacity);
    this.verbatim = verbatim;
  }

  compactInt(value: number): this {
    const kept = this.verbatim?.compactInts.get(this.compactInts);
    this.compactInts++;
    if (kept && kept.value === value) this.bytes(kept.bytes);
    else writeCompactInt(this, value);
    return this;
  }

  /** A zero-terminated UTF-8 string after its compact byte count (ASCII text, the usual name, skips the encoder). */
  string(text: string): this {
    const kept = this.verbatim?.strings.get(this.strings);
    this.strings++;
    if (kept && kept.text === text) return this.compactInt(kept.bytes.length).bytes(kept.bytes);
    if (ASCII.test(text)) return this.compactInt(text.length + 1).ascii(text).u8(0);
    const bytes = textEncoder.encode(text);
    return this.compactInt(bytes.length + 1).bytes(bytes).u8(0);
  }

  bounds(bounds: UnigineBounds): this {
    const kept = this.verbatim?.bounds.get(this.boundsWritten);
    this.boundsWritten++;
    if (kept && sameFloats(kept.values, [...bounds.min, ...bounds.max, ...bounds.center, bounds.radius])) return this.bytes(kept.bytes);
    return this.f32Array(bounds.min).f32Array(bounds.max).f32Array(bounds.center).f32(bounds.radius);
  }
}
