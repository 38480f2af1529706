// countWeights (skin-records.ts) walks the records by the walkSkinRecords kernel of each backend
// (assembly/unigine-skin-walk.ts and its twin), in runs of 65,536 records: each record's end
// picked by a branch on its count, each bone checked as uint16 bits below min(boneCount, 32768).
// Against a plain reference walk, on every backend: random records of every count, bones around
// every bound (negative int16, boneCount − 1, boneCount, skeletons above 32,767 bones), counts
// above 4, records cut off at every byte, and errors on either side of a run boundary.
import { describe, expect, it } from 'vitest';
import { countWeights } from '../bindings/formats/unigine/skin-records.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();

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
            const want = new Uint8Array(vertices);
            const expected = reference(view, 1, want, boneCount);
            for (const b of BACKENDS) {
              const got = new Uint8Array(vertices);
              const result = countWeights(view, 1, got, boneCount, kernels[b].raw);
              expect(result, `${b}: boneCount ${boneCount} bad ${bad} cut ${cut}`).toBe(expected);
              if (result >= 0) expect(Array.from(got)).toEqual(Array.from(want));
            }
            expect(countWeights(view, 1, new Uint8Array(vertices), boneCount)).toBe(expected);
          }
        }
      }
    }
  });

  it('keeps the single walk\'s results across runs of 65,536 records', () => {
    const vertices = 140000;
    const next = rng(99);
    const clean = records(next, vertices, 300, 0);
    // Byte offsets of every record, to break the file at chosen records.
    const starts: number[] = [];
    for (let at = 1, v = 0; v < vertices; v++) { starts.push(at); at += 1 + 4 * clean[at]!; }
    const cases: [string, Uint8Array][] = [['clean', clean]];
    for (const v of [65535, 65536, 65537, 131071, 131072, vertices - 1]) {
      const badCount = clean.slice(); badCount[starts[v]!] = 9;
      cases.push([`count 9 at ${v}`, badCount]);
      cases.push([`cut at record ${v}`, clean.subarray(0, starts[v]! + 1)]);
    }
    const boneThenCount = clean.slice();
    const withWeight = starts.findIndex((at, v) => v > 100 && clean[at]! > 0);
    boneThenCount[starts[withWeight]! + 2] = 0x80;
    boneThenCount[starts[70000]!] = 7;
    cases.push(['bad bone in run 0, count 7 in run 1', boneThenCount]);
    const boneOnly = clean.slice();
    boneOnly[starts[withWeight]! + 2] = 0x80;
    const laterBone = starts.findIndex((at, v) => v > 66000 && clean[at]! > 0);
    boneOnly[starts[laterBone]! + 1] = 0xff; boneOnly[starts[laterBone]! + 2] = 0x7f;
    cases.push(['bad bones in runs 0 and 1', boneOnly]);
    for (const [name, bytes] of cases) {
      const want = new Uint8Array(vertices);
      const expected = reference(bytes, 1, want, 300);
      for (const b of BACKENDS) {
        const got = new Uint8Array(vertices);
        expect(countWeights(bytes, 1, got, 300, kernels[b].raw), `${b}: ${name}`).toBe(expected);
        if (expected >= 0) expect(Buffer.compare(got, want)).toBe(0);
      }
    }
  });
});
