// MeshSerializer2's parse rewinds the triangles with one kernel and mirrors x inside the
// dequantize and snorm8 kernels (sign bits XORed: dequantizeUnorm16Signs, decodeSnorm8Signs):
// the same bits as dequantizing, then negating x, then swapping corners, on every backend,
// including bounds that are NaN (payloads), infinite or ±0 (negating the bounds instead, which
// was tried, gives +0 where the mirror of an exact zero sum is −0).
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, exactFloatBits, randomInts } from './helpers/backends.js';
import { ms2Format, ms2ToAsset, readMs2, writeMs2, type Ms2Document } from '../bindings/formats/ms2/index.js';

const kernels = allKernels();
const NAN_PAYLOAD = new Float32Array(new Uint32Array([0x7fa00001]).buffer)[0]!;

function document(bounds: number[], vertexCount: number, triangles: number): Ms2Document {
  return {
    format: 1,
    vertexCount,
    triangleCount: triangles,
    positionBounds: Float32Array.from(bounds),
    positions: randomInts(Uint16Array, vertexCount * 3, vertexCount + triangles, 65535),
    indices: randomInts(Uint16Array, triangles * 3, triangles, vertexCount - 1),
  };
}

/** The reference: dequantize (js), negate every x, swap corners 2 and 3. */
function reference(doc: Ms2Document): { positions: number[]; indices: number[] } {
  const b = doc.positionBounds!;
  const min = [b[0]!, b[2]!, b[4]!];
  const size = [Math.fround(b[1]! - b[0]!), Math.fround(b[3]! - b[2]!), Math.fround(b[5]! - b[4]!)];
  const positions = kernels.js.dequantizeUnorm16(doc.positions, 3, min, size);
  for (let i = 0; i < positions.length; i += 3) positions[i] = -positions[i]!;
  const indices = Array.from(doc.indices);
  for (let i = 0; i < indices.length; i += 3) [indices[i + 1], indices[i + 2]] = [indices[i + 2]!, indices[i + 1]!];
  return { positions: Array.from(exactFloatBits(positions)), indices };
}

describe('MeshSerializer2 parse: x mirrored, corners swapped by one kernel', () => {
  const cases: [string, number[]][] = [
    ['finite bounds', [-2.5, 3, 0, 1, -1, 1]],
    ['−0 and 0 bounds', [-0, 0, -0, -0, 0, 1e-30]],
    ['NaN x bounds (payload)', [NAN_PAYLOAD, 1, 0, 1, 0, 1]],
    ['NaN size', [0, NaN, 0, 1, 0, 1]],
    ['infinite x bounds', [-Infinity, Infinity, 0, 1, 0, 1]],
    ['infinite min, finite size', [Infinity, 1, -Infinity, 0, 0, 1]],
    ['huge bounds', [-3e38, 3e38, -3e38, 3e38, 0, 1]],
  ];
  for (const [name, bounds] of cases) {
    for (const [vertices, triangles] of [[200, 150], [3000, 4000]] as const) {
      it(`${name}, ${vertices} vertices (${vertices < 256 ? '8' : '16'}-bit indices): every backend gives the reference bits`, () => {
        const doc = document(bounds, vertices, triangles);
        const expected = reference(doc);
        const bytes = writeMs2(doc);
        for (const b of BACKENDS) {
          for (const asset of [ms2Format.parseSync(bytes, { kernels: kernels[b] }), ms2ToAsset(readMs2(bytes), { kernels: kernels[b] })]) {
            const mesh = asset.meshes[0]!;
            expect(Array.from(exactFloatBits(mesh.attributes.positions)), b).toEqual(expected.positions);
            expect(Array.from(mesh.indices), b).toEqual(expected.indices);
            expect(mesh.indices.BYTES_PER_ELEMENT, b).toBe(vertices < 256 ? 1 : 2);
          }
        }
      });
    }
  }

  it('ms2ToAsset leaves the document it is given as it was', () => {
    const doc = readMs2(writeMs2(document([0, 1, 0, 1, 0, 1], 300, 200)));
    const before = Array.from(doc.indices);
    ms2ToAsset(doc, { kernels: kernels['wasm-simd'] });
    expect(Array.from(doc.indices)).toEqual(before);
  });
});

describe('dequantizeUnorm16Signs and decodeSnorm8Signs: every backend gives the unsigned kernel\'s bits with signs[c] XORed in', () => {
  const flipped = (values: Float32Array, components: number, signs: Uint32Array) => {
    const bits = Array.from(exactFloatBits(values));
    return bits.map((b, i) => (b ^ signs[i % components]!) >>> 0);
  };
  const SIGN_SETS = [[0x80000000, 0, 0, 0], [0, 0x80000000, 0, 0x80000000], [0x80000000, 0x80000000, 0x80000000, 0x80000000], [0, 0, 0, 0]].map((s) => Uint32Array.from(s));

  it('dequantizeUnorm16Signs: 1–4 components, lengths around the 24-value step, NaN-payload, infinite and ±0 bounds', () => {
    const bounds = [[-2.5, 3, 0.25, -1], [NAN_PAYLOAD, -0, Infinity, 0], [-0, 0, -Infinity, NaN]];
    for (let components = 1; components <= 4; components++) {
      for (const length of [0, 1, 23, 24, 25, 47, 48, 300].map((n) => n * components)) {
        for (const [bi, b] of bounds.entries()) {
          const min = Float32Array.from(b.slice(0, components));
          const size = Float32Array.from(bounds[(bi + 1) % bounds.length]!.slice(0, components));
          const src = randomInts(Uint16Array, length, length + components, 65535);
          if (length) { src[0] = 0; src[length - 1] = 65535; }
          for (const signs of SIGN_SETS) {
            const plain = new Float32Array(length);
            kernels.js.raw.dequantizeUnorm16(src, components, min, size, plain);
            const expected = flipped(plain, components, signs);
            for (const backend of BACKENDS) {
              const dst = new Float32Array(length).fill(7);
              kernels[backend].raw.dequantizeUnorm16Signs(src, components, min, size, signs.subarray(0, components), dst);
              expect(Array.from(exactFloatBits(dst)), `${backend} ${components} ${length}`).toEqual(expected);
            }
          }
        }
      }
    }
  });

  it('decodeSnorm8Signs: every byte (128 gives ±0), 1–4 components, lengths around the 24-value step', () => {
    for (let components = 1; components <= 4; components++) {
      for (const length of [0, 1, 23, 24, 25, 256, 301].map((n) => n * components)) {
        const src = Uint8Array.from({ length }, (_, i) => (i * 37 + components) & 255);
        for (const signs of SIGN_SETS) {
          const expected = flipped(kernels.js.decodeSnorm8(src), components, signs);
          for (const backend of BACKENDS) {
            const dst = new Float32Array(length).fill(7);
            kernels[backend].raw.decodeSnorm8Signs(src, components, signs.subarray(0, components), dst);
            expect(Array.from(exactFloatBits(dst)), `${backend} ${components} ${length}`).toEqual(expected);
          }
        }
      }
    }
  });
});
