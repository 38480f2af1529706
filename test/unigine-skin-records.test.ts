// The skin records of a UNIGINE surface (a count byte, then per weight an int16 bone and a
// uint16 value), read by an unrolled loop that stores all four slots of every record and a
// one-weight-at-a-time loop near the end of the input: records of every count 0–4 in every order
// read back exactly, and each error (too many weights, a bone outside the skeleton, records cut
// off) names its vertex and the byte offset of the bad field, wherever in the surface it is.
import { describe, expect, it } from 'vitest';
import type { MeshFormatError } from '../bindings/io/errors.js';
import { fileOffsetIn } from '../bindings/io/file-offsets.js';
import { compactIntBytes } from '../bindings/formats/unigine/compact-int.js';
import { encodeUnigine } from '../bindings/formats/unigine/index.js';
import { readMesh } from '../bindings/formats/unigine/read-mesh.js';
import { refusal } from './helpers/refusal.js';
import { writeUnigine } from '../bindings/formats/unigine/write-document.js';
import type { UnigineMeshDocument } from '../bindings/formats/unigine/mesh-document.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { createKernelsSync } from '../bindings/index.js';
import { rng } from './helpers/backends.js';

const js = createKernelsSync('js');

/** A tube's mesh document with surface 0's skin records replaced by random ones of 0–4 weights. */
function randomSkin(seed: number): { doc: UnigineMeshDocument; bytes: Uint8Array; recordAt: number[]; boneCount: number } {
  const doc = readMesh(encodeUnigine(tubeAsset({ rings: 12, segments: 9 }), { kernels: js }));
  const surface = doc.surfaces[0]!;
  const vertices = surface.weightCounts.length;
  const next = rng(seed);
  const counts = Uint8Array.from({ length: vertices }, () => Math.floor(next() * 5));
  const total = counts.reduce((n, c) => n + c, 0);
  surface.weightCounts = counts;
  surface.weightBones = Int16Array.from({ length: total }, () => Math.floor(next() * doc.bones.length));
  surface.weightValues = Uint16Array.from({ length: total }, () => Math.floor(next() * 65536));
  const bytes = writeUnigine(doc);
  // The records follow target 0's tangents and the record count.
  const reread = readMesh(bytes);
  const tangents = reread.surfaces[0]!.targets[0]!.tangents;
  let at = fileOffsetIn(reread, tangents)! + tangents.byteLength + compactIntBytes(vertices);
  const recordAt: number[] = [];
  for (let v = 0; v < vertices; v++) {
    recordAt.push(at);
    at += 1 + 4 * counts[v]!;
  }
  return { doc, bytes, recordAt, boneCount: doc.bones.length };
}

const failure = (bytes: Uint8Array): MeshFormatError => refusal(() => readMesh(bytes));

describe('UNIGINE skin records', () => {
  it('read back exactly, for records of 0 to 4 weights in any order', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { doc, bytes } = randomSkin(seed);
      const surface = readMesh(bytes).surfaces[0]!;
      const expected = doc.surfaces[0]!;
      expect(Array.from(surface.weightCounts), `seed ${seed}`).toEqual(Array.from(expected.weightCounts));
      expect(Array.from(surface.weightBones), `seed ${seed}`).toEqual(Array.from(expected.weightBones));
      expect(Array.from(surface.weightValues), `seed ${seed}`).toEqual(Array.from(expected.weightValues));
    }
  });

  it('a bone outside the skeleton is reported at its weight, in the first, middle and last records', () => {
    const { doc, bytes, recordAt, boneCount } = randomSkin(3);
    const counts = doc.surfaces[0]!.weightCounts;
    const weighted = recordAt.map((_, v) => v).filter((v) => counts[v]! > 0);
    for (const v of [weighted[0]!, weighted[weighted.length >> 1]!, weighted[weighted.length - 1]!]) {
      for (let k = 0; k < counts[v]!; k++) {
        for (const bone of [boneCount, -1, 32767]) {
          const bad = bytes.slice();
          const at = recordAt[v]! + 1 + 4 * k;
          new DataView(bad.buffer).setInt16(at, bone, true);
          const e = failure(bad);
          expect(e.code, `vertex ${v} weight ${k} bone ${bone}`).toBe('BAD_INDEX');
          expect(e.offset, `vertex ${v} weight ${k} bone ${bone}`).toBe(at);
          expect(e.message).toContain(`vertex ${v} is weighted to bone ${bone}, outside 0..${boneCount - 1}`);
        }
      }
    }
  });

  it('a record of more than four weights is reported at its count byte', () => {
    const { bytes, recordAt } = randomSkin(5);
    for (const v of [0, recordAt.length >> 1, recordAt.length - 1]) {
      const bad = bytes.slice();
      bad[recordAt[v]!] = 5;
      const e = failure(bad);
      expect(e.code).toBe('BAD_VALUE');
      expect(e.offset).toBe(recordAt[v]);
      expect(e.message).toContain(`vertex ${v} has 5 bone weights; UNIGINE allows at most 4`);
    }
  });

  it('records cut off by the end of the input are reported at the end, naming the first record that does not fit', () => {
    const { doc, bytes, recordAt } = randomSkin(7);
    const counts = doc.surfaces[0]!.weightCounts;
    const vertices = recordAt.length;
    const end = recordAt[vertices - 1]! + 1 + 4 * counts[vertices - 1]!;
    for (let cut = end - 1; cut > end - 40; cut--) {
      const e = failure(bytes.subarray(0, cut));
      // The first record starting at or past the cut; the last record when only it runs past.
      let v = recordAt.findIndex((at) => at >= cut);
      if (v < 0) v = vertices - 1;
      expect(e.code, `cut ${cut}`).toBe('TRUNCATED');
      expect(e.offset, `cut ${cut}`).toBe(cut);
      expect(e.message, `cut ${cut}`).toContain(`weights of vertex ${v} are cut off by the end of the file`);
    }
  });
});
