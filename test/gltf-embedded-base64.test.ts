// The .gltf writer's embedded buffer (encodeSync, encodeFiles with embedBuffers): base64 written
// straight into the output bytes (base64.ts encodeBase64Into, write-gltf.ts gltfToEmbedded) must
// give the file the string path gave: JSON.stringify of the document with the data: URI built by
// btoa. Checked on buffers of every length mod 3, on names with non-ASCII characters, and on a
// name equal to the writer's marker (which then is not unique, so another is taken); every backend.
import { describe, expect, it } from 'vitest';
import { createKernelsSync, gltfFormat, type Asset } from '../bindings/index.js';
import { base64Length, encodeBase64Into } from '../bindings/formats/gltf/base64.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { BACKENDS } from './helpers/backends.js';

/** The .gltf as the writer made it before: btoa of the buffer inside JSON.stringify. */
function reference(gltf: Uint8Array): Uint8Array {
  const json = JSON.parse(new TextDecoder().decode(gltf));
  const uri: string = json.buffers[0].uri;
  const bytes = Uint8Array.from(atob(uri.slice(uri.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  json.buffers[0].uri = `data:application/octet-stream;base64,${btoa(text)}`;
  return new TextEncoder().encode(JSON.stringify(json, null, 1));
}

describe('base64 into the output bytes', () => {
  it('is btoa for every length mod 3', () => {
    for (let length = 0; length < 40; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length * 31) & 255);
      const out = new Uint8Array(base64Length(length) + 2);
      encodeBase64Into(bytes, out, 1);
      expect(new TextDecoder().decode(out.subarray(1, out.length - 1))).toBe(btoa(String.fromCharCode(...bytes)));
      expect([out[0], out[out.length - 1]]).toEqual([0, 0]);
    }
  });

  for (const backend of BACKENDS) {
    it(`embedded .gltf equals the string path's (${backend})`, () => {
      const kernels = createKernelsSync(backend);
      for (const [name, rings] of [['tube', 3], ['ĉapelo ☂', 4], ['@meshcodec-buffer-0@', 5], ['@meshcodec-buffer-0@ and @meshcodec-buffer-1@', 6]] as const) {
        const asset: Asset = tubeAsset({ rings, segments: 5, frames: 2 });
        asset.meshes[0]!.name = name;
        const gltf = gltfFormat.encodeSync(asset, { kernels });
        expect(gltf).toEqual(reference(gltf));
        expect(JSON.parse(new TextDecoder().decode(gltf)).meshes[0].name).toBe(name);
        const [file] = gltfFormat.encodeFiles(asset, 'out/a.gltf', { kernels, embedBuffers: true });
        expect(file!.bytes).toEqual(gltf);
        const back = gltfFormat.parseSync(gltf, { kernels });
        expect(back.meshes[0]!.attributes.positions).toEqual(asset.meshes[0]!.attributes.positions);
      }
    });
  }
});
