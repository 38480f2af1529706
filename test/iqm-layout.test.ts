// IQM files keep their layout: read → write gives the same bytes for any valid file (sections in
// any order, at unaligned offsets, with gaps of any bytes between them, bytes past `filesize`,
// junk offsets in empty sections' fields), while a document built from scratch gets the
// reference compiler's layout.
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { iqmFormat, readIqm, writeIqm, type IqmDocument } from '../bindings/formats/iqm/index.js';
import { corpusAvailable, corpusFiles, CORPUS_SKIP_MESSAGE, readCorpus } from './helpers/corpus.js';
import { rng } from './helpers/backends.js';
import { comparable, randomIqmDocument, sampleIqmDocument } from './helpers/iqm-samples.js';

const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const mrfixitAvailable = existsSync(MRFIXIT);

/** Byte equality without a slow element-by-element diff; names the first byte that differs. */
function expectSameBytes(actual: Uint8Array, expected: Uint8Array): void {
  const first = actual.findIndex((b, i) => b !== expected[i]);
  expect({ length: actual.length, firstDifference: actual.length === expected.length ? first : 'lengths differ' }).toEqual({ length: expected.length, firstDifference: -1 });
}

const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);

/** One stretch of a file that holds a section; `links` are the uint32 fields that point at it. */
interface Piece {
  from: number;
  length: number;
  /** Where this piece's offset is stored: a header field, a vertex array entry or an extension record (resolved after moving). */
  pointer: { header: number } | { vertexArray: number } | { extensionData: number } | { extensionRecord: number };
}

/** Field offsets of the header's offset fields, with the count that makes each section non-empty. */
const TABLES: [ofs: number, count: (b: Uint8Array) => number, size: number][] = [
  [32, (b) => u32(b, 28), 1], // text
  [40, (b) => u32(b, 36), 24], // meshes
  [52, (b) => u32(b, 44), 20], // vertex arrays
  [60, (b) => u32(b, 56), 12], // triangles
  [64, (b) => (u32(b, 64) ? u32(b, 56) : 0), 12], // adjacency
  [72, (b) => u32(b, 68), 48], // joints
  [80, (b) => u32(b, 76), 88], // poses
  [88, (b) => u32(b, 84), 20], // anims
  [100, (b) => u32(b, 92) * u32(b, 96), 2], // frames
  [104, (b) => (u32(b, 104) && u32(b, 92)) || 0, 32], // bounds
  [112, (b) => u32(b, 108), 1], // comment
];
const FORMAT_BYTES = [1, 1, 2, 2, 4, 4, 2, 4, 8];

/** The sections of a file our writer made (canonical layout), found from its header alone. */
function piecesOf(bytes: Uint8Array): Piece[] {
  const pieces: Piece[] = [];
  for (const [ofs, count, size] of TABLES) if (count(bytes)) pieces.push({ from: u32(bytes, ofs), length: count(bytes) * size, pointer: { header: ofs } });
  const table = u32(bytes, 52);
  for (let i = 0; i < u32(bytes, 44); i++) {
    const entry = table + i * 20;
    const length = u32(bytes, 48) * u32(bytes, entry + 12) * FORMAT_BYTES[u32(bytes, entry + 8)]!;
    if (length) pieces.push({ from: u32(bytes, entry + 16), length, pointer: { vertexArray: i } });
  }
  let record = u32(bytes, 120);
  for (let i = 0; i < u32(bytes, 116); i++) {
    pieces.push({ from: record, length: 16, pointer: { extensionRecord: i } });
    if (u32(bytes, record + 4)) pieces.push({ from: u32(bytes, record + 8), length: u32(bytes, record + 4), pointer: { extensionData: i } });
    record = u32(bytes, record + 12);
  }
  return pieces;
}

/**
 * The same file laid out at random: sections shuffled, gaps of random or zero bytes (so offsets
 * come out unaligned), random offsets in the fields of empty sections, random bytes after the
 * last section (inside and past `filesize`), a random link after the last extension.
 */
function relayout(bytes: Uint8Array, next: () => number): Uint8Array {
  const int = (n: number) => Math.floor(next() * n);
  const pieces = piecesOf(bytes);
  for (let i = pieces.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [pieces[i], pieces[j]] = [pieces[j]!, pieces[i]!];
  }
  const gap = () => Uint8Array.from({ length: next() < 0.4 ? 0 : int(12) }, () => (next() < 0.5 ? 0 : int(256)));
  const parts: Uint8Array[] = [bytes.slice(0, 124)];
  let end = 124;
  const moved = new Map<Piece, number>();
  for (const piece of pieces) {
    const padding = gap();
    parts.push(padding, bytes.slice(piece.from, piece.from + piece.length));
    moved.set(piece, end + padding.length);
    end += padding.length + piece.length;
  }
  const inside = gap();
  const past = gap();
  parts.push(inside, past);
  const out = new Uint8Array(end + inside.length + past.length);
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  const view = new DataView(out.buffer);
  view.setUint32(20, end + inside.length, true);
  // Empty sections: their offset fields hold anything (readers ignore them).
  for (const [ofs, count] of TABLES) if (!count(bytes) && !(ofs === 64 && u32(bytes, 56)) && !(ofs === 104 && u32(bytes, 92))) view.setUint32(ofs, next() < 0.5 ? 0 : int(2 ** 32), true);
  const find = (test: (p: Piece['pointer']) => boolean) => pieces.find((p) => test(p.pointer));
  for (const piece of pieces) if ('header' in piece.pointer) view.setUint32(piece.pointer.header, moved.get(piece)!, true);
  const table = u32(out, 52);
  for (let i = 0; i < u32(out, 44); i++) {
    const data = find((p) => 'vertexArray' in p && p.vertexArray === i);
    view.setUint32(table + i * 20 + 16, data ? moved.get(data)! : int(2 ** 32), true);
  }
  const extensionCount = u32(out, 116);
  if (extensionCount === 0) view.setUint32(120, next() < 0.5 ? 0 : int(2 ** 32), true);
  for (let i = 0; i < extensionCount; i++) {
    const record = moved.get(find((p) => 'extensionRecord' in p && p.extensionRecord === i)!)!;
    if (i === 0) view.setUint32(120, record, true);
    const data = find((p) => 'extensionData' in p && p.extensionData === i);
    view.setUint32(record + 8, data ? moved.get(data)! : int(2 ** 32), true);
    const following = find((p) => 'extensionRecord' in p && p.extensionRecord === i + 1);
    view.setUint32(record + 12, following ? moved.get(following)! : int(2 ** 32), true);
  }
  return out;
}

function expectLossless(bytes: Uint8Array): IqmDocument {
  const document = readIqm(bytes);
  expectSameBytes(writeIqm(document), bytes);
  expectSameBytes(iqmFormat.rewriteSync(bytes), bytes);
  return document;
}

describe('IQM layout: read → write gives the same bytes', () => {
  it('fast-check: random documents at random layouts (order, gaps, unaligned offsets, junk in empty fields, trailing bytes)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (documentSeed, layoutSeed) => {
        const document = randomIqmDocument(rng(documentSeed));
        const canonical = writeIqm(document);
        const bytes = relayout(canonical, rng(layoutSeed));
        const read = expectLossless(bytes);
        expect(comparable(read)).toEqual(comparable(document));
        // Without its layout, the same document is written in the canonical layout.
        expectSameBytes(writeIqm({ ...read, layout: undefined }), canonical);
      }),
      { numRuns: 300, seed: 12 },
    );
  });

  it('vertex arrays sharing their data (one copy in the file) stay shared', () => {
    const document = sampleIqmDocument();
    document.vertexArrays.push({ ...document.vertexArrays[0]!, type: 0x10 });
    const bytes = writeIqm(document);
    const table = u32(bytes, 52);
    const view = new DataView(bytes.buffer);
    view.setUint32(table + 9 * 20 + 16, u32(bytes, table + 16), true);
    const shared = bytes.slice(0, bytes.length); // the last array's own copy is now filler
    const read = expectLossless(shared);
    expect(comparable(read)).toEqual(comparable(document));
    // Editing one of the two arrays cannot keep them shared: the canonical layout takes over.
    read.vertexArrays[9]!.data[0] = 42;
    const rewritten = readIqm(writeIqm(read));
    expect(Array.from(rewritten.vertexArrays[9]!.data.subarray(0, 2))).toEqual([42, 0]);
    expect(rewritten.vertexArrays[0]!.data[0]).toBe(0);
  });

  it('keeps the layout while sections keep their lengths, and falls back to the canonical one when they do not', () => {
    const bytes = relayout(writeIqm(sampleIqmDocument()), rng(7));
    const document = readIqm(bytes);
    document.frames[0] = 12345;
    const edited = writeIqm(document);
    expect(edited.length).toBe(bytes.length);
    expect(edited.filter((b, i) => b !== bytes[i]).length).toBeGreaterThan(0);
    expect(edited.filter((b, i) => b !== bytes[i]).length).toBeLessThanOrEqual(2);
    document.comment = new TextEncoder().encode('longer comment than before\0');
    const grown = writeIqm(document);
    expectSameBytes(grown, writeIqm({ ...document, layout: undefined }));
    expect(comparable(readIqm(grown))).toEqual(comparable(document));
  });

  it('keeps the bits of signalling NaNs in joints, poses and frame rates (numbers cannot carry them)', () => {
    const bytes = writeIqm(sampleIqmDocument());
    const view = new DataView(bytes.buffer);
    const SIGNALLING = [0x7f800001, 0xffa00005, 0x7fbfffff];
    view.setUint32(u32(bytes, 72) + 8, SIGNALLING[0]!, true); // joint 0 translate x
    view.setUint32(u32(bytes, 72) + 48 + 44, SIGNALLING[1]!, true); // joint 1 scale z
    view.setUint32(u32(bytes, 80) + 12, SIGNALLING[2]!, true); // pose 0 channel offset 1
    view.setUint32(u32(bytes, 88) + 12, SIGNALLING[0]!, true); // animation 0 frame rate
    const document = expectLossless(bytes);
    expectLossless(relayout(bytes, rng(3)));
    // A value changed from NaN is written as it is now.
    document.joints[0]!.translate[0] = 1;
    const edited = writeIqm(document);
    expect(new DataView(edited.buffer).getFloat32(u32(edited, 72) + 8, true)).toBe(1);
    expect(u32(edited, u32(edited, 88) + 12)).toBe(SIGNALLING[0]);
  });

  it('documents built from scratch get the reference layout', () => {
    const document = sampleIqmDocument();
    expect(document.layout).toBeUndefined();
    expect(u32(writeIqm(document), 32)).toBe(124);
  });
});

describe.skipIf(!corpusAvailable)(`IQM layout on the corpus (${corpusAvailable ? 'shared/corpus/iqm' : CORPUS_SKIP_MESSAGE})`, () => {
  for (const name of corpusFiles('iqm', ['.iqm'])) {
    it(`${name}: read → write and rewriteSync give the same bytes, also laid out at random`, () => {
      const bytes = readCorpus('iqm', name);
      expectLossless(bytes);
      expectLossless(relayout(bytes, rng(name.length)));
    });
  }
});

describe.skipIf(!mrfixitAvailable)(`IQM layout on mrfixit.iqm (${mrfixitAvailable ? MRFIXIT : 'apt-get install assimp-testmodels to run'})`, () => {
  it('read → write gives the same bytes, although its layout is not the canonical one', () => {
    const bytes = new Uint8Array(readFileSync(MRFIXIT));
    const document = expectLossless(bytes);
    expect(writeIqm({ ...document, layout: undefined }).length).toBe(bytes.length - 4);
  });
});
