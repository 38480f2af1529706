import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ms2Format, writeMs2 } from '../bindings/formats/ms2/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { rng } from './helpers/backends.js';
import { sameOutcomeOnEveryBackend } from './helpers/backend-outcomes.js';
import { corpusAvailable, corpusFiles, readCorpus } from './helpers/corpus.js';

const inputs: [string, Uint8Array][] = [['tube', ms2Format.encodeSync(tubeAsset())]];
if (corpusAvailable) for (const name of corpusFiles('ms2', ['.data', '.bytes'])) inputs.push([name, readCorpus('ms2', name)]);

describe('MeshSerializer2 fuzzing: the same MeshFormatError code or the same Asset on all three backends', () => {
  for (const [name, original] of inputs) {
    it(`${name}: byte flips (half in the header) and truncations`, () => {
      const next = rng(original.length);
      const codes = new Set<string>();
      for (let round = 0; round < 150; round++) {
        const bytes = round % 3 === 0 ? original.subarray(0, Math.floor(next() * original.length)) : original.slice();
        if (round % 3 !== 0) {
          for (let e = 1 + Math.floor(next() * 3); e > 0; e--) {
            const at = next() < 0.5 ? Math.floor(next() * 5) : Math.floor(next() * bytes.length);
            bytes[at] = next() < 0.5 ? bytes[at]! ^ (1 << Math.floor(next() * 8)) : Math.floor(next() * 256);
          }
        }
        codes.add(sameOutcomeOnEveryBackend(ms2Format, bytes));
      }
      expect(codes.size).toBeGreaterThan(2);
    });
  }

  it('fast-check: arbitrary headers over arbitrary bodies', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 65535 }), fc.integer({ min: 0, max: 65535 }), fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 400 }), (v, t, format, body) => {
        const bytes = new Uint8Array(5 + body.length);
        bytes.set([v & 255, v >> 8, t & 255, t >> 8, format]);
        bytes.set(body, 5);
        sameOutcomeOnEveryBackend(ms2Format, bytes);
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('fast-check: random valid documents decode alike everywhere and re-encode to their bytes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 15 }), fc.integer(), (vertexCount, extra, seed) => {
        const next = rng(seed);
        const format = 1 | (extra & 14);
        const u16 = (n: number) => Uint16Array.from({ length: n }, () => Math.floor(next() * 65536));
        const u8 = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(next() * 256));
        const f32 = (n: number) => Float32Array.from({ length: n }, () => (next() - 0.5) * 100);
        const triangleCount = vertexCount ? Math.floor(next() * 20) : 0;
        const bytes = writeMs2({
          format,
          vertexCount,
          triangleCount,
          positions: u16(vertexCount * 3),
          indices: Uint16Array.from({ length: triangleCount * 3 }, () => Math.floor(next() * vertexCount)),
          ...(vertexCount ? { positionBounds: f32(6) } : {}),
          ...(format & 2 ? { normals: u8(vertexCount * 3) } : {}),
          ...(format & 4 ? { tangents: u8(vertexCount * 4) } : {}),
          ...(format & 8 ? { uvs: u16(vertexCount * 2), ...(vertexCount ? { uvBounds: f32(4) } : {}) } : {}),
        });
        expect(ms2Format.test(bytes)).toBe(true);
        expect(ms2Format.rewriteSync!(bytes)).toEqual(bytes);
        expect(sameOutcomeOnEveryBackend(ms2Format, bytes)).toBe('ok');
      }),
      { numRuns: 200, seed: 9 },
    );
  });
});
