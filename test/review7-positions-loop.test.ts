// Review of h-wjit (round seven): positionsLoop (vertex-passes.ts) now starts its box from module
// constants and leaves it in module variables. Its positions, count of replaced values and box
// against a plain loop written here, on random positions (NaN, ±Infinity, -0, float32's extremes,
// empty, one vertex), in the source's order and a random meshopt-like order; and the kernel path
// (positionsOnAxesWith without an order) on every backend against the same loop.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKernelsSync } from '../bindings/index.js';
import { positionsOnAxes, positionsOnAxesWith } from '../bindings/formats/gltf/vertex-passes.js';
import { BACKENDS, floatBits } from './helpers/backends.js';

/** The plain loop: turned, non-finite as 0, box by < and > from ±Infinity. */
function reference(source: Float32Array, toYUp: boolean, order?: Uint32Array) {
  const positions = new Float32Array(source.length);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  let replaced = 0;
  for (let v = 0; v * 3 + 2 < source.length; v++) {
    const s = [source[v * 3]!, toYUp ? source[v * 3 + 2]! : source[v * 3 + 1]!, toYUp ? -source[v * 3 + 1]! : source[v * 3 + 2]!];
    const o = order ? order[v]! * 3 : v * 3;
    for (let c = 0; c < 3; c++) {
      let x = s[c]!;
      if (!Number.isFinite(x)) { x = 0; replaced++; }
      positions[o + c] = x;
      if (x < min[c]!) min[c] = x;
      if (x > max[c]!) max[c] = x;
    }
  }
  return { positions, replaced, box: { min, max } };
}

const SPECIAL = [NaN, Infinity, -Infinity, -0, 0, 3.4028234663852886e38, -3.4028234663852886e38, 1.401298464324817e-45, -1.401298464324817e-45];
const coordinate = fc.oneof(fc.constantFrom(...SPECIAL), fc.float({ noNaN: false }), fc.float({ min: -10, max: 10, noNaN: true }));
const positionsArb = fc.oneof(fc.constant(0), fc.constant(1), fc.nat(40)).chain((n) => fc.tuple(fc.array(coordinate, { minLength: n * 3, maxLength: n * 3 }), fc.boolean(), fc.boolean(), fc.nat()));

/** A permutation of n vertices from `seed` (meshopt's remap is one). */
function permutation(n: number, seed: number): Uint32Array {
  const order = Uint32Array.from({ length: n }, (_, i) => i);
  let a = seed >>> 0;
  for (let i = n - 1; i > 0; i--) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    const j = a % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

function same(got: { positions: Float32Array; replaced: number; box: { min: number[]; max: number[] } }, want: ReturnType<typeof reference>): void {
  expect(floatBits(got.positions)).toEqual(floatBits(want.positions));
  expect(got.replaced).toBe(want.replaced);
  // Object.is: -0 and 0 told apart, as the writer's min/max JSON and grid see them.
  expect(got.box.min.map((x) => Object.is(x, -0) ? '-0' : x)).toEqual(want.box.min.map((x) => Object.is(x, -0) ? '-0' : x));
  expect(got.box.max.map((x) => Object.is(x, -0) ? '-0' : x)).toEqual(want.box.max.map((x) => Object.is(x, -0) ? '-0' : x));
}

describe('positionsOnAxes (positionsLoop) against a plain loop', () => {
  it('in the source order and a random order: positions, replaced count and box', () => {
    fc.assert(fc.property(positionsArb, ([values, toYUp, ordered, seed]) => {
      const source = Float32Array.from(values);
      const order = ordered ? permutation(source.length / 3, seed) : undefined;
      same(positionsOnAxes(source, toYUp, order), reference(source, toYUp, order));
    }), { numRuns: 2000, seed: 7 });
  });

  it('an empty source gives the empty box (±Infinity) also right after a call that had vertices', () => {
    positionsOnAxes(Float32Array.of(1, 2, 3), false);
    expect(positionsOnAxes(new Float32Array(0), true).box).toEqual({ min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] });
  });

  for (const backend of BACKENDS) {
    it(`positionsOnAxesWith (the kernel without an order, the loop with one) on ${backend}`, () => {
      const kernels = createKernelsSync(backend);
      fc.assert(fc.property(positionsArb, ([values, toYUp, ordered, seed]) => {
        const source = Float32Array.from(values);
        const order = ordered ? permutation(source.length / 3, seed) : undefined;
        same(positionsOnAxesWith(kernels, source, toYUp, order), reference(source, toYUp, order));
      }), { numRuns: 1000, seed: 8 });
    });
  }
});
