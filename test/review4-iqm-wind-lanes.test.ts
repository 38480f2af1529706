// Review of h-iqm22's SIMD windIqmTriangles (four triangles a block): a bad corner in every lane of
// a block, at every triangle count around the block size, and a destination narrower than the
// vertex count (the scalar loop and the twin keep the low bits, as TypedArray stores do; the SIMD
// narrowing saturates): every backend must give the same result and the same indices.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

function wind(src: Uint32Array, first: number, vertexCount: number, Ctor: Uint8ArrayConstructor | Uint16ArrayConstructor | Uint32ArrayConstructor) {
  return BACKENDS.map((b) => {
    const dst = new Ctor(src.length);
    const result = kernels[b].raw.windIqmTriangles(src, first, vertexCount, dst);
    // What a refused call leaves in `dst` is not specified (the reader throws): compared only when it winds.
    // (nor what it leaves past the last whole triangle: the reader's counts are whole triangles).
    return { result, dst: result < 0 ? Array.from(dst.subarray(0, src.length - (src.length % 3))) : [] };
  });
}

describe('windIqmTriangles: every lane of a SIMD block, every backend', () => {
  it('a bad corner at each position of 1–9 triangles, every width', () => {
    for (const Ctor of [Uint8Array, Uint16Array, Uint32Array]) {
      for (let triangles = 1; triangles <= 9; triangles++) {
        for (let extra = 0; extra < 3; extra++) {
          const n = triangles * 3 + extra;
          const clean = Uint32Array.from({ length: n }, (_, i) => 5 + ((i * 7) % 11));
          const outcomes = wind(clean, 5, 11, Ctor);
          for (const o of outcomes) expect(o).toEqual(outcomes[0]);
          for (let bad = 0; bad < n; bad++) {
            for (const value of [4, 16, 0xffffffff, 0x80000005]) {
              const src = clean.slice();
              src[bad] = value;
              const all = wind(src, 5, 11, Ctor);
              for (const o of all) expect(o, `${Ctor.name} n ${n} bad ${bad} = ${value}`).toEqual(all[0]);
            }
          }
        }
      }
    }
  });

  it('a Uint16Array destination for more than 65,536 vertices keeps the same low bits on every backend', () => {
    const src = Uint32Array.from({ length: 24 }, (_, i) => 70000 + i);
    const all = wind(src, 0, 100000, Uint16Array);
    for (const o of all) expect(o).toEqual(all[0]);
  });
});
