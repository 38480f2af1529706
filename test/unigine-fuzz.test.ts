import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MeshFormatError, unigineFormat } from '../bindings/index.js';
import { checkContract, fuzzKernels } from './helpers/fuzz.js';
import { parseUnigine, readUnigine, writeUnigine } from '../bindings/formats/unigine/index.js';

const kernels = fuzzKernels();

/** Reads `bytes` as a document and, on every backend, as an Asset, under the reader contract (helpers/fuzz.ts). */
function expectSafe(bytes: Uint8Array): void {
  const outcome = checkContract(unigineFormat, bytes, kernels);
  if (outcome.ok) expect(writeUnigine(readUnigine(bytes)).length).toBeGreaterThan(0);
}

describe('UNIGINE fuzz: arbitrary bytes behind a valid magic', () => {
  it('never throws anything but MeshFormatError', () => {
    fc.assert(
      fc.property(fc.constantFrom('ms11', 'an10', 'ms10', 'ms14', 'xx11'), fc.uint8Array({ maxLength: 400 }), (magic, rest) => {
        const bytes = new Uint8Array(4 + rest.length);
        bytes.set(new TextEncoder().encode(magic));
        bytes.set(rest, 4);
        expectSafe(bytes);
      }),
      { numRuns: 3000, seed: 11 },
    );
  });

  it('huge counts in a small file are refused before anything is allocated', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 40, maxLength: 40 }), fc.integer({ min: 2 ** 20, max: 2 ** 31 - 1 }), (bounds, count) => {
        // Bounds, then a bone count as a 5-byte compact integer.
        const bytes = new Uint8Array([...new TextEncoder().encode('ms11'), ...bounds, 0x80 | (count & 0x3f), 0x80 | ((count >>> 6) & 0x7f), 0x80 | ((count >>> 13) & 0x7f), 0x80 | ((count >>> 20) & 0x7f), (count >>> 27) & 0x7f, 0, 0, 0]);
        try {
          readUnigine(bytes);
          expect.unreachable();
        } catch (e) {
          expect(e).toBeInstanceOf(MeshFormatError);
          expect((e as MeshFormatError).code).toBe('BAD_COUNT');
          expect((e as MeshFormatError).offset).toBe(44);
        }
      }),
      { numRuns: 200, seed: 5 },
    );
  });

  it('an animation of no bones may claim 2^31 - 1 frames without costing memory', () => {
    const w = [...new TextEncoder().encode('an10'), ...new Uint8Array(40)];
    // 0 bones, 1 animation named "a", marker, 0 animated bones, boxes, mask, frame count 2^31 - 1, end marker.
    const bytes = new Uint8Array([...w, 0x00, 0x01, 0x02, 0x61, 0x00, ...new TextEncoder().encode('an10'), 0x00, ...new Uint8Array(48), 0x7f, 0xbf, 0xff, 0xff, 0xff, 0x0f, ...new TextEncoder().encode('an10')]);
    const asset = parseUnigine(bytes, { kernels: kernels['wasm-simd'] });
    expect(asset.animations[0]!.frameCount).toBe(2 ** 31 - 1);
    expect(asset.animations[0]!.tracks.length).toBe(0);
    expect(Buffer.from(writeUnigine(readUnigine(bytes))).equals(Buffer.from(bytes))).toBe(true);
  });
});
