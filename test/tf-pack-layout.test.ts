// The TF writer's blob layout: index streams with equal contents share bytes, found by hash
// (StreamIndex) instead of a search through every earlier stream (issue 17: 10,000 one-quad
// submeshes took 4–12 s; bench/tf-encode-submeshes.ts gives the figures).
import { describe, expect, it } from 'vitest';
import { emptyAsset, tfFormat, type Asset } from '../bindings/index.js';
import { packTfLayout, readTfMesh, type TfMeshDocument } from '../bindings/formats/tf/index.js';
import { equalIndices, hashIndices, StreamIndex } from '../bindings/formats/tf/equal-streams.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();

describe('StreamIndex', () => {
  it('finds an earlier stream by contents (another array), never one that differs', () => {
    const index = new StreamIndex<string>();
    index.add(Uint32Array.of(1, 2, 3), 'a');
    index.add(Uint32Array.of(1, 2, 4), 'b');
    index.add(new Uint32Array(0), 'empty');
    expect(index.find(Uint32Array.of(1, 2, 3))).toBe('a');
    expect(index.find(Uint32Array.of(1, 2, 4))).toBe('b');
    expect(index.find(new Uint32Array(0))).toBe('empty');
    expect(index.find(Uint32Array.of(1, 2))).toBeUndefined();
    expect(index.find(Uint32Array.of(3, 2, 1))).toBeUndefined();
    expect(index.find(Uint32Array.of(1, 2, 3, 0))).toBeUndefined();
  });

  it('streams whose hashes collide are told apart by their values', () => {
    // FNV-1a over two values: h = ((s ^ a)·P ^ b)·P, so for another a the b that gives the same h is found directly.
    const P = 0x01000193;
    const s = Math.imul(0x811c9dc5 ^ 2, P);
    const [a, b, a2] = [7, 11, 123456];
    const b2 = (Math.imul(s ^ a, P) ^ b ^ Math.imul(s ^ a2, P)) >>> 0;
    expect(hashIndices(Uint32Array.of(a2, b2))).toBe(hashIndices(Uint32Array.of(a, b)));
    const index = new StreamIndex<string>();
    index.add(Uint32Array.of(a, b), 'first');
    expect(index.find(Uint32Array.of(a2, b2))).toBeUndefined();
    index.add(Uint32Array.of(a2, b2), 'second');
    expect(index.find(Uint32Array.of(a2, b2))).toBe('second');
    expect(index.find(Uint32Array.of(a, b))).toBe('first');
  });
});

/** `count` one-quad meshes side by side. */
function quads(count: number): Asset {
  const asset = emptyAsset('synthetic');
  for (let q = 0; q < count; q++) {
    asset.meshes.push({
      name: `quad${q}`,
      attributes: {
        positions: Float32Array.of(q, 0, 0, q + 1, 0, 0, q + 1, 1, 0, q, 1, 0),
        normals: Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1),
        tangents: Float32Array.of(1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1),
        uvs: [Float32Array.of(0, 0, 1, 0, 1, 1, 0, 1)],
      },
      indices: Uint8Array.of(0, 1, 2, 0, 2, 3),
    });
  }
  return asset;
}

describe('packTfLayout', () => {
  it('places each distinct stream once, in order, and points equal ones at it (as a search through every earlier stream would)', () => {
    const next = rng(9);
    const pool = Array.from({ length: 40 }, (_, i) => Uint32Array.from({ length: 3 + (i % 5) * 3 }, () => Math.floor(next() * 8)));
    const doc: TfMeshDocument = {
      kind: 'msh',
      attributes: [{ name: 'position', numComp: 3, data: new Float32Array(24), offset: 0, count: 96, extra: new Map() }],
      subMeshes: Array.from({ length: 300 }, () => ({
        indices: ['position', 'normal'].map((attribute) => ({ attribute, data: Uint32Array.from(pool[Math.floor(next() * pool.length)]!), offset: 0, count: 0, extra: new Map() })),
        extra: new Map(),
      })),
      extra: new Map(),
      unreferenced: [],
    };
    const packed = packTfLayout(doc);
    // Reference: the first stream with equal contents gives the offset.
    const seen: { data: Uint32Array; offset: number }[] = [];
    let end = 96;
    for (const subMesh of packed.subMeshes) {
      for (const stream of subMesh.indices) {
        const first = seen.find((s) => equalIndices(s.data, stream.data));
        if (first) {
          expect(stream.offset).toBe(first.offset);
        } else {
          expect(stream.offset).toBe(end);
          seen.push({ data: stream.data, offset: end });
          end += stream.data.byteLength;
        }
        expect(stream.count).toBe(stream.data.byteLength);
      }
    }
    expect(seen.length).toBeLessThanOrEqual(pool.length);
  });

  it('5,000 one-quad meshes: the same files on every backend, read back mesh for mesh', () => {
    const files = BACKENDS.map((b) => tfFormat.encodeFiles!(quads(5000), 'q.msh', { kernels: kernels[b] }));
    for (const f of files) f.forEach((x, i) => expect(Buffer.compare(x.bytes, files[0]![i]!.bytes)).toBe(0));
    const [msh, blob] = files[0]!;
    const doc = readTfMesh(msh!.bytes, blob!.bytes);
    expect(doc.subMeshes).toHaveLength(5000);
    // One stream per quad (its four attributes share it), 24 bytes each, after the attributes.
    expect(blob!.bytes.length).toBe(5000 * 4 * (3 + 3 + 4 + 2) * 4 + 5000 * 24);
    for (const s of doc.subMeshes) expect(new Set(s.indices.map((i) => i.offset)).size).toBe(1);
    // Each submesh takes its run of the shared attributes as it is, on every backend.
    for (const b of BACKENDS) {
      const asset = tfFormat.parseSync(msh!.bytes, { fileName: 'q.msh', resolve: () => blob!.bytes, kernels: kernels[b] });
      expect(asset.meshes).toHaveLength(5000);
      asset.meshes.forEach((mesh, q) => {
        expect(Array.from(mesh.indices)).toEqual([0, 1, 2, 0, 2, 3]);
        expect(mesh.attributes.positions[0]).toBe(q);
      });
    }
  });
});
