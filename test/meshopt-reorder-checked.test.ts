// reorderCheckedForMeshopt (the writer's reorder of indices validateAsset already checked) against
// reorderForMeshopt: the same indices and remap on meshes that use every vertex (where it hands
// back meshoptimizer's own remap) and on meshes with unused vertices in the middle and at the end
// (where the unused ones are numbered after the used ones), for each unsigned index type; and the
// remap is a permutation of the vertices either way.
import { beforeAll, describe, expect, it } from 'vitest';
import { initMeshopt, reorderCheckedForMeshopt, reorderForMeshopt } from '../bindings/formats/gltf/meshopt-encode.js';

beforeAll(async () => {
  await initMeshopt();
});

function triangles(vertexCount: number, count: number, seed: number, skip: (v: number) => boolean): number[] {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const used = Array.from({ length: vertexCount }, (_, v) => v).filter((v) => !skip(v));
  const out: number[] = [...used, ...used.slice(0, (3 - (used.length % 3)) % 3)];
  while (out.length < count * 3) out.push(used[Math.floor(next() * used.length)]!);
  return out;
}

describe('reorderCheckedForMeshopt', () => {
  const cases = [
    { name: 'every vertex used', vertexCount: 200, skip: () => false },
    { name: 'unused vertices in the middle', vertexCount: 200, skip: (v: number) => v % 7 === 3 },
    { name: 'unused vertices at the end', vertexCount: 200, skip: (v: number) => v >= 180 },
    { name: 'one triangle', vertexCount: 3, skip: () => false },
  ];
  for (const { name, vertexCount, skip } of cases) {
    for (const make of [Uint8Array, Uint16Array, Uint32Array]) {
      if (make === Uint8Array && vertexCount > 256) continue;
      it(`${name}, ${make.name}: reorderForMeshopt's indices and remap`, () => {
        const indices = make.from(triangles(vertexCount, 150, vertexCount, skip));
        const before = indices.slice();
        const expected = reorderForMeshopt(indices, vertexCount);
        const got = reorderCheckedForMeshopt(indices, vertexCount);
        expect(Array.from(indices)).toEqual(Array.from(before));
        expect(Array.from(got.indices)).toEqual(Array.from(expected.indices));
        expect(Array.from(got.remap)).toEqual(Array.from(expected.remap));
        expect([...got.remap].sort((a, b) => a - b)).toEqual(Array.from({ length: vertexCount }, (_, v) => v));
      });
    }
  }
});
