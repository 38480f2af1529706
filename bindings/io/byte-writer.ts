const textEncoder = new TextEncoder();

/**
 * Growable little-endian writer. `finish()` returns exactly the bytes written: the buffer itself
 * when they fill it (a writer made with the exact size never copies), else a copy.
 */
export class ByteWriter {
  private buffer: Uint8Array;
  private view: DataView;
  offset = 0;

  constructor(initialCapacity = 1024) {
    this.buffer = new Uint8Array(Math.max(16, initialCapacity));
    this.view = new DataView(this.buffer.buffer);
  }

  /** Makes room for `byteCount` more bytes. */
  reserve(byteCount: number): void {
    const needed = this.offset + byteCount;
    if (needed <= this.buffer.byteLength) return;
    let capacity = this.buffer.byteLength * 2;
    while (capacity < needed) capacity *= 2;
    const grown = new Uint8Array(capacity);
    grown.set(this.buffer.subarray(0, this.offset));
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }

  u8(v: number): this {
    this.reserve(1);
    this.view.setUint8(this.offset++, v);
    return this;
  }

  i8(v: number): this {
    this.reserve(1);
    this.view.setInt8(this.offset++, v);
    return this;
  }

  u16(v: number): this {
    this.reserve(2);
    this.view.setUint16(this.offset, v, true);
    this.offset += 2;
    return this;
  }

  i16(v: number): this {
    this.reserve(2);
    this.view.setInt16(this.offset, v, true);
    this.offset += 2;
    return this;
  }

  u32(v: number): this {
    this.reserve(4);
    this.view.setUint32(this.offset, v, true);
    this.offset += 4;
    return this;
  }

  i32(v: number): this {
    this.reserve(4);
    this.view.setInt32(this.offset, v, true);
    this.offset += 4;
    return this;
  }

  f32(v: number): this {
    this.reserve(4);
    this.view.setFloat32(this.offset, v, true);
    this.offset += 4;
    return this;
  }

  f64(v: number): this {
    this.reserve(8);
    this.view.setFloat64(this.offset, v, true);
    this.offset += 8;
    return this;
  }

  bytes(data: Uint8Array): this {
    this.reserve(data.byteLength);
    this.buffer.set(data, this.offset);
    this.offset += data.byteLength;
    return this;
  }

  /** Writes a typed array's elements little-endian (byte copy: every supported host is little-endian). */
  typed(data: ArrayBufferView): this {
    return this.bytes(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  }

  f32Array(data: ArrayLike<number>): this {
    this.reserve(data.length * 4);
    for (let i = 0; i < data.length; i++, this.offset += 4) this.view.setFloat32(this.offset, data[i]!, true);
    return this;
  }

  /** The next `byteCount` bytes, for the caller to fill (a loop or a kernel writing straight into the output). */
  claim(byteCount: number): Uint8Array {
    this.reserve(byteCount);
    const span = this.buffer.subarray(this.offset, this.offset + byteCount);
    this.offset += byteCount;
    return span;
  }

  ascii(text: string): this {
    this.reserve(text.length);
    for (let i = 0; i < text.length; i++) this.buffer[this.offset++] = text.charCodeAt(i) & 0xff;
    return this;
  }

  utf8(text: string): this {
    return this.bytes(textEncoder.encode(text));
  }

  /** Pads with zero bytes up to a multiple of `alignment`. */
  align(alignment: number): this {
    const pad = (alignment - (this.offset % alignment)) % alignment;
    this.reserve(pad);
    this.buffer.fill(0, this.offset, this.offset + pad);
    this.offset += pad;
    return this;
  }

  /** Overwrites a uint32 at an earlier offset (for headers filled in at the end). */
  patchU32(at: number, v: number): this {
    this.view.setUint32(at, v, true);
    return this;
  }

  finish(): Uint8Array {
    return this.offset === this.buffer.byteLength ? this.buffer : this.buffer.slice(0, this.offset);
  }
}
