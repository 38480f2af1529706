import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, floatBits, rng } from './helpers/backends.js';

const kernels = allKernels();
const encoder = new TextEncoder();

/** What every token must give: the decimal rounded to float64 by Number, then to float32. */
function reference(token: string): number {
  const word = token.replace(/^[+-]/, '').toLowerCase();
  const negative = token.startsWith('-');
  if (word === 'inf' || word === 'infinity') return negative ? -Infinity : Infinity;
  if (word === 'nan') return NaN;
  return Math.fround(Number(token));
}

function parseOn(backend: (typeof BACKENDS)[number], text: string, capacity: number): { result: number; values: Float32Array } {
  const values = new Float32Array(capacity);
  const result = kernels[backend].parseFloats(encoder.encode(text), values);
  return { result, values };
}

/** Every backend parses `tokens` (joined by varied whitespace) to exactly the reference. */
function expectExact(tokens: string[], seed = 1): void {
  const next = rng(seed);
  const separators = [' ', '\n', '\r\n', '\t', '  ', ' \n'];
  const text = tokens.map((t) => t + separators[Math.floor(next() * separators.length)]).join('');
  const expected = Float32Array.from(tokens.map(reference));
  for (const backend of BACKENDS) {
    const { result, values } = parseOn(backend, text, tokens.length);
    expect(result, backend).toBe(tokens.length);
    const got = floatBits(values);
    const want = floatBits(expected);
    for (let i = 0; i < tokens.length; i++) {
      if (got[i] !== want[i]) expect({ backend, token: tokens[i], got: values[i] }).toEqual({ backend, token: tokens[i], got: expected[i] });
    }
  }
}

/** Exact decimal of q × 2^k. */
function exactDecimal(q: bigint, k: number): string {
  if (k >= 0) return (q << BigInt(k)).toString();
  const digits = (q * 5n ** BigInt(-k)).toString().padStart(-k + 1, '0');
  return `${digits.slice(0, digits.length + k)}.${digits.slice(digits.length + k)}`;
}

/** A positive finite float64 as q × 2^k with a 53-bit q (normal values). */
function decompose(value: number): { q: bigint; k: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const exponent = Number((bits >> 52n) & 0x7ffn);
  return { q: (bits & 0xfffffffffffffn) | (1n << 52n), k: exponent - 1075 };
}

function f32FromBits(bits: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setUint32(0, bits);
  return view.getFloat32(0);
}

describe('parseFloats kernel: exactly Math.fround(Number(token)) on every backend', () => {
  it('random %.2f, %.3g, %f, exponent forms, signs and leading zeros', () => {
    const next = rng(42);
    const tokens: string[] = [];
    for (let i = 0; i < 6000; i++) {
      const magnitude = 10 ** Math.floor(next() * 12 - 6);
      const x = (next() * 2 - 1) * magnitude;
      const kind = i % 8;
      let t =
        kind === 0 ? x.toFixed(2)
        : kind === 1 ? x.toPrecision(3).replace(/e([+-])(\d)$/, 'e$10$2')
        : kind === 2 ? x.toFixed(6)
        : kind === 3 ? x.toExponential(Math.floor(next() * 10))
        : kind === 4 ? x.toExponential(3).toUpperCase()
        : kind === 5 ? String(Math.fround(x))
        : kind === 6 ? String(x)
        : x.toPrecision(1 + Math.floor(next() * 21));
      if (next() < 0.1) t = t.replace(/^(-?)/, `$1${'0'.repeat(1 + Math.floor(next() * 4))}`);
      if (next() < 0.05 && !t.startsWith('-')) t = '+' + t;
      tokens.push(t);
    }
    expectExact(tokens);
  });

  it('random digit strings: up to 40 digits, any point position, exponents from −70 to +50', () => {
    const next = rng(7);
    const tokens: string[] = [];
    for (let i = 0; i < 4000; i++) {
      const length = 1 + Math.floor(next() * 40);
      let digits = '';
      for (let d = 0; d < length; d++) digits += String(Math.floor(next() * 10));
      const point = Math.floor(next() * (length + 1));
      let t = `${digits.slice(0, point)}.${digits.slice(point)}`;
      if (t === '.') t = '0';
      if (next() < 0.7) t += `e${Math.floor(next() * 120) - 70}`;
      tokens.push(next() < 0.5 ? '-' + t : t);
    }
    expectExact(tokens, 3);
  });

  it('tokens on the edge of float32 rounding: midpoints, their float64 neighbourhood, and where rounding twice differs', () => {
    const next = rng(99);
    const tokens: string[] = [];
    let doubleRoundingCases = 0;
    for (let i = 0; i < 600; i++) {
      // Normal, subnormal, and near-overflow float32 pairs.
      const region = i % 6;
      const bits = region === 0 ? Math.floor(next() * 0x800000) : region === 1 ? 0x7f7fffff - Math.floor(next() * 4) : 0x00800000 + Math.floor(next() * (0x7f7fffff - 0x00800000));
      const a = f32FromBits(bits), b = bits === 0x7f7fffff ? 2 ** 128 : f32FromBits(bits + 1);
      const m = (a + b) / 2;
      const { q, k } = decompose(m);
      const halfUlp = [(2n * q - 1n), (2n * q + 1n)];
      const candidates = [
        exactDecimal(q, k), // the midpoint itself
        exactDecimal(halfUlp[0]!, k - 1), // m − h: a float64 tie, rounds to m
        exactDecimal(halfUlp[1]!, k - 1), // m + h
        exactDecimal(4n * q + 1n, k - 2), // within m's float64 rounding interval: rounding twice goes to even, once goes up
        exactDecimal(4n * q - 1n, k - 2),
        exactDecimal(4n * q + 3n, k - 2), // just outside: rounds above m in float64
        exactDecimal(4n * q - 3n, k - 2),
        exactDecimal(2n * q - 1n, k - 1) + '0000000000000000000000000000001', // a hair above m − h
        exactDecimal(2n * q + 1n, k - 1) + '0000000000000000000000000000001', // a hair above m + h
        m.toPrecision(17),
        m.toPrecision(9),
        m.toExponential(20),
        a.toPrecision(9),
        b.toPrecision(9),
      ];
      tokens.push(...candidates);
      // (4q + 1) × 2^(k − 2) lies above m, so rounding it straight to float32 gives b; through
      // float64 it becomes m, a tie, which goes to the even one of a and b.
      if (reference(candidates[3]!) !== Math.fround(b)) doubleRoundingCases++;
    }
    expect(doubleRoundingCases).toBeGreaterThan(200); // the kernel must follow the reference there too
    expectExact(tokens, 5);
  });

  it('zeros, specials, short forms, subnormals, overflow, very long and very large tokens', () => {
    const tokens = [
      '0', '-0', '+0', '0.0', '-0.00', '0e999999999', '-0e-5', '00000', '.0', '0.', '1.', '.5', '-.5', '+.5e1',
      'inf', '-inf', '+INF', 'Infinity', '-infinity', 'nan', 'NaN', '-nan',
      '1e-45', '1.4e-45', '7e-46', '7.006e-46', '7.0064923216240862e-46', '7.0064923216240861e-46', '1e-46', '1e-50', '1e-400', '-1e-400',
      '1.17549435e-38', '1.1754942e-38', '3.4028234e38', '3.4028235e38', '3.40282356e38', '3.4028235677973366e38', '3.4028235677973367e38', '3.5e38', '1e39', '1e400', '-1e400',
      '9007199254740993', '123456789012345678901234567890', '0.' + '0'.repeat(60) + '1' + '7'.repeat(300), '1' + '0'.repeat(300) + 'e-300',
      '0.' + '3'.repeat(500), '2.' + '0'.repeat(400) + '1', '1e22', '1e23', '123456789012345e22', '1234567890123456e-22', '-1e-22',
      '1e100000000000', '1e-100000000000', '0.' + '0'.repeat(100) + '1e100', '16777216', '16777217', '16777218', '33554431', '33554433',
      '0.1', '0.2', '0.3', '-7.4e-06', '-3.99e-06', '1.26E-06', '0.475569', '-0.727390',
    ];
    expectExact(tokens, 11);
  });

  it('refuses tokens that are not numbers, at the token, on every backend', () => {
    const bad = ['1e', '1e+', '--1', '+-1', '1.2.3', 'abc', '0x10', '1,5', '.', '-', '+', 'e5', '1e5x', 'inff', 'na', '1-2', '١', '.inf', '-.nan', '.e1', '1e5.5'];
    for (const token of bad) {
      const text = `1 2.5\n ${token} 3`;
      const offset = text.indexOf(token, 6);
      for (const backend of BACKENDS) expect({ token, backend, r: parseOn(backend, text, 8).result }).toEqual({ token, backend, r: -(offset + 1) });
    }
  });

  it('stops at the first token beyond the capacity and reports where it starts', () => {
    for (const backend of BACKENDS) {
      expect(parseOn(backend, '1 2 3', 2).result).toBe(-5);
      expect(parseOn(backend, '1 2 \n ', 2).result).toBe(2);
      expect(parseOn(backend, '', 0).result).toBe(0);
      expect(parseOn(backend, '  \r\n', 0).result).toBe(0);
    }
  });

  it('a final token without whitespace after it, short or longer than the kernel copies (256 bytes)', () => {
    const long = '0.' + '0'.repeat(300) + '123e300';
    expectExact(['1', '2', long], 2);
    for (const tail of [long, '2.5', '-inf', 'nan', '1e-3', '0.' + '1'.repeat(400)]) {
      const expected = reference(tail);
      for (const backend of BACKENDS) {
        const { result, values } = parseOn(backend, `7 ${tail}`, 2);
        expect({ backend, tail: tail.slice(0, 20), result, bits: floatBits(values)[1] }).toEqual({ backend, tail: tail.slice(0, 20), result: 2, bits: floatBits(Float32Array.of(expected))[0] });
      }
    }
    for (const bad of ['1.' + '2'.repeat(300) + 'x', '-' + '5'.repeat(300) + 'e', '.' + '1'.repeat(300) + '.']) {
      for (const backend of BACKENDS) expect(parseOn(backend, `7 ${bad}`, 2).result).toBe(-3);
    }
    for (const backend of BACKENDS) expect(parseOn(backend, '7 8', 1).result).toBe(-3);
  });

  it('every length 0–40 of a real apg line (no separator at the end, cut anywhere)', () => {
    const line = '-0.875 0 0.484 -1\r\n1.5e-3 -7.4e-06 0.01';
    for (let n = 0; n <= line.length; n++) {
      const text = line.slice(0, n);
      const outcomes = BACKENDS.map((b) => {
        const { result, values } = parseOn(b, text, 16);
        return { result, values: Array.from(floatBits(values.subarray(0, Math.max(result, 0)))) };
      });
      for (const o of outcomes) expect(o).toEqual(outcomes[0]);
    }
  });
});

describe('weldVertices kernel: the same welding on every backend', () => {
  it('welds equal rows (bits, so 0 and −0 differ) in order of first appearance', () => {
    const rows = [[1, 2], [3, 4], [1, 2], [0, 0], [-0, 0], [3, 4], [0, 0]];
    const words = new Uint32Array(new Float32Array(rows.flat()).buffer);
    for (const backend of BACKENDS) {
      const { indices, first } = kernels[backend].weldVertices(words, 2);
      expect(Array.from(indices)).toEqual([0, 1, 0, 2, 3, 1, 2]);
      expect(Array.from(first)).toEqual([0, 1, 3, 4]);
    }
  });

  it('random rows with many repeats, strides 1–13', () => {
    const next = rng(5);
    for (let stride = 1; stride <= 13; stride++) {
      const distinct = Array.from({ length: 20 }, () => Array.from({ length: stride }, () => Math.floor(next() * 3)));
      const words = new Uint32Array(Array.from({ length: 300 }, () => distinct[Math.floor(next() * distinct.length)]!).flat());
      const results = BACKENDS.map((b) => kernels[b].weldVertices(words, stride));
      for (const r of results) expect(r).toEqual(results[0]);
      const { indices, first } = results[0]!;
      for (let i = 0; i < indices.length; i++) expect(Array.from(words.subarray(first[indices[i]!]! * stride, first[indices[i]!]! * stride + stride))).toEqual(Array.from(words.subarray(i * stride, i * stride + stride)));
    }
  });
});
