// UNIGINE skin weights are uint16 fractions (value / 65535, rounded to float32). The kernels
// gatherSkinRecords and gatherSkinWeights multiply by 1 / 65535 in float64 instead of dividing
// (assembly/skin-records.ts, WEIGHT_STEP); their TypeScript twins divide. The product rounded to
// float32 must be the quotient rounded to float32 for every one of the 65,536 values, on every
// backend: checked here exhaustively, first as arithmetic, then through both kernels.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, floatBits } from './helpers/backends.js';

const kernels = allKernels();
const VALUES = 65536;

/** Every uint16 value's float32 quotient value / 65535, as bits. */
function quotientBits(): Uint32Array {
  const expected = new Float32Array(VALUES);
  for (let v = 0; v < VALUES; v++) expected[v] = v / 65535;
  return floatBits(expected);
}

/** Slot 0 of each vertex's four weights. */
function firstSlots(weights: Float32Array): Uint32Array {
  const bits = floatBits(weights);
  const out = new Uint32Array(VALUES);
  for (let v = 0; v < VALUES; v++) out[v] = bits[v * 4]!;
  return out;
}

describe('UNIGINE weight values: × (1 / 65535) in float64 is ÷ 65535, for every uint16', () => {
  it('as arithmetic', () => {
    const step = 1 / 65535;
    let differing = 0;
    for (let v = 0; v < VALUES; v++) if (Math.fround(v * step) !== Math.fround(v / 65535)) differing++;
    expect(differing).toBe(0);
  });

  it('through gatherSkinRecords and gatherSkinWeights, on every backend', () => {
    const expected = quotientBits();
    // One weight per record: record v is its count byte (1), bone 0 and value v.
    const counts = new Uint8Array(VALUES).fill(1);
    const records = new Uint8Array(5 * VALUES);
    const view = new DataView(records.buffer);
    const bones = new Int16Array(VALUES);
    const values = new Uint16Array(VALUES);
    for (let v = 0; v < VALUES; v++) {
      records[5 * v] = 1;
      view.setUint16(5 * v + 3, v, true);
      values[v] = v;
    }
    const vertexOf = new Uint32Array(VALUES);
    for (let v = 0; v < VALUES; v++) vertexOf[v] = v;
    const jointOf = Uint16Array.from([0]);
    for (const backend of BACKENDS) {
      const raw = kernels[backend].raw;
      const weights = new Float32Array(4 * VALUES);
      expect(raw.gatherSkinRecords(counts, records, jointOf, vertexOf, new Uint32Array(VALUES + 1), new Uint16Array(4 * VALUES), weights)).toBe(-1);
      expect(firstSlots(weights), `${backend} gatherSkinRecords`).toEqual(expected);
      weights.fill(7);
      expect(raw.gatherSkinWeights(counts, bones, values, jointOf, vertexOf, new Uint32Array(VALUES + 1), new Uint16Array(4 * VALUES), weights)).toBe(-1);
      expect(firstSlots(weights), `${backend} gatherSkinWeights`).toEqual(expected);
    }
  });
});
