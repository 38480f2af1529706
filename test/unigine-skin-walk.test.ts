// countWeights' walk (skin-records.ts) picks each record's end by a branch on its count and checks
// each bone as uint16 bits below min(boneCount, 32768). Against a plain reference walk, on random
// records of every count, bones around every bound (negative int16, boneCount − 1, boneCount,
// skeletons above 32,767 bones), counts above 4, and records cut off at every byte.
import { describe, expect, it } from 'vitest';
import { countWeights } from '../bindings/formats/unigine/skin-records.js';
import { rng } from './helpers/backends.js';

/** The walk as the format defines it, one record at a time. */
function reference(bytes: Uint8Array, offset: number, counts: Uint8Array, boneCount: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  let badBone = -1;
  const start = offset;
  for (let v = 0; v < counts.length; v++) {
    if (offset >= bytes.length) return -(v + 1);
    const n = bytes[offset]!;
    if (n > 4) return -(v + 1);
    counts[v] = n;
    const end = offset + 1 + 4 * n;
    if (badBone < 0 && end <= bytes.length) {
      for (let at = offset + 1; at < end; at += 4) {
        const bone = view.getInt16(at, true);
        if (bone < 0 || bone >= boneCount) badBone = v;
      }
    }
    offset = end;
  }
  if (offset > bytes.length) return -counts.length;
  return badBone >= 0 ? -(badBone + 1) : (offset - start - counts.length) / 4;
}

function records(next: () => number, vertices: number, boneCount: number, bad: number): Uint8Array {
  const out: number[] = [7];
  for (let v = 0; v < vertices; v++) {
    const n = Math.floor(next() * 5);
    out.push(n);
    for (let k = 0; k < n; k++) {
      let bone = Math.floor(next() * Math.min(boneCount, 32768));
      if (bad && next() < 0.02) bone = [-1, -32768, boneCount - 1, boneCount, 32767, 32768, 65535][Math.floor(next() * 7)]!;
      out.push(bone & 0xff, (bone >> 8) & 0xff, Math.floor(next() * 256), Math.floor(next() * 256));
    }
  }
  if (bad === 2) out[1 + Math.floor(next() * (out.length - 1))] = 5 + Math.floor(next() * 250);
  return new Uint8Array(out);
}

describe('countWeights', () => {
  it('gives the reference walk\'s total or first bad record, with its counts', () => {
    const next = rng(4242);
    for (const boneCount of [1, 2, 75, 32767, 32768, 40000, 65536]) {
      for (const bad of [0, 1, 2]) {
        for (let round = 0; round < 30; round++) {
          const vertices = 1 + Math.floor(next() * 40);
          const bytes = records(next, vertices, boneCount, bad);
          for (const cut of [bytes.length, bytes.length - 1, Math.floor(next() * bytes.length)]) {
            const view = bytes.subarray(0, cut);
            const got = new Uint8Array(vertices), want = new Uint8Array(vertices);
            const result = countWeights(view, 1, got, boneCount);
            expect(result, `boneCount ${boneCount} bad ${bad} cut ${cut}`).toBe(reference(view, 1, want, boneCount));
            if (result >= 0) expect(Array.from(got)).toEqual(Array.from(want));
          }
        }
      }
    }
  });
});
