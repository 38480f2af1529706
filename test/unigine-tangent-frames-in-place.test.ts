// A UNIGINE parse gathers each vertex's tangent-space quaternion into the upper half of its
// tangents (8 of 16 bytes a vertex) and decodes it there (to-asset.ts): tangentFrames must read
// every quaternion before writing a frame over it, on every backend, for every count (the SIMD
// build decodes four at a time, then one at a time), in WebAssembly memory (used in place) and on
// the js heap, with the same bits as separate arrays.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, floatBits, randomInts } from './helpers/backends.js';

const kernels = allKernels();
const COUNTS = [...Array.from({ length: 18 }, (_, i) => i), 64, 257, 1000];

function quaternions(count: number): Int16Array {
  const quats = randomInts(Int16Array, count * 4, count + 5, 32767, -32768);
  if (count > 2) quats.set([0, 0, 0, 0, -32768, -32768, -32768, -32768]);
  if (count > 3) quats.set([0, 0, 32767, -32], 8);
  return quats;
}

describe('tangentFrames decoding quaternions held in the upper half of its tangents', () => {
  for (const backend of BACKENDS) {
    it(`${backend}: the frames of separate arrays, bit for bit`, () => {
      const k = kernels[backend];
      for (const count of COUNTS) {
        const quats = quaternions(count);
        const expectedNormals = new Float32Array(count * 3), expectedTangents = new Float32Array(count * 4);
        kernels.js.raw.tangentFrames(quats, expectedNormals, expectedTangents);
        const ws = k.workspace({ normals: ['f32', count * 3], tangents: ['f32', count * 4] });
        try {
          const { normals, tangents } = ws.arrays;
          const upper = new Int16Array(tangents.buffer, tangents.byteOffset + 8 * count, 4 * count);
          upper.set(quats);
          k.raw.tangentFrames(upper, normals, tangents);
          expect(floatBits(ws.arrays.normals), `${count} normals`).toEqual(floatBits(expectedNormals));
          expect(floatBits(ws.arrays.tangents), `${count} tangents`).toEqual(floatBits(expectedTangents));
        } finally {
          ws.release();
        }
      }
    });
  }
});
