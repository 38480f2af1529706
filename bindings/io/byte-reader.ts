import { MeshFormatError, type MeshFormatErrorCode } from './errors.js';

const textDecoder = new TextDecoder('utf-8', { fatal: false });

/** Typed arrays use the platform's byte order: copying little-endian file bytes into one is right only where that is little-endian. */
export const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** alignedCopy: copies this large get a buffer of their own; smaller ones share buffers of SHARED_BUFFER_BYTES. */
const OWN_BUFFER_BYTES = 16 * 1024;
const SHARED_BUFFER_BYTES = 64 * 1024;

/**
 * Bounds-checked little-endian reader over a byte array. Works at any alignment (DataView).
 * Every read past the end, and every count that the bytes left cannot hold, throws
 * MeshFormatError naming the format and the offset.
 */
export class ByteReader {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  readonly format: string;
  offset: number;
  /** `bytes.byteLength`, read once: the typed array's getter per field read was ~14 % of an IQM header and joint read. */
  private readonly byteLength: number;

  constructor(bytes: Uint8Array, format: string, offset = 0) {
    this.bytes = bytes;
    this.byteLength = bytes.byteLength;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.format = format;
    this.offset = offset;
  }

  get length(): number {
    return this.byteLength;
  }

  get remaining(): number {
    return this.byteLength - this.offset;
  }

  /** Throws a MeshFormatError at `offset` (default: the current offset). */
  fail(code: MeshFormatErrorCode, detail: string, offset = this.offset): never {
    throw new MeshFormatError({ code, format: this.format, offset }, detail);
  }

  /** Ensures `byteCount` bytes are left; `what` names the field for the error. */
  need(byteCount: number, what: string): void {
    if (!(byteCount <= this.remaining)) {
      this.fail('TRUNCATED', `${what} needs ${byteCount} bytes but only ${this.remaining} are left`);
    }
  }

  /**
   * Checks that `count` elements of `bytesPerElement` each fit in the bytes left, before
   * anything is allocated from the count. Returns the byte length.
   */
  needCount(count: number, bytesPerElement: number, what: string): number {
    if (!Number.isInteger(count) || count < 0) this.fail('BAD_COUNT', `${what} has an invalid count ${count}`);
    const byteLength = count * bytesPerElement;
    if (byteLength > this.remaining) {
      this.fail(
        'BAD_COUNT',
        `${what} count ${count} needs ${byteLength} bytes but only ${this.remaining} are left`,
      );
    }
    return byteLength;
  }

  seek(offset: number, what = 'offset'): this {
    if (!Number.isInteger(offset) || offset < 0 || offset > this.length) {
      this.fail('BAD_OFFSET', `${what} ${offset} lies outside the file (${this.length} bytes)`);
    }
    this.offset = offset;
    return this;
  }

  skip(byteCount: number, what = 'data'): this {
    this.need(byteCount, what);
    this.offset += byteCount;
    return this;
  }

  u8(what = 'uint8'): number {
    this.need(1, what);
    return this.view.getUint8(this.offset++);
  }

  i8(what = 'int8'): number {
    this.need(1, what);
    return this.view.getInt8(this.offset++);
  }

  u16(what = 'uint16'): number {
    this.need(2, what);
    const v = this.view.getUint16(this.offset, true);
    this.offset += 2;
    return v;
  }

  i16(what = 'int16'): number {
    this.need(2, what);
    const v = this.view.getInt16(this.offset, true);
    this.offset += 2;
    return v;
  }

  u32(what = 'uint32'): number {
    this.need(4, what);
    const v = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return v;
  }

  i32(what = 'int32'): number {
    this.need(4, what);
    const v = this.view.getInt32(this.offset, true);
    this.offset += 4;
    return v;
  }

  f32(what = 'float32'): number {
    this.need(4, what);
    const v = this.view.getFloat32(this.offset, true);
    this.offset += 4;
    return v;
  }

  f64(what = 'float64'): number {
    this.need(8, what);
    const v = this.view.getFloat64(this.offset, true);
    this.offset += 8;
    return v;
  }

  /** A view (no copy) of the next `byteCount` bytes. */
  bytesView(byteCount: number, what = 'bytes'): Uint8Array {
    this.needCount(byteCount, 1, what);
    const out = this.bytes.subarray(this.offset, this.offset + byteCount);
    this.offset += byteCount;
    return out;
  }

  /**
   * A copy of the next `byteCount` bytes at a place aligned to `align` bytes (so that a typed
   * array of that element size can view it), detached from the input. Small copies share
   * buffers of at most 64 KiB (a small file's arrays cost one allocation, not one each);
   * copies of 16 KiB or more get a buffer of their own. Returns the buffer and the place.
   */
  alignedCopy(byteCount: number, align: 1 | 2 | 4 | 8, what = 'bytes'): { buffer: ArrayBuffer; byteOffset: number } {
    const from = this.bytesView(byteCount, what);
    let buffer: ArrayBuffer;
    let byteOffset = 0;
    if (byteCount >= OWN_BUFFER_BYTES) {
      buffer = new ArrayBuffer(byteCount);
    } else {
      byteOffset = Math.ceil(this.sharedUsed / align) * align;
      if (!this.shared || byteOffset + byteCount > this.shared.byteLength) {
        this.shared = new ArrayBuffer(Math.min(SHARED_BUFFER_BYTES, byteCount + this.remaining + 256));
        byteOffset = 0;
      }
      buffer = this.shared;
      this.sharedUsed = byteOffset + byteCount;
    }
    new Uint8Array(buffer, byteOffset, byteCount).set(from);
    return { buffer, byteOffset };
  }

  private shared: ArrayBuffer | undefined;
  private sharedUsed = 0;

  /** A copy of the next `byteCount` bytes, detached from the input. */
  bytesCopy(byteCount: number, what = 'bytes'): Uint8Array {
    // new Uint8Array(view), not view.slice(): a Node Buffer's slice() is a view, not a copy.
    return new Uint8Array(this.bytesView(byteCount, what));
  }

  /** `count` float32 values, bits as stored (NaN payloads included), in a new aligned copy (see alignedCopy). */
  f32Array(count: number, what = 'float32 array'): Float32Array {
    return this.typedCopy(Float32Array, count, what);
  }

  u16Array(count: number, what = 'uint16 array'): Uint16Array {
    return this.typedCopy(Uint16Array, count, what);
  }

  i16Array(count: number, what = 'int16 array'): Int16Array {
    return this.typedCopy(Int16Array, count, what);
  }

  u32Array(count: number, what = 'uint32 array'): Uint32Array {
    return this.typedCopy(Uint32Array, count, what);
  }

  /** Little-endian values copied as bytes; on a big-endian platform, read one by one. */
  private typedCopy<C extends Float32ArrayConstructor | Uint16ArrayConstructor | Int16ArrayConstructor | Uint32ArrayConstructor>(ctor: C, count: number, what: string): InstanceType<C> {
    const byteCount = this.needCount(count, ctor.BYTES_PER_ELEMENT, what);
    const { buffer, byteOffset } = this.alignedCopy(byteCount, ctor.BYTES_PER_ELEMENT as 2 | 4, what);
    const out = new ctor(buffer, byteOffset, count) as InstanceType<C>;
    if (!LITTLE_ENDIAN) {
      const view = new DataView(buffer, byteOffset, byteCount);
      const read = ctor === Float32Array ? view.getFloat32 : ctor === Uint16Array ? view.getUint16 : ctor === Int16Array ? view.getInt16 : view.getUint32;
      for (let i = 0; i < count; i++) out[i] = read.call(view, i * ctor.BYTES_PER_ELEMENT, true);
    }
    return out;
  }

  /** `byteCount` bytes decoded as UTF-8, with anything from the first NUL on cut off. */
  utf8(byteCount: number, what = 'string'): string {
    const raw = this.bytesView(byteCount, what);
    const nul = raw.indexOf(0);
    return textDecoder.decode(nul >= 0 ? raw.subarray(0, nul) : raw);
  }

  /** A NUL-terminated string starting at the current offset; the NUL is consumed. */
  cstring(what = 'string'): string {
    const start = this.offset;
    const nul = this.bytes.indexOf(0, start);
    if (nul < 0) this.fail('TRUNCATED', `${what} has no terminating NUL before the end of the file`);
    this.offset = nul + 1;
    return textDecoder.decode(this.bytes.subarray(start, nul));
  }

  /** Reads `magic.length` ASCII bytes and compares; returns what was found. */
  ascii(byteCount: number, what = 'signature'): string {
    const raw = this.bytesView(byteCount, what);
    let s = '';
    for (let i = 0; i < raw.length; i++) s += String.fromCharCode(raw[i]!);
    return s;
  }
}
