import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, edgeFloats, rng } from './helpers/backends.js';

const kernels = allKernels();

/** Positions of a scene-like spread, with a share of edge values (NaN, ±Infinity, ±0, denormals, huge). */
function positions(count: number, seed: number, edgeShare: number): Float32Array {
  const next = rng(seed);
  const edges = edgeFloats();
  const out = new Float32Array(count * 3);
  for (let i = 0; i < out.length; i++) out[i] = next() < edgeShare ? edges[Math.floor(next() * edges.length)]! : (next() - 0.4) * 10 ** Math.floor(next() * 4 - 1);
  return out;
}

function permutation(seed: number, count: number): Uint32Array {
  const next = rng(seed);
  const order = Uint32Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

const bits = (array: Float64Array) => Array.from(new Uint32Array(array.buffer, array.byteOffset, array.length * 2));

describe('sourcePositionsBox / quantizeSourcePositions kernels: wasm-simd, wasm-scalar and js give the same bits', () => {
  it('boxes (the first of −0 / +0 kept) and replaced counts, both axes', () => {
    const sets: Float32Array[] = [];
    for (let n = 0; n <= 13; n++) sets.push(positions(n, n + 1, 0), positions(n, n + 40, 0.3));
    for (const n of [64, 999]) sets.push(positions(n, n, 0), positions(n, n + 1, 0.05));
    // Zero extremes of both signs in every lane order.
    for (let at = 0; at < 8; at++) {
      const block = positions(12, 90 + at, 0).map((v) => Math.abs(v) + 1);
      block[at * 3] = -0;
      block[((at + 3) % 12) * 3] = 0;
      block[at * 3 + 1] = 0;
      block[((at + 5) % 12) * 3 + 1] = -0;
      block[at * 3 + 2] = NaN;
      block[((at + 1) % 12) * 3 + 2] = -0;
      sets.push(block, block.map((v) => -v));
    }
    for (const src of sets) for (const toYUp of [false, true]) {
      const results = BACKENDS.map((b) => {
        const box = new Float64Array(6).fill(12345);
        const replaced = kernels[b].raw.sourcePositionsBox(src, toYUp, box);
        return [replaced, bits(box)];
      });
      for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]} ${src.length} ${toYUp}`).toEqual(results[BACKENDS.indexOf('js')]);
    }
  });

  it('quantized values (written at their order, every slot), largest error and min / max, at 8, 14 and 16 bits', () => {
    const sets: Float32Array[] = [];
    for (let n = 0; n <= 13; n++) sets.push(positions(n, n + 1, 0), positions(n, n + 40, 0.2));
    for (const n of [64, 1001, 4000]) sets.push(positions(n, n, 0), positions(n, n + 1, 0.02));
    for (const src of sets) for (const toYUp of [false, true]) for (const b of [8, 14, 16] as const) {
      const count = Math.floor(src.length / 3);
      const box = new Float64Array(6);
      kernels.js.raw.sourcePositionsBox(src, toYUp, box);
      const top = 2 ** b - 1;
      const extent = Math.max(box[3]! - box[0]!, box[4]! - box[1]!, box[5]! - box[2]!);
      const step = extent > 0 && extent < Infinity ? Math.fround(extent / top) || Number.MIN_VALUE : 1;
      // The grid of the box, and grids the values lie partly outside of (a shared skin grid: clamped values).
      for (const [ox, oy, oz, s] of [[box[0]!, box[1]!, box[2]!, step], [0.5, -1, 2, step * 0.5], [box[0]! + 1, 0, 0, 0.001]] as const) {
        for (const order of [undefined, permutation(count + b, count)]) {
          const results = BACKENDS.map((backend) => {
            const dst = b > 8 ? new Uint16Array(count * 4).fill(777) : new Uint8Array(count * 4).fill(77);
            const minMax = new Float64Array(6).fill(5);
            const error = kernels[backend].raw.quantizeSourcePositions(src, toYUp, ox, oy, oz, s, top, order, dst, minMax);
            return [Array.from(new Uint32Array(Float64Array.of(error).buffer)), Array.from(dst), bits(minMax)];
          });
          for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]} ${count} ${toYUp} ${b}`).toEqual(results[BACKENDS.indexOf('js')]);
        }
      }
    }
  });

  it('a grid that is not finite goes vertex by vertex on every backend (the same NaN rules)', () => {
    const src = positions(40, 3, 0.1);
    for (const [ox, s] of [[NaN, 0.01], [0, NaN], [Infinity, 0.01], [0, Infinity], [0, 0]] as const) {
      const results = BACKENDS.map((backend) => {
        const dst = new Uint16Array(160);
        const minMax = new Float64Array(6);
        const error = kernels[backend].raw.quantizeSourcePositions(src, false, ox, 0, 0, s, 65535, undefined, dst, minMax);
        return [String(error), Array.from(dst), bits(minMax)];
      });
      for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]} ${ox} ${s}`).toEqual(results[BACKENDS.indexOf('js')]);
    }
  });

  it('an order naming a vertex past the count gives −1; short arrays are refused', () => {
    const src = positions(9, 5, 0);
    const order = permutation(2, 9);
    order[4] = 9;
    for (const b of BACKENDS) expect(kernels[b].raw.quantizeSourcePositions(src, false, 0, 0, 0, 0.1, 65535, order, new Uint16Array(36), new Float64Array(6)), b).toBe(-1);
    for (const b of ['wasm-simd', 'wasm-scalar'] as const) {
      expect(() => kernels[b].raw.quantizeSourcePositions(src, false, 0, 0, 0, 0.1, 65535, undefined, new Uint16Array(35), new Float64Array(6))).toThrow(RangeError);
      expect(() => kernels[b].raw.sourcePositionsBox(src, false, new Float64Array(5))).toThrow(RangeError);
    }
  });
});
