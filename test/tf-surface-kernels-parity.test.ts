// flipV and firstUnusableTangent (assembly/flip-v.ts, assembly/tangent-check.ts and their twins):
// wasm-simd, wasm-scalar and js agree bit for bit, and with the TypeScript they replace in the
// TF reader (`uv[i] = 1 − uv[i]` on every second float; repairTangents' test of a usable tangent).
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, floatBits, NAN_BITS, rng } from './helpers/backends.js';

const kernels = allKernels();

/** Floats of every kind: ordinary, ±0, subnormal, ±Infinity, NaNs with payloads, largest. */
function awkward(count: number, seed: number): Float32Array {
  const next = rng(seed);
  const special = [0, -0, 1e-45, -1e-45, 1.1754942e-38, Infinity, -Infinity, 3.4028235e38, 1, -1, 0.5];
  const values = new Float32Array(count);
  const bits = new Uint32Array(values.buffer);
  for (let i = 0; i < count; i++) {
    const r = next();
    if (r < 0.15) bits[i] = NAN_BITS[Math.floor(next() * NAN_BITS.length)]!;
    else if (r < 0.35) values[i] = special[Math.floor(next() * special.length)]!;
    else values[i] = (next() - 0.5) * 4;
  }
  return values;
}

/** The reader's loop before the kernel. */
function flipReference(values: Float32Array): Float32Array {
  const out = values.slice();
  for (let i = 1; i < out.length; i += 2) out[i] = 1 - out[i]!;
  return out;
}

/** repairTangents' test of one tangent, in float64 as it runs there. */
function firstUnusableReference(t: Float32Array): number {
  for (let v = 0; v + 4 <= t.length; v += 4) {
    const [x, y, z, w] = [t[v]!, t[v + 1]!, t[v + 2]!, t[v + 3]!];
    const lengthSquared = x * x + y * y + z * z;
    if (!(lengthSquared > 0 && lengthSquared < Infinity && w !== 0 && w - w === 0)) return v / 4;
  }
  return -1;
}

describe('flipV: backends agree with each other and with 1 − v in TypeScript', () => {
  it('random arrays of awkward floats, lengths 0 to 19 and longer, copied and in place', () => {
    for (const n of [...Array.from({ length: 20 }, (_, i) => i), 97, 4099]) {
      for (const seed of [1, 2, 3]) {
        const src = awkward(n, n * 7 + seed);
        const want = floatBits(flipReference(src));
        for (const b of BACKENDS) {
          const dst = new Float32Array(n);
          kernels[b].raw.flipV(src, dst);
          expect(floatBits(dst), `${b} n=${n} seed=${seed}`).toEqual(want);
          const inPlace = src.slice();
          kernels[b].raw.flipV(inPlace, inPlace);
          expect(floatBits(inPlace), `${b} in place n=${n} seed=${seed}`).toEqual(want);
        }
      }
    }
  });

  it('a view at an offset flips only its own floats, from its own first u', () => {
    const whole = awkward(41, 9);
    const before = floatBits(whole.slice());
    const view = whole.subarray(5, 37);
    const want = floatBits(flipReference(view));
    for (const b of BACKENDS) {
      const copy = whole.slice();
      const part = copy.subarray(5, 37);
      kernels[b].raw.flipV(part, part);
      expect(floatBits(part), b).toEqual(want);
      expect(floatBits(copy.subarray(0, 5)), b).toEqual(before.subarray(0, 5));
      expect(floatBits(copy.subarray(37)), b).toEqual(before.subarray(37));
    }
  });
});

describe('firstUnusableTangent: backends agree with repairTangents\' test', () => {
  it('usable tangents with one unusable component placed anywhere', () => {
    const next = rng(5);
    for (const count of [0, 1, 2, 3, 5, 8, 33, 1000]) {
      const tangents = new Float32Array(count * 4);
      for (let i = 0; i < tangents.length; i++) tangents[i] = i % 4 === 3 ? (next() < 0.5 ? -1 : 1) : next() - 0.5 || 0.25;
      const cases: Float32Array[] = [tangents];
      for (const at of [0, count >> 1, count - 1]) {
        if (at < 0 || count === 0) continue;
        for (const [component, value] of [[0, NaN], [1, Infinity], [2, -Infinity], [3, 0], [3, -0], [3, NaN], [3, Infinity]] as const) {
          const t = tangents.slice();
          t[at * 4 + component] = value;
          cases.push(t);
        }
        const zero = tangents.slice();
        zero.set([0, -0, 0], at * 4);
        cases.push(zero);
        const tiny = tangents.slice();
        tiny.set([0, 1e-45, -0], at * 4);
        cases.push(tiny);
      }
      for (const t of cases) {
        const want = firstUnusableReference(t);
        for (const b of BACKENDS) expect(kernels[b].raw.firstUnusableTangent(t), `${b} count=${count}`).toBe(want);
      }
    }
  });

  it('random awkward floats, and a length that is not whole tangents (the partial one is not looked at)', () => {
    for (const n of [4, 16, 64, 400, 4003]) {
      for (const seed of [1, 2, 3, 4]) {
        const t = awkward(n, seed * 101 + n);
        const want = firstUnusableReference(t);
        for (const b of BACKENDS) expect(kernels[b].raw.firstUnusableTangent(t), `${b} n=${n}`).toBe(want);
      }
    }
  });
});
