import { describe, expect, it } from 'vitest';
import { ByteReader, ByteWriter } from '../bindings/index.js';
import { refusal } from './helpers/refusal.js';


describe('ByteReader', () => {
  it('reads little-endian values at unaligned offsets', () => {
    const w = new ByteWriter();
    w.u8(0xaa).u16(0x1234).i16(-2).u32(0xdeadbeef).i32(-5).f32(1.5).f64(-2.25);
    const bytes = w.finish();
    expect(bytes.byteLength).toBe(1 + 2 + 2 + 4 + 4 + 4 + 8);
    // Offset the data by one byte inside a larger buffer so every field is misaligned.
    const shifted = new Uint8Array(bytes.byteLength + 1);
    shifted.set(bytes, 1);
    const r = new ByteReader(shifted.subarray(1), 'test');
    expect([r.u8(), r.u16(), r.i16(), r.u32(), r.i32(), r.f32(), r.f64()]).toEqual([0xaa, 0x1234, -2, 0xdeadbeef, -5, 1.5, -2.25]);
    expect(r.remaining).toBe(0);
  });

  it('reads arrays at odd offsets', () => {
    const w = new ByteWriter();
    w.u8(1).f32Array([1, 2, 3]).u16(7).u16(8);
    const r = new ByteReader(w.finish(), 'test', 1);
    expect(Array.from(r.f32Array(3))).toEqual([1, 2, 3]);
    expect(Array.from(r.u16Array(2))).toEqual([7, 8]);
  });

  it('throws MeshFormatError with format, code and offset past the end', () => {
    const r = new ByteReader(new Uint8Array([1, 2, 3]), 'unigine');
    r.u16();
    const e = refusal(() => r.u32('vertex count'));
    expect(e.code).toBe('TRUNCATED');
    expect(e.format).toBe('unigine');
    expect(e.offset).toBe(2);
    expect(e.message).toBe('unigine: at byte 2: vertex count needs 4 bytes but only 1 are left');
  });

  it('refuses counts the remaining bytes cannot hold before anything is allocated', () => {
    const r = new ByteReader(new Uint8Array(16), 'iqm');
    const e = refusal(() => r.f32Array(0x7fffffff, 'positions'));
    expect(e.code).toBe('BAD_COUNT');
    expect(e.detail).toContain('positions count 2147483647');
    expect(refusal(() => r.needCount(-1, 4, 'joints')).code).toBe('BAD_COUNT');
    expect(refusal(() => r.needCount(1.5, 4, 'joints')).code).toBe('BAD_COUNT');
    expect(r.needCount(4, 4, 'fits')).toBe(16);
  });

  it('reads NUL-terminated and sized strings, and refuses an unterminated one', () => {
    const bytes = new Uint8Array([104, 105, 0, 111, 107, 0, 0, 120]);
    const r = new ByteReader(bytes, 'test');
    expect(r.cstring()).toBe('hi');
    expect(r.utf8(4)).toBe('ok');
    expect(refusal(() => r.cstring('name')).code).toBe('TRUNCATED');
  });

  it('seek refuses offsets outside the file', () => {
    const r = new ByteReader(new Uint8Array(8), 'test');
    expect(r.seek(8).remaining).toBe(0);
    const e = refusal(() => r.seek(9, 'ofs_meshes'));
    expect(e.code).toBe('BAD_OFFSET');
    expect(e.detail).toBe('ofs_meshes 9 lies outside the file (8 bytes)');
  });
});

describe('ByteWriter', () => {
  it('grows, aligns and patches', () => {
    const w = new ByteWriter(16);
    w.u32(0);
    for (let i = 0; i < 100; i++) w.u8(i);
    w.align(4);
    expect(w.offset).toBe(104);
    w.patchU32(0, 0xcafebabe);
    const bytes = w.finish();
    expect(bytes.byteLength).toBe(104);
    expect(new ByteReader(bytes, 't').u32()).toBe(0xcafebabe);
    expect(bytes[4 + 99]).toBe(99);
  });
});

describe('ByteReader.alignedCopy', () => {
  it('copies small arrays into one shared buffer at aligned places, and large ones into their own', () => {
    const bytes = Uint8Array.from({ length: 40000 }, (_, i) => i & 0xff);
    const reader = new ByteReader(bytes, 'test', 1);
    const a = reader.alignedCopy(3, 1);
    const b = reader.alignedCopy(8, 4);
    const c = reader.alignedCopy(20000, 4);
    const d = reader.alignedCopy(6, 2);
    expect(b.buffer).toBe(a.buffer);
    expect(b.byteOffset % 4).toBe(0);
    expect(b.byteOffset).toBeGreaterThanOrEqual(a.byteOffset + 3);
    expect(c.buffer).not.toBe(a.buffer);
    expect(c.buffer.byteLength).toBe(20000);
    expect(d.buffer).toBe(a.buffer);
    expect(Array.from(new Uint8Array(b.buffer, b.byteOffset, 8))).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
    expect(new Uint8Array(c.buffer)[0]).toBe(12);
    expect(Array.from(new Uint16Array(d.buffer, d.byteOffset, 3))).toEqual([(20013 & 0xff) * 256 + (20012 & 0xff), (20015 & 0xff) * 256 + (20014 & 0xff), (20017 & 0xff) * 256 + (20016 & 0xff)]);
    expect(a.buffer.byteLength).toBeLessThanOrEqual(64 * 1024);
    bytes.fill(0);
    expect(new Uint8Array(a.buffer, a.byteOffset, 3)[2]).toBe(3);
    expect(() => reader.alignedCopy(1e6, 4)).toThrow(/needs 1000000 bytes/);
  });
});
