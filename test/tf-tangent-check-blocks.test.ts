// firstUnusableTangent's SIMD build tests blocks of four tangents at once (assembly/tangent-check.ts):
// one unusable tangent of each kind (x, y, z all ±0; w ±0; a component not finite; and usable
// near-misses: two of x, y, z zero, subnormals) at every place in and around a block, in arrays
// of every length up to three blocks and a partial tangent; all backends agree with
// repairTangents' test.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

function reference(t: Float32Array): number {
  for (let v = 0; v + 4 <= t.length; v += 4) {
    const [x, y, z, w] = [t[v]!, t[v + 1]!, t[v + 2]!, t[v + 3]!];
    const lengthSquared = x * x + y * y + z * z;
    if (!(lengthSquared > 0 && lengthSquared < Infinity && w !== 0 && w - w === 0)) return v / 4;
  }
  return -1;
}

const KINDS: [number, number, number, number][] = [
  [0, 0, 0, 1], [-0, 0, -0, -1], [0, -0, 0, 1],
  [1, 0, 0, 0], [0, 1, 0, -0],
  [NaN, 0, 0, 1], [0, Infinity, 0, 1], [0, 0, -Infinity, 1], [1, 0, 0, NaN], [1, 0, 0, -Infinity],
  // Usable: one of x, y, z not zero, w ±1, subnormal values.
  [0, 0, 1e-45, 1], [1e-45, 0, 0, -1], [0, -1e-45, 0, 1e-45],
];

describe('firstUnusableTangent in blocks of four', () => {
  it('every kind at every place, every length to 13 tangents (and a partial one)', () => {
    for (let count = 0; count <= 13; count++) {
      for (const extra of [0, 3]) {
        for (let at = 0; at < count; at++) {
          for (const kind of KINDS) {
            const t = new Float32Array(count * 4 + extra).fill(0.5);
            for (let v = 3; v < count * 4; v += 4) t[v] = v % 8 === 3 ? 1 : -1;
            t.set(kind, at * 4);
            const want = reference(t);
            for (const b of BACKENDS) expect(kernels[b].raw.firstUnusableTangent(t), `${b} count=${count} at=${at} kind=${kind}`).toBe(want);
          }
        }
      }
    }
  });
});
