// A submesh whose one index stream uses every element of a run is narrowed in the weld's
// workspace (tf/to-asset.ts `narrowed`): indices at 1, 2 and 4 bytes, from a run at 0 and a run
// further on (two submeshes over shared attributes), the same on every backend and the same as
// the indices written, with parseTfPair (which adopts arrays) and tfFormat.parseSync.
import { describe, expect, it } from 'vitest';
import { emptyAsset, tfFormat, type Asset } from '../bindings/index.js';
import { parseTfPair } from '../bindings/formats/tf/index.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();

/** A triangle soup of `vertexCount` distinct vertices, every one used, in a shuffled order. */
function soup(vertexCount: number, seed: number): { positions: Float32Array; indices: Uint32Array } {
  const next = rng(seed);
  const positions = new Float32Array(vertexCount * 3);
  for (let i = 0; i < positions.length; i++) positions[i] = (i + 1) * 0.25 + next();
  const order = Array.from({ length: vertexCount }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const corners = Math.ceil(vertexCount / 3) * 3;
  const indices = new Uint32Array(corners);
  for (let c = 0; c < corners; c++) indices[c] = order[c % vertexCount]!;
  return { positions, indices };
}

function assetOf(sizes: number[]): Asset {
  const asset = emptyAsset('test');
  sizes.forEach((n, m) => {
    const { positions, indices } = soup(n, 17 + m);
    asset.meshes.push({ name: `m${m}`, attributes: { positions }, indices: n < 256 ? Uint8Array.from(indices) : n < 65536 ? Uint16Array.from(indices) : indices });
  });
  return asset;
}

describe('TF read: single-stream submeshes narrowed in the weld workspace', () => {
  for (const sizes of [[100, 40], [1000, 3000], [70000, 200]]) {
    it(`submeshes of ${sizes.join(' and ')} vertices: widths ${sizes.map((n) => (n < 256 ? 1 : n < 65536 ? 2 : 4)).join(', ')}, values as written, on every backend`, () => {
      const source = assetOf(sizes);
      const [msh, blob] = tfFormat.encodeFiles!(source, 'narrow.msh', { kernels: kernels.js });
      const resolve = (name: string) => (name === blob!.name ? blob!.bytes : undefined);
      const results = BACKENDS.flatMap((b) => [
        tfFormat.parseSync(msh!.bytes, { fileName: 'narrow.msh', resolve, kernels: kernels[b] }),
        parseTfPair(msh!.bytes, blob!.bytes, { kernels: kernels[b] }),
      ]);
      for (const asset of results) {
        expect(asset.meshes.length).toBe(sizes.length);
        asset.meshes.forEach((mesh, m) => {
          const want = source.meshes[m]!;
          expect(mesh.indices.constructor).toBe(want.indices.constructor);
          // The writer may renumber vertices: the triangles must name the same positions.
          const at = (a: Asset['meshes'][number], c: number) => Array.from(a.attributes.positions.subarray(a.indices[c]! * 3, a.indices[c]! * 3 + 3));
          expect(mesh.indices.length).toBe(want.indices.length);
          for (let c = 0; c < want.indices.length; c += 97) expect(at(mesh, c)).toEqual(at(want, c));
          expect(mesh.attributes.positions.length).toBe(want.attributes.positions.length);
        });
      }
      // Every backend and both entry points give the same indices, bit for bit.
      for (const asset of results.slice(1)) asset.meshes.forEach((mesh, m) => expect(mesh.indices).toEqual(results[0]!.meshes[m]!.indices));
    });
  }
});
