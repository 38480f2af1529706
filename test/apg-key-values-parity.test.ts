// parseKeyLines (assembly/parse-numbers.ts) reads apg key blocks in one pass as its twin does
// (bindings/kernels/js/key-values.ts: blankKeyLines, then parseFloats, then the split), on
// regular blocks and on byte-mutated ones: the same key count or −1, and on success the same bits.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, floatBits, rng } from './helpers/backends.js';

const kernels = allKernels();
const encode = (text: string) => new TextEncoder().encode(text);
const TRA = 0x54 | (0x52 << 8) | (0x41 << 16);

function run(backend: (typeof BACKENDS)[number], text: Uint8Array, components: number, capacity: number) {
  const times = new Float32Array(capacity);
  const values = new Float32Array(capacity * components);
  const keys = kernels[backend].raw.parseKeyLines(text, TRA, components, times, values);
  return keys < 0 ? { keys } : { keys, times: floatBits(times.subarray(0, keys)), values: floatBits(values.subarray(0, keys * components)) };
}

function block(next: () => number, keys: number): string {
  const number = () => {
    const r = next();
    if (r < 0.05) return ['-0', 'inf', '-nan', '1e-45', '3.4028235e38', '.5', '5.', '+2', '1E+3'][Math.floor(next() * 9)]!;
    return ((next() - 0.5) * 10 ** Math.floor(next() * 8 - 3)).toPrecision(1 + Math.floor(next() * 9));
  };
  const space = () => [' ', ' ', ' ', '\t', '  ', ' \v'][Math.floor(next() * 6)]!;
  let text = '';
  for (let k = 0; k < keys; k++) {
    if (next() < 0.05) text += next() < 0.5 ? '\n' : ' \t\r\n';
    text += `${next() < 0.1 ? ' ' : ''}t${space()}${number()}${space()}TRA${space()}${number()}${space()}${number()}${space()}${number()}${next() < 0.1 ? ' \r' : ''}\n`;
  }
  return text;
}

describe('parseKeyLines: kernel and twin', () => {
  it('regular blocks: every key, on every backend', () => {
    const next = rng(1);
    for (let round = 0; round < 40; round++) {
      const keys = Math.floor(next() * 60);
      const text = encode(block(next, keys));
      const expected = run('js', text, 3, keys);
      expect(expected.keys).toBe(keys);
      for (const backend of BACKENDS) expect(run(backend, text, 3, keys), backend).toEqual(expected);
    }
  });

  it('mutated blocks (a byte changed, inserted or removed; a capacity one off; no final newline): the same outcome on every backend', () => {
    const next = rng(2);
    const alphabet = encode(' \t\n\r\v0123456789.-+eEtTRAinf@x');
    let failures = 0;
    for (let round = 0; round < 1500; round++) {
      const keys = 1 + Math.floor(next() * 6);
      const bytes = Array.from(encode(block(next, keys)));
      const at = Math.floor(next() * bytes.length);
      const edit = next();
      const byte = alphabet[Math.floor(next() * alphabet.length)]!;
      if (edit < 0.4) bytes[at] = byte;
      else if (edit < 0.7) bytes.splice(at, 0, byte);
      else if (edit < 0.9) bytes.splice(at, 1);
      else bytes.pop();
      const text = Uint8Array.from(bytes);
      const capacity = keys + (next() < 0.2 ? -1 : 0);
      const expected = run('js', text, 3, Math.max(0, capacity));
      if (expected.keys < 0) failures++;
      for (const backend of BACKENDS) expect(run(backend, text, 3, Math.max(0, capacity)), `${backend}: ${JSON.stringify(new TextDecoder().decode(text))}`).toEqual(expected);
    }
    // Both outcomes were exercised.
    expect(failures).toBeGreaterThan(100);
    expect(failures).toBeLessThan(1400);
  });

  it('rot keys (4 values), an empty block, and arrays too small (RangeError)', () => {
    const ROT = 0x52 | (0x4f << 8) | (0x54 << 16);
    const text = encode('t 0 ROT 1 0 0 0\nt 0.5 ROT 0.7071 0 0.7071 0\n');
    for (const backend of BACKENDS) {
      const raw = kernels[backend].raw;
      const times = new Float32Array(2);
      const values = new Float32Array(8);
      expect(raw.parseKeyLines(text, ROT, 4, times, values)).toBe(2);
      expect(Array.from(values)).toEqual([1, 0, 0, 0, 0.7071, 0, 0.7071, 0].map(Math.fround));
      expect(raw.parseKeyLines(new Uint8Array(0), ROT, 4, new Float32Array(0), new Float32Array(0))).toBe(0);
      expect(raw.parseKeyLines(text, TRA, 4, times, values), backend).toBe(-1);
      expect(() => raw.parseKeyLines(text, ROT, 4, times, new Float32Array(7)), backend).toThrow(RangeError);
    }
  });
});
