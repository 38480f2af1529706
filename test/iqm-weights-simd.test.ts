// The blend-weights kernel's four-vertex SIMD step (assembly/iqm-quantize.ts quantizeFourVertices:
// float32 quotients, float64 where a lane is within 1e-3 of a rounding tie) against the TypeScript
// twin, byte for byte on every backend: random weights, ties for the largest (the first of equals
// takes the rounding error), exact halves, quotients near halves, sums beyond float32's range, sums that round above or
// below 255 (the error wraps as a ubyte), zero and non-finite sums, every vertex count from 0 to
// 40 (the SIMD steps and the scalar tail) and 100,000 vertices.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, NAN_BITS, rng } from './helpers/backends.js';

const kernels = allKernels();

function quantize(src: Float32Array): number[][] {
  return BACKENDS.map((b) => {
    const dst = new Uint8Array(src.length).fill(0xa5);
    kernels[b].raw.iqmQuantizeWeights(src, dst);
    return Array.from(dst);
  });
}

/** Weights of `vertices` vertices, each vertex drawn from one of the patterns the step must match. */
function weights(vertices: number, seed: number): Float32Array {
  const next = rng(seed);
  const out = new Float32Array(vertices * 4);
  const bits = new Uint32Array(out.buffer);
  const specials = [0, -0, -1, Infinity, -Infinity, 1e-45, 3.4e38, 0.5, 1 / 3, 1 / 255, 0.5 / 255, 1.5 / 255];
  for (let v = 0; v < vertices; v++) {
    const kind = Math.floor(next() * 11);
    if (kind >= 8) {
      // Near a rounding tie (the float32 step defers within 1e-3 of one), sums past float32's
      // largest, sums below its smallest normal.
      const k = Math.floor(next() * 255);
      const near = (k + 0.5 + (next() - 0.5) * 4e-3) / 255;
      const pattern = kind === 8 ? [near, 1 - near, 0, 0] : kind === 9 ? [3e38, 3e38 * next(), 1e38, 0] : [1e-45, 2e-45 * Math.floor(next() * 4), 1.1e-38 * next(), 0];
      out.set(pattern, v * 4);
      continue;
    }
    for (let c = 0; c < 4; c++) {
      const i = v * 4 + c;
      if (kind === 0) out[i] = next();
      else if (kind === 1) out[i] = 0.25; // four equal: 64 each, the first takes the error (63)
      else if (kind === 2) out[i] = [1, 1, 1, 0][c]!; // 85 × 3 = 255
      else if (kind === 3) out[i] = [0.5, 0.5, 0, 0][c]!; // 127.5 rounds up twice: 256, wraps back to 255
      else if (kind === 4) out[i] = specials[Math.floor(next() * specials.length)]!;
      else if (kind === 5) bits[i] = next() < 0.5 ? NAN_BITS[Math.floor(next() * NAN_BITS.length)]! : Math.floor(next() * 2 ** 32) >>> 0;
      else if (kind === 6) out[i] = c === 3 ? 0 : Math.floor(next() * 4) / 4; // ties among the first three
      else out[i] = next() < 0.3 ? 0 : next() * 1e-3;
    }
  }
  return out;
}

describe('iqmQuantizeWeights, four vertices a SIMD step: the twin\'s bytes on every backend', () => {
  it('0–40 vertices, many seeds', () => {
    for (let vertices = 0; vertices <= 40; vertices++) {
      for (let seed = 0; seed < 8; seed++) {
        const [simd, scalar, js] = quantize(weights(vertices, vertices * 97 + seed));
        expect(simd, `${vertices} vertices, seed ${seed}`).toEqual(js);
        expect(scalar, `${vertices} vertices, seed ${seed}`).toEqual(js);
      }
    }
  });

  it('100,000 vertices', () => {
    const [simd, scalar, js] = quantize(weights(100_000, 5));
    expect(simd).toEqual(js);
    expect(scalar).toEqual(js);
  });

  it('ties and wraps land where the twin puts them', () => {
    const src = Float32Array.from([0.25, 0.25, 0.25, 0.25, 0.5, 0.5, 0, 0, 0, 0.5, 0.5, 0, 1, 1, 1, 0, -1, NaN, 0, 0]);
    for (const result of quantize(src)) expect(result).toEqual([63, 64, 64, 64, 127, 128, 0, 0, 0, 127, 128, 0, 85, 85, 85, 0, 0, 0, 0, 0]);
  });
});
