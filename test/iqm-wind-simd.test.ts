import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();

describe('windIqmTriangles four triangles at a time (wasm-simd) gives what the scalar loop gives', () => {
  it('a bad corner in any block and any place, 16- and 32-bit indices, above and below first', () => {
    const next = rng(2207);
    for (const width of [2, 4] as const) {
      for (const triangles of [4, 5, 8, 33, 100]) {
        const first = 1000;
        const vertexCount = width === 2 ? 65536 : 70000;
        for (let badAt = -1; badAt < triangles * 3; badAt += badAt < 0 ? 1 : 1 + Math.floor(next() * 7)) {
          const src = Uint32Array.from({ length: triangles * 3 }, () => first + Math.floor(next() * vertexCount));
          if (badAt >= 0) {
            src[badAt] = next() < 0.5 ? first + vertexCount : first - 1;
            // A second bad corner later must not be the one named.
            if (badAt + 5 < src.length) src[badAt + 5] = first - 2;
          }
          const results = BACKENDS.map((b) => {
            const dst = width === 2 ? new Uint16Array(src.length) : new Uint32Array(src.length);
            const result = kernels[b].raw.windIqmTriangles(src, first, vertexCount, dst);
            return result < 0 ? [result, ...dst] : [result];
          });
          if (badAt < 0) expect(results[2]![0]).toBe(-1);
          expect(results[0], `width ${width}, ${triangles} triangles, bad at ${badAt}`).toEqual(results[2]);
          expect(results[1]).toEqual(results[2]);
        }
      }
    }
  });
});
