import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import { iqmFormat, readIqm, writeIqm } from '../bindings/formats/iqm/index.js';
import { checkContract, fuzzKernels } from './helpers/fuzz.js';
import { rng } from './helpers/backends.js';
import { comparable, randomIqmDocument, sampleIqmDocument } from './helpers/iqm-samples.js';
import { corpusAvailable, corpusFiles, readCorpus } from './helpers/corpus.js';

const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';

/** Every file fuzzed: the tests of a missing one show as skipped. */
const inputs: { name: string; available: boolean; load: () => Uint8Array }[] = [
  { name: 'sample', available: true, load: () => writeIqm(sampleIqmDocument()) },
  ...corpusFiles('iqm', ['.iqm']).map((name) => ({ name, available: corpusAvailable, load: () => readCorpus('iqm', name) })),
  { name: 'mrfixit.iqm', available: existsSync(MRFIXIT), load: () => new Uint8Array(readFileSync(MRFIXIT)) },
];

const kernels = fuzzKernels();

/** Parses on every backend under the reader contract (helpers/fuzz.ts); 'ok' or the error code. */
function parseOrRefuse(bytes: Uint8Array): 'ok' | string {
  const outcome = checkContract(iqmFormat, bytes, kernels);
  return outcome.ok ? 'ok' : outcome.code;
}

const INTERESTING = [0, 1, 2, 3, 4, 0x10, 123, 124, 125, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0x10000, 0x55555556];

describe('IQM fuzzing on every backend: only MeshFormatError, the same outcome everywhere, no hang, no allocation the file cannot justify', () => {
  for (const { name, available, load } of inputs) {
    it.skipIf(!available)(`${name}: random byte flips and uint32 overwrites`, () => {
      const original = load();
      const next = rng(original.length);
      const codes = new Map<string, number>();
      for (let round = 0; round < 300; round++) {
        const bytes = original.slice();
        const view = new DataView(bytes.buffer);
        const edits = 1 + Math.floor(next() * 4);
        for (let e = 0; e < edits; e++) {
          // Half the edits hit the header, where every field steers the reader.
          const span = next() < 0.5 ? 124 : bytes.length;
          const at = Math.floor(next() * (span - 4)) & ~3;
          if (next() < 0.5) bytes[at + Math.floor(next() * 4)]! ^= 1 << Math.floor(next() * 8);
          else view.setUint32(at, next() < 0.5 ? INTERESTING[Math.floor(next() * INTERESTING.length)]! : Math.floor(next() * 2 ** 32), true);
        }
        const code = parseOrRefuse(bytes);
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
      // The mutations reach past the first check.
      expect(codes.size).toBeGreaterThan(2);
    });

    it.skipIf(!available)(`${name}: truncations`, () => {
      const original = load();
      const next = rng(original.length + 1);
      const lengths = original.length <= 4096 ? Array.from({ length: original.length }, (_, i) => i) : Array.from({ length: 300 }, () => Math.floor(next() * original.length));
      for (const length of lengths) expect(parseOrRefuse(original.subarray(0, length))).not.toBe('ok');
    });
  }

  it('fast-check: arbitrary header fields over a valid file', () => {
    const base = inputs.filter((input) => input.available).at(-1)!.load();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 4, max: 30 }), fc.oneof(fc.constantFrom(...INTERESTING), fc.nat({ max: base.length + 8 }), fc.nat())), { minLength: 1, maxLength: 6 }),
        (edits) => {
          const bytes = base.slice();
          const view = new DataView(bytes.buffer);
          for (const [field, value] of edits) view.setUint32(field * 4, value >>> 0, true);
          parseOrRefuse(bytes);
        },
      ),
      { numRuns: 500, seed: 7 },
    );
  });

  it('fast-check: arbitrary bytes after a valid magic and version', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 600 }), (tail) => {
        const bytes = new Uint8Array(20 + tail.length);
        bytes.set(new TextEncoder().encode('INTERQUAKEMODEL\0'));
        bytes[16] = 2;
        bytes.set(tail, 20);
        parseOrRefuse(bytes);
      }),
      { numRuns: 1000, seed: 11 },
    );
  });

  it('fast-check: random valid documents read back equal and re-encode to the same bytes', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const document = randomIqmDocument(rng(seed));
        const bytes = writeIqm(document);
        const read = readIqm(bytes);
        expect(comparable(read)).toEqual(comparable(document));
        expect(writeIqm(read)).toEqual(bytes);
        parseOrRefuse(bytes);
      }),
      { numRuns: 400, seed: 3 },
    );
  });

  it('fast-check: random documents with counts and table fields overwritten (vertex arrays sometimes dropped)', () => {
    const COUNT_FIELDS = [36, 44, 48, 56, 68, 76, 84, 92, 96, 108, 116];
    const value = fc.oneof(fc.constantFrom(...INTERESTING), fc.nat({ max: 100_000 }));
    fc.assert(
      fc.property(
        fc.integer(),
        fc.array(fc.tuple(fc.constantFrom(...COUNT_FIELDS), value), { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), value), { maxLength: 3 }),
        fc.boolean(),
        (seed, headerEdits, bodyEdits, dropArrays) => {
          const bytes = writeIqm(randomIqmDocument(rng(seed)));
          const view = new DataView(bytes.buffer);
          if (dropArrays) view.setUint32(44, 0, true);
          for (const [field, v] of headerEdits) view.setUint32(field, v >>> 0, true);
          for (const [where, v] of bodyEdits) view.setUint32(124 + (Math.floor(where * (bytes.length - 128) / 4) * 4), v >>> 0, true);
          parseOrRefuse(bytes);
        },
      ),
      { numRuns: 3000, seed: 5 },
    );
  });
});
