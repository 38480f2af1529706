// The MS2 staged read (formats/ms2/staged-read.ts) against the document path (readMs2, then
// ms2ToAsset) on random files of every vertex format: the same Asset bit for bit (NaN and
// infinite bounds included), the same refusals, on both WebAssembly backends.
import { describe, expect, it } from 'vitest';
import { ms2Format, MeshFormatError, type Asset } from '../bindings/index.js';
import { readMs2 } from '../bindings/formats/ms2/read-ms2.js';
import { ms2ToAsset } from '../bindings/formats/ms2/to-asset.js';
import { stagedMs2ToAsset } from '../bindings/formats/ms2/staged-read.js';
import { ms2ByteSize, MS2_FORMAT } from '../bindings/formats/ms2/ms2-document.js';
import { allKernels, rng } from './helpers/backends.js';

const kernelsByName = allKernels();

/** A random MS2 file: `format`, `n` vertices, `t` triangles; indices below `limit`; bounds sometimes NaN or infinite. */
function randomMs2(next: () => number, format: number, n: number, t: number, limit = n): Uint8Array {
  const bytes = new Uint8Array(ms2ByteSize(n, t, format));
  const view = new DataView(bytes.buffer);
  view.setUint16(0, n, true);
  view.setUint16(2, t, true);
  bytes[4] = format;
  for (let i = 5; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
  const special = [NaN, Infinity, -Infinity, -0, 3.5e38];
  const bound = (at: number) => view.setFloat32(at, next() < 0.1 ? special[Math.floor(next() * special.length)]! : (next() - 0.5) * 200, true);
  let at = 5;
  if (n > 0) {
    for (let k = 0; k < 6; k++) bound(at + 4 * k);
    at += 24 + 6 * n;
    if (format & MS2_FORMAT.normals) at += 3 * n;
    if (format & MS2_FORMAT.tangents) at += 4 * n;
    if (format & MS2_FORMAT.uvs) {
      for (let k = 0; k < 4; k++) bound(at + 4 * k);
      at += 16 + 4 * n;
    }
  } else {
    if (format & MS2_FORMAT.normals) at += 3 * n;
    if (format & MS2_FORMAT.tangents) at += 4 * n;
  }
  for (let i = 0; i < 3 * t; i++) view.setUint16(at + 2 * i, Math.min(0xffff, Math.floor(next() * limit)), true);
  return bytes;
}

/** Every typed array as its bits, so that NaN payloads and −0 compare. */
function bits(asset: Asset): unknown {
  return JSON.parse(JSON.stringify(asset, (_, v) => (ArrayBuffer.isView(v) ? [v.constructor.name, Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength))] : v)));
}

function outcome(run: () => Asset | undefined): unknown {
  try {
    const asset = run();
    return asset ? bits(asset) : 'undefined';
  } catch (error) {
    if (!(error instanceof MeshFormatError)) throw error;
    return { code: error.code, offset: error.offset, message: error.message };
  }
}

describe('MS2 staged read', () => {
  for (const backend of ['wasm-simd', 'wasm-scalar'] as const) {
    it(`gives the document path's Asset, or its refusal, on ${backend}`, () => {
      const kernels = kernelsByName[backend];
      const next = rng(22);
      let staged = 0;
      for (let round = 0; round < 300; round++) {
        const format = 1 + 2 * Math.floor(next() * 8);
        const n = [0, 1, 3, 255, 256, 700][Math.floor(next() * 6)]!;
        const t = Math.floor(next() * 300);
        const bad = next() < 0.1;
        let bytes = randomMs2(next, format, n, t, bad ? n + 3 : n);
        if (next() < 0.1) bytes = bytes.subarray(0, Math.floor(next() * bytes.length));
        const expected = outcome(() => ms2ToAsset(readMs2(bytes, kernels), { kernels }, true));
        expect(outcome(() => ms2Format.parseSync(bytes, { kernels }))).toEqual(expected);
        const direct = outcome(() => stagedMs2ToAsset(bytes, kernels));
        if (direct !== 'undefined') {
          staged++;
          expect(direct).toEqual(expected);
        }
      }
      // Most well-formed files take the staged path.
      expect(staged).toBeGreaterThan(150);
    });
  }

  it('leaves js kernels to the document path', () => {
    const bytes = randomMs2(rng(3), 15, 10, 5);
    expect(stagedMs2ToAsset(bytes, kernelsByName.js)).toBeUndefined();
  });

  it('keeps no input bytes in the Asset\'s buffer (only the arrays it returns)', () => {
    const kernels = kernelsByName['wasm-simd'];
    const bytes = randomMs2(rng(5), 15, 300, 200);
    const asset = stagedMs2ToAsset(bytes, kernels)!;
    const { positions, normals, tangents, uvs } = asset.meshes[0]!.attributes;
    const indices = asset.meshes[0]!.indices;
    const arrayBytes = [positions, normals!, tangents!, uvs![0]!, indices].reduce((s, a) => s + a.byteLength, 0);
    expect(positions.buffer.byteLength).toBeLessThan(arrayBytes + 5 * 16);
  });
});
