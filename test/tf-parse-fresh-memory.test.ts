// TF parses on kernels made just before (WebAssembly memory at its first size), for submeshes of
// growing size whose index stream is its own weld: the weld's workspaces and the kernels' staging
// then grow the memory mid-parse, which must never detach a workspace array a kernel writes
// (an early version of the identity weld narrowed straight into the Asset's block, an output
// staged from outside the workspace, and failed here with INTERNAL). Every backend gives the js
// backend's Asset, bit for bit.
import { describe, expect, it } from 'vitest';
import { createKernelsSync } from '../bindings/index.js';
import { tfFormat } from '../bindings/formats/tf/tf-format.js';
import { emptyAsset, type Asset } from '../bindings/model/asset.js';
import { BACKENDS, rng } from './helpers/backends.js';

function oneMesh(corners: number, seed: number): Asset {
  const next = rng(seed);
  const positions = new Float32Array(corners * 3).map(() => next() * 10 - 5);
  const uv = new Float32Array(corners * 2).map(() => next());
  const indices = corners > 65535 ? new Uint32Array(corners) : corners > 255 ? new Uint16Array(corners) : new Uint8Array(corners);
  // Every vertex once, in a shuffled order: the stream is a permutation of its range.
  for (let i = 0; i < corners; i++) indices[i] = i;
  for (let i = corners - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [indices[i], indices[j]] = [indices[j]!, indices[i]!];
  }
  const asset = emptyAsset('test');
  asset.upAxis = 'z';
  asset.meshes.push({ name: 'm', attributes: { positions, uvs: [uv] }, indices });
  return asset;
}

const bits = (asset: Asset) => asset.meshes.map((m) => [Buffer.from(m.attributes.positions.buffer, m.attributes.positions.byteOffset, m.attributes.positions.byteLength).toString('base64'), m.indices.constructor.name, Array.from(m.indices), Array.from(m.attributes.uvs![0]!)]);

describe('TF parse on fresh WebAssembly memory', () => {
  for (const triangles of [50, 700, 5000, 21000, 80000]) {
    it(`one submesh of ${triangles * 3} corners, every backend made just before the parse`, () => {
      const files = tfFormat.encodeFiles!(oneMesh(triangles * 3, triangles), 'fresh.msh');
      const options = { fileName: 'fresh.msh', resolve: (n: string) => files.find((f) => f.name === n)?.bytes };
      const expected = bits(tfFormat.parseSync(files[0]!.bytes, { ...options, kernels: createKernelsSync('js') }));
      for (const backend of BACKENDS) {
        const asset = tfFormat.parseSync(files[0]!.bytes, { ...options, kernels: createKernelsSync(backend) });
        expect(bits(asset), backend).toEqual(expected);
      }
    });
  }
});
