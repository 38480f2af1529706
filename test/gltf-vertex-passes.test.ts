// The glTF writer's fused per-vertex passes (bindings/formats/gltf/vertex-passes.ts) and its
// branch-free rounding (round-half-up.ts) against the separate passes they replaced, written here
// step by step as the reference: a turned copy, a unit-length pass, the source-grid choice, snorm
// rounding and the validator-tolerance fix; the same bits, counts and box on random and edge-case
// data (NaN, infinities, zero vectors, vectors already on the snorm grid, lengths off 1, tangent
// w of 0, NaN, ±2).
import { describe, expect, it } from 'vitest';
import { roundHalfUp } from '../bindings/formats/gltf/round-half-up.js';
import { positionsOnAxes, turnedCopy, unitSquaredRange, unitVectorsOnAxes, uvsForOutput } from '../bindings/formats/gltf/vertex-passes.js';
import { quantizedUnitVectors, rotationsAsSnorm16 } from './helpers/two-pass-references.js';
import { swapYZInPlace, zUpToYUpInPlace } from '../bindings/formats/gltf/transforms.js';
import { positionBox, VECTOR3_UNIT_TOLERANCE, type QuantizedAttribute } from '../bindings/formats/gltf/quantize-attributes.js';
import { UNIT_LENGTH_TOLERANCE } from '../bindings/formats/gltf/finite-values.js';
import { perpendicularTo } from '../bindings/model/perpendicular-tangents.js';

/** A small seeded generator (xorshift32), so that a failure names its seed. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

/** Vectors of `stride` floats with every awkward case mixed in. */
function vectors(count: number, stride: 3 | 4, seed: number): Float32Array {
  const next = random(seed);
  const out = new Float32Array(count * stride);
  for (let v = 0; v < count; v++) {
    const kind = Math.floor(next() * 10);
    const at = v * stride;
    if (kind === 0) out.set([NaN, 0, 1], at);
    else if (kind === 1) out.set([0, 0, 0], at);
    else if (kind === 2) out.set([Infinity, 1, 0], at);
    else if (kind === 3) for (let c = 0; c < 3; c++) out[at + c] = Math.round((next() * 2 - 1) * 127) / 127; // on the snorm8 grid, length near 1 or not
    else if (kind === 4) for (let c = 0; c < 3; c++) out[at + c] = Math.round((next() * 2 - 1) * 32767) / 32767;
    else if (kind === 5) for (let c = 0; c < 3; c++) out[at + c] = (next() * 2 - 1) * 3; // far from unit
    else {
      const x = next() * 2 - 1, y = next() * 2 - 1, z = next() * 2 - 1;
      const length = Math.hypot(x, y, z) * (1 + (next() - 0.5) * 0.02);
      out.set([x / length, y / length, z / length], at);
    }
    if (stride === 4) out[at + 3] = [1, -1, 1, -1, 0, NaN, 2, -0.5][Math.floor(next() * 8)]!;
  }
  return out;
}

/** The turn as the writer did it before: a copy with (x, y, z) → (x, z, −y). */
function turned(data: Float32Array, stride: number, toYUp: boolean): Float32Array {
  const copy = data.slice();
  if (toYUp) for (let i = 0; i + 2 < copy.length; i += stride) { const y = copy[i + 1]!; copy[i + 1] = copy[i + 2]!; copy[i + 2] = -y; }
  return copy;
}

/** The old unitVectors (+ unitTangents' repair and signs) pass over a turned copy. */
function referenceUnit(data: Float32Array, stride: 3 | 4, normals?: Float32Array) {
  let replaced = 0, rescaled = 0, signs = 0;
  for (let i = 0; i < data.length; i += stride) {
    const x = data[i]!, y = data[i + 1]!, z = data[i + 2]!;
    const length = Math.sqrt(x * x + y * y + z * z);
    if (length > 0 && length < Infinity) {
      if (Math.abs(length - 1) > UNIT_LENGTH_TOLERANCE) rescaled++;
      data[i] = x / length; data[i + 1] = y / length; data[i + 2] = z / length;
    } else {
      replaced++;
      const v = i / stride;
      data.set(stride === 3 ? [0, 0, 1] : normals ? perpendicularTo(normals[v * 3], normals[v * 3 + 1], normals[v * 3 + 2]) : perpendicularTo(), i);
    }
  }
  if (stride === 4) for (let i = 3; i < data.length; i += 4) { const sign = data[i]! < 0 ? -1 : 1; if (data[i] !== sign) signs++; data[i] = sign; }
  return { unit: data, replaced, rescaled, signs };
}

/** The old sourceGridOr: the turned source where it is on the grid and near unit, else the unit vector. */
function referenceChoice(source: Float32Array, unit: Float32Array, stride: number, bits: 8 | 16): Float32Array {
  const top = bits === 16 ? 32767 : 127;
  for (let i = 0; i < source.length; i += stride) {
    let onGrid = true;
    for (let c = 0; c < stride && onGrid; c++) { const steps = source[i + c]! * top; onGrid = Math.abs(steps - Math.round(steps)) <= 1e-3 && Math.abs(steps) <= top; }
    const x = source[i]!, y = source[i + 1]!, z = source[i + 2]!;
    const sign = stride === 4 ? Math.abs(source[i + 3]!) === 1 : true;
    if (!onGrid || !sign || !(Math.abs(Math.sqrt(x * x + y * y + z * z) - 1) <= VECTOR3_UNIT_TOLERANCE * 0.99)) for (let c = 0; c < stride; c++) source[i + c] = unit[i + c]!;
  }
  return source;
}

/** The old quantizeUnitVectors: snorm rounding, then the nearest-unit-length rounding where the validator's tolerance is left. */
function quantizeUnitVectors(data: Float32Array, components: number, bits: 8 | 16): QuantizedAttribute {
  const top = bits === 16 ? 32767 : 127;
  const bytes = bits === 16 ? 2 : 1;
  const stride = (components * bytes + 3) & ~3;
  const slots = stride / bytes;
  const out = bits === 16 ? new Int16Array((data.length / components) * slots) : new Int8Array((data.length / components) * slots);
  for (let v = 0; v < data.length / components; v++) for (let c = 0; c < components; c++) { const x = data[v * components + c]!; out[v * slots + c] = Math.round((x >= 1 ? 1 : x <= -1 ? -1 : x) * top); }
  const quantized: QuantizedAttribute = { array: out, byteStride: stride === components * bytes ? undefined : stride };
  const lengthError = (x: number, y: number, z: number) => Math.abs(Math.sqrt(x * x + y * y + z * z) / top - 1);
  for (let v = 0, at = 0; at < out.length; v++, at += slots) {
    if (lengthError(out[at]!, out[at + 1]!, out[at + 2]!) <= VECTOR3_UNIT_TOLERANCE * 0.99) continue;
    let best = [out[at]!, out[at + 1]!, out[at + 2]!];
    let bestError = lengthError(best[0]!, best[1]!, best[2]!);
    const floors = [0, 1, 2].map((c) => Math.floor(Math.max(-1, Math.min(1, data[v * components + c]!)) * top));
    for (let mask = 0; mask < 8; mask++) {
      const candidate = floors.map((f, c) => Math.max(-top, Math.min(top, f + ((mask >> c) & 1))));
      const error = lengthError(candidate[0]!, candidate[1]!, candidate[2]!);
      if (error < bestError) { best = candidate; bestError = error; }
    }
    out[at] = best[0]!;
    out[at + 1] = best[1]!;
    out[at + 2] = best[2]!;
  }
  return quantized;
}

describe('roundHalfUp', () => {
  it('is Math.round on halves, values an ulp from halves and the quantizers\' products', () => {
    const next = random(7);
    const values = [0.49999999999999994, -0.49999999999999994, 0.5, -0.5, 1.5, -1.5, 2.5, 65534.5, 65535.49999999999, 127.5, -127.5, 0, 4503599627370495.5, 2 ** 52 + 1, 2 ** 53 + 2, NaN, Infinity, -Infinity];
    for (let i = 0; i < 200_000; i++) {
      const k = Math.floor((next() - 0.5) * 140_000) + 0.5;
      values.push(k, k + 2 ** -40 * (next() - 0.5), Math.fround(next() * 2 - 1) * 127, Math.fround(next() * 2 - 1) * 32767, Math.fround(next()) * 65535, Math.fround(next()) * 255);
    }
    const wrong = values.filter((x) => !Object.is(roundHalfUp(x) + 0, Math.round(x) + 0));
    expect(wrong).toEqual([]);
    // What it replaces where it matters: floor(x + 0.5) alone is wrong here.
    expect(Math.floor(0.49999999999999994 + 0.5)).toBe(1);
    expect(roundHalfUp(0.49999999999999994)).toBe(0);
  });
});

describe('vertex passes give the bits of the separate passes', () => {
  for (const toYUp of [false, true]) {
    it(`normals and tangents, unit and snorm8 / snorm16 (toYUp ${toYUp})`, () => {
      for (const seed of [1, 2, 3]) {
        const normals = vectors(4000, 3, seed);
        const tangents = vectors(4000, 4, seed + 100);
        const n = unitVectorsOnAxes(normals, 3, toYUp);
        const nRef = referenceUnit(turned(normals, 3, toYUp), 3);
        expect(n).toEqual(nRef);
        const t = unitVectorsOnAxes(tangents, 4, toYUp, n.unit);
        const tRef = referenceUnit(turned(tangents, 4, toYUp), 4, nRef.unit);
        expect(t).toEqual(tRef);
        for (const bits of [8, 16] as const) {
          expect(quantizedUnitVectors(normals, n.unit, 3, toYUp, bits)).toEqual(quantizeUnitVectors(referenceChoice(turned(normals, 3, toYUp), nRef.unit, 3, bits), 3, bits));
          expect(quantizedUnitVectors(tangents, t.unit, 4, toYUp, bits)).toEqual(quantizeUnitVectors(referenceChoice(turned(tangents, 4, toYUp), tRef.unit, 4, bits), 4, bits));
        }
      }
    });

    it(`positions: turned, non-finite as 0, boxed (toYUp ${toYUp})`, () => {
      const next = random(11);
      const source = new Float32Array(3000).map(() => (next() < 0.02 ? [NaN, Infinity, -Infinity][Math.floor(next() * 3)]! : (next() - 0.5) * 1000));
      const done = positionsOnAxes(source, toYUp);
      const reference = turned(source, 3, toYUp);
      let replaced = 0;
      for (let i = 0; i < reference.length; i++) if (!Number.isFinite(reference[i]!)) { reference[i] = 0; replaced++; }
      expect(done.positions).toEqual(reference);
      expect(done.replaced).toBe(replaced);
      expect(replaced).toBeGreaterThan(0);
      expect(done.box).toEqual(positionBox(reference));
    });
  }

  it('UV sets: non-finite as 0, v flipped, the 0–1 check', () => {
    const next = random(5);
    for (const flipV of [false, true]) {
      for (const spread of [1, 3]) {
        const source = new Float32Array(2000).map(() => (next() < 0.01 ? NaN : next() * spread));
        const done = uvsForOutput(source, flipV);
        const reference = source.slice();
        let replaced = 0;
        for (let i = 0; i < reference.length; i++) if (!Number.isFinite(reference[i]!)) { reference[i] = 0; replaced++; }
        if (flipV) for (let i = 1; i < reference.length; i += 2) reference[i] = 1 - reference[i]!;
        expect(done.uvs).toEqual(reference);
        expect(done.replaced).toBe(replaced);
        expect(done.inUnitRange).toBe(reference.every((v) => v >= 0 && v <= 1));
      }
    }
  });

  it('turned copies of vectors, quaternions and scales', () => {
    for (const stride of [3, 4]) {
      const source = vectors(500, stride as 3 | 4, 9 + stride);
      for (const swap of [false, true]) {
        const reference = source.slice();
        (swap ? swapYZInPlace : zUpToYUpInPlace)(reference, stride);
        expect(turnedCopy(source, stride, swap)).toEqual(reference);
      }
    }
  });

  it('with a vertex order, each vertex lands at order[v] with the bits it has without one', () => {
    const count = 3000;
    const next = random(21);
    const order = new Uint32Array(count).map((_, i) => i);
    for (let i = count - 1; i > 0; i--) { const j = Math.floor(next() * (i + 1)); [order[i], order[j]] = [order[j]!, order[i]!]; }
    const moved = (values: ArrayLike<number> & { length: number }, n: number, Out: new (length: number) => Float32Array | Int8Array | Int16Array) => {
      const out = new Out(values.length);
      for (let v = 0; v < count; v++) for (let c = 0; c < n; c++) out[order[v]! * n + c] = values[v * n + c]!;
      return out;
    };
    for (const toYUp of [false, true]) {
      const normals = vectors(count, 3, 31), tangents = vectors(count, 4, 32);
      const n = unitVectorsOnAxes(normals, 3, toYUp), nOrdered = unitVectorsOnAxes(normals, 3, toYUp, undefined, order);
      expect(nOrdered.unit).toEqual(moved(n.unit, 3, Float32Array));
      expect([nOrdered.replaced, nOrdered.rescaled]).toEqual([n.replaced, n.rescaled]);
      const t = unitVectorsOnAxes(tangents, 4, toYUp, n.unit), tOrdered = unitVectorsOnAxes(tangents, 4, toYUp, nOrdered.unit, order);
      expect(tOrdered.unit).toEqual(moved(t.unit, 4, Float32Array));
      for (const bits of [8, 16] as const) {
        const Out = bits === 8 ? Int8Array : Int16Array;
        expect(quantizedUnitVectors(normals, nOrdered.unit, 3, toYUp, bits, order).array).toEqual(moved(quantizedUnitVectors(normals, n.unit, 3, toYUp, bits).array, 4, Out));
        expect(quantizedUnitVectors(tangents, tOrdered.unit, 4, toYUp, bits, order).array).toEqual(moved(quantizedUnitVectors(tangents, t.unit, 4, toYUp, bits).array, 4, Out));
      }
      const positions = new Float32Array(count * 3).map(() => (next() < 0.01 ? NaN : (next() - 0.5) * 10));
      const p = positionsOnAxes(positions, toYUp), pOrdered = positionsOnAxes(positions, toYUp, order);
      expect(pOrdered.positions).toEqual(moved(p.positions, 3, Float32Array));
      expect([pOrdered.replaced, pOrdered.box]).toEqual([p.replaced, p.box]);
      for (const flipV of [false, true]) {
        const uvs = new Float32Array(count * 2).map(() => (next() < 0.01 ? Infinity : next() * 1.01));
        const u = uvsForOutput(uvs, flipV), uOrdered = uvsForOutput(uvs, flipV, order);
        expect(uOrdered.uvs).toEqual(moved(u.uvs, 2, Float32Array));
        expect([uOrdered.replaced, uOrdered.inUnitRange]).toEqual([u.replaced, u.inUnitRange]);
      }
    }
  });

  it('the squared-length range is exactly the square-root check, at every length that can occur near its ends', () => {
    const limit = VECTOR3_UNIT_TOLERANCE * 0.99;
    for (const top of [127, 32767]) {
      const [lowest, highest] = unitSquaredRange(top);
      const within = (squared: number) => Math.abs(Math.sqrt(squared) / top - 1) <= limit;
      const lengths = top === 127 ? Array.from({ length: 3 * 127 * 127 + 1 }, (_, i) => i) : [];
      for (const end of [lowest, highest]) for (let d = -5000; d <= 5000; d++) lengths.push(end + d);
      const wrong = lengths.filter((squared) => within(squared) !== (squared >= lowest && squared <= highest));
      expect(wrong).toEqual([]);
      expect(within(top * top)).toBe(true);
    }
  });

  it('rotation keys as snorm16: the own key where near unit length, else the normalised one', () => {
    const next = random(41);
    const count = 5000;
    const values = new Float32Array(count * 4);
    for (let k = 0; k < count; k++) {
      const q = [next() * 2 - 1, next() * 2 - 1, next() * 2 - 1, next() * 2 - 1];
      const length = Math.hypot(...q) * (k % 3 === 0 ? 1 : 1 + (next() - 0.5) * 0.01);
      for (let c = 0; c < 4; c++) values[k * 4 + c] = k % 5 === 0 ? Math.round((q[c]! / length) * 32767) / 32767 : q[c]! / length;
    }
    for (const toYUp of [false, true]) {
      const raw = turned(values, 4, toYUp);
      const normalised = raw.map((_, i) => { const b = i - (i % 4); return raw[i]! / Math.sqrt(raw[b]! ** 2 + raw[b + 1]! ** 2 + raw[b + 2]! ** 2 + raw[b + 3]! ** 2); });
      const reference = new Int16Array(values.length);
      for (let i = 0; i < raw.length; i += 4) {
        const x = raw[i]!, y = raw[i + 1]!, z = raw[i + 2]!, q = raw[i + 3]!;
        const chosen = Math.abs(Math.sqrt(x * x + y * y + z * z + q * q) - 1) <= 2 ** -10 ? raw : normalised;
        for (let c = 0; c < 4; c++) { const d = chosen[i + c]!; reference[i + c] = Math.round((d >= 1 ? 1 : d <= -1 ? -1 : d) * 32767); }
      }
      expect(rotationsAsSnorm16(values, normalised, toYUp)).toEqual(reference);
    }
  });
});
