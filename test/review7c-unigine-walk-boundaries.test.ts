// Review of round seven's UNIGINE walks (walkSkinRecords, walkFrameRecords) through the whole
// reader, not only countWeights / walkFrameRecords: a .mesh whose one surface has more skin
// records than a kernel run holds (65,536) and whose animation has more frame entries than a run
// holds (32,768), so that each walk is staged in two runs. Where the second run begins (found by
// watching the js kernels' calls) the file is cut at every byte nearby and single bytes are
// replaced (a count above 4, a bone past the skeleton, flags of every channel): every backend's
// parse and the document read (the twin) give the same Asset or the same MeshFormatError (code,
// offset, message), never INTERNAL; and the errors at the boundary itself are the ones the format
// defines there (checked by code and offset computed from the layout, not by the reader).
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createKernelsSync, MeshFormatError, unigineFormat, type Asset } from '../bindings/index.js';
import { readUnigine } from '../bindings/formats/unigine/index.js';
import { hashValue } from '../bench/hash-value.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();
const VERTICES = 65_541;
const BONES = 3;
const FRAMES = 11_000; // 33,000 frame entries

function skinnedAsset(): Asset {
  const next = rng(7);
  const positions = new Float32Array(VERTICES * 3).map(() => next() * 10 - 5);
  const joints = new Uint16Array(VERTICES * 4);
  const weights = new Float32Array(VERTICES * 4);
  for (let v = 0; v < VERTICES; v++) {
    // Four weights (17-byte records, the most a run stages) up to the boundary, any count after.
    const n = v < 65_536 ? 4 : 1 + Math.floor(next() * 4);
    for (let k = 0; k < n; k++) {
      joints[v * 4 + k] = Math.floor(next() * BONES);
      weights[v * 4 + k] = 1 / n;
    }
  }
  const indices = new Uint32Array(VERTICES - (VERTICES % 3)).map((_, i) => i);
  const joint = (j: number) => ({ name: `bone${j}`, parent: j - 1, translation: [0, 1, 0] as [number, number, number], rotation: [0, 0, 0, 1] as [number, number, number, number], scale: [1, 1, 1] as [number, number, number] });
  const tracks = Array.from({ length: BONES }, (_, j) => {
    const times = new Float32Array(FRAMES).map((_, f) => f / 30);
    // Every channel of every bone changes every frame: each entry is 33 bytes, the most a run stages.
    const translation = new Float32Array(FRAMES * 3).map(() => next());
    const rotation = new Float32Array(FRAMES * 4);
    for (let f = 0; f < FRAMES; f++) rotation.set([0, Math.sin(f * 0.001 + j), 0, Math.cos(f * 0.001 + j)], f * 4);
    const scale = new Float32Array(FRAMES * 3).map(() => 1 + next());
    return { joint: j, times, translation, rotation, scale };
  });
  return {
    source: 'review7c', meshes: [{ name: 'm', attributes: { positions, joints, weights }, indices }],
    skeleton: { joints: Array.from({ length: BONES }, (_, j) => joint(j)) },
    animations: [{ name: 'a', frameRate: 30, frameCount: FRAMES, tracks }], warnings: [],
  } as Asset;
}

/** Where each walk's second run begins in `bytes` (the js kernels' calls watched). */
function secondRuns(bytes: Uint8Array): { skin: number[]; frame: number[] } {
  const watched = createKernelsSync('js');
  const raw = watched.raw as unknown as Record<string, (src: Uint8Array, ...rest: unknown[]) => number>;
  const starts = { skin: [] as number[], frame: [] as number[] };
  for (const [name, list] of [['walkSkinRecords', starts.skin], ['walkFrameRecords', starts.frame]] as const) {
    const walk = raw[name]!;
    raw[name] = (src, ...rest) => {
      list.push(src.byteOffset - bytes.byteOffset);
      return walk(src, ...rest);
    };
  }
  unigineFormat.parseSync(bytes, { kernels: watched });
  return { skin: starts.skin.slice(1), frame: starts.frame.slice(1) };
}

function outcome(read: () => unknown): string {
  try {
    const hash = createHash('sha256');
    hashValue(hash, read());
    return hash.digest('hex');
  } catch (e) {
    if (!(e instanceof MeshFormatError)) return `not a MeshFormatError: ${String(e)}`;
    return `${e.code} ${e.offset} ${e.message}`;
  }
}

/**
 * Every backend's parse of `bytes` (an Asset hash or an error), and the document read's error
 * or, when it reads, the js parse's outcome (a document is not an Asset: only its error compares).
 */
function outcomes(bytes: Uint8Array): string[] {
  const parses = BACKENDS.map((b) => outcome(() => unigineFormat.parseSync(bytes, { kernels: kernels[b] })));
  const document = outcome(() => readUnigine(bytes));
  const read = /^[0-9a-f]{64}$/.test(document);
  return [...parses, read && /^[0-9a-f]{64}$/.test(parses[2]!) ? parses[2]! : document];
}

function errorOf(bytes: Uint8Array, backend: (typeof BACKENDS)[number]): MeshFormatError {
  try {
    unigineFormat.parseSync(bytes, { kernels: kernels[backend] });
  } catch (e) {
    if (e instanceof MeshFormatError) return e;
    throw e;
  }
  throw new Error('parsed');
}

describe('UNIGINE walks across their staging runs, through the reader', () => {
  const bytes = unigineFormat.encodeSync(skinnedAsset(), { kind: 'mesh' });
  const runs = secondRuns(bytes);

  it('the file has two runs of each walk, the first of the longest records', () => {
    expect(runs.skin.length).toBe(1);
    expect(runs.frame.length).toBe(1);
    expect(bytes[runs.frame[0]! - 33]).toBe(0x7f);
  });

  it('cut files and replaced bytes around each run boundary read the same on every backend and as a document', () => {
    for (const boundary of [runs.skin[0]!, runs.frame[0]!]) {
      for (let d = -5; d <= 5; d++) {
        const at = boundary + d;
        const variants = [bytes.subarray(0, at)];
        for (const value of [5, 0xff, 0x7f, 0x80, 0x08, 0x77]) {
          const changed = bytes.slice();
          changed[at] = value;
          variants.push(changed);
        }
        for (const variant of variants) {
          const all = outcomes(variant);
          expect(all[0], `byte ${at} (boundary ${boundary})`).not.toMatch(/^not a MeshFormatError|INTERNAL/);
          expect(new Set(all).size, `byte ${at}: ${all.join(' | ')}`).toBe(1);
        }
      }
    }
  });

  it('at the skin boundary: a count of 5, a bone past the skeleton and a cut give the format\'s errors there', () => {
    const at = runs.skin[0]!;
    // Record 65,536 starts at the boundary: its count byte, then bone, value per weight.
    expect(bytes[at]).toBeGreaterThanOrEqual(1);
    const five = bytes.slice();
    five[at] = 5;
    const bone = bytes.slice();
    bone[at + 1] = BONES;
    bone[at + 2] = 0;
    for (const backend of BACKENDS) {
      const e5 = errorOf(five, backend);
      expect([e5.code, e5.offset, e5.message.includes('vertex 65536 has 5 bone weights')]).toEqual(['BAD_VALUE', at, true]);
      const eb = errorOf(bone, backend);
      expect([eb.code, eb.offset, eb.message.includes(`vertex 65536 is weighted to bone ${BONES}`)]).toEqual(['BAD_INDEX', at + 1, true]);
      const cut = errorOf(bytes.subarray(0, at), backend);
      expect([cut.code, cut.offset]).toEqual(['TRUNCATED', at]);
    }
  });

  it('at the frame boundary: a cut there is the frame of entry 32,768', () => {
    const at = runs.frame[0]!;
    for (const backend of BACKENDS) {
      const cut = errorOf(bytes.subarray(0, at), backend);
      expect([cut.code, cut.offset, cut.message.includes(`frame ${Math.floor(32_768 / BONES)} is cut off`)]).toEqual(['TRUNCATED', at, true]);
    }
  });
});
