// Review of round seven's embedded .gltf encode (write-gltf.ts): the buffer joined for its base64
// lives in an array kept between calls (up to GLTF_OUTPUT_DEFAULTS.embeddedScratchMaxBytes) and is
// zeroed before each use. Every output must be the one an array of its own gives (the limit at 0),
// whatever came before: encodes of other sizes, an encode that threw with the scratch half
// written, an encode started from inside another one's warning; and bytes handed out earlier never
// change afterwards.
import { describe, expect, it } from 'vitest';
import type { BuiltGltf } from '../bindings/formats/gltf/gltf-builder.js';
import { gltfFormat } from '../bindings/formats/gltf/gltf-format.js';
import { GLTF_OUTPUT_DEFAULTS, gltfToEmbedded } from '../bindings/formats/gltf/write-gltf.js';
import type { Asset } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

/** `run` with every embedded buffer in an array of its own (what the encode did before round seven). */
function fresh<T>(run: () => T): T {
  const { embeddedScratchMaxBytes } = GLTF_OUTPUT_DEFAULTS;
  GLTF_OUTPUT_DEFAULTS.embeddedScratchMaxBytes = 0;
  try {
    return run();
  } finally {
    GLTF_OUTPUT_DEFAULTS.embeddedScratchMaxBytes = embeddedScratchMaxBytes;
  }
}

/** A built glTF of `byteLength` bytes whose copyInto writes only every third byte (the rest are gaps, zero in a new array). */
function sparseBuilt(byteLength: number, seed: number, onCopy?: (target: Uint8Array) => void): BuiltGltf {
  return {
    json: { asset: { version: '2.0' }, buffers: [{ byteLength }] },
    byteLength,
    copyInto(target, offset) {
      for (let i = 0; i < byteLength; i += 3) target[offset + i] = (i * 7 + seed) & 255 || 1;
      onCopy?.(target);
    },
  };
}

describe.each(BACKENDS)('the embedded .gltf encode on %s', (backend) => {
  const o = { kernels: kernels[backend] };
  const big = tubeAsset({ rings: 120, segments: 90, frames: 3 });
  const small = tubeAsset({ rings: 3, segments: 5, frames: 2 });
  const middle = tubeAsset({ rings: 40, segments: 30, frames: 1, height: 2 });

  it('gives each output an array of its own would, in any order, and never changes one given earlier', () => {
    const expected = fresh(() => [big, small, middle, big].map((a) => gltfFormat.encodeSync(a, o)));
    const given: Uint8Array[] = [];
    for (const [i, a] of [big, small, middle, big].entries()) {
      given.push(gltfFormat.encodeSync(a, o));
      expect(Buffer.compare(given[i]!, expected[i]!), `encode ${i}`).toBe(0);
    }
    for (const [i, bytes] of given.entries()) expect(Buffer.compare(bytes, expected[i]!), `encode ${i} afterwards`).toBe(0);
  });

  it('zeroes the gaps the last call left written, and recovers from a call that threw with the scratch half written', () => {
    const expectedSparse = fresh(() => gltfToEmbedded(sparseBuilt(30000, 1)));
    // A dense call first: every scratch byte written non-zero.
    const dense: BuiltGltf = { json: { asset: { version: '2.0' }, buffers: [{ byteLength: 60000 }] }, byteLength: 60000, copyInto: (t, at) => t.fill(0xee, at, at + 60000) };
    gltfToEmbedded(dense);
    expect(Buffer.compare(gltfToEmbedded(sparseBuilt(30000, 1)), expectedSparse)).toBe(0);
    // A call that throws after writing every byte of its part of the scratch.
    expect(() =>
      gltfToEmbedded(
        sparseBuilt(60000, 2, (t) => {
          t.fill(0xff);
          throw new Error('midway');
        }),
      ),
    ).toThrow('midway');
    expect(Buffer.compare(gltfToEmbedded(sparseBuilt(30000, 1)), expectedSparse)).toBe(0);
    const expectedTube = fresh(() => gltfFormat.encodeSync(middle, o));
    expect(Buffer.compare(gltfFormat.encodeSync(middle, o), expectedTube)).toBe(0);
  });

  it('is right when an encode starts inside another one (from its Asset\'s warnings)', () => {
    const expectedOuter = fresh(() => gltfFormat.encodeSync(big, { ...o, quantize: true }));
    const expectedInner = fresh(() => gltfFormat.encodeSync(middle, o));
    let inner: Uint8Array | undefined;
    const warnings: string[] = [];
    // The writer warns on the Asset (quantize's summary): that push encodes another Asset.
    const outerAsset: Asset = { ...big, warnings: Object.assign(warnings, { push: (...w: string[]) => ((inner ??= gltfFormat.encodeSync(middle, o)), Array.prototype.push.apply(warnings, w)) }) };
    const outer = gltfFormat.encodeSync(outerAsset, { ...o, quantize: true });
    expect(inner).toBeDefined();
    expect(Buffer.compare(inner!, expectedInner)).toBe(0);
    expect(Buffer.compare(outer, expectedOuter)).toBe(0);
  });

  it('keeps no more than embeddedScratchMaxBytes: a larger buffer gets an array of its own, output as before', () => {
    const length = GLTF_OUTPUT_DEFAULTS.embeddedScratchMaxBytes + 4;
    gltfToEmbedded({ json: { asset: { version: '2.0' }, buffers: [{ byteLength: length - 8 }] }, byteLength: length - 8, copyInto: (t, at) => t.fill(0xee, at, at + length - 8) });
    const expected = fresh(() => gltfToEmbedded(sparseBuilt(length, 3)));
    expect(Buffer.compare(gltfToEmbedded(sparseBuilt(length, 3)), expected)).toBe(0);
  });
});
