// Positions quantized straight from the source (quantize-source-positions.ts) against the two
// passes they replace on the writer's compressed path: positionsOnAxes (turn, repair, box, in the
// new vertex order) then quantizePositions on the box's grid. The same box, count of repaired
// values, quantized array (bits, padding), offset, step and largest error, with and without a
// vertex order, Z-up or not, at 8, 14 and 16 bits, on random data with NaN, infinities, −0 and
// a single point (a grid of zero extent) mixed in.
import { describe, expect, it } from 'vitest';
import { positionsOnAxes } from '../bindings/formats/gltf/vertex-passes.js';
import { positionGrid, quantizePositions } from '../bindings/formats/gltf/quantize-attributes.js';
import { quantizeSourcePositions, sourcePositionsBox } from '../bindings/formats/gltf/quantize-source-positions.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

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

function positions(count: number, seed: number): Float32Array {
  const next = random(seed);
  const out = new Float32Array(count * 3);
  const odd = [NaN, Infinity, -Infinity, -0, 0, 3.4e38, -1e-30];
  for (let i = 0; i < out.length; i++) out[i] = next() < 0.03 ? odd[Math.floor(next() * odd.length)]! : (next() - 0.3) * 10 ** Math.floor(next() * 6 - 2);
  return out;
}

/** A permutation of 0..count−1. */
function order(count: number, seed: number): Uint32Array {
  const next = random(seed);
  const out = Uint32Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('quantizeSourcePositions', () => {
  const cases: { name: string; source: Float32Array }[] = [
    ...[1, 2, 3, 4, 5].map((seed) => ({ name: `random ${seed}`, source: positions(50 + seed * 37, seed) })),
    { name: 'one point', source: new Float32Array([1.5, -2, 3]) },
    { name: 'one point repeated', source: new Float32Array([1, 2, 3, 1, 2, 3]) },
    { name: 'non-finite only', source: new Float32Array([NaN, Infinity, -Infinity]) },
  ];
  for (const { name, source } of cases) {
    for (const toYUp of [false, true]) {
      for (const ordered of [false, true]) {
        for (const bits of [8, 14, 16] as const) for (const backend of BACKENDS) {
          it(`${name}, toYUp ${toYUp}, ${ordered ? 'reordered' : 'in order'}, ${bits} bits, ${backend}: the two-pass result`, () => {
            const count = source.length / 3;
            const remap = ordered ? order(count, count + bits) : undefined;
            const reference = positionsOnAxes(source, toYUp, remap);
            const box = sourcePositionsBox(kernels[backend], source, toYUp);
            expect(box.replaced).toBe(reference.replaced);
            expect(box.box).toEqual(reference.box);
            const grid = positionGrid(reference.box, bits);
            const expected = quantizePositions(reference.positions, bits, grid);
            const got = quantizeSourcePositions(kernels[backend], source, toYUp, remap, bits, grid);
            expect(got.array.constructor).toBe(expected.array.constructor);
            expect(Array.from(got.array)).toEqual(Array.from(expected.array));
            expect(got.byteStride).toBe(expected.byteStride);
            expect(got.offset).toEqual(expected.offset);
            expect(got.step).toBe(expected.step);
            expect(got.maxError).toBe(expected.maxError);
            // The box of the quantized values: what the builder would find over the array.
            const q = Array.from(expected.array);
            const slots = (expected.byteStride ?? 3 * expected.array.BYTES_PER_ELEMENT) / expected.array.BYTES_PER_ELEMENT;
            for (let c = 0; c < 3; c++) {
              const axis = q.filter((_, i) => i % slots === c);
              expect([got.minMax.min[c], got.minMax.max[c]]).toEqual([Math.min(...axis), Math.max(...axis)]);
            }
          });
        }
      }
    }
  }
});
