// A parse stages a surface's stored arrays (coordinates, tangent frames, UVs, colours, both index
// streams) straight from the file into the kernels' workspace (stored-arrays.ts) instead of
// copying them into the document first: the Asset and every error must be those of the document
// read as a whole, bit for bit, on every backend, at every index width, from inputs at any byte
// offset of their buffer.
import { describe, expect, it } from 'vitest';
import type { Asset } from '../bindings/index.js';
import { fileOffsetIn } from '../bindings/io/file-offsets.js';
import { encodeUnigine, parseUnigine, readUnigine, unigineToAsset } from '../bindings/formats/unigine/index.js';
import { readUnigineStaged } from '../bindings/formats/unigine/read-document.js';
import { writeUnigine } from '../bindings/formats/unigine/write-document.js';
import { compactIntBytes } from '../bindings/formats/unigine/compact-int.js';
import type { UnigineMeshDocument, UnigineSurface } from '../bindings/formats/unigine/mesh-document.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { corpusAvailable, corpusFiles, readCorpus } from './helpers/corpus.js';
import { refusal } from './helpers/refusal.js';

const kernels = allKernels();
const js = kernels.js;

/** Every typed array of a value as its bytes (NaN payloads included), the rest as it is. */
function bytesOf(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
  if (Array.isArray(value)) return value.map(bytesOf);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bytesOf(v)]));
  return value;
}

/** `bytes` at byte offset `shift` of a larger buffer (the stored arrays then start anywhere). */
function shifted(bytes: Uint8Array, shift: number): Uint8Array {
  const out = new Uint8Array(bytes.length + shift).subarray(shift);
  out.set(bytes);
  return out;
}

const tubes: [string, Uint8Array][] = [
  // 1-, 2- and 4-byte indices: fewer than 256, fewer than 65,536 and more vertices.
  ['tube 4×12 (1-byte indices)', encodeUnigine(tubeAsset({ rings: 4, segments: 12 }), { kernels: js })],
  ['tube 40×30 (2-byte indices)', encodeUnigine(tubeAsset({ rings: 40, segments: 30 }), { kernels: js })],
  ['tube 1100×64 (4-byte indices)', encodeUnigine(tubeAsset({ rings: 1100, segments: 64, frames: 3 }), { kernels: js })],
];
/** The tube with a second morph target (its coordinates moved, its tangent frames those of the first, reversed). */
function morphedTube(): Uint8Array {
  const doc = readUnigine(encodeUnigine(tubeAsset({ rings: 30, segments: 20 }), { kernels: js })) as UnigineMeshDocument;
  const surface = doc.surfaces[0]!;
  const base = surface.targets[0]!;
  surface.targets.push({ name: 'bent', vertices: base.vertices.map((v, i) => v + (i % 3) * 0.25), tangents: base.tangents.slice().reverse() });
  return writeUnigine(doc);
}
const shapes: [string, Uint8Array][] = [...tubes, ['tube 30×20 with a second morph target', morphedTube()]];

const corpus: [string, () => Uint8Array][] = corpusAvailable ? corpusFiles('unigine', ['.mesh', '.anim']).map((f) => [f, () => readCorpus('unigine', f)]) : [];

describe('a parse reads the stored arrays in place', () => {
  for (const backend of BACKENDS) {
    for (const [name, read] of [...shapes.map(([n, b]) => [n, () => b] as const), ...corpus]) {
      it(`${backend}: ${name}: the Asset of the whole document, bit for bit, at byte offsets 0–3`, () => {
        const file = read();
        let whole: Asset;
        try {
          whole = unigineToAsset(readUnigine(file), { kernels: kernels[backend] });
        } catch (error) {
          // A corpus file the reader refuses is refused the same way.
          for (const shift of [0, 1, 2, 3]) expect(refusal(() => parseUnigine(shifted(file, shift), { kernels: kernels[backend] })).message).toBe((error as Error).message);
          return;
        }
        for (const shift of [0, 1, 2, 3]) {
          const staged = parseUnigine(shifted(file, shift), { kernels: kernels[backend] });
          expect(bytesOf(staged)).toEqual(bytesOf(whole));
        }
      });
    }
  }
});

/** The tube's surface 0 with corner `corner` of `stream` set to `value` (written back at the stream's own width). */
function withIndex(bytes: Uint8Array, stream: 'cindices' | 'tindices', corner: number, value: number): Uint8Array {
  const doc = readUnigine(bytes) as UnigineMeshDocument;
  const indices = doc.surfaces[0]![stream];
  const out = bytes.slice();
  const at = fileOffsetIn(doc, indices, corner, indices.BYTES_PER_ELEMENT)!;
  const view = new DataView(out.buffer);
  if (indices.BYTES_PER_ELEMENT === 1) view.setUint8(at, value);
  else if (indices.BYTES_PER_ELEMENT === 2) view.setUint16(at, value, true);
  else view.setUint32(at, value, true);
  return out;
}

describe('an index out of range is refused as before', () => {
  for (const backend of BACKENDS) {
    for (const [name, bytes] of tubes) {
      for (const stream of ['cindices', 'tindices'] as const) {
        it(`${backend}: ${name}: ${stream}: the same code, offset and message as the whole document's`, () => {
          const doc = readUnigine(bytes) as UnigineMeshDocument;
          const surface = doc.surfaces[0]!;
          const corner = Math.floor(surface.cindices.length * 0.7);
          const limit = stream === 'cindices' ? surface.targets[0]!.vertices.length / 3 : surface.targets[0]!.tangents.length / 4;
          const bad = withIndex(bytes, stream, corner, limit);
          const expected = refusal(() => unigineToAsset(readUnigine(bad), { kernels: kernels[backend] }));
          const got = refusal(() => parseUnigine(shifted(bad, 3), { kernels: kernels[backend] }));
          expect({ code: got.code, offset: got.offset, message: got.message }).toEqual({ code: expected.code, offset: expected.offset, message: expected.message });
          expect(got.offset).toBe(fileOffsetIn(doc, surface[stream], corner, surface[stream].BYTES_PER_ELEMENT));
        });
      }
    }
  }
});

describe('the staged document', () => {
  it('gives the arrays of the whole document when read as properties, with their file offsets, and takes new ones', () => {
    const [, bytes] = tubes[1]!;
    const whole = readUnigine(bytes) as UnigineMeshDocument;
    const staged = readUnigineStaged(shifted(bytes, 1)) as UnigineMeshDocument;
    const keys = ['uv0', 'uv1', 'colors', 'cindices', 'tindices'] as const satisfies readonly (keyof UnigineSurface)[];
    const a = whole.surfaces[0]!;
    const b = staged.surfaces[0]!;
    for (const key of [...keys, 'name', 'bounds', 'weightCounts', 'weightBones', 'weightValues'] as const) {
      expect(bytesOf(b[key]), key).toEqual(bytesOf(a[key]));
      if (ArrayBuffer.isView(a[key])) {
        expect(b[key].constructor).toBe(a[key].constructor);
        expect(fileOffsetIn(staged, b[key] as Uint8Array)).toBe(fileOffsetIn(whole, a[key] as Uint8Array));
        expect(b[key]).toBe(b[key]); // copied out once
      }
    }
    expect(bytesOf(b.targets[0]!.vertices)).toEqual(bytesOf(a.targets[0]!.vertices));
    expect(bytesOf(b.targets[0]!.tangents)).toEqual(bytesOf(a.targets[0]!.tangents));
    const replacement = new Float32Array(4);
    b.uv1 = replacement;
    expect(b.uv1).toBe(replacement);
    const { surfaces: _s, animations: wholeAnimations, ...restWhole } = whole;
    const { surfaces: _t, animations: stagedAnimations, ...restStaged } = staged;
    expect(bytesOf(restStaged)).toEqual(bytesOf(restWhole));
    // Frame values are accessors too (StagedFrames): split out of the file when first read.
    const frameKeys = ['name', 'boneIndices', 'mask', 'frameCount', 'flags', 'positions', 'rotations', 'scales'] as const;
    expect(stagedAnimations.length).toBe(wholeAnimations.length);
    expect(wholeAnimations.length).toBeGreaterThan(0);
    stagedAnimations.forEach((animation, i) => {
      for (const key of frameKeys) expect(bytesOf(animation[key]), key).toEqual(bytesOf(wholeAnimations[i]![key]));
    });
  });
});

describe('skin records checked in one pass, split later', () => {
  /** The tube with weight `weight`'s bone set to `bone`, and record `tooMany`'s count byte set to 5. */
  function badSkin(weight: number, bone: number, tooMany?: number): Uint8Array {
    const doc = readUnigine(tubes[1]![1]) as UnigineMeshDocument;
    const surface = doc.surfaces[0]!;
    // The records follow target 0's tangents and the record count (a bone's value does not move them).
    const tangents = surface.targets[0]!.tangents;
    surface.weightBones[weight] = bone;
    const bytes = writeUnigine(doc);
    if (tooMany !== undefined) {
      let at = fileOffsetIn(doc, tangents)! + tangents.byteLength + compactIntBytes(surface.weightCounts.length);
      for (let v = 0; v < tooMany; v++) at += 1 + 4 * bytes[at]!;
      bytes[at] = 5;
    }
    return bytes;
  }
  for (const backend of BACKENDS) {
    it(`${backend}: a bone outside the skeleton, alone or before a record of too many weights: the error of the whole document, at any byte offset`, () => {
      const doc = readUnigine(tubes[1]![1]) as UnigineMeshDocument;
      const weights = doc.surfaces[0]!.weightBones.length;
      for (const [weight, bone, tooMany, code] of [[7, doc.bones.length, undefined, 'BAD_INDEX'], [weights - 1, -1, undefined, 'BAD_INDEX'], [3, 40, 50, 'BAD_VALUE']] as const) {
        const bytes = badSkin(weight, bone, tooMany);
        const expected = refusal(() => readUnigine(bytes));
        expect(expected.code).toBe(code);
        for (const shift of [0, 1]) {
          const got = refusal(() => parseUnigine(shifted(bytes, shift), { kernels: kernels[backend] }));
          expect({ code: got.code, offset: got.offset, message: got.message }).toEqual({ code: expected.code, offset: expected.offset, message: expected.message });
        }
      }
    });
  }
});

describe('the staged animation document (an10)', () => {
  it('gives the frame values and boxes of the whole document when read as properties', () => {
    const bytes = encodeUnigine(tubeAsset({ rings: 6, segments: 8, frames: 9 }), { kernels: js, kind: 'anim' });
    const whole = readUnigine(bytes);
    const staged = readUnigineStaged(shifted(bytes, 3));
    expect(staged.kind).toBe('anim');
    expect(whole.animations.length).toBeGreaterThan(0);
    const keys = ['name', 'boneIndices', 'mask', 'frameCount', 'flags', 'positions', 'rotations', 'scales', 'positionMin', 'positionSize', 'scaleMin', 'scaleSize'] as const;
    whole.animations.forEach((animation, i) => {
      for (const key of keys) expect(bytesOf((staged.animations[i] as unknown as Record<string, unknown>)[key]), key).toEqual(bytesOf((animation as unknown as Record<string, unknown>)[key]));
    });
  });
});
