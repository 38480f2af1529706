import { describe, expect, it } from 'vitest';
import { exponentialValues } from '../bindings/formats/gltf/exponential-values.js';
import { floatBits, rng } from './helpers/backends.js';

/** The extension's definition, word by word: m × 2^e as float32 (e the top byte, m the low 24 bits, both signed). */
function byDefinition(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) {
    const word = view.getInt32(i * 4, true);
    out[i] = ((word << 8) >> 8) * Math.pow(2, word >> 24);
  }
  return out;
}

describe('exponentialValues (the EXPONENTIAL filter decoded, for the writer’s bounds)', () => {
  it('gives the definition’s float32 bits for every exponent, mantissa edges and random words', () => {
    const words: number[] = [];
    for (let e = -128; e <= 127; e++) for (const m of [0, 1, -1, 0x7fffff, -0x800000, 0x123456, -0x654321]) words.push(((e & 0xff) << 24) | (m & 0xffffff));
    const next = rng(7);
    for (let i = 0; i < 4096; i++) words.push((next() * 2 ** 32) | 0);
    const bytes = new Uint8Array(new Int32Array(words).buffer);
    // Unaligned too: the filter's output can sit anywhere in a larger buffer.
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    for (const input of [bytes, shifted.subarray(1)]) expect(floatBits(exponentialValues(input))).toEqual(floatBits(byDefinition(input)));
  });
});
