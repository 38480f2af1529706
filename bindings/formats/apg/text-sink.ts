// apg text written straight into bytes: numbers as ASCII digits from their decimal digits and
// exponent, no string per number or per line. The previous writer pushed one string per line
// and joined them before `TextEncoder.encode`; on a 1 MB file that was ~2 strings per value
// and a quarter of the time in garbage collection.
import { shortestDigits, shortestExponent, shortestFloat32 } from '../../io/shortest-float32.js';

const encoder = new TextEncoder();
const CACHE_BITS = 12;
const bitsView = new Float32Array(1);
const bitsOf = new Uint32Array(bitsView.buffer);

export class TextSink {
  private bytes: Uint8Array;
  length = 0;
  private readonly cacheAt = new Int32Array(1 << CACHE_BITS).fill(-1);
  private readonly cacheBits = new Uint32Array(1 << CACHE_BITS);
  private readonly cacheLength = new Uint8Array(1 << CACHE_BITS);

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
   */
  float32(value: number): void {
    if (value !== value) return this.text('nan');
    if (value === Infinity) return this.text('inf');
    if (value === -Infinity) return this.text('-inf');
    if (value === 0) return this.text(Object.is(value, -0) ? '-0' : '0');
    // A triangle soup repeats each vertex's values several times: a value printed lately is
    // copied from where it was printed (a direct-mapped cache of the last value per slot).
    bitsView[0] = value;
    const bits = bitsOf[0]!;
    const slot = Math.imul(bits, 0x9e3779b1) >>> (32 - CACHE_BITS);
    const cachedAt = this.cacheAt[slot]!;
    if (cachedAt >= 0 && this.cacheBits[slot] === bits) {
      const length = this.cacheLength[slot]!;
      const bytes = this.room(length);
      for (let i = 0; i < length; i++) bytes[this.length + i] = bytes[cachedAt + i]!;
      this.length += length;
      return;
    }
    const start = this.length;
    this.shortest(value);
    this.cacheAt[slot] = start;
    this.cacheBits[slot] = bits;
    this.cacheLength[slot] = this.length - start;
  }

  private shortest(value: number): void {
    shortestFloat32(value);
    const digits = shortestDigits;
    const count = digitCount(digits);
    const exponent = shortestExponent + count - 1;
    const bytes = this.room(40);
    let at = this.length;
    if (value < 0) bytes[at++] = 45; // '-'
    const exponential = exponent < -6 || exponent >= count;
    // Where the point goes among the digits (after `point` of them), or 0 for none.
    let point = exponential ? (count > 1 ? 1 : 0) : exponent < count - 1 ? exponent + 1 : 0;
    if (!exponential && exponent < 0) {
      bytes[at++] = 48; // '0'
      bytes[at++] = 46; // '.'
      for (let z = -exponent - 1; z > 0; z--) bytes[at++] = 48;
      point = 0;
    }
    // The digits from the last, the point inserted on the way.
    let end = at + count + (point > 0 ? 1 : 0);
    this.length = end;
    // At most nine digits (below 2^31): int32 division, not Math.floor of a float64 quotient.
    let v = digits | 0;
    let written = 0;
    while (end > at) {
      if (point > 0 && written === count - point) {
        bytes[--end] = 46;
        point = 0;
        continue;
      }
      const next = (v / 10) | 0;
      bytes[--end] = 48 + v - next * 10;
      v = next;
      written++;
    }
    if (exponential) {
      bytes[this.length++] = 101; // 'e'
      bytes[this.length++] = exponent < 0 ? 45 : 43;
      this.integer(Math.abs(exponent));
    }
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
