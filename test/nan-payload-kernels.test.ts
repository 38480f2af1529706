// NaN payloads through every float kernel, on every backend, against values worked out here (not
// only against each other): a float32 a kernel moves keeps its bits (quiet or signalling, either
// sign, any payload); a NaN a kernel's arithmetic makes is the one quiet NaN 0x7fc00000 (float64:
// 0x7ff8000000000000). The glTF accessor reader keeps FLOAT bits on its DataView path (sparse values) too.
import { describe, expect, it } from 'vitest';
import { AccessorReader } from '../bindings/formats/gltf/accessors.js';
import { fillFrames, sampleChannel } from '../bindings/model/resample-animation.js';
import { floatFrames } from '../bindings/formats/unigine/compress-frames.js';
import { iqmFormat, writeIqm } from '../bindings/formats/iqm/index.js';
import { sampleIqmDocument } from './helpers/iqm-samples.js';
import type { GltfInput } from '../bindings/formats/gltf/read-gltf.js';
import { allKernels, BACKENDS, floatBits, NAN_BITS } from './helpers/backends.js';

const kernels = allKernels();
const CANONICAL = 0x7fc00000;

/** Float32 values from bit patterns (a number cannot carry a signalling NaN). */
function fromBits(bits: number[]): Float32Array {
  return new Float32Array(Uint32Array.from(bits).buffer);
}

/** NAN_BITS repeated to `length` values. */
function nans(length: number): Float32Array {
  return fromBits(Array.from({ length }, (_, i) => NAN_BITS[i % NAN_BITS.length]!));
}

describe('moved float32 values keep their bits, NaN payloads included', () => {
  it('expandFloatFrames: stream values, initial values and carried values (positions, rotations, scales)', () => {
    // Two bones, three frames: frame 0 takes positions and scales from the streams for bone 0 and
    // nothing for bone 1 (all from `initial`); frames 1 and 2 carry everything forward.
    const flags = new Uint8Array([0x77, 0x00, 0, 0, 0, 0]);
    const positions = nans(3), scales = fromBits([NAN_BITS[3]!, NAN_BITS[4]!, NAN_BITS[5]!]);
    const initial = nans(20);
    for (const backend of BACKENDS) {
      const t = new Float32Array(18), r = new Float32Array(24), s = new Float32Array(18);
      expect(kernels[backend].raw.expandFloatFrames(flags, 3, 2, positions, new Int16Array(0), scales, initial, t, r, s), backend).toBe(-1);
      const want = (bits: Uint32Array, at: number, values: number[]) => expect(Array.from(bits.subarray(at, at + values.length)), backend).toEqual(values);
      const tb = floatBits(t), rb = floatBits(r), sb = floatBits(s), ib = floatBits(initial);
      for (const frame of [0, 1, 2]) {
        want(tb, frame * 3, Array.from(floatBits(positions)));
        want(sb, frame * 3, Array.from(floatBits(scales)));
        want(rb, frame * 4, Array.from(ib.subarray(3, 7)));
        want(tb, (3 + frame) * 3, Array.from(ib.subarray(10, 13)));
        want(rb, (3 + frame) * 4, Array.from(ib.subarray(13, 17)));
        want(sb, (3 + frame) * 3, Array.from(ib.subarray(17, 20)));
      }
    }
  });

  it('expandQuantizedFrames: initial and carried values keep their bits', () => {
    const flags = new Uint8Array([0x00, 0x00]);
    const initial = nans(10);
    const box = new Float32Array(12).fill(1);
    for (const backend of BACKENDS) {
      const t = new Float32Array(6), r = new Float32Array(8), s = new Float32Array(6);
      expect(kernels[backend].raw.expandQuantizedFrames(flags, 2, 1, new Uint16Array(0), new Int16Array(0), new Uint16Array(0), box, initial, t, r, s)).toBe(-1);
      const ib = Array.from(floatBits(initial));
      expect(Array.from(floatBits(t)), backend).toEqual([...ib.slice(0, 3), ...ib.slice(0, 3)]);
      expect(Array.from(floatBits(r)), backend).toEqual([...ib.slice(3, 7), ...ib.slice(3, 7)]);
      expect(Array.from(floatBits(s)), backend).toEqual([...ib.slice(7, 10), ...ib.slice(7, 10)]);
    }
  });

  it('gatherComponents and iqmComponentsToFloat32 (float32 source) copy NaN bits', () => {
    const src = nans(24);
    for (const backend of BACKENDS) {
      for (const components of [1, 2, 3, 4, 5]) {
        const count = Math.floor(24 / components);
        const indices = Uint32Array.from({ length: count }, (_, i) => count - 1 - i);
        const dst = new Float32Array(count * components);
        expect(kernels[backend].raw.gatherComponents(src, components, indices, dst)).toBe(-1);
        const sb = floatBits(src), db = floatBits(dst);
        for (let i = 0; i < count; i++) expect(Array.from(db.subarray(i * components, (i + 1) * components)), `${backend} ${components}`).toEqual(Array.from(sb.subarray(indices[i]! * components, (indices[i]! + 1) * components)));
      }
      const dst = new Float32Array(24);
      kernels[backend].raw.iqmComponentsToFloat32(src, 7, false, 4, 4, 1, dst);
      expect(Array.from(floatBits(dst)), backend).toEqual(Array.from(floatBits(src)));
    }
  });
});

describe('NaNs the arithmetic makes are 0x7fc00000 on every backend, whatever NaN went in', () => {
  it('dequantizeUnorm16: a NaN min or size (any payload), and Infinity × 0', () => {
    for (const components of [1, 2, 3, 4]) {
      for (const bits of NAN_BITS) {
        // 50 values: the SIMD blocks of 24 and the scalar tail.
        const q = Uint16Array.from({ length: 50 * components }, (_, i) => (i * 977) % 65536);
        const min = fromBits(Array.from({ length: components }, (_, c) => (c === 0 ? bits : 0x3f800000)));
        const size = fromBits(Array.from({ length: components }, (_, c) => (c === components - 1 ? bits : 0x40000000)));
        for (const backend of BACKENDS) {
          const out = floatBits(kernels[backend].dequantizeUnorm16(q, components, min, size));
          for (let i = 0; i < out.length; i++) {
            const c = i % components;
            if (c === 0 || c === components - 1) expect(out[i], `${backend} ${bits.toString(16)} value ${i}`).toBe(CANONICAL);
            else expect(Number.isNaN(new Float32Array(out.buffer)[i]), backend).toBe(false);
          }
        }
      }
    }
    for (const backend of BACKENDS) {
      const out = floatBits(kernels[backend].dequantizeUnorm16(new Uint16Array(30), 1, [0], [Infinity]));
      expect(Array.from(out), backend).toEqual(new Array(30).fill(CANONICAL));
    }
  });

  it('expandQuantizedFrames: a NaN box min or size (any payload) dequantizes to 0x7fc00000', () => {
    // One bone, 6 frames, every position and scale component stored each frame.
    const frames = 6;
    const flags = new Uint8Array(frames).fill(0x77);
    const positions = Uint16Array.from({ length: frames * 3 }, (_, i) => i * 3001);
    const scales = Uint16Array.from({ length: frames * 3 }, (_, i) => 65535 - i * 7);
    // Position x min, y size, z min and size NaN; scale x size, y min NaN, z size Infinity (Infinity × 0 at q = 0 only).
    const box = fromBits([NAN_BITS[2]!, 0, NAN_BITS[3]!, 0x3f800000, NAN_BITS[6]!, NAN_BITS[7]!, 0, NAN_BITS[1]!, 0, NAN_BITS[4]!, 0x3f800000, 0x7f800000]);
    for (const backend of BACKENDS) {
      const t = new Float32Array(frames * 3), r = new Float32Array(frames * 4), s = new Float32Array(frames * 3);
      expect(kernels[backend].raw.expandQuantizedFrames(flags, frames, 1, positions, new Int16Array(0), scales, box, new Float32Array(10), t, r, s)).toBe(-1);
      const tb = floatBits(t), sb = floatBits(s);
      for (let frame = 0; frame < frames; frame++) {
        expect([tb[frame * 3], tb[frame * 3 + 1], tb[frame * 3 + 2]], `${backend} frame ${frame}`).toEqual([CANONICAL, CANONICAL, CANONICAL]);
        expect([sb[frame * 3], sb[frame * 3 + 1]], `${backend} frame ${frame}`).toEqual([CANONICAL, CANONICAL]);
        expect(Number.isNaN(s[frame * 3 + 2]), backend).toBe(false);
      }
    }
  });

  it('farthestSquaredDistance: a NaN point (any payload) gives the float64 quiet NaN', () => {
    for (const count of [1, 4, 5, 9]) {
      for (const bits of NAN_BITS) {
        const points = new Float32Array(count * 3).fill(1);
        new Uint32Array(points.buffer)[count * 3 - 2] = bits;
        for (const backend of BACKENDS) {
          const result = new Float64Array([kernels[backend].raw.farthestSquaredDistance(points, 0.5, 0, -0.5)]);
          expect(new BigUint64Array(result.buffer)[0], `${backend} ${count} ${bits.toString(16)}`).toBe(0x7ff8000000000000n);
        }
      }
    }
  });

  it('parseFloats: nan, -nan and NAN are 0x7fc00000', () => {
    const text = new TextEncoder().encode('nan -nan +NaN NAN 1 ');
    for (const backend of BACKENDS) {
      const dst = new Float32Array(5);
      expect(kernels[backend].raw.parseFloats(text, dst)).toBe(5);
      expect(Array.from(floatBits(dst)), backend).toEqual([CANONICAL, CANONICAL, CANONICAL, CANONICAL, 0x3f800000]);
    }
  });
});

describe('glTF FLOAT accessors keep NaN bits on the DataView path (sparse values)', () => {
  it('sparse float values, tight and strided base data', () => {
    for (const stride of [undefined, 16]) {
      // Base: 6 VEC3 elements of NaNs; sparse: elements 1 and 4 replaced by other NaNs.
      const elementBytes = stride ?? 12;
      const base = new Uint8Array(elementBytes * 6);
      const baseWords = new DataView(base.buffer);
      for (let e = 0; e < 6; e++) for (let c = 0; c < 3; c++) baseWords.setUint32(e * elementBytes + c * 4, NAN_BITS[(e * 3 + c) % NAN_BITS.length]!, true);
      const sparseIndices = new Uint8Array([1, 4, 0, 0]);
      const sparseValues = new Uint8Array(24);
      const sparseWords = new DataView(sparseValues.buffer);
      for (let i = 0; i < 6; i++) sparseWords.setUint32(i * 4, NAN_BITS[(i + 5) % NAN_BITS.length]!, true);
      const buffer = new Uint8Array(base.length + 4 + 24);
      buffer.set(base);
      buffer.set(sparseIndices, base.length);
      buffer.set(sparseValues, base.length + 4);
      const json: GltfInput = {
        json: {
          asset: { version: '2.0' },
          accessors: [{ bufferView: 0, componentType: 5126, count: 6, type: 'VEC3', sparse: { count: 2, indices: { bufferView: 1, componentType: 5121 }, values: { bufferView: 2 } } }],
          bufferViews: [
            { buffer: 0, byteOffset: 0, byteLength: base.length, ...(stride === undefined ? {} : { byteStride: stride }) },
            { buffer: 0, byteOffset: base.length, byteLength: 4 },
            { buffer: 0, byteOffset: base.length + 4, byteLength: 24 },
          ],
        },
        buffers: [buffer], bufferOffsets: [0], jsonOffset: 0, inputBytes: buffer.length,
      };
      const expected: number[] = [];
      for (let e = 0; e < 6; e++) {
        for (let c = 0; c < 3; c++) {
          const s = e === 1 ? c : e === 4 ? 3 + c : -1;
          expected.push(s >= 0 ? sparseWords.getUint32(s * 4, true) : baseWords.getUint32(e * elementBytes + c * 4, true));
        }
      }
      for (const backend of BACKENDS) {
        const data = new AccessorReader(json, 256, kernels[backend]).floats(0, 'a', ['VEC3']).data;
        expect(Array.from(floatBits(data)), `${backend} stride ${stride}`).toEqual(expected);
      }
    }
  });
});

describe('animation resampling keeps moved NaN bits and makes computed NaNs 0x7fc00000', () => {
  it('fillFrames copies a grid track bit for bit, however warm the JIT is', () => {
    // A float32 read into a number is quieted by V8's interpreter and kept by its optimised code:
    // only a copy as integers gives the same bits on every call.
    const frames = 64;
    const times = Float32Array.from({ length: frames }, (_, f) => Math.fround(f / 30));
    const translation = nans(frames * 3);
    const dst = new Float32Array(frames * 3);
    for (let call = 0; call < 300; call++) {
      dst.fill(0);
      expect(fillFrames({ joint: 0, times, translation }, 'translation', frames, 30, dst, 0, 3)).toBe(true);
      if (call % 50 === 0 || call === 299) expect(Array.from(floatBits(dst)), `call ${call}`).toEqual(Array.from(floatBits(translation)));
    }
  });

  it('sampleChannel: keys hit exactly keep their bits, interpolated NaNs are 0x7fc00000', () => {
    const times = Float32Array.of(0, 1);
    const values = fromBits([NAN_BITS[2]!, 0x3f800000, NAN_BITS[7]!, 0x40000000, NAN_BITS[3]!, NAN_BITS[6]!]);
    const out = floatBits(sampleChannel(times, values, 3, Float32Array.of(0, 0.25, 1)));
    expect(Array.from(out)).toEqual([NAN_BITS[2], 0x3f800000, NAN_BITS[7], CANONICAL, CANONICAL, CANONICAL, 0x40000000, NAN_BITS[3], NAN_BITS[6]]);
  });
});

describe('UNIGINE ms11 frames: the writer stores NaN payloads as they are', () => {
  it('floatFrames then expandFloatFrames gives back every bit, NaNs of different payloads counted as changes', () => {
    const bones = 3, frames = 40;
    // Bone-major dense channels: NaNs of every kind, changing payload from frame to frame, held runs, ±0.
    const translations = nans(bones * frames * 3), scales = new Float32Array(bones * frames * 3);
    const scaleBits = new Uint32Array(scales.buffer);
    for (let i = 0; i < scaleBits.length; i++) scaleBits[i] = [0x7f800001, 0x7f800001, 0xffc00000, 0x80000000, 0, 0x7fc00000][Math.floor(i / 3) % 6]!;
    const rotations = new Float32Array(bones * frames * 4).fill(0.5);
    for (const backend of BACKENDS) {
      const stored = floatFrames(kernels[backend], { name: 'a', frameCount: frames, joints: [0, 1, 2], translations, rotations, scales });
      const t = new Float32Array(translations.length), r = new Float32Array(rotations.length), s = new Float32Array(scales.length);
      expect(kernels[backend].raw.expandFloatFrames(stored.flags, frames, bones, stored.positions, stored.rotations, stored.scales, new Float32Array(bones * 10), t, r, s)).toBe(-1);
      expect(Array.from(floatBits(t)), backend).toEqual(Array.from(floatBits(translations)));
      expect(Array.from(floatBits(s)), backend).toEqual(Array.from(scaleBits));
    }
  });
});

describe('IQM animations keep the NaN bits of pose offsets the frames do not store, however warm the JIT is', () => {
  it('a channel its mask leaves clear keeps a signalling NaN offset in every key, on every call', () => {
    // V8's interpreter quiets a float32 read into a number, its optimised code does not: the
    // track copy must move bits, or the first calls and the later ones disagree.
    const document = sampleIqmDocument();
    const pose = document.poses[0]!;
    const offsets = new Uint32Array(pose.channelOffset.buffer, pose.channelOffset.byteOffset, 10);
    offsets[1] = 0x7f800001; // translation y (mask bit 1 clear)
    offsets[4] = 0xffa00000; // rotation y (mask bit 4 clear)
    offsets[8] = 0x7fc12345; // scale y (mask bit 8 clear)
    const bytes = writeIqm(document);
    for (let call = 0; call < 200; call++) {
      for (const backend of BACKENDS) {
        const track = iqmFormat.parseSync(bytes, { kernels: kernels[backend] }).animations[0]!.tracks.find((t) => t.joint === 0)!;
        const keys = track.times.length;
        expect(keys, backend).toBeGreaterThan(1);
        for (let k = 0; k < keys; k++) {
          expect(floatBits(track.translation!)[k * 3 + 1], `${backend} call ${call} key ${k}`).toBe(0x7f800001);
          expect(floatBits(track.rotation!)[k * 4 + 1], `${backend} call ${call} key ${k}`).toBe(0xffa00000);
          expect(floatBits(track.scale!)[k * 3 + 1], `${backend} call ${call} key ${k}`).toBe(0x7fc12345);
        }
      }
    }
  });
});
