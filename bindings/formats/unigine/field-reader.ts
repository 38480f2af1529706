import { FileOffsets } from '../../io/file-offsets.js';
import type { Kernels } from '../../kernels/kernels.js';
import { ByteReader } from '../../io/byte-reader.js';
import { compactIntBytes, readCompactInt } from './compact-int.js';
import type { UnigineBounds } from './mesh-document.js';
import { emptyVerbatim, type UnigineVerbatim } from './verbatim-fields.js';

const textEncoder = new TextEncoder();
const ASCII = /^[\x00-\x7f]*$/;
/** Strings up to this many bytes (NUL included) are read by shortText when they are ASCII. */
const SHORT_STRING_BYTES = 64;

/**
 * A ByteReader for UNIGINE files that counts the compact integers, strings and bounds it reads
 * and keeps, in `verbatim`, the bytes of those that would not re-encode to themselves (see
 * verbatim-fields.ts). `verbatim` stays undefined for a canonical file.
 */
export class UnigineReader extends ByteReader {
  verbatim: UnigineVerbatim | undefined;
  /** Large surface arrays left in the input as accessors (stored-arrays.ts): for a document that never leaves one parse. */
  staged = false;
  /** The kernels of a parse (skin and frame records walked by its backend); undefined: the js twins. */
  kernels: Kernels | undefined;
  /** Where the arrays read into the document lie in the file (its table: io/file-offsets.ts). */
  readonly fileOffsets = new FileOffsets();
  private compactInts = 0;
  private strings = 0;
  private boundsRead = 0;

  /**
   * Bytes `start`..`end` as an array of their own: a verbatim field outlives the read. Not
   * `slice()`: the input may be a Node Buffer, whose slice is a view of the caller's memory.
   */
  private copy(start: number, end: number): Uint8Array {
    return new Uint8Array(this.bytes.subarray(start, end));
  }

  /** A compact integer; its bytes kept when they are not its shortest encoding. */
  compactInt(what: string): number {
    const start = this.offset;
    const value = readCompactInt(this, what);
    const ordinal = this.compactInts++;
    const length = this.offset - start;
    // Shortest form: the minimal byte count, and no sign on zero.
    if (length !== compactIntBytes(value) || (value === 0 && (this.bytes[start]! & 0x40) !== 0)) {
      (this.verbatim ??= emptyVerbatim()).compactInts.set(ordinal, { value, bytes: this.copy(start, this.offset) });
    }
    return value;
  }

  /** Compact length including the NUL, then the bytes; kept when the decoded text does not encode back to them. */
  string(what: string): string {
    const at = this.offset;
    const length = this.compactInt(`${what} length`);
    if (length < 1) this.fail('BAD_VALUE', `${what} has length ${length}; a string holds at least its NUL`, at);
    this.needCount(length, 1, what);
    const start = this.offset;
    if (this.bytes[start + length - 1] !== 0) this.fail('BAD_VALUE', `${what} does not end with a NUL`, start + length - 1);
    const text = length <= SHORT_STRING_BYTES ? this.shortText(start, length) ?? this.utf8(length, what) : this.utf8(length, what);
    const ordinal = this.strings++;
    if (!(text.length === length - 1 && ASCII.test(text)) && !encodesTo(text, this.bytes.subarray(start, start + length - 1))) {
      (this.verbatim ??= emptyVerbatim()).strings.set(ordinal, { text, bytes: this.copy(start, start + length) });
    }
    return text;
  }

  /**
   * A short string of ASCII bytes up to its NUL (the usual bone and surface name) as its char
   * codes, the offset moved past it, as utf8() would decode it; undefined (nothing read) when a
   * byte is not ASCII. TextDecoder's fixed cost per call was 3 % of the 30 KB door's parse.
   */
  private shortText(start: number, length: number): string | undefined {
    const bytes = this.bytes;
    let text = '';
    for (let i = start, end = start + length; i < end; i++) {
      const c = bytes[i]!;
      if (c === 0) break;
      if (c > 0x7f) return undefined;
      text += String.fromCharCode(c);
    }
    this.offset = start + length;
    return text;
  }

  /** Min, max, centre and radius as float32; the bytes kept when a value is NaN (its payload would not survive). */
  bounds(what: string): UnigineBounds {
    this.need(40, what);
    const start = this.offset;
    // The 40 bytes were checked above: read straight from the view (no closure, no spread per
    // bounds: a 30 KB file of many surfaces reads one bounds per surface).
    const v = this.view;
    const bounds: UnigineBounds = {
      min: [v.getFloat32(start, true), v.getFloat32(start + 4, true), v.getFloat32(start + 8, true)],
      max: [v.getFloat32(start + 12, true), v.getFloat32(start + 16, true), v.getFloat32(start + 20, true)],
      center: [v.getFloat32(start + 24, true), v.getFloat32(start + 28, true), v.getFloat32(start + 32, true)],
      radius: v.getFloat32(start + 36, true),
    };
    this.offset = start + 40;
    const ordinal = this.boundsRead++;
    let nan = false;
    for (let at = start; at < start + 40; at += 4) if (Number.isNaN(v.getFloat32(at, true))) nan = true;
    if (nan) {
      const values = [...bounds.min, ...bounds.max, ...bounds.center, bounds.radius];
      (this.verbatim ??= emptyVerbatim()).bounds.set(ordinal, { values, bytes: this.copy(start, start + 40) });
    }
    return bounds;
  }
}

/** Whether UTF-8 encoding `text` gives exactly `bytes`. */
function encodesTo(text: string, bytes: Uint8Array): boolean {
  const encoded = textEncoder.encode(text);
  if (encoded.length !== bytes.length) return false;
  for (let i = 0; i < encoded.length; i++) if (encoded[i] !== bytes[i]) return false;
  return true;
}
