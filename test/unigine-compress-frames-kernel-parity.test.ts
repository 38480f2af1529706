// compressFrameRecords (frame compression on encode, written as the file's records): the three
// backends give the same flags and records, equal to a plain reference (frame 0 stores every
// channel, later frames the channels whose bits changed); short arrays are refused on every
// backend; and the writer gives the same file from the records (encodeUnigine) as from the
// document's streams (assetToUnigine, then writeUnigine).
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, mixedFloats, NAN_BITS, randomInts, rng } from './helpers/backends.js';
import { assetToUnigine, encodeUnigine, writeUnigine } from '../bindings/formats/unigine/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { createKernelsSync } from '../bindings/index.js';

const kernels = allKernels();

/** Dense bone-major channels where values often hold from one frame to the next, as sampled animations do. */
function channels(frames: number, bones: number, seed: number, wide: boolean) {
  const next = rng(seed);
  const entries = frames * bones;
  const positions = wide ? new Uint32Array(entries * 3) : new Uint16Array(entries * 3);
  const scales = wide ? new Uint32Array(entries * 3) : new Uint16Array(entries * 3);
  const rotations = new Int16Array(entries * 4);
  const floats = new Uint32Array(mixedFloats(entries * 6 + 8, seed + 1, 50).buffer);
  const ints = randomInts(Uint16Array, entries * 6, seed + 2, 65535);
  const quats = randomInts(Int16Array, entries * 4, seed + 3, 32767, -32768);
  for (let key = 0; key < entries; key++) {
    const first = key % frames === 0;
    for (let c = 0; c < 3; c++) {
      const hold = !first && next() < 0.5;
      const p = wide ? (next() < 0.1 ? NAN_BITS[key % NAN_BITS.length]! : next() < 0.05 ? 0x80000000 : floats[key * 6 + c]!) : ints[key * 6 + c]!;
      positions[key * 3 + c] = hold ? positions[(key - 1) * 3 + c]! : p;
      const s = wide ? floats[key * 6 + 3 + c]! : ints[key * 6 + 3 + c]!;
      scales[key * 3 + c] = !first && next() < 0.6 ? scales[(key - 1) * 3 + c]! : s;
    }
    const holdRotation = !first && next() < 0.4;
    for (let c = 0; c < 4; c++) {
      // Sometimes only one component changes, so that each of the four is compared.
      rotations[key * 4 + c] = holdRotation || (!first && next() < 0.5) ? rotations[(key - 1) * 4 + c]! : quats[key * 4 + c]!;
    }
  }
  return { positions, scales, rotations };
}

/** The records, written entry by entry with a branch per value. */
function reference(positions: Uint32Array | Uint16Array, rotations: Int16Array, scales: Uint32Array | Uint16Array, frames: number, bones: number) {
  const width = positions.BYTES_PER_ELEMENT;
  const bytes: number[] = [];
  const flags: number[] = [];
  const push = (value: number, size: number) => {
    for (let i = 0; i < size; i++) bytes.push((value >>> (8 * i)) & 0xff);
  };
  for (let f = 0; f < frames; f++) {
    for (let b = 0; b < bones; b++) {
      const key = b * frames + f;
      const values: [number, number][] = [];
      let flag = 0;
      for (let c = 0; c < 3; c++) {
        if (f === 0 || positions[key * 3 + c] !== positions[(key - 1) * 3 + c]) {
          flag |= 1 << c;
          values.push([positions[key * 3 + c]!, width]);
        }
      }
      if (f === 0 || [0, 1, 2, 3].some((c) => rotations[key * 4 + c] !== rotations[(key - 1) * 4 + c])) {
        flag |= 8;
        for (let c = 0; c < 4; c++) values.push([rotations[key * 4 + c]! & 0xffff, 2]);
      }
      for (let c = 0; c < 3; c++) {
        if (f === 0 || scales[key * 3 + c] !== scales[(key - 1) * 3 + c]) {
          flag |= 16 << c;
          values.push([scales[key * 3 + c]!, width]);
        }
      }
      flags.push(flag);
      bytes.push(flag);
      for (const [value, size] of values) push(value, size);
    }
  }
  return { flags: Uint8Array.from(flags), records: Uint8Array.from(bytes) };
}

describe('compressFrameRecords', () => {
  for (const wide of [true, false]) {
    it(`${wide ? 'float32 bits (ms11)' : 'uint16 (an10)'}: the reference's flags and records on every backend`, () => {
      for (let frames = 0; frames < 9; frames++) {
        for (const bones of [0, 1, 2, 5]) {
          const seed = frames * 31 + bones * 7 + (wide ? 1000 : 0);
          const { positions, scales, rotations } = channels(frames, bones, seed, wide);
          const expected = reference(positions, rotations, scales, frames, bones);
          for (const backend of BACKENDS) {
            const flags = new Uint8Array(frames * bones);
            const dst = new Uint8Array(frames * bones * (9 + 6 * positions.BYTES_PER_ELEMENT));
            const length = kernels[backend].raw.compressFrameRecords(positions, rotations, scales, frames, bones, flags, dst);
            expect({ backend, frames, bones, flags, records: dst.subarray(0, length) }).toEqual({ backend, frames, bones, flags: expected.flags, records: expected.records });
          }
        }
      }
    });
  }

  it('refuses arrays shorter than frames × bones entries on every backend, writing nothing', () => {
    const { positions, scales, rotations } = channels(3, 2, 5, true);
    for (const backend of BACKENDS) {
      const raw = kernels[backend].raw;
      const flags = new Uint8Array(6);
      const dst = new Uint8Array(6 * 33);
      expect(() => raw.compressFrameRecords(positions, rotations, scales, 3, 2, flags, dst.subarray(0, 6 * 33 - 1))).toThrow(RangeError);
      expect(() => raw.compressFrameRecords(positions.subarray(1), rotations, scales, 3, 2, flags, dst)).toThrow(RangeError);
      expect(() => raw.compressFrameRecords(positions, rotations.subarray(1), scales, 3, 2, flags, dst)).toThrow(RangeError);
      expect(() => raw.compressFrameRecords(positions, rotations, new Uint16Array(18), 3, 2, flags, dst)).toThrow(RangeError);
      expect(() => raw.compressFrameRecords(positions, rotations, scales, 3, 2, flags.subarray(1), dst)).toThrow(RangeError);
      expect([...flags, ...dst].every((x) => x === 0)).toBe(true);
    }
  });

  it('frames larger than a fresh instance\'s memory: every kernel call of the compression stays in its workspace (no call grows the memory under another), same bytes as js', () => {
    const asset = tubeAsset({ rings: 3, segments: 4, frames: 6000 });
    for (const kind of ['mesh', 'anim'] as const) {
      const expected = encodeUnigine(asset, { kind, kernels: kernels.js });
      for (const backend of ['wasm-simd', 'wasm-scalar'] as const) {
        expect(Buffer.from(encodeUnigine(asset, { kind, kernels: createKernelsSync(backend) })).equals(Buffer.from(expected))).toBe(true);
      }
    }
  });

  it('the writer gives the same file from the records as from the document streams, every backend, .mesh and .anim', () => {
    for (const backend of BACKENDS) {
      for (const options of [{ kind: 'mesh' as const }, { kind: 'anim' as const }, { kind: 'anim' as const, quantize: 'round' as const }]) {
        const asset = tubeAsset({ rings: 5, segments: 6, frames: 7 });
        // Held keys, and a key that differs from the one before only as bits (0, then −0).
        const track = asset.animations[0]!.tracks[0]!;
        track.translation!.copyWithin(3, 0, 3);
        track.translation![0] = 0;
        track.translation![3] = -0;
        track.rotation!.copyWithin(4, 0, 4);
        const written = encodeUnigine(asset, { ...options, kernels: kernels[backend] });
        const { document } = assetToUnigine(asset, { ...options, kernels: kernels[backend] }, 'copy');
        expect(Object.getPrototypeOf(document.animations[0])).toBe(Object.prototype);
        expect(Buffer.from(written).equals(Buffer.from(writeUnigine(document, kernels[backend])))).toBe(true);
      }
    }
  });
});
