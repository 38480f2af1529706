// farthestSquaredDistance (the UNIGINE writer's bounding sphere) keeps two running maxima by
// pmax and notes NaN distances on the side: a NaN or infinite point in any lane of either pair, or
// in the tail, and ties between the pairs, give the js twin's result bit for bit.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, mixedFloats } from './helpers/backends.js';

const kernels = allKernels();
const bits = (x: number) => new BigUint64Array(new Float64Array([x]).buffer)[0]!;

describe('farthestSquaredDistance: every point position', () => {
  it('matches js with a NaN, an infinite or the farthest point alone at each position of 1..17 and 40 points', () => {
    for (const count of [...Array.from({ length: 17 }, (_, i) => i + 1), 40]) {
      for (const special of [NaN, Infinity, -Infinity, 1e30, 0]) {
        for (let at = 0; at < count; at++) {
          const points = mixedFloats(count * 3, count * 17 + at, 3).map((v) => (Number.isFinite(v) ? v : 0.25));
          points[at * 3 + (at % 3)] = special;
          const want = kernels.js.raw.farthestSquaredDistance(points, 0.5, -0.25, 1);
          for (const b of BACKENDS) expect(bits(kernels[b].raw.farthestSquaredDistance(points, 0.5, -0.25, 1)), `${b}: ${special} at ${at} of ${count}`).toBe(bits(want));
        }
      }
    }
  });
});
