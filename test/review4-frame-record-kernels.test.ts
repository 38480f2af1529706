// Review of h-uniframes' kernels expandFloatFrameRecords / expandQuantizedFrameRecords against
// their TypeScript twins: random records of every flag byte (unknown bit 7 included), float
// channels of every NaN payload, −0 and infinities, boxes with NaN and infinities, key counts
// from 0 to the frame count, and the records cut at every length: the same result (−1 or the
// entry cut off) and, when they expand, the same output bits on every backend.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, floatBits, NAN_BITS, rng } from './helpers/backends.js';

const kernels = allKernels();

function makeRecords(next: () => number, frames: number, bones: number, wide: boolean): Uint8Array {
  const bytes: number[] = [];
  const odd = [...NAN_BITS, 0x80000000, 0x7f800000, 0xff800000, 0x00000001];
  for (let e = 0; e < frames * bones; e++) {
    const flag = next() < 0.3 ? 0 : Math.floor(next() * 256);
    bytes.push(flag);
    const axes = (bits: number) => (bits & 1) + ((bits >> 1) & 1) + ((bits >> 2) & 1);
    const channel = (n: number) => {
      for (let i = 0; i < n; i++) {
        if (wide) {
          const bits = next() < 0.3 ? odd[Math.floor(next() * odd.length)]! : new Uint32Array(Float32Array.of((next() - 0.5) * 100).buffer)[0]!;
          bytes.push(bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, bits >>> 24);
        } else {
          bytes.push(Math.floor(next() * 256), Math.floor(next() * 256));
        }
      }
    };
    channel(axes(flag & 7));
    if (flag & 8) for (let i = 0; i < 8; i++) bytes.push(Math.floor(next() * 256));
    channel(axes((flag >> 4) & 7));
  }
  return Uint8Array.from(bytes);
}

describe('frame record kernels: identical on every backend', () => {
  for (const wide of [true, false]) {
    it(`${wide ? 'float (ms11)' : 'quantized (an10)'} records, random and cut at every length`, () => {
      const next = rng(wide ? 41 : 42);
      for (let trial = 0; trial < 60; trial++) {
        const frames = Math.floor(next() * 5);
        const bones = 1 + Math.floor(next() * 4);
        const records = makeRecords(next, frames, bones, wide);
        const keyCount = Uint32Array.from({ length: bones }, () => Math.floor(next() * (frames + 1)));
        const keyFirst = new Uint32Array(bones);
        let keys = 0;
        for (let b = 0; b < bones; b++) {
          keyFirst[b] = keys;
          keys += keyCount[b]!;
        }
        const initial = Float32Array.from({ length: bones * 10 }, () => (next() - 0.5) * 4);
        new Uint32Array(initial.buffer)[Math.floor(next() * initial.length)] = NAN_BITS[trial % NAN_BITS.length]!;
        const box = Float32Array.from({ length: 12 }, () => (next() - 0.5) * 10);
        if (trial % 5 === 0) box[Math.floor(next() * 12)] = [NaN, Infinity, -Infinity][trial % 3]!;
        const step = Math.max(1, Math.floor(records.length / 40));
        for (let cut = records.length; cut >= 0; cut -= cut === records.length ? 1 : step) {
          const input = records.slice(0, cut);
          const outcomes = BACKENDS.map((backend) => {
            const t = new Float32Array(keys * 3), r = new Float32Array(keys * 4), s = new Float32Array(keys * 3);
            const raw = kernels[backend].raw;
            const result = wide
              ? raw.expandFloatFrameRecords(input, frames, bones, initial, keyFirst, keyCount, t, r, s)
              : raw.expandQuantizedFrameRecords(input, frames, bones, box, initial, keyFirst, keyCount, t, r, s);
            return { result, out: result < 0 ? [floatBits(t), floatBits(r), floatBits(s)].map((a) => Array.from(a)) : [] };
          });
          for (const o of outcomes) expect(o, `trial ${trial} cut ${cut} of ${records.length}`).toEqual(outcomes[0]);
        }
      }
    });
  }
});
