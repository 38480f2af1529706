// Review of issue 22's TF writer (tf/writer-blob.ts): the blob handed out without a copy must not
// share memory with anything a caller holds. tf.assetToTf is public and gives the caller the
// document; writing it then must give a blob that later changes to the document (or a second
// write) leave alone.
import { describe, expect, it } from 'vitest';
import { emptyAsset, tf, type Mesh } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';

describe('TF writer: the blob shares no memory with a document the caller holds', () => {
  it('tf.assetToTf then tf.writeTfMesh: the blob is not a view of the document the caller holds', () => {
    const { document } = tf.assetToTf(tubeAsset());
    if (document.kind !== 'msh') throw new Error('expected a mesh document');
    const { blob } = tf.writeTfMesh(document);
    const before = blob.slice();
    for (const attribute of document.attributes) expect(attribute.data.buffer).not.toBe(blob.buffer);
    // The caller edits its document and writes it again: the first blob stays what it was.
    document.attributes[0]!.data.fill(7);
    tf.writeTfMesh(document);
    expect(blob).toEqual(before);
  });

  it('the files of tfFormat.encodeFiles are what writing the same document through the public functions gives', () => {
    const { document } = tf.assetToTf(tubeAsset(), { fileName: 'tube.msh' });
    if (document.kind !== 'msh') throw new Error('expected a mesh document');
    const expected = tf.writeTfMesh(document);
    const files = tf.encodeTfFiles(tubeAsset(), 'tube.msh');
    expect(files[1]!.bytes).toEqual(expected.blob);
    expect(new TextDecoder().decode(files[0]!.bytes)).toBe(new TextDecoder().decode(expected.msh));
  });

  it('a blob whose laid-out buffer kept a replaced stream is copied: its .buffer holds the blob and nothing else', () => {
    // Three meshes with equal indices, normals on the first and last only (the reviewer's case):
    // a later index stream takes an earlier one's place, leaving the stream laid out for it unused.
    const asset = emptyAsset('shared');
    for (const normals of [true, false, true]) {
      const mesh: Mesh = { name: `m${asset.meshes.length}`, attributes: { positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0) }, indices: Uint16Array.of(0, 1, 2) };
      if (normals) mesh.attributes.normals = Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1);
      asset.meshes.push(mesh);
    }
    const blob = tf.encodeTfFiles(asset, 'x.msh')[1]!.bytes;
    expect(blob.byteOffset).toBe(0);
    expect(blob.buffer.byteLength).toBe(blob.byteLength);
  });
});
