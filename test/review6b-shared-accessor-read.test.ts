// Review of round six (h-enc21's reused accessors: an optimized GLB's repeated meshes now share
// their index and vertex accessors): meshcodec's reader, with the passes it makes in place
// (flipWinding, flipV, upAxis 'z', viewInput), gives each mesh of such a file the data it gives
// that mesh read from a file of its own (a pass in place is not made twice on a shared array),
// and, without viewInput (where sharing is documented), a mesh's arrays changed by the caller
// leave the other meshes' as they were.
import { beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, gltf, type Mesh } from '../bindings/index.js';
import { BACKENDS } from './helpers/backends.js';
import { manyMeshes } from './review6b-many-meshes.js';

beforeAll(() => gltf.initMeshopt());

const READS = [
  { name: 'default', options: {} },
  { name: 'flipWinding', options: { flipWinding: true } },
  { name: 'flipV', options: { flipV: true } },
  { name: "upAxis 'z'", options: { upAxis: 'z' } },
  { name: 'all, viewInput', options: { flipWinding: true, flipV: true, upAxis: 'z', viewInput: true } },
  { name: 'viewInput', options: { viewInput: true } },
] as const;

function arrays(m: Mesh): Record<string, number[]> {
  const a = m.attributes;
  return { positions: Array.from(a.positions), normals: Array.from(a.normals ?? []), uvs: Array.from(a.uvs?.[0] ?? []), indices: Array.from(m.indices) };
}

describe.each(BACKENDS)('reading an optimized GLB whose meshes share accessors on %s', (backend) => {
  const kernels = createKernelsSync(backend);
  let bytes: Uint8Array;
  beforeAll(async () => {
    await gltf.initMeshopt();
    bytes = glbFormat.encodeSync(manyMeshes(4), { quantize: true, compress: 'meshopt', kernels });
  });

  it('the file has meshes sharing an index accessor', () => {
    const json = gltf.readGltfInput(bytes).json as Record<string, any>;
    const uses = (json.meshes as Record<string, any>[]).map((m) => m.primitives[0].indices as number);
    expect(new Set(uses).size).toBeLessThan(uses.length);
  });

  it.each(READS.map((r) => [r.name, r.options] as const))('%s: each mesh as read from a file of its own; changing one leaves the others', (_, options) => {
    const back = glbFormat.parseSync(bytes, { kernels, ...options });
    const source = manyMeshes(4);
    back.meshes.forEach((m, i) => {
      const aloneBytes = glbFormat.encodeSync({ ...source, meshes: [source.meshes[i]!] }, { quantize: true, compress: 'meshopt', kernels });
      const alone = glbFormat.parseSync(aloneBytes, { kernels, ...options }).meshes[0]!;
      const got = arrays(m), want = arrays(alone);
      // The same triangles, each perhaps turned (the index codec turns triangles by its stream's state).
      const turned = (ix: number[]) => Array.from({ length: ix.length / 3 }, (_, t) => [0, 1, 2].map((r) => [ix[t * 3 + r], ix[t * 3 + ((r + 1) % 3)], ix[t * 3 + ((r + 2) % 3)]].join()).sort()[0]).join('|');
      expect({ ...got, indices: turned(got.indices!) }, `mesh ${i}`).toEqual({ ...want, indices: turned(want.indices!) });
    });
    // With viewInput two meshes reading one accessor share its array (README § glTF read options): not checked there.
    if ('viewInput' in options) return;
    const before = back.meshes.map(arrays);
    for (let i = 0; i < back.meshes.length; i++) {
      const m = back.meshes[i]!;
      m.indices.fill(0);
      m.attributes.positions.fill(7);
      for (let k = i + 1; k < back.meshes.length; k++) expect(arrays(back.meshes[k]!), `mesh ${k} after changing mesh ${i}`).toEqual(before[k]);
    }
  });
});
