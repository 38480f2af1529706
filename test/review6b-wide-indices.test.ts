// Review of round six (h-enc21's reused accessors): uint32 index lists (meshes of more than 65,536
// vertices, few triangles) and lists at the reuse's 4 kB limit, repeated and near-repeated: the
// repeated uint32 list is the first's accessor, each mesh decodes as it does alone on every
// backend, and the validator finds no error.
import { beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, gltf, type Asset, type Mesh } from '../bindings/index.js';
import { BACKENDS, rng } from './helpers/backends.js';
import { validateGltf } from './helpers/gltf-validator.js';

beforeAll(() => gltf.initMeshopt());

function wide(name: string, vertices: number, triangles: number, seed: number, change = -1): Mesh {
  const next = rng(seed);
  const positions = new Float32Array(vertices * 3).map(() => Math.floor(next() * 16) / 16);
  const indices = new Uint32Array(triangles * 3);
  // Every vertex past 65,535 among the corners, so that the list stays uint32 once the unused vertices go last.
  for (let t = 0; t < indices.length; t += 3) indices.set([vertices - 1 - t, vertices - 2 - t, vertices - 3 - t], t);
  // A corner made a vertex an earlier triangle uses (a changed list once renumbered by first use).
  if (change >= 0) indices[change] = indices[0]!;
  return { name, attributes: { positions }, indices } as Mesh;
}

function asset(): Asset {
  return {
    source: 't',
    meshes: [
      wide('a', 70_000, 100, 1),
      wide('a again', 70_000, 100, 1),
      wide('a changed', 70_000, 100, 1, 151),
      // 4,092 bytes of uint16 indices (2,046, within the limit) and 4,104 (past it), each twice.
      { ...wide('limit', 3000, 682, 2), indices: Uint16Array.from(wide('limit', 3000, 682, 2).indices.subarray(0, 2046)) } as Mesh,
      { ...wide('limit again', 3000, 682, 2), indices: Uint16Array.from(wide('limit', 3000, 682, 2).indices.subarray(0, 2046)) } as Mesh,
      { ...wide('past', 3000, 684, 3), indices: Uint16Array.from(wide('past', 3000, 684, 3).indices) } as Mesh,
      { ...wide('past again', 3000, 684, 3), indices: Uint16Array.from(wide('past', 3000, 684, 3).indices) } as Mesh,
    ],
    animations: [],
    warnings: [],
  };
}

describe.each(BACKENDS)('uint32 and limit-sized index lists in an optimized GLB on %s', (backend) => {
  const kernels = createKernelsSync(backend);
  it('each mesh decodes as alone; the repeated uint32 list shares the first\'s accessor', () => {
    const bytes = glbFormat.encodeSync(asset(), { quantize: true, compress: 'meshopt', kernels });
    const json = gltf.readGltfInput(bytes).json as Record<string, any>;
    const indices = (json.meshes as Record<string, any>[]).map((m) => json.accessors[m.primitives[0].indices]);
    expect(indices[0].componentType).toBe(5125);
    expect(json.meshes[1].primitives[0].indices).toBe(json.meshes[0].primitives[0].indices);
    expect(json.meshes[2].primitives[0].indices).not.toBe(json.meshes[0].primitives[0].indices);
    // At the 4 kB limit the repeated list is the first's accessor; past it, a list of its own.
    expect(json.meshes[4].primitives[0].indices).toBe(json.meshes[3].primitives[0].indices);
    expect(json.meshes[6].primitives[0].indices).not.toBe(json.meshes[5].primitives[0].indices);
    const back = glbFormat.parseSync(bytes, { kernels });
    asset().meshes.forEach((m, i) => {
      const alone = glbFormat.parseSync(glbFormat.encodeSync({ ...asset(), meshes: [m] }, { quantize: true, compress: 'meshopt', kernels }), { kernels }).meshes[0]!;
      expect(Array.from(back.meshes[i]!.attributes.positions), m.name).toEqual(Array.from(alone.attributes.positions));
      const turned = (ix: ArrayLike<number>) => Array.from({ length: ix.length / 3 }, (_, t) => [0, 1, 2].map((r) => [ix[t * 3 + r], ix[t * 3 + ((r + 1) % 3)], ix[t * 3 + ((r + 2) % 3)]].join()).sort()[0]).join('|');
      expect(turned(back.meshes[i]!.indices), m.name).toBe(turned(alone.indices));
    });
  });
});

describe('uint32 and limit-sized index lists: validator', () => {
  it('no validator error', async () => {
    const report = await validateGltf(glbFormat.encodeSync(asset(), { quantize: true, compress: 'meshopt' }));
    expect(report.messages.filter((m) => !m.startsWith('UNUSED'))).toEqual([]);
  });
});
