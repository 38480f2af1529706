// Transport Fever encode after the issue-22 writer work: assetToTf lays the document out in one
// blob buffer (every array a view at its offset) and writeTfBlob hands that buffer out once
// instead of copying it. Same bytes as the copying path, the same layout as packTfLayout.
import { tubeAsset } from '../fixtures/tube-asset.js';
import { describe, expect, it } from 'vitest';
import { emptyAsset, type Asset, type Mesh } from '../bindings/index.js';
import { assetToTf, packTfLayout, readTfMesh, tfFormat, writeTfBlob, type TfMeshDocument } from '../bindings/formats/tf/index.js';
import { assetToTfForWrite } from '../bindings/formats/tf/from-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();

/** Meshes sharing index lists, some without normals or UVs, so that index streams of different meshes are equal. */
function assetWithSharedStreams(seed: number): Asset {
  const next = rng(seed);
  const asset = emptyAsset('shared');
  const lists = [Uint16Array.of(0, 1, 2, 2, 1, 3), Uint16Array.of(0, 2, 1, 1, 2, 3), Uint16Array.of(3, 2, 1)];
  for (let m = 0; m < 7; m++) {
    const floats = (n: number) => Float32Array.from({ length: n }, () => Math.fround(next() * 2 - 1));
    const mesh: Mesh = { name: `m${m}`, attributes: { positions: floats(12) }, indices: Uint16Array.from(lists[Math.floor(next() * lists.length)]!) };
    if (next() < 0.5) mesh.attributes.normals = floats(12);
    if (next() < 0.5) mesh.attributes.uvs = [floats(8)];
    if (next() < 0.3) mesh.attributes.tangents = floats(16);
    asset.meshes.push(mesh);
  }
  return asset;
}

/** The document with every array copied to a buffer of its own (what writeTfBlob copies from). */
function copied(doc: TfMeshDocument): TfMeshDocument {
  return {
    ...doc,
    attributes: doc.attributes.map((a) => ({ ...a, data: a.data.slice() })),
    subMeshes: doc.subMeshes.map((s) => ({ ...s, indices: s.indices.map((i) => ({ ...i, data: i.data.slice() })) })),
  };
}

describe('assetToTf lays the blob out in place', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`seed ${seed}: packTfLayout's offsets, and the bytes the copying writer gives, on every backend`, () => {
      for (const backend of BACKENDS) {
        const asset = assetWithSharedStreams(seed);
        const { document } = assetToTf(asset, { fileName: 'x.msh' });
        const doc = document as TfMeshDocument;
        const repacked = packTfLayout(copied(doc));
        expect(doc.attributes.map((a) => [a.offset, a.count])).toEqual(repacked.attributes.map((a) => [a.offset, a.count]));
        expect(doc.subMeshes.map((s) => s.indices.map((i) => [i.offset, i.count]))).toEqual(repacked.subMeshes.map((s) => s.indices.map((i) => [i.offset, i.count])));
        const reference = writeTfBlob(copied(doc));
        const [, blob] = tfFormat.encodeFiles!(assetWithSharedStreams(seed), 'x.msh', { kernels: kernels[backend] });
        expect(Buffer.compare(blob!.bytes, reference)).toBe(0);
        expect(Buffer.compare(writeTfBlob(doc), reference)).toBe(0);
      }
    });
  }

  it('some seed shares a stream between meshes (the case the layout must get right)', () => {
    const shares = [1, 2, 3, 4, 5, 6].some((seed) => {
      const doc = assetToTf(assetWithSharedStreams(seed), { fileName: 'x.msh' }).document as TfMeshDocument;
      const owner = new Map<number, number>();
      return doc.subMeshes.some((s, m) => s.indices.some((i) => {
        const first = owner.get(i.offset) ?? m;
        owner.set(i.offset, first);
        return first !== m;
      }));
    });
    expect(shares).toBe(true);
  });

  it('the buffer is handed out once: a second write of the document copies', () => {
    // The writer's own document (assetToTfForWrite); a document given to a caller (assetToTf) is always copied (test/review3-tf-blob.test.ts).
    // No stream shared (a shared one leaves an unused tail in the laid-out buffer: then copied, test/review3-tf-blob.test.ts).
    const doc = assetToTfForWrite(tubeAsset(), { fileName: 'x.msh' }).document as TfMeshDocument;
    const first = writeTfBlob(doc);
    const second = writeTfBlob(doc);
    expect(first.buffer).toBe(doc.attributes[0]!.data.buffer);
    expect(second.buffer).not.toBe(first.buffer);
    expect(Buffer.compare(first, second)).toBe(0);
  });

  it('a document read from a blob is written into a new buffer, never the input', () => {
    const [msh, blob] = tfFormat.encodeFiles!(assetWithSharedStreams(2), 'x.msh');
    const input = blob!.bytes.slice();
    const doc = readTfMesh(msh!.bytes, input);
    const written = writeTfBlob(doc);
    expect(written.buffer).not.toBe(input.buffer);
    expect(Buffer.compare(written, input)).toBe(0);
  });
});
