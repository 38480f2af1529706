// The skin kernel (assembly/gltf-normalized-skin.ts) against its TypeScript twin, bit for bit,
// on all three backends: random skins with zero, −0, negative, NaN, infinite, huge, denormal and
// repeated entries and joints outside the skeleton, every vertex kind at each place, both joint widths.
import { describe, expect, it } from 'vitest';
import { SKIN_WEIGHT_SUM_TOLERANCE } from '../bindings/formats/gltf/normalized-skin.js';
import { allKernels, BACKENDS, floatBits, rng } from './helpers/backends.js';

const kernels = allKernels();
const SPECIAL = [0, -0, -0.25, NaN, Infinity, -Infinity, 3e38, 3.4028234663852886e38, 1e-45, 1e-40, 1];

function randomSkin(seed: number, vertices: number, jointRange: number, specialShare: number) {
  const next = rng(seed);
  const joints = new Uint16Array(vertices * 4);
  const weights = new Float32Array(vertices * 4);
  for (let i = 0; i < joints.length; i++) {
    joints[i] = next() < 0.05 ? 65535 : Math.floor(next() * jointRange);
    const r = next();
    weights[i] = r < 0.3 ? 0 : r < 0.3 + specialShare ? SPECIAL[Math.floor(next() * SPECIAL.length)]! : next();
  }
  // Common vertices (trailing slots ±0) in every count of used slots.
  for (let v = 0; v < vertices; v += 2) for (let k = 1 + (v % 4); k < 4; k++) weights[v * 4 + k] = v % 3 ? 0 : -0;
  return { joints, weights };
}

function run(backend: (typeof BACKENDS)[number], joints: Uint16Array, weights: Float32Array, jointCount: number, wide: boolean) {
  const dstJoints = wide ? new Uint16Array(joints.length).fill(777) : new Uint8Array(joints.length).fill(77);
  const dstWeights = new Float32Array(weights.length).fill(-3);
  const found = Float64Array.of(2, 1, 5, 6);
  kernels[backend].raw.normalizeSkin(joints, weights, jointCount, SKIN_WEIGHT_SUM_TOLERANCE, dstJoints, dstWeights, found);
  return [Array.from(dstJoints), Array.from(floatBits(dstWeights)), Array.from(found)];
}

describe('normalizeSkin kernel: wasm-simd, wasm-scalar and js give the same bits', () => {
  for (const [wide, jointCount] of [[false, 1], [false, 5], [false, 256], [true, 300], [true, 70000]] as const) {
    it(`${wide ? 'uint16' : 'uint8'} joints, ${jointCount} joints in the skeleton`, () => {
      for (let seed = 1; seed <= 120; seed++) {
        const { joints, weights } = randomSkin(seed, seed % 37, Math.min(jointCount + 3, 65535), seed % 2 ? 0.1 : 0.3);
        const reference = run('js', joints, weights, jointCount, wide);
        for (const b of BACKENDS) expect(run(b, joints, weights, jointCount, wide), `${b} seed ${seed}`).toEqual(reference);
      }
    });
  }

  it('writes the common vertex, merges a repeated joint and binds a vertex without weights to its first joint', () => {
    const joints = Uint16Array.of(1, 2, 0, 0, 3, 3, 1, 0, 9, 2, 0, 0);
    const weights = Float32Array.of(0.5, 1.5, 0, -0, 0.25, 0.25, 0.5, 0, 0, -1, NaN, 0);
    for (const b of BACKENDS) {
      const [j, w, found] = run(b, joints, weights, 4, false);
      expect(j, b).toEqual([1, 2, 0, 0, 3, 1, 0, 0, 0, 0, 0, 0]);
      expect(w, b).toEqual(Array.from(floatBits(Float32Array.of(0.25, 0.75, 0, 0, 0.5, 0.5, 0, 0, 1, 0, 0, 0))));
      // rescaled 1, merged 1, dropped at element 8, unbound at element 8.
      expect(found, b).toEqual([1, 1, 8, 8]);
    }
  });
});
