// The apg number kernels (assembly/apg-format-floats.ts) and their twin print every float32 as
// the writer printed it before them (formatFloat32Shortest: the string form of
// io/shortest-float32.ts), byte for byte, on every backend; writeApg's output is unchanged.
import { describe, expect, it } from 'vitest';
import { formatFloat32Shortest } from '../bindings/formats/apg/format-number.js';
import { writeApg } from '../bindings/formats/apg/write-apg.js';
import { readApg } from '../bindings/formats/apg/read-apg.js';
import type { ApgDocument } from '../bindings/formats/apg/apg-document.js';
import { floatRowsBytes, keyLinesBytes } from '../bindings/kernels/js/apg-format-floats.js';
import type { Kernels } from '../bindings/kernels/kernels.js';
import { allKernels, BACKENDS, NAN_BITS, rng } from './helpers/backends.js';

const kernels = allKernels();
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function rows(k: Kernels, values: Float32Array, width: number): string {
  const ws = k.workspace({ values: ['f32', values.length], text: ['u8', floatRowsBytes(values.length)] });
  try {
    ws.arrays.values.set(values);
    const n = k.raw.formatFloatRows(ws.arrays.values, width, ws.arrays.text);
    return text(ws.arrays.text.slice(0, n));
  } finally {
    ws.release();
  }
}

/** Float32 bit patterns: random words, then every exponent with random fractions, subnormals, ±0, extremes, NaNs, infinities, powers of ten and their neighbours. */
function bitPatterns(count: number, seed: number): Uint32Array {
  const next = rng(seed);
  const word = () => (next() * 2 ** 32) >>> 0;
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(word());
  for (let e = 0; e < 256; e++) for (let i = 0; i < 64; i++) out.push(((word() & 0x807fffff) | (e << 23)) >>> 0);
  out.push(0, 0x80000000, 1, 0x80000001, 2, 3, 0x7fffff, 0x800000, 0x800001, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x00ffffff, 0x3f800000, 0x3f7fffff, 0x3f800001, ...NAN_BITS);
  for (let p = -45; p <= 38; p++) {
    const b = powerOfTenThreshold(p);
    for (let d = -2; d <= 2; d++) if (b + d >= 1 && b + d < 0x7f800000) out.push(b + d, (b + d) | 0x80000000);
  }
  return Uint32Array.from(out);
}

/** Bits of the smallest float32 ≥ 10^p, exactly (the kernel's floor(log10) table). */
function powerOfTenThreshold(p: number): number {
  const f = new Float32Array(1);
  const u = new Uint32Array(f.buffer);
  const atLeast = (bits: number) => {
    const biased = (bits >>> 23) & 0xff;
    let left = BigInt(biased ? (bits & 0x7fffff) | 0x800000 : bits & 0x7fffff);
    let right = 1n;
    const e = (biased || 1) - 150;
    if (e >= 0) left <<= BigInt(e);
    else right <<= BigInt(-e);
    if (p >= 0) right *= 10n ** BigInt(p);
    else left *= 10n ** BigInt(-p);
    return left >= right;
  };
  f[0] = Number(`1e${p}`);
  let b = u[0]!;
  while (b > 0 && atLeast(b - 1)) b--;
  while (!atLeast(b)) b++;
  return b;
}

describe('apg number kernels: shortest float32 text', () => {
  const bits = bitPatterns(120_000, 7);
  const values = new Float32Array(bits.buffer);
  const expected = Array.from(values, (v) => formatFloat32Shortest(v) + '\n').join('');

  for (const backend of BACKENDS) {
    it(`${backend}: ${values.length} bit patterns print as formatFloat32Shortest`, () => {
      const got = rows(kernels[backend], values, 1);
      if (got !== expected) {
        const a = got.split('\n'), b = expected.split('\n');
        const i = b.findIndex((line, j) => line !== a[j]);
        expect(`${bits[i]!.toString(16)}: ${a[i]}`).toBe(`${bits[i]!.toString(16)}: ${b[i]}`);
      }
      expect(got).toBe(expected);
    });
  }

  it('rows of 3 and 16, repeated values (the cache) and a second call over the same memory', () => {
    const next = rng(3);
    const pool = Float32Array.from({ length: 40 }, () => (next() - 0.5) * 100);
    const soup = Float32Array.from({ length: 3 * 500 }, () => pool[Math.floor(next() * pool.length)]!);
    const other = Float32Array.from({ length: 3 * 500 }, () => pool[Math.floor(next() * pool.length)]! * 2);
    const reference = (v: Float32Array, width: number) => {
      let s = '';
      for (let i = 0; i < v.length; i += width) s += Array.from(v.subarray(i, i + width), formatFloat32Shortest).join(' ') + '\n';
      return s;
    };
    for (const backend of BACKENDS) {
      expect(rows(kernels[backend], soup, 3)).toBe(reference(soup, 3));
      expect(rows(kernels[backend], other, 3)).toBe(reference(other, 3));
      expect(rows(kernels[backend], soup.subarray(0, 16 * 90), 16)).toBe(reference(soup.subarray(0, 16 * 90), 16));
    }
  });

  it('key lines: t TIME WORD v…', () => {
    const next = rng(5);
    const times = Float32Array.from({ length: 300 }, (_, i) => i / 24);
    const values = Float32Array.from({ length: 300 * 4 }, () => (next() < 0.1 ? -0 : (next() - 0.5) * 2));
    const expected = Array.from(times, (t, k) => `t ${formatFloat32Shortest(t)} ROT ${Array.from(values.subarray(k * 4, k * 4 + 4), formatFloat32Shortest).join(' ')}\n`).join('');
    const word = 0x52 | (0x4f << 8) | (0x54 << 16);
    for (const backend of BACKENDS) {
      const k = kernels[backend];
      const ws = k.workspace({ times: ['f32', times.length], values: ['f32', values.length], text: ['u8', keyLinesBytes(times.length, 4)] });
      ws.arrays.times.set(times);
      ws.arrays.values.set(values);
      const n = k.raw.formatKeyLines(ws.arrays.times, ws.arrays.values, 4, word, ws.arrays.text);
      expect(text(ws.arrays.text.slice(0, n)), backend).toBe(expected);
      ws.release();
    }
  });

  it('refuses a text array too small, values that are not whole rows or keys (RangeError, nothing written past the array)', () => {
    for (const backend of BACKENDS) {
      const raw = kernels[backend].raw;
      expect(() => raw.formatFloatRows(new Float32Array(10), 1, new Uint8Array(floatRowsBytes(10) - 1)), backend).toThrow(RangeError);
      expect(() => raw.formatFloatRows(new Float32Array(10), 3, new Uint8Array(floatRowsBytes(10))), backend).toThrow(RangeError);
      expect(() => raw.formatFloatRows(new Float32Array(10), 0, new Uint8Array(floatRowsBytes(10))), backend).toThrow(RangeError);
      expect(() => raw.formatKeyLines(new Float32Array(2), new Float32Array(5), 3, 0, new Uint8Array(keyLinesBytes(2, 3))), backend).toThrow(RangeError);
      expect(() => raw.formatKeyLines(new Float32Array(2), new Float32Array(6), 3, 0, new Uint8Array(keyLinesBytes(2, 3) - 1)), backend).toThrow(RangeError);
    }
  });

  it('writeApg: the same bytes on every backend, blocks larger than one kernel call, and they read back', () => {
    const next = rng(11);
    const vertexCount = 30_000; // 90,000 values: two calls of whole rows (keys: two calls too)
    const vp = Float32Array.from({ length: vertexCount * 3 }, () => Math.fround((next() - 0.5) * 20));
    const vt = Float32Array.from({ length: vertexCount * 2 }, () => Math.fround(next()));
    const times = Float32Array.from({ length: 20_000 }, (_, i) => i / 30);
    const tra = Float32Array.from({ length: 20_000 * 3 }, () => Math.fround(next() * 4));
    const doc: ApgDocument = {
      header: "@Anton's custom mesh format v.27DEC2014 (test)", vertexCount, vertexArrays: [{ name: 'vp', components: 3, values: vp }, { name: 'vt', components: 2, values: vt }],
      skeleton: { bones: 1, animations: 1 }, hierarchy: [{ parent: -1, boneId: 0 }],
      animations: [{ name: 'a b', duration: Math.fround(20_000 / 30), keys: [{ kind: 'tra', node: 0, times, values: tra }] }], boundingRadius: Math.fround(17.3),
    };
    const reference = [
      doc.header, `@vert_count ${vertexCount}`, '@vp comps 3',
      ...Array.from({ length: vertexCount }, (_, v) => Array.from(vp.subarray(v * 3, v * 3 + 3), formatFloat32Shortest).join(' ')),
      '@vt comps 2', ...Array.from({ length: vertexCount }, (_, v) => Array.from(vt.subarray(v * 2, v * 2 + 2), formatFloat32Shortest).join(' ')),
      '@skeleton bones 1 animations 1', '@hierarchy nodes 1', 'parent -1 bone_id 0', `@animation name a b duration ${formatFloat32Shortest(doc.animations[0]!.duration)}`,
      '@tra_keys node 0 count 20000 comps 3', ...Array.from(times, (t, k) => `t ${formatFloat32Shortest(t)} TRA ${Array.from(tra.subarray(k * 3, k * 3 + 3), formatFloat32Shortest).join(' ')}`),
      `@bounding_radius ${formatFloat32Shortest(doc.boundingRadius!)}`, '',
    ].join('\n');
    for (const backend of BACKENDS) {
      const bytes = writeApg(doc, { kernels: kernels[backend] });
      expect(text(bytes), backend).toBe(reference);
      const back = readApg(bytes, { kernels: kernels[backend] });
      const same = (a: Float32Array, b: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
      expect(same(back.vertexArrays[0]!.values, vp), backend).toBe(true);
      expect(same(back.animations[0]!.keys[0]!.values, tra), backend).toBe(true);
    }
  });
});
