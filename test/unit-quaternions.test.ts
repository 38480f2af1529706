import { describe, expect, it } from 'vitest';
import { turnedCopy } from '../bindings/formats/gltf/vertex-passes.js';
import { rotationsAsSnorm16 } from './helpers/two-pass-references.js';
import { UNIT_LENGTH_TOLERANCE } from '../bindings/formats/gltf/finite-values.js';
import { QUATERNION_COUNTS, unitQuaternionsInPlace, unitQuaternionsOnAxes } from '../bindings/formats/gltf/unit-quaternions.js';
import { firstNonFinite } from '../bindings/model/validate-asset.js';
import { floatBits, NAN_BITS, rng } from './helpers/backends.js';

/** The two passes the writer made before: a turned copy, then each key scaled to unit length in place. */
function twoPasses(source: Float32Array, toYUp: boolean): { data: Float32Array; replaced: number; rescaled: number } {
  const data = toYUp ? turnedCopy(source, 4, false) : source.slice();
  let replaced = 0;
  let rescaled = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [x, y, z, q] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    const length = Math.sqrt(x * x + y * y + z * z + q * q);
    if (length > 0 && Number.isFinite(length)) {
      if (Math.abs(length - 1) > UNIT_LENGTH_TOLERANCE) rescaled++;
      data.set([x / length, y / length, z / length, q / length], i);
    } else {
      replaced++;
      data.set([0, 0, 0, 1], i);
    }
  }
  return { data, replaced, rescaled };
}

/** Keys of every kind: unit, near unit, far from unit, zero, tiny, huge, with NaNs and infinities. */
function keys(seed: number, count: number): Float32Array {
  const next = rng(seed);
  const out = new Float32Array(count * 4);
  const bits = new Uint32Array(out.buffer);
  for (let k = 0; k < count; k++) {
    const kind = Math.floor(next() * 8);
    for (let c = 0; c < 4; c++) {
      const v = next() * 2 - 1;
      out[k * 4 + c] = kind === 0 ? 0 : kind === 1 ? v * 1e-30 : kind === 2 ? v * 3e38 : kind === 3 ? v * 7 : v;
    }
    if (kind === 4) bits[k * 4 + Math.floor(next() * 4)] = NAN_BITS[Math.floor(next() * NAN_BITS.length)]!;
    if (kind === 5) out[k * 4 + Math.floor(next() * 4)] = next() < 0.5 ? Infinity : -Infinity;
    if (kind >= 6) {
      const length = Math.hypot(out[k * 4]!, out[k * 4 + 1]!, out[k * 4 + 2]!, out[k * 4 + 3]!);
      for (let c = 0; c < 4; c++) out[k * 4 + c] = out[k * 4 + c]! / length;
    }
  }
  return out;
}

describe('unitQuaternionsOnAxes (one pass for the writer\'s rotation keys)', () => {
  for (const toYUp of [false, true]) {
    it(`gives the two passes' bits and counts (toYUp ${toYUp})`, () => {
      for (let seed = 1; seed <= 40; seed++) {
        const source = keys(seed, 1 + seed * 7);
        const before = floatBits(source.slice());
        const expected = twoPasses(source, toYUp);
        const out = unitQuaternionsOnAxes(source, toYUp, QUATERNION_COUNTS);
        expect(floatBits(out)).toEqual(floatBits(expected.data));
        expect([...QUATERNION_COUNTS]).toEqual([expected.replaced, expected.rescaled]);
        // The source keys are the Asset's: left as they were.
        expect(floatBits(source)).toEqual(before);
        expect(out).not.toBe(source);
      }
    });
  }

  for (const toYUp of [false, true]) {
    it(`with a snorm array, writes what rotationsAsSnorm16 makes of the source and the unit keys (toYUp ${toYUp})`, () => {
      for (let seed = 200; seed <= 230; seed++) {
        const source = keys(seed, 1 + seed);
        // Keys near unit length (kept as they are within 2^-10) and just past it.
        for (let i = 0; i < source.length; i += 4 * 3) source[i + 3] = source[i + 3]! * (1 + (i % 7 === 0 ? 2 ** -11 : 2 ** -9));
        const snorm = new Int16Array(source.length);
        const unit = unitQuaternionsOnAxes(source, toYUp, QUATERNION_COUNTS, snorm);
        expect(floatBits(unit)).toEqual(floatBits(unitQuaternionsOnAxes(source, toYUp, QUATERNION_COUNTS)));
        expect(snorm).toEqual(rotationsAsSnorm16(source, unit, toYUp));
      }
    });
  }

  it('into a slice of a larger array (the writer\'s per-animation arrays) gives the same bits and leaves the rest', () => {
    for (let seed = 300; seed < 310; seed++) {
      const source = keys(seed, 9);
      const arena = new Float32Array(source.length + 8).fill(7);
      const slice = arena.subarray(4, 4 + source.length);
      expect(unitQuaternionsOnAxes(source, true, QUATERNION_COUNTS, undefined, slice)).toBe(slice);
      expect(floatBits(slice)).toEqual(floatBits(unitQuaternionsOnAxes(source, true, QUATERNION_COUNTS)));
      expect([...arena.subarray(0, 4), ...arena.subarray(4 + source.length)]).toEqual([7, 7, 7, 7, 7, 7, 7, 7]);
      const turned = new Float32Array(source.length + 2).subarray(1, 1 + source.length);
      expect(floatBits(turnedCopy(source, 4, false, turned))).toEqual(floatBits(turnedCopy(source, 4, false)));
    }
  });

  it('in place gives the same bits as a new array', () => {
    for (let seed = 100; seed < 120; seed++) {
      const source = keys(seed, 13);
      const expected = unitQuaternionsOnAxes(source, false, QUATERNION_COUNTS);
      const counts = [...QUATERNION_COUNTS];
      expect(floatBits(unitQuaternionsInPlace(source, QUATERNION_COUNTS))).toEqual(floatBits(expected));
      expect([...QUATERNION_COUNTS]).toEqual(counts);
    }
  });
});

describe('firstNonFinite (four sums)', () => {
  it('finds the first NaN or infinity at every position of short and long arrays, and none in finite ones', () => {
    for (let length = 0; length <= 13; length++) {
      const finite = Float32Array.from({ length }, (_, i) => (i % 3 === 0 ? -0 : i * 1e37));
      expect(firstNonFinite(finite)).toBe(-1);
      for (let at = 0; at < length; at++) {
        for (const bad of [NaN, Infinity, -Infinity]) {
          const values = finite.slice();
          values[at] = bad;
          if (at + 2 < length) values[at + 2] = NaN;
          expect(firstNonFinite(values)).toBe(at);
          expect(firstNonFinite(Array.from(values))).toBe(at);
        }
      }
    }
  });
});
