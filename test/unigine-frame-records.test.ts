// The frame records of a UNIGINE .mesh animation (per frame and animated bone a flag byte, then
// the flagged float32 position and scale components and int16 rotation), counted in one pass and
// split into streams in another: records cut off by the end of the input are reported at the end,
// naming the frame of the first record that does not start before it (the last frame when only
// the last record runs past it), and every cut of the records is refused, never read.
import { describe, expect, it } from 'vitest';
import type { MeshFormatError } from '../bindings/io/errors.js';
import { fileOffsetIn } from '../bindings/io/file-offsets.js';
import { compactIntBytes } from '../bindings/formats/unigine/compact-int.js';
import { encodeUnigine } from '../bindings/formats/unigine/index.js';
import { AXES_SET } from '../bindings/formats/unigine/read-common.js';
import { readMesh } from '../bindings/formats/unigine/read-mesh.js';
import { refusal } from './helpers/refusal.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { createKernelsSync } from '../bindings/index.js';

const failure = (bytes: Uint8Array): MeshFormatError => refusal(() => readMesh(bytes));

describe('UNIGINE frame records', () => {
  it('a cut anywhere in the records is reported at the cut, with the frame of the first record that does not fit', () => {
    const bytes = encodeUnigine(tubeAsset({ rings: 4, segments: 5, frames: 9 }), { kernels: createKernelsSync('js') });
    const doc = readMesh(bytes);
    const animation = doc.animations[0]!;
    const bones = animation.boneIndices.length;
    // The records follow the animated bones, the mask byte and the frame count.
    let at = fileOffsetIn(doc, animation.boneIndices)! + 2 * bones + 1 + compactIntBytes(animation.frameCount);
    const recordAt: number[] = [];
    for (const flag of animation.flags) {
      recordAt.push(at);
      at += 1 + 4 * (AXES_SET[flag & 7]! + AXES_SET[(flag >> 4) & 7]!) + 8 * ((flag >> 3) & 1);
    }
    const end = at;
    expect(animation.flags.length).toBe(animation.frameCount * bones);
    let cuts = 0;
    for (let cut = end - 1; cut > recordAt[0]!; cut--) {
      // A cut that leaves fewer bytes than flag entries is refused earlier, by the frame count.
      if (cut - recordAt[0]! < animation.flags.length) break;
      const e = failure(bytes.subarray(0, cut));
      let entry = recordAt.findIndex((offset) => offset >= cut);
      if (entry < 0) entry = recordAt.length - 1;
      expect(e.code, `cut ${cut}`).toBe('TRUNCATED');
      expect(e.offset, `cut ${cut}`).toBe(cut);
      expect(e.message, `cut ${cut}`).toContain(`frame ${Math.floor(entry / bones)} is cut off by the end of the file`);
      cuts++;
    }
    expect(cuts).toBeGreaterThan(20);
  });
});
