import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, edgeFloats, floatBits, rng } from './helpers/backends.js';
import { uvsForOutput, uvsForOutputWith } from '../bindings/formats/gltf/vertex-passes.js';

const kernels = allKernels();

function uvs(length: number, seed: number, edgeShare: number, spread: number): Float32Array {
  const next = rng(seed);
  const edges = edgeFloats();
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = next() < edgeShare ? edges[Math.floor(next() * edges.length)]! : (next() - 0.5) * spread + 0.5;
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

describe('uvsForOutputOrdered kernel: wasm-simd, wasm-scalar and js give the same bits, and vertex-passes.ts uvsForOutput with an order', () => {
  it('in and outside 0–1, edge values (NaN, ±Infinity, ±0, denormals), flipV or not, odd lengths', () => {
    const sets: Float32Array[] = [];
    for (let n = 0; n <= 11; n++) sets.push(uvs(n, n + 1, 0, 0.9), uvs(n, n + 20, 0.3, 3));
    for (const n of [64, 1001, 5000]) sets.push(uvs(n, n, 0, 0.99), uvs(n, n + 1, 0.02, 0.99), uvs(n, n + 2, 0.01, 40));
    let checked = 0;
    for (const src of sets) for (const flipV of [false, true]) {
      const count = src.length >> 1;
      const order = permutation(src.length + (flipV ? 1 : 0), count);
      const reference = uvsForOutput(src, flipV, order, new Float32Array(src.length));
      for (const b of BACKENDS) {
        const got = uvsForOutputWith(kernels[b], src, flipV, order, new Float32Array(src.length));
        expect(Array.from(floatBits(got.uvs.subarray(0, count * 2))), `${b} ${src.length} ${flipV}`).toEqual(Array.from(floatBits(reference.uvs.subarray(0, count * 2))));
        expect([got.replaced, got.inUnitRange], `${b} ${src.length} ${flipV}`).toEqual([reference.replaced, reference.inUnitRange]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('an order naming a vertex past the count gives −1; short arrays are refused', () => {
    const src = uvs(10, 3, 0, 1);
    const order = permutation(1, 5);
    order[2] = 5;
    for (const b of BACKENDS) expect(kernels[b].raw.uvsForOutputOrdered(src, false, order, new Float32Array(10), new Uint32Array(1)), b).toBe(-1);
    for (const b of ['wasm-simd', 'wasm-scalar'] as const) expect(() => kernels[b].raw.uvsForOutputOrdered(src, false, new Uint32Array(4), new Float32Array(10), new Uint32Array(1))).toThrow(RangeError);
  });
});
