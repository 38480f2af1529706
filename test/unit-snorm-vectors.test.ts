import { describe, expect, it } from 'vitest';
import { unitSnormVectors } from '../bindings/formats/gltf/unit-snorm-vectors.js';
import { unitVectorsOnAxes } from '../bindings/formats/gltf/vertex-passes.js';
import { quantizedUnitVectors } from './helpers/two-pass-references.js';
import { allKernels, BACKENDS, NAN_BITS, rng } from './helpers/backends.js';

const kernels = allKernels();

/** Vectors of every kind the writer meets: unit, off unit, on the snorm grid, zero, huge, NaN, infinite; w of ±1, other, 0, NaN. */
function vectors(seed: number, count: number, stride: 3 | 4, bits: 8 | 16): Float32Array {
  const next = rng(seed);
  const top = bits === 16 ? 32767 : 127;
  const out = new Float32Array(count * stride);
  const raw = new Uint32Array(out.buffer);
  for (let v = 0; v < count; v++) {
    const at = v * stride;
    const kind = Math.floor(next() * 9);
    const x = next() * 2 - 1, y = next() * 2 - 1, z = next() * 2 - 1;
    const length = Math.hypot(x, y, z) || 1;
    const scale = kind === 1 ? 1.3 : kind === 2 ? 1e-30 : kind === 3 ? 3e38 : 1 / length;
    out[at] = kind === 4 ? 0 : x * scale;
    out[at + 1] = kind === 4 ? 0 : y * scale;
    out[at + 2] = kind === 4 ? 0 : z * scale;
    // On the snorm grid: whole steps (a unit axis, or steps near unit length).
    if (kind === 5) {
      out[at] = Math.round((x / length) * top) / top;
      out[at + 1] = Math.round((y / length) * top) / top;
      out[at + 2] = Math.round((z / length) * top) / top;
    }
    if (kind === 6) out.set([0, 0, -1].map((c, i) => (i === v % 3 ? 1 : c === -1 && v % 2 ? -1 : 0)), at);
    if (kind === 7) raw[at + Math.floor(next() * 3)] = NAN_BITS[Math.floor(next() * NAN_BITS.length)]!;
    if (kind === 8) out[at + Math.floor(next() * 3)] = next() < 0.5 ? Infinity : -Infinity;
    if (stride === 4) {
      const w = next();
      out[at + 3] = w < 0.4 ? 1 : w < 0.8 ? -1 : w < 0.85 ? 0 : w < 0.9 ? NaN : w * 3 - 2;
    }
  }
  return out;
}

function permutation(seed: number, count: number): Uint32Array {
  const next = rng(seed);
  const order = Uint32Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

describe('unitSnormVectors (one pass for quantized normals and tangents)', () => {
  for (const backend of BACKENDS) for (const bits of [8, 16] as const) {
    for (const toYUp of [false, true]) {
      it(`gives the two passes' counts and snorm bytes (${backend}, ${bits} bits, toYUp ${toYUp}), in source order and in a meshopt order`, () => {
        for (let seed = 1; seed <= 12; seed++) {
          const count = 5 + seed * 37;
          const normals = vectors(seed, count, 3, bits);
          const tangents = vectors(seed + 100, count, 4, bits);
          for (const order of [undefined, permutation(seed, count)]) {
            const n = unitVectorsOnAxes(normals, 3, toYUp, undefined, order);
            const t = unitVectorsOnAxes(tangents, 4, toYUp, n.unit, order);
            const fusedN = unitSnormVectors(kernels[backend], normals, 3, toYUp, bits, undefined, order);
            // Tangents take the source normals (a replaced tangent's perpendicular is to its unit normal).
            const fusedT = unitSnormVectors(kernels[backend], tangents, 4, toYUp, bits, normals, order);
            for (const [fused, two, source, stride] of [[fusedN, n, normals, 3], [fusedT, t, tangents, 4]] as const) {
              expect([fused.vectors.replaced, fused.vectors.rescaled, fused.vectors.signs]).toEqual([two.replaced, two.rescaled, two.signs]);
              expect(fused.quantized).toEqual(quantizedUnitVectors(source, two.unit, stride, toYUp, bits, order));
            }
          }
        }
      });
    }
  }
});
