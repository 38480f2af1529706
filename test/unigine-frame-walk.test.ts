// walkFrameRecords (frame-records.ts) walks a UNIGINE animation's frame entries by the
// walkFrameRecords kernel of each backend (assembly/unigine-frame-walk.ts and its twin), in runs
// of 32,768 entries. Against a plain reference walk (each entry's size from its flag bits), on
// every backend and both channel widths: random flags (0 and 8, the branch cases, often), entries
// cut off at every byte, and inputs that end on either side of a run boundary.
import { describe, expect, it } from 'vitest';
import { walkFrameRecords } from '../bindings/formats/unigine/frame-records.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();
const bits3 = (b: number) => (b & 1) + ((b >> 1) & 1) + ((b >> 2) & 1);
const size = (flag: number, width: number) => 1 + (bits3(flag & 7) + bits3((flag >> 4) & 7)) * width + ((flag >> 3) & 1) * 8;

function reference(bytes: Uint8Array, offset: number, flags: Uint8Array, width: number) {
  for (let e = 0; e < flags.length; e++) {
    if (offset >= bytes.length) return { offset: bytes.length, cutAt: e };
    flags[e] = bytes[offset]!;
    offset += size(bytes[offset]!, width);
  }
  return { offset: Math.min(offset, bytes.length), cutAt: offset > bytes.length ? flags.length : -1 };
}

function records(next: () => number, entries: number, width: number): { bytes: Uint8Array; starts: number[] } {
  const out: number[] = [3, 1, 4];
  const starts: number[] = [];
  for (let e = 0; e < entries; e++) {
    const r = next();
    const flag = r < 0.3 ? 0 : r < 0.6 ? 8 : Math.floor(next() * 256);
    starts.push(out.length);
    out.push(flag);
    for (let i = 1; i < size(flag, width); i++) out.push(Math.floor(next() * 256));
  }
  return { bytes: new Uint8Array(out), starts };
}

describe('walkFrameRecords', () => {
  it('gives the reference walk\'s offset, cut entry and flags on every backend', () => {
    const next = rng(777);
    for (const width of [2, 4] as const) {
      for (let round = 0; round < 60; round++) {
        const entries = Math.floor(next() * 30);
        const { bytes } = records(next, entries, width);
        for (const cut of [bytes.length, bytes.length - 1, 3 + Math.floor(next() * (bytes.length - 2))]) {
          const view = bytes.subarray(0, Math.max(3, cut));
          const want = new Uint8Array(entries);
          const expected = reference(view, 3, want, width);
          for (const b of BACKENDS) {
            const got = new Uint8Array(entries);
            expect(walkFrameRecords(view, 3, got, width, kernels[b].raw), `${b} width ${width} cut ${cut}`).toEqual(expected);
            if (expected.cutAt < 0) expect(Array.from(got)).toEqual(Array.from(want));
          }
          expect(walkFrameRecords(view, 3, new Uint8Array(entries), width)).toEqual(expected);
        }
      }
    }
  });

  it('keeps the single walk\'s results across runs of 32,768 entries', () => {
    const entries = 70000;
    const { bytes, starts } = records(rng(31), entries, 4);
    const cases: [string, Uint8Array][] = [['whole', bytes]];
    for (const e of [32767, 32768, 32769, 65535, 65536, entries - 1]) {
      cases.push([`cut inside entry ${e}`, bytes.subarray(0, starts[e]! + 1)]);
      cases.push([`ends before entry ${e}`, bytes.subarray(0, starts[e]!)]);
    }
    for (const [name, view] of cases) {
      const want = new Uint8Array(entries);
      const expected = reference(view, 3, want, 4);
      for (const b of BACKENDS) {
        const got = new Uint8Array(entries);
        expect(walkFrameRecords(view, 3, got, 4, kernels[b].raw), `${b}: ${name}`).toEqual(expected);
        if (expected.cutAt < 0) expect(Buffer.compare(got, want)).toBe(0);
      }
    }
  });
});
