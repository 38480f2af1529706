// apg text written straight into bytes: numbers as ASCII digits from their decimal digits and
// exponent, no string per number or per line. The previous writer pushed one string per line
// and joined them before `TextEncoder.encode`; on a 1 MB file that was ~2 strings per value
// and a quarter of the time in garbage collection.
import { FLOAT_TEXT_BYTES, FLOAT_TEXT_SLACK, writeFloat32 } from '../../kernels/js/apg-format-floats.js';

const encoder = new TextEncoder();

export class TextSink {
  private bytes: Uint8Array;
  length = 0;

  constructor(capacity = 4096) {
    this.bytes = new Uint8Array(Math.max(64, capacity));
  }

  private room(count: number): Uint8Array {
    const needed = this.length + count;
    if (needed > this.bytes.length) {
      const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    return this.bytes;
  }

  byte(code: number): void {
    this.room(1)[this.length++] = code;
  }

  /** Any text (UTF-8); ASCII byte by byte. */
  text(text: string): void {
    const bytes = this.room(text.length * 3);
    let at = this.length;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code > 0x7f) {
        this.length = at + encoder.encodeInto(text.slice(i), bytes.subarray(at)).written;
        return;
      }
      bytes[at++] = code;
    }
    this.length = at;
  }

  /** A non-negative integer below 2^53. */
  integer(value: number): void {
    const bytes = this.room(16);
    const count = digitCount(value);
    let at = this.length + count;
    this.length = at;
    if (value < 0x80000000) {
      let v = value | 0;
      do {
        const next = (v / 10) | 0;
        bytes[--at] = 48 + v - next * 10;
        v = next;
      } while (v > 0);
      return;
    }
    let v = value;
    do {
      const next = Math.floor(v / 10);
      bytes[--at] = 48 + v - next * 10;
      v = next;
    } while (v > 0);
  }

  /**
   * The shortest decimal that reads back to the float32 `value`, spelled as `toPrecision` spells
   * it with that many digits (see shortest-float32.ts): "0.1", "-0", "1e+2", "1.5e-7", "inf", "nan".
   * Whole blocks of numbers go through the formatFloatRows / formatKeyLines kernels instead
   * (number-blocks.ts); this is for single values and columns printed otherwise.
   */
  float32(value: number): void {
    this.length = writeFloat32(this.room(FLOAT_TEXT_BYTES + FLOAT_TEXT_SLACK), this.length, value);
  }

  /** Room for `count` more bytes: the buffer to write into from `length` on (until the next call). */
  reserve(count: number): Uint8Array {
    return this.room(count);
  }

  /** Appends bytes. */
  append(data: Uint8Array): void {
    this.room(data.length).set(data, this.length);
    this.length += data.length;
  }

  /** Exactly the bytes written. */
  finish(): Uint8Array {
    return this.bytes.length === this.length ? this.bytes : this.bytes.slice(0, this.length);
  }
}

/** Decimal digits of a non-negative integer below 2^53. */
function digitCount(value: number): number {
  let count = 1;
  let bound = 10;
  while (value >= bound && count < 16) {
    count++;
    bound *= 10;
  }
  return count;
}
