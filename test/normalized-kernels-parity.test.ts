import { describe, expect, it } from 'vitest';
import type { RawKernels } from '../bindings/kernels/raw-kernels.js';
import { allKernels, BACKENDS, floatBits, rng } from './helpers/backends.js';

const kernels = allKernels();

const TYPES = [
  { name: 'decodeNormalizedI8', ctor: Int8Array, min: -128, max: 127 },
  { name: 'decodeNormalizedU8', ctor: Uint8Array, min: 0, max: 255 },
  { name: 'decodeNormalizedI16', ctor: Int16Array, min: -32768, max: 32767 },
  { name: 'decodeNormalizedU16', ctor: Uint16Array, min: 0, max: 65535 },
] as const;

type Decode = (src: Int8Array | Uint8Array | Int16Array | Uint16Array, step: number, components: number, dst: Float32Array) => void;

describe('normalized integer decoding: wasm-simd, wasm-scalar and js give identical bits, as glTF defines', () => {
  it.each(TYPES)('$name: lengths 0 to 17 and across SIMD blocks, tight and strided, with the extremes', ({ name, ctor, min, max }) => {
    for (const count of [...Array.from({ length: 18 }, (_, i) => i), 33, 1001]) {
      for (const components of [1, 2, 3, 4]) {
        for (const step of [components, components + 1, components + 3]) {
          const next = rng(count * 97 + components * 13 + step);
          const src = new ctor(count ? (count - 1) * step + components : 0);
          const extremes = [min, max, 0, min + 1, max - 1, -1, 1];
          for (let i = 0; i < src.length; i++) src[i] = next() < 0.3 ? extremes[Math.floor(next() * extremes.length)]! : min + Math.floor(next() * (max - min + 1));
          const expected = new Float32Array(count * components);
          for (let e = 0; e < count; e++) for (let c = 0; c < components; c++) expected[e * components + c] = Math.max(src[e * step + c]! / max, -1);
          for (const b of BACKENDS) {
            const dst = new Float32Array(count * components).fill(NaN);
            (kernels[b].raw[name as keyof RawKernels] as Decode)(src, step, components, dst);
            expect(Array.from(floatBits(dst)), `${b} count=${count} components=${components} step=${step}`).toEqual(Array.from(floatBits(expected)));
          }
        }
      }
    }
  });
});
