// encodeBase64Into (gltf/base64.ts): Node's Buffer from BASE64_BUFFER_MIN_BYTES on, the loop
// below it and wherever there is no Buffer. Both give btoa's text, byte for byte, at any offset
// into a larger output, touching nothing outside their base64Length(n) bytes; an embedded .gltf
// reads back to the Asset its GLB does.
import { describe, expect, it } from 'vitest';
import { glbFormat, gltfFormat } from '../bindings/index.js';
import { BASE64_BUFFER_MIN_BYTES, base64Length, encodeBase64Into, encodeBase64Loop } from '../bindings/formats/gltf/base64.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { assetDigest } from './helpers/fuzz.js';
import { tubeAsset } from '../fixtures/tube-asset.js';

const kernels = allKernels();
const M = BASE64_BUFFER_MIN_BYTES;

describe('encodeBase64Into', () => {
  it('gives btoa\'s text at every size around the switch and every remainder, at an offset, nothing outside touched', () => {
    const next = rng(22);
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 100, M - 3, M - 2, M - 1, M, M + 1, M + 2, M + 3, 65_536, 100_001, 100_002, 300_000]) {
      const bytes = Uint8Array.from({ length: n }, () => Math.floor(next() * 256));
      // Through a view at an odd offset of a larger buffer, as the writer's arrays may be.
      const host = new Uint8Array(n + 7);
      host.set(bytes, 5);
      const input = host.subarray(5, 5 + n);
      let binary = '';
      for (let i = 0; i < n; i++) binary += String.fromCharCode(bytes[i]!);
      const want = btoa(binary);
      expect(base64Length(n)).toBe(want.length);
      for (const encode of [encodeBase64Into, encodeBase64Loop]) {
        const out = new Uint8Array(base64Length(n) + 11).fill(0xee);
        encode(input, out, 6);
        expect(Buffer.from(out.subarray(6, 6 + base64Length(n))).toString('latin1'), `${encode.name} ${n}`).toBe(want);
        expect([...out.subarray(0, 6), ...out.subarray(6 + base64Length(n))].every((b) => b === 0xee), `${encode.name} ${n}: outside`).toBe(true);
      }
    }
  });

  for (const backend of BACKENDS) {
    it(`an embedded .gltf (its buffer past the switch) reads back to the GLB's Asset (${backend})`, () => {
      const asset = tubeAsset();
      const glb = glbFormat.encodeSync(asset, { kernels: kernels[backend] });
      const embedded = gltfFormat.encodeSync(asset, { kernels: kernels[backend] });
      const json = JSON.parse(new TextDecoder().decode(embedded));
      expect(json.buffers[0].byteLength).toBeGreaterThanOrEqual(M);
      expect(assetDigest(gltfFormat.parseSync(embedded, { kernels: kernels.js }))).toBe(assetDigest(glbFormat.parseSync(glb, { kernels: kernels.js })));
    });
  }
});
