import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, floatBits, randomInts, rng } from './helpers/backends.js';
import type { RawKernels } from '../bindings/kernels/raw-kernels.js';

const kernels = allKernels();

function expectParity(produce: (raw: RawKernels) => (ArrayLike<number> | number)[]) {
  const normalize = (r: ArrayLike<number> | number) => (typeof r === 'number' ? r : r instanceof Float32Array ? Array.from(floatBits(r)) : Array.from(r));
  const results = BACKENDS.map((b) => produce(kernels[b].raw).map(normalize));
  const reference = results[BACKENDS.indexOf('js')]!;
  for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]} differs from js`).toEqual(reference);
}

describe('vertex-gather kernel parity: wasm-simd, wasm-scalar and js give identical bits', () => {
  it('gatherUnorm8: every byte value, 1–4 components, 0–17 vertices, an index out of range', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (const components of [1, 2, 3, 4]) {
      for (let count = 0; count < 18; count++) {
        const sources = Math.floor(256 / components);
        const indices = randomInts(Uint32Array, count, count * 7 + components, sources - 1);
        expectParity((raw) => {
          const dst = new Float32Array(count * components);
          return [raw.gatherUnorm8(all.subarray(0, sources * components), components, indices, dst), dst];
        });
        if (count > 0) {
          const bad = indices.slice();
          bad[count >> 1] = sources;
          expectParity((raw) => [raw.gatherUnorm8(all.subarray(0, sources * components), components, bad, new Float32Array(count * components))]);
        }
      }
    }
    const every = new Float32Array(256);
    kernels['wasm-simd'].raw.gatherUnorm8(all, 1, Uint32Array.from({ length: 256 }, (_, i) => i), every);
    expect(Array.from(every)).toEqual(Array.from(all, (b) => Math.fround(b / 255)));
  });

  /** Random skin records: 0–4 per source vertex, bones below `joints`, any weight value. */
  function records(sources: number, joints: number, seed: number) {
    const next = rng(seed);
    const counts = Uint8Array.from({ length: sources }, () => Math.floor(next() * 5));
    const total = counts.reduce((a, b) => a + b, 0);
    return {
      counts,
      bones: randomInts(Int16Array, total, seed + 1, Math.max(0, joints - 1)),
      values: Uint16Array.from({ length: total }, (_, i) => (i % 7 === 0 ? [0, 1, 65534, 65535][i % 4]! : Math.floor(next() * 65536))),
      jointOf: randomInts(Uint16Array, joints, seed + 2, 65535),
    };
  }

  it('gatherSkinWeights: 0–17 sources and vertices, every count, unused slots zero', () => {
    for (let sources = 0; sources < 18; sources++) {
      for (const count of [0, 1, 5, 17]) {
        const { counts, bones, values, jointOf } = records(sources, 9, sources * 31 + count);
        const vertexOf = randomInts(Uint32Array, sources ? count : 0, sources + count, Math.max(0, sources - 1));
        expectParity((raw) => {
          const joints = new Uint16Array(vertexOf.length * 4).fill(0xffff);
          const weights = new Float32Array(vertexOf.length * 4).fill(NaN);
          const result = raw.gatherSkinWeights(counts, bones, values, jointOf, vertexOf, new Uint32Array(sources + 1), joints, weights);
          expect(result).toBe(-1);
          return [result, joints, weights];
        });
      }
    }
  });

  it('gatherSkinWeights: the same refusal on every backend for each bad input', () => {
    const { counts, bones, values, jointOf } = records(12, 5, 99);
    const run = (c: Uint8Array, b: Int16Array, v: Uint16Array, vertexOf: Uint32Array): number => {
      const result = (raw: RawKernels) => raw.gatherSkinWeights(c, b, v, jointOf, vertexOf, new Uint32Array(c.length + 1), new Uint16Array(vertexOf.length * 4), new Float32Array(vertexOf.length * 4));
      expectParity((raw) => [result(raw)]);
      return result(kernels.js.raw);
    };
    const vertexOf = Uint32Array.from({ length: 12 }, (_, i) => 11 - i);
    expect(run(counts, bones, values, Uint32Array.of(0, 3, 12, 1))).toBe(2);
    const many = counts.slice();
    many[4] = 5;
    expect(run(many, bones, values, vertexOf)).toBe(-3);
    expect(run(counts, bones.subarray(0, bones.length - 1), values, vertexOf)).toBe(-2);
    const badBone = bones.slice();
    badBone[badBone.length - 1] = -1;
    expect(run(counts, badBone, values, vertexOf)).toBe(-4);
    badBone[badBone.length - 1] = 5;
    expect(run(counts, badBone, values, vertexOf)).toBe(-4);
  });
});
