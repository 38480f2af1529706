import { documentError } from './document-error.js';
import type { ByteReader } from '../../io/byte-reader.js';
import type { ByteWriter } from '../../io/byte-writer.js';

/** Longest compact integer: 6 + 4 × 7 = 34 magnitude bits, of which 31 may be used. */
const MAX_BYTES = 5;
const MAX_MAGNITUDE = 0x7fffffff;

/**
 * UNIGINE's compact integer (Stream::readInt2): sign-magnitude in little-endian groups. The
 * first byte holds a continuation bit, the sign and 6 magnitude bits; each later byte a
 * continuation bit and 7 more magnitude bits. Not LEB128, not zigzag.
 */
export function readCompactInt(reader: ByteReader, what: string): number {
  const start = reader.offset;
  let byte = reader.u8(what);
  const negative = (byte & 0x40) !== 0;
  let magnitude = byte & 0x3f;
  let shift = 6;
  for (let length = 1; byte & 0x80; length++) {
    if (length === MAX_BYTES) reader.fail('BAD_VALUE', `${what} is a compact integer longer than ${MAX_BYTES} bytes`, start);
    byte = reader.u8(what);
    magnitude += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  }
  if (magnitude > MAX_MAGNITUDE) reader.fail('BAD_VALUE', `${what} is a compact integer beyond 32 bits (${negative ? '-' : ''}${magnitude})`, start);
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}

/** Writes `value` (a 32-bit signed integer) in the shortest compact form. */
export function writeCompactInt(writer: ByteWriter, value: number): void {
  if (!Number.isInteger(value) || Math.abs(value) > MAX_MAGNITUDE) documentError(`compact integer out of range: ${value}`);
  let magnitude = Math.abs(value);
  let byte = (magnitude & 0x3f) | (value < 0 ? 0x40 : 0);
  magnitude = Math.floor(magnitude / 64);
  while (magnitude > 0) {
    writer.u8(byte | 0x80);
    byte = magnitude & 0x7f;
    magnitude = Math.floor(magnitude / 128);
  }
  writer.u8(byte);
}

/** Bytes `writeCompactInt` takes for `value`. */
export function compactIntBytes(value: number): number {
  let bytes = 1;
  for (let magnitude = Math.floor(Math.abs(value) / 64); magnitude > 0; magnitude = Math.floor(magnitude / 128)) bytes++;
  return bytes;
}
