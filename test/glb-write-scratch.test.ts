// The glTF writer's scratch (bindings/formats/gltf/writer-scratch.ts): arrays that live until the
// output is made are slices of one buffer kept between encodes, not zero-filled. An encode after
// another (larger, with other values) writes the same bytes as in a fresh process: every element
// it needs is written (replaced normals' x and y, unused skin slots), nothing of the earlier
// encode shows through, outputs never share memory with the scratch, and an encode that threw
// with its scratch leased leaves the next one whole. On every backend.
import { describe, expect, it } from 'vitest';
import { glbFormat, gltfFormat, meshoptReady, type Asset } from '../bindings/index.js';
import { SCRATCH_DEFAULTS, WriterScratch } from '../bindings/formats/gltf/writer-scratch.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { richTubeAsset } from './helpers/synthetic.js';

const kernels = allKernels();

/** A skinned quad whose second vertex has a zero normal and whose vertices use 1–4 skin slots, a slot naming one joint twice. */
function sparseAsset(): Asset {
  return {
    source: 'test',
    upAxis: 'z',
    meshes: [{
      name: 'quad',
      attributes: {
        positions: Float32Array.of(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0),
        normals: Float32Array.of(0, 0, 1, 0, 0, 0, 0, 0, 2, 0, 0, 1),
        uvs: [Float32Array.of(0, 0, 1, 0, 1, 1, 0, 1)],
        joints: Uint16Array.of(1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0),
        weights: Float32Array.of(1, 0, 0, 0, 0.5, 0.5, 0, 0, 0.25, 0.75, 0, 0, 0, 0, 0, 0),
      },
      indices: Uint16Array.of(0, 1, 2, 0, 2, 3),
    }],
    skeleton: { joints: [
      { name: 'root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
      { name: 'tip', parent: 0, translation: [0, 0, 1], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
    ] },
    animations: [{ name: 'lift', frameRate: 1, frameCount: 2, tracks: [{ joint: 1, times: Float32Array.of(0, 1), translation: Float32Array.of(0, 0, 1, 0, 0, 2) }] }],
    materials: [],
    warnings: [],
  } as unknown as Asset;
}

/** The tube with every value made large and odd, so that stale scratch bytes would show. */
function noisyTube(): Asset {
  const asset = richTubeAsset();
  for (const mesh of asset.meshes) for (const uv of mesh.attributes.uvs ?? []) uv.fill(0.123);
  return asset;
}

describe('glTF writer scratch', () => {
  for (const backend of BACKENDS) {
    const options = { kernels: kernels[backend] };
    it(`${backend}: an encode after a larger one writes the same bytes, for GLB, .gltf + .bin and embedded .gltf`, () => {
      const first = glbFormat.encodeSync(sparseAsset(), options);
      const firstFiles = gltfFormat.encodeFiles!(sparseAsset(), 'a.gltf', options);
      const firstEmbedded = gltfFormat.encodeSync(sparseAsset(), options);
      for (let i = 0; i < 3; i++) {
        glbFormat.encodeSync(noisyTube(), options);
        expect(glbFormat.encodeSync(sparseAsset(), options)).toEqual(first);
        gltfFormat.encodeFiles!(noisyTube(), 'b.gltf', options);
        expect(gltfFormat.encodeFiles!(sparseAsset(), 'a.gltf', options)).toEqual(firstFiles);
        gltfFormat.encodeSync(noisyTube(), options);
        expect(gltfFormat.encodeSync(sparseAsset(), options)).toEqual(firstEmbedded);
      }
      // The zero normal read back as +Y (+Z turned Y-up), not as what the scratch held; unused skin slots 0.
      const back = glbFormat.parseSync(first, options);
      const n = back.meshes[0]!.attributes.normals!;
      expect(Array.from(n.subarray(3, 6))).toEqual([0, 0, 1]);
      const weights = back.meshes[0]!.attributes.weights!;
      expect(Array.from(weights.subarray(0, 4))).toEqual([1, 0, 0, 0]);
    });

    it(`${backend}: outputs own their memory (none is a view of the scratch or of another output)`, () => {
      const a = glbFormat.encodeSync(noisyTube(), options);
      const copy = a.slice();
      const b = glbFormat.encodeSync(noisyTube(), options);
      expect(a.buffer).not.toBe(b.buffer);
      expect(a.byteOffset).toBe(0);
      expect(a.buffer.byteLength).toBe(a.length);
      b.fill(0);
      glbFormat.encodeSync(sparseAsset(), options);
      expect(a).toEqual(copy);
    });
  }

  it.skipIf(meshoptReady())('an encode that throws with the scratch leased (meshopt not loaded) leaves the next encode whole', () => {
    const first = glbFormat.encodeSync(sparseAsset(), { kernels: kernels.js });
    expect(() => glbFormat.encodeSync(noisyTube(), { kernels: kernels.js, compress: 'meshopt' })).toThrow(/meshopt/);
    expect(glbFormat.encodeSync(sparseAsset(), { kernels: kernels.js })).toEqual(first);
  });

  it('gives slices of one buffer up to what the last lease asked for, fresh arrays beyond, and is leased once at a time', () => {
    const one = WriterScratch.lease();
    one.float32(1000);
    const other = WriterScratch.lease();
    expect(other).not.toBe(one);
    other.release();
    one.release();
    // Released twice: kept once.
    one.release();
    const again = WriterScratch.lease();
    expect([one, other]).toContain(again);
    expect(WriterScratch.lease()).not.toBe(again);
    const b = again.float32(10);
    const c = again.uint16(3);
    expect(b.buffer).toBe(c.buffer);
    expect(c.byteOffset).toBe(40);
    const big = again.uint8(SCRATCH_DEFAULTS.maxBytes + 1);
    expect(big.buffer).not.toBe(b.buffer);
    expect(big.every((v) => v === 0)).toBe(true);
    again.release();
    // Kept no larger than maxBytes.
    const capped = WriterScratch.lease();
    expect(capped.uint8(SCRATCH_DEFAULTS.maxBytes).buffer.byteLength).toBeLessThanOrEqual(SCRATCH_DEFAULTS.maxBytes);
    capped.release();
  });
});
