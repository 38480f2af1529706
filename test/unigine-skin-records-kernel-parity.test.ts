// gatherSkinRecords (assembly/skin-records.ts and its twin): wasm-simd, wasm-scalar and js
// gather joints and weights straight from UNIGINE skin records exactly as gatherSkinWeights does
// from the reader's split of them (bones and values), results and refusals alike.
import { describe, expect, it } from 'vitest';
import { splitWeightRecords } from '../bindings/formats/unigine/skin-records.js';
import { allKernels, BACKENDS, floatBits, rng } from './helpers/backends.js';

const kernels = allKernels();

interface Case { counts: Uint8Array; records: Uint8Array; total: number; jointOf: Uint16Array; vertexOf: Uint32Array }

function makeCase(sources: number, vertices: number, seed: number, jointCount = 9): Case {
  const next = rng(seed);
  const counts = Uint8Array.from({ length: sources }, () => Math.floor(next() * 5));
  const total = counts.reduce((n, c) => n + c, 0);
  const records = new Uint8Array(sources + total * 4);
  const view = new DataView(records.buffer);
  let p = 0;
  for (const c of counts) {
    records[p++] = c;
    for (let k = 0; k < c; k++, p += 4) {
      view.setInt16(p, Math.floor(next() * jointCount), true);
      view.setUint16(p + 2, Math.floor(next() * 65536), true);
    }
  }
  const jointOf = Uint16Array.from({ length: jointCount }, () => Math.floor(next() * 65536));
  const vertexOf = Uint32Array.from({ length: vertices }, () => Math.floor(next() * sources));
  return { counts, records, total, jointOf, vertexOf };
}

/** What gatherSkinWeights gives from the split records (js backend): result, first, joints, weights bits. */
function reference(c: Case) {
  const bones = new Int16Array(c.total), values = new Uint16Array(c.total);
  splitWeightRecords(new DataView(c.records.buffer, c.records.byteOffset, c.records.byteLength), 0, c.counts, bones, values);
  const first = new Uint32Array(c.counts.length + 1), joints = new Uint16Array(c.vertexOf.length * 4), weights = new Float32Array(c.vertexOf.length * 4);
  const result = kernels.js.raw.gatherSkinWeights(c.counts, bones, values, c.jointOf, c.vertexOf, first, joints, weights);
  return { result, first: Array.from(first), joints: Array.from(joints), weights: Array.from(floatBits(weights)) };
}

function run(b: (typeof BACKENDS)[number], c: Case, records = c.records) {
  const first = new Uint32Array(c.counts.length + 1), joints = new Uint16Array(c.vertexOf.length * 4).fill(3), weights = new Float32Array(c.vertexOf.length * 4).fill(3);
  const result = kernels[b].raw.gatherSkinRecords(c.counts, records, c.jointOf, c.vertexOf, first, joints, weights);
  return { result, first: Array.from(first), joints: Array.from(joints), weights: Array.from(floatBits(weights)) };
}

describe('gatherSkinRecords: backends agree with gatherSkinWeights over the split records', () => {
  it('random records of 0–4 weights, 0 to 17 sources and longer, every vertex gathered', () => {
    for (const sources of [...Array.from({ length: 18 }, (_, i) => i), 333, 4000]) {
      for (const seed of [1, 2]) {
        const c = makeCase(sources, sources ? sources * 2 : 0, sources * 17 + seed);
        const want = reference(c);
        expect(want.result).toBe(-1);
        for (const b of BACKENDS) expect(run(b, c), `${b} sources=${sources}`).toEqual(want);
      }
    }
  });

  it('refusals: a count above 4, records cut short, a bone outside the joints, a vertex outside the sources', () => {
    const base = makeCase(40, 60, 7);
    const tooMany = { ...base, counts: base.counts.slice() };
    tooMany.counts[11] = 5;
    const badBone = { ...base, records: base.records.slice(), vertexOf: base.vertexOf.slice() };
    const source = base.counts.findIndex((n, s) => s >= 20 && n > 0);
    badBone.vertexOf[5] = source;
    let offset = 0;
    for (let s = 0; s < source; s++) offset += 1 + 4 * base.counts[s]!;
    new DataView(badBone.records.buffer).setInt16(offset + 1, 9, true);
    const badVertex = { ...base, vertexOf: base.vertexOf.slice() };
    badVertex.vertexOf[33] = 40;
    for (const b of BACKENDS) {
      expect(run(b, tooMany).result, b).toBe(-3);
      expect(run(b, base, base.records.subarray(0, base.records.length - 1)).result, b).toBe(-2);
      expect(run(b, badVertex).result, b).toBe(33);
      // A bone outside the joints, in a record a gathered vertex uses, as gatherSkinWeights refuses it.
      expect(reference(badBone).result).toBe(-4);
      expect(run(b, badBone).result, b).toBe(-4);
    }
  });

  it('records at an odd offset in their buffer', () => {
    const c = makeCase(50, 80, 9);
    const shifted = new Uint8Array(c.records.length + 3);
    shifted.set(c.records, 3);
    const want = reference(c);
    for (const b of BACKENDS) expect(run(b, c, shifted.subarray(3)), b).toEqual(want);
  });
});
