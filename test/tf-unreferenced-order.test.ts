// A .msh's blob bytes outside every array (`document.unreferenced`), found from its ranges put in
// order of offset (by insertion up to 16 ranges, by Array#sort past that): for descriptors whose
// attributes are listed in shuffled order, with gaps, overlaps and equal offsets, the gaps are
// the same as a plain scan of the bytes every range covers finds.
import { describe, expect, it } from 'vitest';
import { readTfMesh } from '../bindings/formats/tf/read-tf.js';
import { rng } from './helpers/backends.js';

function descriptor(ranges: { offset: number; count: number }[]): Uint8Array {
  const attrs = ranges.map((r, i) => `a${i} = { count = ${r.count}, numComp = 1, offset = ${r.offset}, },`).join('\n');
  const text = `function data()\nreturn {\n\tsubMeshes = { },\n\tvertexAttr = {\n${attrs}\n\t},\n}\nend\n`;
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** The gaps, found byte by byte. */
function gaps(blobLength: number, ranges: { offset: number; count: number }[]): { offset: number; length: number }[] {
  const covered = new Uint8Array(blobLength);
  for (const r of ranges) covered.fill(1, r.offset, r.offset + r.count);
  const out: { offset: number; length: number }[] = [];
  for (let i = 0; i < blobLength; ) {
    if (covered[i]) { i++; continue; }
    const start = i;
    while (i < blobLength && !covered[i]) i++;
    out.push({ offset: start, length: i - start });
  }
  return out;
}

describe('unreferenced blob bytes, ranges in any order', () => {
  for (const count of [1, 2, 5, 16, 17, 40]) {
    it(`${count} attributes in shuffled order (gaps, overlaps, equal offsets)`, () => {
      const next = rng(count);
      for (let round = 0; round < 20; round++) {
        const blobLength = 4 * (8 + Math.floor(next() * 200));
        const ranges = Array.from({ length: count }, () => {
          const offset = 4 * Math.floor(next() * (blobLength / 4));
          const count = 4 * Math.floor(next() * Math.min(6, (blobLength - offset) / 4 + 1));
          return { offset, count };
        });
        if (count > 2) ranges[1] = { ...ranges[0]! };
        const blob = Uint8Array.from({ length: blobLength }, (_, i) => i & 0xff);
        const document = readTfMesh(descriptor(ranges), blob);
        const got = document.unreferenced.map((u) => ({ offset: u.offset, length: u.bytes.length }));
        expect(got).toEqual(gaps(blobLength, ranges));
        for (const u of document.unreferenced) expect(Array.from(u.bytes)).toEqual(Array.from(blob.subarray(u.offset, u.offset + u.bytes.length)));
      }
    });
  }
});
