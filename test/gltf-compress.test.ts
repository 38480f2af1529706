// The glTF writer's `compress: 'meshopt'` (EXT_meshopt_compression after vertex-cache and fetch
// reordering), alone and with `quantize`: valid files that meshcodec reads back as the same
// surfaces and animations, on every backend.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { glbFormat, gltf, gltfFormat, iqmFormat, MeshFormatError, type Asset, type Kernels, type Mesh } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { expectWithinExponentialBound } from './helpers/exponential-bound.js';
import { validateGltf } from './helpers/gltf-validator.js';

const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const kernelsOf = allKernels();
beforeAll(() => gltf.initMeshopt());

function jsonOf(bytes: Uint8Array): Record<string, any> {
  return gltf.readGltfInput(bytes).json as Record<string, any>;
}

/** Each triangle as the values of its three corners (rotated to start at the least), sorted: the surface, whatever the vertex order. */
function triangles(mesh: Mesh): string[] {
  const a = mesh.attributes;
  const corner = (v: number) => JSON.stringify([...a.positions.subarray(v * 3, v * 3 + 3), ...(a.normals?.subarray(v * 3, v * 3 + 3) ?? []), ...(a.uvs?.[0]?.subarray(v * 2, v * 2 + 2) ?? []), ...(a.joints?.subarray(v * 4, v * 4 + 4) ?? []), ...(a.weights?.subarray(v * 4, v * 4 + 4) ?? [])]);
  const out: string[] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const c = [corner(mesh.indices[t]!), corner(mesh.indices[t + 1]!), corner(mesh.indices[t + 2]!)];
    const first = c.indexOf([...c].sort()[0]!);
    out.push([c[first], c[(first + 1) % 3], c[(first + 2) % 3]].join('|'));
  }
  return out.sort();
}

describe.each(BACKENDS)('meshopt-compressed glTF on %s', (backend) => {
  const kernels: Kernels = kernelsOf[backend];

  it('the tube: 0 validator errors, every vertex, index and animation view compressed into buffer 0 with a fallback buffer 1; reads back as the same surface and animation', async () => {
    const bytes = glbFormat.encodeSync(tubeAsset(), { kernels, compress: 'meshopt' });
    expect((await validateGltf(bytes)).errors).toBe(0);
    const json = jsonOf(bytes);
    expect(json.extensionsRequired).toContain('EXT_meshopt_compression');
    expect(json.buffers[1].extensions.EXT_meshopt_compression.fallback).toBe(true);
    expect(json.buffers[1].uri).toBeUndefined();
    for (const view of json.bufferViews) {
      expect(view.buffer).toBe(1);
      expect(view.extensions.EXT_meshopt_compression.buffer).toBe(0);
    }
    const plain = glbFormat.parseSync(glbFormat.encodeSync(tubeAsset(), { kernels }), { kernels });
    const back = glbFormat.parseSync(bytes, { kernels });
    expect(triangles(back.meshes[0]!)).toEqual(triangles(plain.meshes[0]!));
    expect(back.animations).toEqual(plain.animations);
    expect(back.skeleton).toEqual(plain.skeleton);
  });

  it('with quantize: the same surface as the quantized file without compression; a .gltf with its .bin too', async () => {
    const quantized = glbFormat.parseSync(glbFormat.encodeSync(tubeAsset(), { kernels, quantize: true }), { kernels });
    const both = glbFormat.encodeSync(tubeAsset(), { kernels, quantize: true, compress: 'meshopt' });
    expect((await validateGltf(both)).errors).toBe(0);
    const back = glbFormat.parseSync(both, { kernels });
    expect(triangles(back.meshes[0]!)).toEqual(triangles(quantized.meshes[0]!));
    // Translation and scale keys through the EXPONENTIAL filter (quantize.translation, 24 bits).
    expectWithinExponentialBound(back, quantized, 24);
    const files = gltfFormat.encodeFiles!(tubeAsset(), 'out/t.gltf', { kernels, quantize: true, compress: 'meshopt' });
    expect(files.map((f) => f.name)).toEqual(['out/t.gltf', 'out/t.bin']);
    expect((await validateGltf(files[0]!.bytes, { 't.bin': files[1]!.bytes })).errors).toBe(0);
    const fromFiles = gltfFormat.parseSync(files[0]!.bytes, { kernels, resolve: (name) => (name === 't.bin' ? files[1]!.bytes : undefined) });
    expect(fromFiles.meshes[0]!.attributes).toEqual(back.meshes[0]!.attributes);
  });

  it.skipIf(!existsSync(MRFIXIT))('mrfixit.iqm: smaller than quantized alone, 0 validator errors, the same surfaces', async () => {
    const file = new Uint8Array(readFileSync(MRFIXIT));
    const read = (): Asset => iqmFormat.parseSync(file, { kernels });
    const quantized = glbFormat.encodeSync(read(), { kernels, quantize: true });
    const both = glbFormat.encodeSync(read(), { kernels, quantize: true, compress: 'meshopt' });
    expect(both.length).toBeLessThan(quantized.length * 0.8);
    expect((await validateGltf(both)).errors).toBe(0);
    const a = glbFormat.parseSync(quantized, { kernels });
    const b = glbFormat.parseSync(both, { kernels });
    b.meshes.forEach((m, i) => expect(triangles(m)).toEqual(triangles(a.meshes[i]!)));
  });

  it('compress takes none or meshopt (BAD_OPTION otherwise)', () => {
    expect(() => glbFormat.encodeSync(tubeAsset(), { kernels, compress: 'gzip' as never })).toThrow(MeshFormatError);
  });
});
