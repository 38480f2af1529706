import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, floatBits, mixedFloats, NAN_BITS, randomInts, rng } from './helpers/backends.js';
import type { RawKernels } from '../bindings/kernels/raw-kernels.js';
import { createKernelsSync } from '../bindings/index.js';

const kernels = allKernels();
const SIZES = Array.from({ length: 18 }, (_, i) => i);

/** Runs `produce` on every backend's raw kernels and asserts every output equals the js twin's, bit for bit. */
function expectParity(produce: (raw: RawKernels) => (ArrayLike<number> | number)[]) {
  const results = BACKENDS.map((b) => produce(kernels[b].raw).map(normalize));
  const reference = results[BACKENDS.indexOf('js')]!;
  for (let i = 0; i < BACKENDS.length; i++) expect(results[i], `${BACKENDS[i]} differs from js`).toEqual(reference);
}

function normalize(r: ArrayLike<number> | number): number[] | number {
  if (typeof r === 'number') return r;
  if (r instanceof Float32Array) return Array.from(floatBits(r));
  return Array.from(r);
}

const popcount3 = (bits: number) => (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1);

/** Random frames: flags (frame 0 complete unless `sparseStart`), streams sized by the flags, minus `short` values. */
function randomFrames(frames: number, bones: number, seed: number, float: boolean, sparseStart: boolean, short = 0) {
  const next = rng(seed);
  const flags = new Uint8Array(frames * bones);
  let p = 0;
  let r = 0;
  let s = 0;
  for (let e = 0; e < flags.length; e++) {
    flags[e] = e < bones && !sparseStart ? 0x7f : Math.floor(next() * 256);
    p += popcount3(flags[e]! & 7);
    r += (flags[e]! >> 3) & 1;
    s += popcount3((flags[e]! >> 4) & 7);
  }
  const positions = float ? mixedFloats(Math.max(0, p - short), seed + 1, 50) : randomInts(Uint16Array, Math.max(0, p - short), seed + 1, 65535);
  const scales = float ? mixedFloats(s, seed + 2, 3) : randomInts(Uint16Array, s, seed + 2, 65535);
  const rotations = randomInts(Int16Array, r * 4, seed + 3, 32767, -32768);
  const initial = mixedFloats(bones * 10, seed + 4, 2);
  return { flags, positions, rotations, scales, initial };
}

describe('UNIGINE kernel parity: wasm-simd, wasm-scalar and js give identical bits, NaN payloads included', () => {
  it('expandQuantizedFrames over 0..17 frames × bones, sparse first frames, edge boxes and short streams', () => {
    for (const frames of SIZES) {
      for (const bones of [0, 1, 2, 3, 5, 17]) {
        for (const variant of [0, 1, 2]) {
          const seed = frames * 131 + bones * 7 + variant;
          const { flags, positions, rotations, scales, initial } = randomFrames(frames, bones, seed, false, variant === 1, variant === 2 ? 1 : 0);
          const box = variant === 2 ? new Float32Array([NaN, -0, Infinity, 1, -Infinity, 0, -1e38, 1e-45, 0, 3e38, 2, -2]) : mixedFloats(12, seed + 9, 10);
          // A NaN of each kind in the box (as bits), by seed.
          if (variant === 2) new Uint32Array(box.buffer)[0] = NAN_BITS[seed % NAN_BITS.length]!;
          expectParity((raw) => {
            const n = frames * bones;
            const t = new Float32Array(n * 3), q = new Float32Array(n * 4), s = new Float32Array(n * 3);
            const result = raw.expandQuantizedFrames(flags, frames, bones, positions as Uint16Array, rotations, scales as Uint16Array, box, initial, t, q, s);
            // After an error the outputs are unspecified.
            return result >= 0 ? [result] : [result, t, q, s];
          });
        }
      }
    }
  });

  it('expandFloatFrames copies float channels bit for bit (NaN, ±Infinity, −0 included)', () => {
    for (const frames of SIZES) {
      for (const bones of [0, 1, 2, 4, 9]) {
        for (const variant of [0, 1, 2]) {
          const seed = frames * 97 + bones * 5 + variant;
          const { flags, positions, rotations, scales, initial } = randomFrames(frames, bones, seed, true, variant === 1, variant === 2 ? 2 : 0);
          expectParity((raw) => {
            const n = frames * bones;
            const t = new Float32Array(n * 3), q = new Float32Array(n * 4), s = new Float32Array(n * 3);
            const result = raw.expandFloatFrames(flags, frames, bones, positions as Float32Array, rotations, scales as Float32Array, initial, t, q, s);
            return result >= 0 ? [result] : [result, t, q, s];
          });
        }
      }
    }
  });

  it('expansion carries unflagged channels forward and dequantizes as min + size * q / 65535', () => {
    // One bone, three frames: all channels, then nothing, then only position y and the rotation.
    const flags = new Uint8Array([0x7f, 0x00, 0x0a]);
    const positions = new Uint16Array([0, 65535, 32768, 1]);
    const rotations = new Int16Array([0, 0, 0, 32767, 32767, 0, 0, 0]);
    const scales = new Uint16Array([65535, 65535, 65535]);
    const box = new Float32Array([-1, -2, -3, 2, 4, 6, 0, 0, 0, 1, 1, 1]);
    for (const backend of BACKENDS) {
      const t = new Float32Array(9), q = new Float32Array(12), s = new Float32Array(9);
      expect(kernels[backend].raw.expandQuantizedFrames(flags, 3, 1, positions, rotations, scales, box, new Float32Array(10), t, q, s)).toBe(-1);
      const z = Math.fround(-3 + Math.fround(6 * Math.fround(32768 / 65535)));
      expect(Array.from(t)).toEqual([-1, 2, z, -1, 2, z, -1, Math.fround(-2 + Math.fround(4 * Math.fround(1 / 65535))), z]);
      expect(Array.from(q)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0, 0]);
      expect(Array.from(s)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    }
  });

  it('tangentFrames on random, zero, extreme and unnormalised quaternions, 0..17 of them', () => {
    for (const count of [...SIZES, 64, 257]) {
      const quats = randomInts(Int16Array, count * 4, count + 77, 32767, -32768);
      if (count > 2) quats.set([0, 0, 0, 0, -32768, -32768, -32768, -32768]);
      if (count > 3) quats.set([0, 0, 32767, -32], 8);
      expectParity((raw) => {
        const n = new Float32Array(count * 3), t = new Float32Array(count * 4);
        raw.tangentFrames(quats, n, t);
        return [n, t];
      });
    }
  });

  it('gatherComponents for 1 to 5 components, NaN payloads copied, out-of-range positions reported', () => {
    for (const components of [1, 2, 3, 4, 5]) {
      for (const count of [...SIZES, 100]) {
        const elements = 1 + (count % 7);
        const src = mixedFloats(elements * components, count * 11 + components, 10);
        const indices = randomInts(Uint32Array, count, count + components, elements - 1);
        if (count > 3) indices[count - 2] = elements + (count % 2) * 1000;
        expectParity((raw) => {
          const dst = new Float32Array(count * components);
          const bad = raw.gatherComponents(src, components, indices, dst);
          return bad >= 0 ? [bad] : [bad, new Uint32Array(dst.buffer)];
        });
      }
    }
  });

  it('tangentFrames: identity is tangent +X, normal +Z; negative w flips handedness', () => {
    for (const backend of BACKENDS) {
      const n = new Float32Array(6), t = new Float32Array(8);
      kernels[backend].raw.tangentFrames(new Int16Array([0, 0, 0, 32767, 0, 0, 0, -32767]), n, t);
      expect(Array.from(n)).toEqual([0, 0, 1, 0, 0, 1]);
      expect(Array.from(t)).toEqual([1, 0, 0, 1, 1, 0, 0, -1]);
    }
  });

  it('workspace inputs with heap outputs stay correct when staging the outputs grows the memory', () => {
    const quats = randomInts(Int16Array, 400, 3, 32767, -32768);
    const expectedNormals = new Float32Array(300), expectedTangents = new Float32Array(400);
    kernels.js.raw.tangentFrames(quats, expectedNormals, expectedTangents);
    const indices = randomInts(Uint32Array, 50, 4, 99);
    const expectedGather = new Float32Array(150);
    const source = mixedFloats(300, 5, 3);
    kernels.js.raw.gatherComponents(source, 3, indices, expectedGather);
    for (const backend of ['wasm-simd', 'wasm-scalar'] as const) {
      const k = createKernelsSync(backend);
      // Fill the memory to its last byte, so that staging anything must grow it.
      const arena = (k as unknown as { arena: { top: number; memory: WebAssembly.Memory } }).arena;
      const room = () => arena.memory.buffer.byteLength - arena.top - 128;
      const ws = k.workspace({ q: ['i16', quats.length], filler: ['u8', room() - 800] });
      ws.arrays.q.set(quats);
      const normals = new Float32Array(300), tangents = new Float32Array(400);
      k.raw.tangentFrames(ws.arrays.q, normals, tangents);
      expect(floatBits(normals)).toEqual(floatBits(expectedNormals));
      expect(floatBits(tangents)).toEqual(floatBits(expectedTangents));
      ws.release();
      const ws2 = k.workspace({ src: ['f32', 300], idx: ['u32', 50], filler: ['u8', room() - 1200 - 208] });
      ws2.arrays.src.set(source);
      ws2.arrays.idx.set(indices);
      const out = new Float32Array(150);
      expect(k.raw.gatherComponents(ws2.arrays.src, 3, ws2.arrays.idx, out)).toBe(-1);
      expect(floatBits(out)).toEqual(floatBits(expectedGather));
      ws2.release();
    }
  });
});

describe('encodeTangentFrames: parity and meaning', () => {
  it('gives the same snorm16 quaternions on every backend for random, degenerate and non-finite frames', () => {
    for (const count of [...SIZES, 1000]) {
      const normals = mixedFloats(count * 3, 40 + count, 2);
      const tangents = mixedFloats(count * 4, 80 + count, 2);
      // Some tangents parallel to their normal, some zero normals: the fallbacks.
      for (let v = 0; v < count; v += 5) tangents.set(normals.subarray(v * 3, v * 3 + 3), v * 4);
      for (let v = 2; v < count; v += 7) normals.fill(0, v * 3, v * 3 + 3);
      for (const hasTangents of [true, false]) {
        expectParity((raw) => {
          const dst = new Int16Array(count * 4);
          raw.encodeTangentFrames(normals, hasTangents ? tangents : new Float32Array(0), hasTangents, dst);
          return [dst];
        });
      }
    }
  });

  it('encodes frames that tangentFrames decodes back to the same normal, tangent and handedness', () => {
    const next = rng(9);
    const count = 500;
    const normals = new Float32Array(count * 3);
    const tangents = new Float32Array(count * 4);
    for (let v = 0; v < count; v++) {
      const n = [next() - 0.5, next() - 0.5, next() - 0.5];
      const ln = Math.hypot(...n);
      const n1 = n.map((c) => c / ln);
      const t = [next() - 0.5, next() - 0.5, next() - 0.5];
      const d = t[0]! * n1[0]! + t[1]! * n1[1]! + t[2]! * n1[2]!;
      const tp = t.map((c, i) => c - d * n1[i]!);
      const lt = Math.hypot(...tp);
      normals.set(n1, v * 3);
      tangents.set([...tp.map((c) => c / lt), next() < 0.5 ? -1 : 1], v * 4);
    }
    const quats = new Int16Array(count * 4);
    kernels.js.raw.encodeTangentFrames(normals, tangents, true, quats);
    const backN = new Float32Array(count * 3), backT = new Float32Array(count * 4);
    kernels.js.raw.tangentFrames(quats, backN, backT);
    let worst = 0;
    for (let i = 0; i < count * 3; i++) worst = Math.max(worst, Math.abs(backN[i]! - normals[i]!));
    for (let v = 0; v < count; v++) {
      for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(backT[v * 4 + c]! - tangents[v * 4 + c]!));
      expect(backT[v * 4 + 3]).toBe(tangents[v * 4 + 3]);
    }
    expect(worst).toBeLessThan(2e-3);
  });
});
