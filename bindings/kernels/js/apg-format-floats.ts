// TypeScript twin of assembly/apg-format-floats.ts: apg rows and key lines of float32 values in
// their shortest read-back form (io/shortest-float32.ts), written into a byte array, with the same
// direct-mapped cache of values printed earlier in the call.
import { shortestDigits, shortestExponent, shortestFloat32 } from '../../io/shortest-float32.js';

/** Bytes one value can take, a separator included ("-1.23456789e-45 ", "-0.00000123456789 "). */
export const FLOAT_TEXT_BYTES = 18;
/** Room past the last value that the kernels may write into (a cached text is copied 16 bytes at a time). */
export const FLOAT_TEXT_SLACK = 16;

const CACHE_BITS = 11;
const cacheBits = new Uint32Array(1 << CACHE_BITS);
const cacheAt = new Int32Array(1 << CACHE_BITS);
const cacheLength = new Uint8Array(1 << CACHE_BITS);
/** The call each slot was written in (entries of other calls are stale). */
const cacheCall = new Uint32Array(1 << CACHE_BITS);
let call = 0;
const bitsView = new Float32Array(1);
const bitsOf = new Uint32Array(bitsView.buffer);

function nextCall(): void {
  call = (call + 1) >>> 0;
  if (call === 0) {
    cacheCall.fill(0);
    call = 1;
  }
}

/** Decimal digits of a positive integer below 2^53. */
function digitCount(value: number): number {
  let count = 1;
  let bound = 10;
  while (value >= bound && count < 16) {
    count++;
    bound *= 10;
  }
  return count;
}

/**
 * The shortest text of a finite non-zero float32 at `at`, spelled as toPrecision spells it with
 * that many digits; returns the end.
 */
function writeShortest(bytes: Uint8Array, at: number, value: number): number {
  shortestFloat32(value);
  const digits = shortestDigits;
  const count = digitCount(digits);
  const exponent = shortestExponent + count - 1;
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
  // The digits from the last, the point inserted on the way (at most nine: int32 division).
  const start = at;
  let end = at + count + (point > 0 ? 1 : 0);
  const last = end;
  let v = digits | 0;
  let written = 0;
  while (end > start) {
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
  at = last;
  if (exponential) {
    bytes[at++] = 101; // 'e'
    bytes[at++] = exponent < 0 ? 45 : 43;
    let e = exponent < 0 ? -exponent : exponent;
    if (e >= 100) {
      bytes[at++] = 48 + ((e / 100) | 0);
      e %= 100;
      bytes[at++] = 48 + ((e / 10) | 0);
    } else if (e >= 10) {
      bytes[at++] = 48 + ((e / 10) | 0);
    }
    bytes[at++] = 48 + (e % 10);
  }
  return at;
}

/**
 * Any float32 at `at` as the apg writer prints it ("nan", "inf", "-inf", "0", "-0", else the
 * shortest form); returns the end. `cached`: whether to use the call's cache.
 */
export function writeFloat32(bytes: Uint8Array, at: number, value: number, cached = false): number {
  if (value !== value) {
    bytes[at] = 110;
    bytes[at + 1] = 97;
    bytes[at + 2] = 110;
    return at + 3;
  }
  if (value === Infinity || value === -Infinity) {
    if (value < 0) bytes[at++] = 45;
    bytes[at] = 105;
    bytes[at + 1] = 110;
    bytes[at + 2] = 102;
    return at + 3;
  }
  if (value === 0) {
    if (Object.is(value, -0)) bytes[at++] = 45;
    bytes[at] = 48;
    return at + 1;
  }
  if (!cached) return writeShortest(bytes, at, value);
  bitsView[0] = value;
  const bits = bitsOf[0]!;
  const slot = Math.imul(bits, 0x9e3779b1) >>> (32 - CACHE_BITS);
  if (cacheCall[slot] === call && cacheBits[slot] === bits) {
    const from = cacheAt[slot]!;
    const length = cacheLength[slot]!;
    for (let i = 0; i < length; i++) bytes[at + i] = bytes[from + i]!;
    return at + length;
  }
  const end = writeShortest(bytes, at, value);
  cacheBits[slot] = bits;
  cacheAt[slot] = at;
  cacheLength[slot] = end - at;
  cacheCall[slot] = call;
  return end;
}

/**
 * Rows of `width` values, separated by spaces, each ended by "\n", into `dst` (room for
 * floatRowsBytes(values.length) bytes). Returns the bytes written.
 */
export function formatFloatRows(values: Float32Array, width: number, dst: Uint8Array): number {
  checkFloatRows(values, width, dst);
  nextCall();
  let at = 0;
  for (let i = 0; i < values.length; i += width) {
    at = writeFloat32(dst, at, values[i]!, true);
    for (let c = 1; c < width; c++) {
      dst[at++] = 32;
      at = writeFloat32(dst, at, values[i + c]!, true);
    }
    dst[at++] = 10;
  }
  return at;
}

/**
 * Key lines `t TIME WORD v…` (WORD: the three little-endian bytes of `word`), each ended by
 * "\n", into `dst` (room for keyLinesBytes(keys, components) bytes). Returns the bytes written.
 */
export function formatKeyLines(times: Float32Array, values: Float32Array, components: number, word: number, dst: Uint8Array): number {
  checkKeyLines(times, values, components, dst);
  nextCall();
  const w0 = word & 0xff, w1 = (word >>> 8) & 0xff, w2 = (word >>> 16) & 0xff;
  let at = 0;
  for (let k = 0, n = 0; k < times.length; k++) {
    dst[at++] = 116; // 't'
    dst[at++] = 32;
    at = writeFloat32(dst, at, times[k]!, true);
    dst[at++] = 32;
    dst[at++] = w0;
    dst[at++] = w1;
    dst[at++] = w2;
    for (let c = 0; c < components; c++) {
      dst[at++] = 32;
      at = writeFloat32(dst, at, values[n++]!, true);
    }
    dst[at++] = 10;
  }
  return at;
}

/** Refuses rows the kernels cannot write whole into `dst` (both backends check the same way). */
export function checkFloatRows(values: Float32Array, width: number, dst: Uint8Array): void {
  if (!(Number.isInteger(width) && width >= 1 && values.length % width === 0)) throw new RangeError(`meshcodec: ${values.length} values are not rows of ${width}`);
  if (dst.length < values.length * FLOAT_TEXT_BYTES + FLOAT_TEXT_SLACK) throw new RangeError(`meshcodec: ${dst.length} bytes cannot hold the text of ${values.length} values`);
}

/** Refuses key lines the kernels cannot write whole into `dst`. */
export function checkKeyLines(times: Float32Array, values: Float32Array, components: number, dst: Uint8Array): void {
  if (!(Number.isInteger(components) && components >= 0 && values.length === times.length * components)) throw new RangeError(`meshcodec: ${values.length} values are not ${times.length} keys of ${components}`);
  if (dst.length < keyLinesBytes(times.length, components)) throw new RangeError(`meshcodec: ${dst.length} bytes cannot hold the text of ${times.length} keys`);
}

/** Room formatKeyLines needs for `keys` lines of `components` values. */
export function keyLinesBytes(keys: number, components: number): number {
  return keys * (components + 2) * FLOAT_TEXT_BYTES + FLOAT_TEXT_SLACK;
}

/** Room formatFloatRows needs for `count` values. */
export function floatRowsBytes(count: number): number {
  return count * FLOAT_TEXT_BYTES + FLOAT_TEXT_SLACK;
}
