// countOutsideUnit (assembly/unigine-weight-range.ts and its twin): the UNIGINE writer's count of
// skin weights outside 0..1 for its clamping warning, the same on every backend and the same as
// the comparison it replaced, for values on and around the bounds, NaN, infinities and ±0, at
// every length up to 17 (the SIMD steps and their tails) and longer.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, mixedFloats } from './helpers/backends.js';

const kernels = allKernels();
const f = Math.fround;
const EDGES = [0, -0, 1, f(1 + 2 ** -23), f(1 - 2 ** -24), -(2 ** -149), 2 ** -149, NaN, Infinity, -Infinity, 0.5, -1, 2, 65535];

function expected(values: Float32Array): number {
  let count = 0;
  for (const v of values) if (!(v >= 0 && v <= 1)) count++;
  return count;
}

describe('countOutsideUnit', () => {
  it('counts !(v >= 0 && v <= 1) on every backend, for bound values in every lane and random values', () => {
    for (let length = 0; length <= 17; length++) {
      for (let e = 0; e < EDGES.length; e++) {
        const values = mixedFloats(length, length * 31 + e, 1.5);
        for (let i = 0; i < length; i++) if ((i + e) % 3 === 0) values[i] = EDGES[(i + e) % EDGES.length]!;
        const want = expected(values);
        for (const b of BACKENDS) expect(kernels[b].raw.countOutsideUnit(values), `${b}, length ${length}`).toBe(want);
      }
    }
    const long = mixedFloats(4099, 7, 1.2);
    for (const b of BACKENDS) expect(kernels[b].raw.countOutsideUnit(long), b).toBe(expected(long));
    expect(expected(long)).toBeGreaterThan(0);
  });

  it('gives the writer\'s clamping warning its count', async () => {
    const { unigineFormat } = await import('../bindings/index.js');
    for (const b of BACKENDS) {
      const weights = new Float32Array([0.5, 0.5, 0, 0, 1.25, -0.25, 0, 0, NaN, 1, 0, 0]);
      const asset = {
        source: 'test', upAxis: 'z' as const, warnings: [] as string[], materials: [], animations: [],
        skeleton: { joints: [{ name: 'root', parent: -1, translation: [0, 0, 0] as [number, number, number], rotation: [0, 0, 0, 1] as [number, number, number, number], scale: [1, 1, 1] as [number, number, number] }] },
        meshes: [{ name: 'm', indices: new Uint16Array([0, 1, 2]), attributes: { positions: new Float32Array(9), normals: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]), joints: new Uint16Array(12), weights } }],
      };
      unigineFormat.encodeSync(asset as never, { kernels: kernels[b] });
      expect(asset.warnings.find((w) => w.includes('skin weights outside 0..1')), b).toContain('3 skin weights outside 0..1 were clamped');
    }
  });
});
