// Byte-exact rewrite of every UNIGINE file the reader accepts: non-canonical compact integers,
// strings that do not re-encode, NaN payloads in bounds and float frames, on all three backends.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileOffsetIn } from '../bindings/io/file-offsets.js';
import { compactIntBytes, writeCompactInt } from '../bindings/formats/unigine/compact-int.js';
import { readUnigine } from '../bindings/formats/unigine/read-document.js';
import { writeUnigine } from '../bindings/formats/unigine/write-document.js';
import { unigineFormat } from '../bindings/formats/unigine/index.js';
import { verbatimFieldCount } from '../bindings/formats/unigine/verbatim-fields.js';
import { ByteWriter } from '../bindings/io/byte-writer.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable, corpusFiles, readCorpus } from './helpers/corpus.js';

const kernels = allKernels();

/** Corpus files the reader accepts (editor_box_ms10.mesh is an older version, refused). */
const accepted = corpusAvailable
  ? corpusFiles('unigine', ['.mesh', '.anim']).filter((name) => {
      try {
        readUnigine(readCorpus('unigine', name));
        return true;
      } catch {
        return false;
      }
    })
  : [];
const HOSTILE = ['u-negative-zero-compact.mesh', 'u-noncanonical-compact-zero.mesh', 'u-string-embedded-nul.mesh', 'u-string-invalid-utf8.mesh'];
const hostile = (name: string) => new Uint8Array(readFileSync(new URL(`./hostile/${name}`, import.meta.url)));

/** `value` as a compact integer of exactly `length` bytes (over-long when longer than the shortest), `negative` sets the sign bit. */
function compactOfLength(value: number, length: number, negative = value < 0): Uint8Array {
  let magnitude = Math.abs(value);
  const out = new Uint8Array(length);
  out[0] = (magnitude & 0x3f) | (negative ? 0x40 : 0) | (length > 1 ? 0x80 : 0);
  magnitude = Math.floor(magnitude / 64);
  for (let i = 1; i < length; i++) {
    out[i] = (magnitude & 0x7f) | (i < length - 1 ? 0x80 : 0);
    magnitude = Math.floor(magnitude / 128);
  }
  return out;
}

function canonical(value: number): Uint8Array {
  const w = new ByteWriter();
  writeCompactInt(w, value);
  return w.finish();
}

/** −1 when equal, else the first differing byte (vitest's toEqual is slow on megabyte arrays). */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  if (Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length))) return -1;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}

function splice(bytes: Uint8Array, start: number, end: number, insert: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length - (end - start) + insert.length);
  out.set(bytes.subarray(0, start));
  out.set(insert, start);
  out.set(bytes.subarray(end), start + insert.length);
  return out;
}

/** Non-canonical encodings of `value`: every over-long length up to 5 bytes, and for 0 every negative zero. */
function nonCanonicalForms(value: number): Uint8Array[] {
  const forms: Uint8Array[] = [];
  for (let length = compactIntBytes(value) + 1; length <= 5; length++) forms.push(compactOfLength(value, length));
  if (value === 0) for (let length = 1; length <= 5; length++) forms.push(compactOfLength(0, length, true));
  return forms;
}

/**
 * Where the file's counts are, found without a second parser: the bone count at byte 44, and the
 * count just before every array the reader recorded a file offset for (its value is the array's
 * element count, so its canonical bytes end at that offset).
 */
function countSites(bytes: Uint8Array): { start: number; end: number; value: number }[] {
  const doc = readUnigine(bytes);
  const sites = [{ start: 44, end: 44 + compactIntBytes(doc.bones.length), value: doc.bones.length }];
  const counted = (array: ArrayBufferView & { length: number }, per: number) => {
    const end = fileOffsetIn(doc, array);
    if (end === undefined) return;
    const value = array.length / per;
    sites.push({ start: end - compactIntBytes(value), end, value });
  };
  for (const a of doc.animations) counted(a.boneIndices, 1);
  if (doc.kind === 'mesh') {
    for (const s of doc.surfaces) {
      for (const t of s.targets) { counted(t.vertices, 3); counted(t.tangents, 4); }
      counted(s.uv0, 2); counted(s.uv1, 2); counted(s.colors, 4); counted(s.cindices, 1); counted(s.tindices, 1);
    }
  }
  // Each site must hold its value's canonical bytes (else the site finder is wrong, and the test says so).
  for (const site of sites) expect(Array.from(bytes.subarray(site.start, site.end))).toEqual(Array.from(canonical(site.value)));
  return sites;
}

describe('UNIGINE rewrite keeps every accepted file byte for byte', () => {
  describe.each(BACKENDS)('%s', (backend) => {
    const k = kernels[backend];

    it.each(HOSTILE)('hostile %s: rewriteSync gives the same bytes back', (name) => {
      const bytes = hostile(name);
      const doc = readUnigine(bytes);
      expect(verbatimFieldCount(doc.verbatim)).toBeGreaterThan(0);
      expect(unigineFormat.rewriteSync(bytes, { kernels: k })).toEqual(bytes);
      expect(writeUnigine(doc, k)).toEqual(bytes);
    });

    it.skipIf(!corpusAvailable)('corpus files: no verbatim table, same bytes back', () => {
      expect(accepted.length).toBeGreaterThan(15);
      for (const name of accepted) {
        const bytes = readCorpus('unigine', name);
        expect(readUnigine(bytes).verbatim, name).toBeUndefined();
        expect(firstDifference(unigineFormat.rewriteSync(bytes, { kernels: k }), bytes), name).toBe(-1);
      }
    });

    it.skipIf(!corpusAvailable)('corpus counts made non-canonical (over-long, negative zero): same bytes back, same Asset', () => {
      const next = rng(17);
      let checked = 0;
      for (const name of accepted) {
        const bytes = readCorpus('unigine', name);
        if (bytes.length > 200_000) continue;
        const reference = unigineFormat.parseSync(bytes, { kernels: k });
        const sites = countSites(bytes);
        // Up to 8 random sites one at a time, with a random non-canonical form; then every site at once (back to front).
        for (let n = 0; n < 8; n++) {
          const site = sites[Math.floor(next() * sites.length)]!;
          const forms = nonCanonicalForms(site.value);
          const form = forms[Math.floor(next() * forms.length)]!;
          const mutated = splice(bytes, site.start, site.end, form);
          expect(firstDifference(unigineFormat.rewriteSync(mutated, { kernels: k }), mutated), `${name} count at ${site.start}`).toBe(-1);
          checked++;
        }
        let mutated = bytes;
        for (const site of [...sites].sort((a, b) => b.start - a.start)) {
          const forms = nonCanonicalForms(site.value);
          mutated = splice(mutated, site.start, site.end, forms[Math.floor(next() * forms.length)]!);
        }
        expect(firstDifference(unigineFormat.rewriteSync(mutated, { kernels: k }), mutated), `${name}, every count`).toBe(-1);
        const asset = unigineFormat.parseSync(mutated, { kernels: k });
        const asBytes = (a: Float32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
        expect(asset.meshes.length).toBe(reference.meshes.length);
        asset.meshes.forEach((m, i) => expect(firstDifference(asBytes(m.attributes.positions), asBytes(reference.meshes[i]!.attributes.positions))).toBe(-1));
        expect(asset.animations.map((a) => a.tracks.length)).toEqual(reference.animations.map((a) => a.tracks.length));
      }
      expect(checked).toBeGreaterThan(100);
    }, 120_000);

    it.skipIf(!corpusAvailable)('corpus bone names made non-canonical (embedded NUL, invalid UTF-8, BOM, surrogate): same bytes back', () => {
      const variants = [
        (name: Uint8Array) => [...name, 0, 0x78, 0x79],
        (name: Uint8Array) => [0xff, 0xfe, ...name],
        (name: Uint8Array) => [0xef, 0xbb, 0xbf, ...name],
        (name: Uint8Array) => [...name, 0xed, 0xa0, 0x80],
        (name: Uint8Array) => [...name, 0xc3],
      ];
      for (const file of accepted) {
        const bytes = readCorpus('unigine', file);
        const doc = readUnigine(bytes);
        if (!doc.bones.length || bytes.length > 200_000) continue;
        // The first bone's name follows the bone count at byte 44.
        const at = 44 + compactIntBytes(doc.bones.length);
        const stored = new TextEncoder().encode(doc.bones[0]!.name);
        const end = at + compactIntBytes(stored.length + 1) + stored.length + 1;
        for (const variant of variants) {
          const content = Uint8Array.from([...variant(stored), 0]);
          const mutated = splice(bytes, at, end, Uint8Array.from([...canonical(content.length), ...content]));
          expect(firstDifference(unigineFormat.rewriteSync(mutated, { kernels: k }), mutated), file).toBe(-1);
        }
      }
    });

    it.skipIf(!corpusAvailable)('NaN payloads in bounds and float frames come back bit for bit', () => {
      const bytes = readCorpus('unigine', 'arm.mesh');
      const mutated = bytes.slice();
      const view = new DataView(mutated.buffer);
      view.setUint32(4, 0x7f800001, true); // file bounds min.x: a signalling NaN
      view.setUint32(40, 0xffc01234, true); // radius: a quiet NaN with a payload
      expect(firstDifference(unigineFormat.rewriteSync(mutated, { kernels: k }), mutated)).toBe(-1);
      // ms11 float frames written from a document holding signalling NaNs.
      const doc = readUnigine(bytes);
      expect(doc.kind === 'mesh' && doc.animations[0]!.positions.length).toBeGreaterThan(0);
      const positions = doc.animations[0]!.positions;
      new Uint32Array(positions.buffer, positions.byteOffset, positions.length)[0] = 0x7f800001;
      const written = writeUnigine(doc, k);
      const again = readUnigine(written);
      const bits = again.animations[0]!.positions;
      expect(new Uint32Array(bits.buffer, bits.byteOffset, 1)[0]).toBe(0x7f800001);
      expect(writeUnigine(again, k)).toEqual(written);
    });

    it('an edited document writes what it says: kept bytes are used only for the value read', () => {
      const doc = readUnigine(hostile('u-string-embedded-nul.mesh'));
      const name = doc.bones[0]!.name;
      doc.bones[0]!.name = `${name}-renamed`;
      const again = readUnigine(writeUnigine(doc, k));
      expect(again.bones[0]!.name).toBe(`${name}-renamed`);
      expect(again.verbatim).toBeUndefined();
      const zero = readUnigine(hostile('u-negative-zero-compact.mesh'));
      zero.bones = [{ name: 'root', parent: -1 }];
      zero.bindPose = new Float32Array([0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
      expect(readUnigine(writeUnigine(zero, k)).bones).toEqual([{ name: 'root', parent: -1 }]);
    });
  });
});
