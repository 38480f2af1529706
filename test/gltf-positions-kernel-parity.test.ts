// The positions kernel (assembly/gltf-positions.ts) against its TypeScript twin, bit for bit, on
// all three backends, and the writer's call (positionsOnAxesWith) against the TypeScript pass
// positionsOnAxes: random and edge values (NaN of every kind, ±Infinity, ±0 in every order,
// denormals, the largest float32), both axes, every length up to 17 vertices and longer.
import { describe, expect, it } from 'vitest';
import { positionsOnAxes, positionsOnAxesWith } from '../bindings/formats/gltf/vertex-passes.js';
import { allKernels, BACKENDS, EDGE_FLOATS, floatBits, mixedFloats, NAN_BITS, rng } from './helpers/backends.js';

const kernels = allKernels();

/** Mostly ±0 and edges, so that zero extremes of either sign, first or later, come up in every lane. */
function zeroHeavy(count: number, seed: number): Float32Array {
  const next = rng(seed);
  const out = new Float32Array(count * 3);
  const bits = new Uint32Array(out.buffer);
  for (let i = 0; i < out.length; i++) {
    const r = next();
    out[i] = r < 0.35 ? 0 : r < 0.7 ? -0 : r < 0.8 ? 1e-45 * (next() < 0.5 ? 1 : -1) : EDGE_FLOATS[Math.floor(next() * EDGE_FLOATS.length)]!;
    if (r >= 0.8 && r < 0.87) bits[i] = NAN_BITS[Math.floor(next() * NAN_BITS.length)]!;
  }
  return out;
}

function sets(): Float32Array[] {
  const out: Float32Array[] = [];
  for (let n = 0; n <= 17; n++) out.push(mixedFloats(n * 3, n + 3, 100), zeroHeavy(n, n + 11), new Float32Array(n * 3).fill(NaN));
  for (const n of [64, 101, 1000]) out.push(mixedFloats(n * 3, n, 1e30), zeroHeavy(n, n + 1), mixedFloats(n * 3, n + 2, 1));
  out.push(mixedFloats(26, 4), Float32Array.of(Infinity, -Infinity, NaN, -0, 0, 3.4028234663852886e38, -3.4028234663852886e38, 1e-45, -1e-45));
  return out;
}

describe('positionsOnAxes kernel: wasm-simd, wasm-scalar and js give the same bits', () => {
  it('values, replaced count and box', () => {
    for (const source of sets()) {
      for (const toYUp of [false, true]) {
        const results = BACKENDS.map((b) => {
          const dst = new Float32Array(source.length).fill(4321);
          const box = new Float32Array(6).fill(7);
          const replaced = kernels[b].raw.positionsOnAxes(source, toYUp, dst, box);
          return [Array.from(floatBits(dst.subarray(0, Math.floor(source.length / 3) * 3))), Array.from(floatBits(box)), replaced];
        });
        for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]} ${toYUp} ${source.length}`).toEqual(results[BACKENDS.indexOf('js')]);
      }
    }
  });

  it('positionsOnAxesWith (the writer\'s call) gives what the TypeScript pass gives, ±0 of the box included, with and without a reorder', () => {
    for (const source of sets()) {
      if (source.length % 3) continue;
      const n = source.length / 3;
      const order = Uint32Array.from({ length: n }, (_, v) => n - 1 - v);
      for (const toYUp of [false, true]) {
        for (const by of [undefined, order]) {
          const reference = positionsOnAxes(source, toYUp, by);
          for (const b of BACKENDS) {
            const done = positionsOnAxesWith(kernels[b], source, toYUp, by, new Float32Array(source.length).fill(-9));
            expect([floatBits(done.positions), done.replaced], b).toEqual([floatBits(reference.positions), reference.replaced]);
            expect([...done.box.min, ...done.box.max].map((x) => Object.is(x, -0) ? '-0' : x), b).toEqual([...reference.box.min, ...reference.box.max].map((x) => Object.is(x, -0) ? '-0' : x));
          }
        }
      }
    }
  });
});
