// Review of round seven's short-string path (UnigineReader.string reads strings of up to 64 bytes,
// NUL included, by their char codes when ASCII, else through TextDecoder): for arbitrary stored
// bytes around that bound (63/64/65 bytes with the NUL), with NULs inside, bytes above 0x7f and
// invalid UTF-8 (lone continuation bytes, cut sequences, overlongs, surrogates, BOMs), the text
// is TextDecoder's of the bytes before the first NUL (the reader before round seven), the offset
// moves past the whole string, and the field's bytes are kept for a rewrite exactly when that
// text does not encode back to them. Then the same strings as bone names through every backend.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteWriter } from '../bindings/io/byte-writer.js';
import { writeCompactInt } from '../bindings/formats/unigine/compact-int.js';
import { UnigineReader } from '../bindings/formats/unigine/field-reader.js';
import { unigineFormat } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();
const decoder = new TextDecoder();

/** Bytes biased to what the two paths tell apart. */
const storedByte = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 1, arbitrary: fc.constantFrom(0x00, 0x01, 0x7f, 0x80, 0xbf, 0xc0, 0xc3, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf8, 0xff) },
);
const SEQUENCES = [[0xc3, 0xa9], [0xe2, 0x82, 0xac], [0xf0, 0x9f, 0x98, 0x80], [0xef, 0xbb, 0xbf], [0xed, 0xa0, 0x80], [0xc0, 0x80], [0xe2, 0x82], [0x80]];
const storedBytes = fc.array(fc.oneof({ weight: 5, arbitrary: storedByte.map((b) => [b]) }, { weight: 1, arbitrary: fc.constantFrom(...SEQUENCES) }), { maxLength: 70 })
  .map((parts) => parts.flat())
  .chain((bytes) => fc.constantFrom(bytes, bytes.slice(0, 62), bytes.slice(0, 63), bytes.slice(0, 64), bytes.slice(0, 65)));

/** A string field of `stored` bytes and its NUL, between two markers. */
function field(stored: number[]): Uint8Array {
  const w = new ByteWriter(16);
  w.u8(0xaa);
  writeCompactInt(w, stored.length + 1);
  for (const b of stored) w.u8(b);
  w.u8(0);
  w.u8(0x55);
  return w.finish();
}

function expected(stored: number[]): string {
  const nul = stored.indexOf(0);
  return decoder.decode(new Uint8Array(nul >= 0 ? stored.slice(0, nul) : stored));
}

describe('UNIGINE short strings read as TextDecoder read them', () => {
  it('any stored bytes around the 64-byte bound: the text, the offset after, and what is kept for a rewrite', () => {
    fc.assert(
      fc.property(storedBytes, (stored) => {
        const bytes = field(stored);
        const reader = new UnigineReader(bytes, 'unigine', 1);
        const text = reader.string('name');
        expect(text).toBe(expected(stored));
        expect(reader.u8()).toBe(0x55);
        const kept = reader.verbatim?.strings.get(0);
        const roundTrips = Buffer.from(new TextEncoder().encode(text)).equals(Buffer.from(stored));
        expect(kept === undefined).toBe(roundTrips);
        if (kept) expect(Array.from(kept.bytes)).toEqual([...stored, 0]);
      }),
      { numRuns: 4000, seed: 77 },
    );
  });

  it('as bone names, on every backend, and the file rewrites to itself', () => {
    fc.assert(
      fc.property(fc.array(storedBytes.filter((s) => s.length > 0), { minLength: 1, maxLength: 4 }), (names) => {
        const template = unigineFormat.encodeSync({
          source: 'review7c', upAxis: 'z', warnings: [], animations: [], meshes: [],
          skeleton: { joints: names.map((_, i) => ({ name: `b${i}`, parent: i - 1, translation: [0, 0, i], rotation: [0, 0, 0, 1], scale: [1, 1, 1] })) },
        } as never, { kind: 'anim' });
        // The names written by hand in place of b0, b1, …: a compact length, the bytes, a NUL.
        let bytes = template;
        for (let i = names.length - 1; i >= 0; i--) {
          const placeholder = Buffer.from(`\x03b${i}\0`);
          const at = Buffer.from(bytes).indexOf(placeholder);
          expect(at).toBeGreaterThan(0);
          bytes = new Uint8Array([...bytes.subarray(0, at), ...field(names[i]!).subarray(1, -1), ...bytes.subarray(at + placeholder.length)]);
        }
        for (const b of BACKENDS) {
          const asset = unigineFormat.parseSync(bytes, { kernels: kernels[b] });
          expect(asset.skeleton!.joints.map((j) => j.name), b).toEqual(names.map(expected));
          expect(Buffer.compare(unigineFormat.rewriteSync(bytes, { kernels: kernels[b] }), bytes), b).toBe(0);
        }
      }),
      { numRuns: 150, seed: 78 },
    );
  });
});
