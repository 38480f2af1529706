// The apg writer's shortest float32 decimals (shortest-float32.ts, text-sink.ts) against an
// independent oracle: for n = 1, 2, … significant digits, the n-digit decimals nearest the value
// (toExponential's rounding and its neighbours one unit either side) read back as the reader
// reads (Math.fround(Number(text))). The result must read back and have the oracle's length.
import { describe, expect, it } from 'vitest';
import { formatFloat32Shortest } from '../bindings/formats/apg/format-number.js';
import { TextSink } from '../bindings/formats/apg/text-sink.js';

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const fromBits = (bits: number) => ((u32[0] = bits >>> 0), f32[0]!);

/** Significant digits of a decimal spelled by the writer. */
function significantDigits(text: string): number {
  const mantissa = text.replace(/^-/, '').replace(/e.*$/, '').replace('.', '');
  return mantissa.replace(/^0+/, '').length;
}

/** The fewest significant digits of any decimal that reads back to `x`. */
function oracleLength(x: number): number {
  for (let n = 1; n <= 9; n++) {
    const [mantissa, exponent] = Math.abs(x).toExponential(n - 1).split('e') as [string, string];
    const digits = Number(mantissa.replace('.', ''));
    for (const d of [digits - 1, digits, digits + 1]) {
      if (d <= 0) continue;
      if (Math.fround(Number(`${x < 0 ? '-' : ''}${d}e${Number(exponent) - (n - 1)}`)) === x) return n;
    }
  }
  return 9;
}

function sinkText(x: number): string {
  const sink = new TextSink(8);
  sink.float32(x);
  return new TextDecoder().decode(sink.finish());
}

function check(bits: number): void {
  const x = fromBits(bits);
  const text = formatFloat32Shortest(x);
  expect(sinkText(x), `bits ${bits.toString(16)}`).toBe(text);
  if (!Number.isFinite(x) || x === 0) return;
  expect(Math.fround(Number(text)), `${text} (bits ${bits.toString(16)})`).toBe(x);
  expect(significantDigits(text), `${text} (bits ${bits.toString(16)})`).toBe(oracleLength(x));
}

describe('shortest float32 decimals', () => {
  it('every exponent: powers of two (the asymmetric interval), their neighbours, and pseudo-random fractions', () => {
    for (let e = 0; e < 256; e++) {
      for (const sign of [0, 0x80000000]) {
        const base = (sign | (e << 23)) >>> 0;
        for (const fraction of [0, 1, 2, 3, 0x7fffff, 0x7ffffe, 0x400000, 0x3fffff]) check(base | fraction);
        for (let i = 1; i <= 40; i++) check(base | ((i * 2654435761) >>> 9));
      }
    }
  });

  it('subnormals, the smallest and largest finite values, and a random sample of 200,000 bit patterns', () => {
    for (let bits = 1; bits < 2000; bits++) check(bits);
    for (const bits of [0x7f7fffff, 0xff7fffff, 0x00800000, 0x007fffff, 0x80000001]) check(bits);
    let state = 0x9e3779b9;
    for (let i = 0; i < 200_000; i++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      check(state >>> 0);
    }
  });

  it('decimals people type come back as typed; spellings match toPrecision', () => {
    const typed = ['0.1', '0.3', '1.5', '-2.75', '100', '1e+2', '123456', '1234567', '0.000001', '1e-7', '3.4028235e+38', '1e-45', '0.7', '16777216'];
    expect(typed.map((t) => formatFloat32Shortest(Math.fround(Number(t))))).toEqual(['0.1', '0.3', '1.5', '-2.75', '1e+2', '1e+2', '123456', '1234567', '0.000001', '1e-7', '3.4028235e+38', '1e-45', '0.7', '16777216']);
    expect([NaN, Infinity, -Infinity, 0, -0].map(sinkText)).toEqual(['nan', 'inf', '-inf', '0', '-0']);
  });
});
