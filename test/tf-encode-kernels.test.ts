// The TF writer's kernel calls (from-asset.ts): each mesh's first index stream written with the
// count of vertices no triangle uses (offsetIndicesU16/U32; 8-bit indices by loops) and
// v = 1 − v (flipV over parts). Random Assets of several meshes (so that later meshes' streams
// have a base), unused vertices, UVs with NaN payloads and every index width: the same files and
// warnings on all three backends, the count equal to a plain count of distinct indices, and the
// UV bytes equal to `Math.fround(1 - v)` stored, as the writer's loop before the kernel wrote them.
import { describe, expect, it } from 'vitest';
import { emptyAsset, tfFormat, type Asset, type IndexArray, type Mesh } from '../bindings/index.js';
import { allKernels, BACKENDS, floatBits, rng, withNaNPayloads } from './helpers/backends.js';

const kernels = allKernels();

function randomMesh(next: () => number, name: string): Mesh {
  const vertices = 1 + Math.floor(next() * (next() < 0.3 ? 70000 : 300));
  const triangles = Math.floor(next() * 400);
  const width = vertices > 65535 ? 4 : vertices < 256 && next() < 0.4 ? 1 : next() < 0.5 ? 2 : 4;
  const indices: IndexArray = width === 1 ? new Uint8Array(triangles * 3) : width === 2 ? new Uint16Array(triangles * 3) : new Uint32Array(triangles * 3);
  // Often only part of the vertices are reached.
  const reach = Math.max(1, Math.floor(vertices * (next() < 0.5 ? 1 : next())));
  for (let i = 0; i < indices.length; i++) indices[i] = Math.floor(next() * reach);
  const uv = withNaNPayloads(Float32Array.from({ length: vertices * 2 }, () => next() * 4 - 2), Math.floor(next() * 1e9), 16);
  return {
    name,
    attributes: { positions: Float32Array.from({ length: vertices * 3 }, () => next()), uvs: [uv] },
    indices,
  };
}

function distinct(indices: IndexArray): number {
  return new Set(indices).size;
}

describe('TF writer: unused-vertex count and UV flip by kernels', () => {
  it('same files and warnings on every backend; counts and flipped UVs as the plain loops give them', () => {
    const next = rng(20261124);
    for (let round = 0; round < 16; round++) {
      const asset: Asset = emptyAsset('test');
      const count = 1 + Math.floor(next() * 3);
      for (let m = 0; m < count; m++) asset.meshes.push(randomMesh(next, `m${m}`));
      const outputs = BACKENDS.map((backend) => {
        const copy: Asset = { ...asset, warnings: [] };
        const files = tfFormat.encodeFiles!(copy, 'x.msh', { kernels: kernels[backend] });
        return { files: files.map((f) => [f.name, Buffer.from(f.bytes).toString('base64')]), warnings: copy.warnings };
      });
      expect(outputs[1]).toEqual(outputs[0]);
      expect(outputs[2]).toEqual(outputs[0]);
      for (const mesh of asset.meshes) {
        const unused = mesh.attributes.positions.length / 3 - distinct(mesh.indices);
        const said = outputs[0]!.warnings.find((w) => w.startsWith(`mesh ${mesh.name}: `) && w.includes('used by no triangle'));
        if (unused) expect(said).toMatch(new RegExp(`^mesh ${mesh.name}: ${unused} vertices used by no triangle`));
        else expect(said).toBeUndefined();
      }
      // The uv0 attribute: each mesh's UVs in order, v flipped as Math.fround(1 - v) stored.
      const blob = new Uint8Array(Buffer.from(outputs[0]!.files[1]![1]!, 'base64'));
      const descriptor = Buffer.from(outputs[0]!.files[0]![1]!, 'base64').toString('latin1');
      const uvEntry = /uv0 = \{\s*count = (\d+),\s*numComp = 2,\s*offset = (\d+),/.exec(descriptor)!;
      const written = new Float32Array(blob.slice(Number(uvEntry[2]), Number(uvEntry[2]) + Number(uvEntry[1])).buffer);
      const expected = new Float32Array(written.length);
      let at = 0;
      for (const mesh of asset.meshes) {
        const uv = mesh.attributes.uvs![0]!;
        expected.set(uv, at);
        for (let i = at + 1; i < at + uv.length; i += 2) expected[i] = Math.fround(1 - expected[i]!);
        at += uv.length;
      }
      expect(floatBits(written)).toEqual(floatBits(expected));
    }
  });
});
