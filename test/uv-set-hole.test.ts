// A UV list with a hole (`uvs[1]` without `uvs[0]`: validateAsset accepts it, no reader makes one)
// reached every writer; the apg and MeshSerializer2 writers, which store one UV set, tested the
// list's length and then read `uvs[0]`, and threw a TypeError (INTERNAL) on every backend (found by
// h-review7). Now every writer call writes such an Asset on all three backends alike: the glTF
// writers close the sets up (a warning), the one-set formats store no UVs and say the others were
// dropped, the rest store what they have; each output reads back.
import { beforeAll, describe, expect, it } from 'vitest';
import { gltf, type Asset } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { assetFuzzKernels, checkWriterContract, writerCalls } from './helpers/asset-fuzz.js';

beforeAll(() => gltf.initMeshopt());

function withHole(): Asset {
  const asset = tubeAsset();
  for (const mesh of asset.meshes) {
    const uv = mesh.attributes.uvs?.[0] ?? new Float32Array((mesh.attributes.positions.length / 3) * 2).fill(0.25);
    const sets: Float32Array[] = [];
    sets[1] = uv;
    mesh.attributes.uvs = sets;
  }
  return asset;
}

describe('a UV list with a hole', () => {
  const kernels = assetFuzzKernels();
  for (const call of writerCalls()) {
    it(`${call.name}: written alike on every backend, never INTERNAL, and read back as the Asset without the hole is`, () => {
      const outcome = checkWriterContract(call, withHole(), kernels);
      const plain = checkWriterContract(call, tubeAsset(), kernels);
      // A call that refuses the tube itself (tf.encodeSync: a mesh needs its blob) refuses it alike.
      if (!plain.ok) return expect(outcome).toEqual(plain);
      expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
      if (!outcome.ok) return;
      const readBack = (files: { name: string; bytes: Uint8Array }[]) =>
        call.format.parseSync(files[0]!.bytes, { fileName: files[0]!.name, resolve: (name: string) => files.find((f) => f.name === name || name.endsWith(f.name))?.bytes });
      const read = readBack(outcome.files);
      const expected = readBack(plain.files);
      expect(read.meshes.map((m) => m.attributes.positions.length)).toEqual(expected.meshes.map((m) => m.attributes.positions.length));
      expect(read.animations.length).toBe(expected.animations.length);
    });
  }
});
