import { describe, expect, it } from 'vitest';
import { decimalValue, shortFloat32 } from '../bindings/formats/gltf/json-numbers.js';
import { shortestDigits, shortestExponent, shortestFloat32 } from '../bindings/io/shortest-float32.js';
import { rng } from './helpers/backends.js';

// decimalValue computes the double a decimal text reads as without the text (json-numbers.ts):
// it must be the double Number() gives for that text, for every digit count and exponent.
describe('decimalValue (the JSON writer’s shortest float32 digits to a double)', () => {
  it('equals Number() of the decimal text over random digits and every exponent −45…45', () => {
    const next = rng(11);
    for (let exponent = -45; exponent <= 45; exponent++) {
      for (let i = 0; i < 400; i++) {
        const digits = Math.floor(next() * 10 ** (1 + Math.floor(next() * 9)));
        for (const negative of [false, true]) expect(decimalValue(negative, digits, exponent)).toBe(Number(`${negative ? '-' : ''}${digits}e${exponent}`));
      }
    }
  });

  it('gives shortFloat32 the same double as the text path for random float32 bit patterns', () => {
    const next = rng(12);
    const f = new Float32Array(1);
    const bits = new Uint32Array(f.buffer);
    for (let i = 0; i < 200_000; i++) {
      bits[0] = Math.floor(next() * 2 ** 32);
      const value = f[0]!;
      if (!Number.isFinite(value) || Number.isInteger(value)) continue;
      shortestFloat32(value);
      const byText = Number(`${value < 0 ? '-' : ''}${shortestDigits}e${shortestExponent}`);
      expect(shortFloat32(value)).toBe(Math.fround(byText) === value ? byText : value);
    }
  });
});
