// The apg writer's bounding radius (bounding-radius.ts) is bit for bit the Math.hypot loop it
// replaced: random clouds, near-ties (vertices whose norms differ in the last bits), permuted
// coordinates, extremes, subnormals, zeros, NaN and infinities, partial vertices.
import { describe, expect, it } from 'vitest';
import { boundingRadius, hypotLoop } from '../bindings/formats/apg/bounding-radius.js';
import { rng } from './helpers/backends.js';

const same = (p: Float32Array) => expect(Object.is(boundingRadius(p), hypotLoop(p)), `${Array.from(p.slice(0, 9))}…`).toBe(true);

describe('apg bounding radius', () => {
  it('random clouds at every scale', () => {
    const next = rng(9);
    for (let round = 0; round < 400; round++) {
      const scale = 2 ** Math.floor(next() * 250 - 140);
      same(Float32Array.from({ length: 3 * (1 + Math.floor(next() * 50)) }, () => (next() - 0.5) * scale));
    }
  });

  it('near-ties: the same point permuted and nudged by an ulp, so the squares and the hypots may order differently', () => {
    const next = rng(10);
    const f = new Float32Array(1);
    const u = new Uint32Array(f.buffer);
    const nudge = (v: number, d: number) => { f[0] = v; u[0] = u[0]! + d; return f[0]!; };
    for (let round = 0; round < 2000; round++) {
      const x = Math.fround(next() * 100), y = Math.fround(next() * 100), z = Math.fround(next() * 100);
      const p = Float32Array.from([x, y, z, z, x, y, y, z, x, nudge(x, 1), y, nudge(z, -1), nudge(y, 1), nudge(x, -1), z, -x, -y, -z]);
      same(p);
    }
  });

  it('extremes, subnormals, zeros, non-finite values and partial vertices', () => {
    const max = 3.4028234663852886e38;
    const cases = [
      [], [0, 0, 0], [-0, -0, -0], [max, max, max], [max, 0, 0, 0, max, 0], [1e-45, 1e-45, 0], [1e-45, 0, 0, 0, 0, 1.4e-45],
      [NaN, 0, 0, 1, 2, 3], [1, 2, 3, Infinity, NaN, 0], [-Infinity, 0, 0], [1, 2, 3, 4], [1, 2],
    ];
    for (const c of cases) same(Float32Array.from(c));
  });
});
