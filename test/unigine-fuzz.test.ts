import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKernelsSync, MeshFormatError, type Asset } from '../bindings/index.js';
import { parseUnigine, readUnigine, writeUnigine } from '../bindings/formats/unigine/index.js';
import { rng } from './helpers/backends.js';
import { corpusAvailable, corpusFiles, readCorpus } from './helpers/corpus.js';

const kernels = createKernelsSync('wasm-simd');
const jsKernels = createKernelsSync('js');

/** Bytes held by the Asset's typed arrays: what reading allocated for the caller. */
function assetBytes(asset: Asset): number {
  let total = 0;
  for (const mesh of asset.meshes) {
    total += mesh.indices.byteLength;
    for (const value of Object.values(mesh.attributes)) {
      if (Array.isArray(value)) for (const a of value) total += a.byteLength;
      else if (value) total += (value as ArrayBufferView).byteLength;
    }
  }
  for (const anim of asset.animations) for (const t of anim.tracks) total += t.times.byteLength + (t.translation?.byteLength ?? 0) + (t.rotation?.byteLength ?? 0) + (t.scale?.byteLength ?? 0);
  return total;
}

/**
 * Reads `bytes` as a document and as an Asset: either succeeds, or throws MeshFormatError with
 * an offset inside the file. What it allocates stays proportional to the file: one flag byte
 * becomes at most 10 floats and a key time; one index byte at most one 16-float vertex.
 */
function expectSafe(bytes: Uint8Array): void {
  const started = performance.now();
  try {
    const doc = readUnigine(bytes);
    const asset = parseUnigine(bytes, { kernels: Math.random() < 0.5 ? kernels : jsKernels });
    expect(assetBytes(asset)).toBeLessThanOrEqual(bytes.length * 80 + 4096);
    expect(writeUnigine(doc).length).toBeGreaterThan(0);
  } catch (e) {
    if (!(e instanceof MeshFormatError)) throw e;
    expect(e.format).toBe('unigine');
    if (e.offset !== undefined) {
      expect(e.offset).toBeGreaterThanOrEqual(0);
      expect(e.offset).toBeLessThanOrEqual(bytes.length);
    }
  }
  expect(performance.now() - started).toBeLessThan(5000);
}

function mutate(source: Uint8Array, next: () => number): Uint8Array {
  const kind = Math.floor(next() * 4);
  if (kind === 0) return source.slice(0, Math.floor(next() * source.length));
  const bytes = source.slice();
  const flips = 1 + Math.floor(next() * 8);
  // Half of the flips land in the first 512 bytes, where the counts and names are.
  for (let i = 0; i < flips; i++) {
    const span = next() < 0.5 ? Math.min(512, bytes.length) : bytes.length;
    const at = Math.floor(next() * span);
    bytes[at] = kind === 1 ? bytes[at]! ^ (1 << Math.floor(next() * 8)) : kind === 2 ? Math.floor(next() * 256) : 0xff;
  }
  return bytes;
}

describe.skipIf(!corpusAvailable)('UNIGINE fuzz: byte flips and truncations of every corpus file', () => {
  const files = corpusFiles('unigine', ['.mesh', '.anim']);

  it.each(files)('%s', (file) => {
    const source = readCorpus('unigine', file);
    const runs = source.length > 1_000_000 ? 6 : source.length > 100_000 ? 40 : 200;
    const next = rng(source.length);
    for (let i = 0; i < runs; i++) expectSafe(mutate(source, next));
  });
});

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
    const asset = parseUnigine(bytes, { kernels });
    expect(asset.animations[0]!.frameCount).toBe(2 ** 31 - 1);
    expect(asset.animations[0]!.tracks.length).toBe(0);
    expect(Buffer.from(writeUnigine(readUnigine(bytes))).equals(Buffer.from(bytes))).toBe(true);
  });
});
