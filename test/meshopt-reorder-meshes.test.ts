// reorderCheckedMeshesForMeshopt (every mesh of a file reordered by one meshoptimizer call) against
// reorderCheckedForMeshopt on each mesh alone: the same indices and the same remap for every mesh,
// on random meshes of every size (unused vertices among them, at the end and in the middle, 8-,
// 16- and 32-bit indices), with the joined call taken (one reorderMesh call for them all).
import { MeshoptEncoder } from 'meshoptimizer/encoder';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initMeshopt, reorderCheckedForMeshopt } from '../bindings/formats/gltf/meshopt-encode.js';
import { JOINED_REORDER_MAX_INDICES, JOINED_REORDER_MESH_MAX_INDICES, reorderCheckedMeshesForMeshopt, type CheckedTriangles } from '../bindings/formats/gltf/meshopt-reorder-meshes.js';
import { rng } from './helpers/backends.js';

beforeAll(() => initMeshopt());
afterEach(() => vi.restoreAllMocks());

/** A random triangle list over `vertexCount` vertices, `unused` of them (random ones) named by no index. */
function randomMesh(next: () => number, vertexCount: number, triangles: number, unused: number): CheckedTriangles {
  const skipped = new Set<number>();
  while (skipped.size < Math.min(unused, vertexCount - 3)) skipped.add(Math.floor(next() * vertexCount));
  const pool = Array.from({ length: vertexCount }, (_, v) => v).filter((v) => !skipped.has(v));
  const values = Array.from({ length: triangles * 3 }, (_, i) => (i < pool.length ? pool[i]! : pool[Math.floor(next() * pool.length)]!));
  // Neighbouring triangles share vertices, as a real mesh's do (and as the cache optimizer works on).
  for (let i = 3; i < values.length; i += 3) if (next() < 0.7) values[i] = values[i - 2]!;
  const Indices = vertexCount <= 256 && next() < 0.5 ? Uint8Array : vertexCount <= 65536 && next() < 0.8 ? Uint16Array : Uint32Array;
  return { indices: Indices.from(values), vertexCount };
}

describe('reorderCheckedMeshesForMeshopt', () => {
  it('gives each mesh what reorderCheckedForMeshopt gives it alone, in one meshoptimizer call', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const next = rng(seed);
      const meshes: CheckedTriangles[] = [];
      const count = 2 + Math.floor(next() * 30);
      for (let k = 0; k < count; k++) {
        const vertexCount = 3 + Math.floor(next() * (next() < 0.2 ? 400 : 14));
        meshes.push(randomMesh(next, vertexCount, 1 + Math.floor(next() * vertexCount * 1.5), next() < 0.3 ? Math.floor(next() * 3) : 0));
      }
      const alone = meshes.map((m) => reorderCheckedForMeshopt(m.indices, m.vertexCount));
      const spy = vi.spyOn(MeshoptEncoder, 'reorderMesh');
      const joined = reorderCheckedMeshesForMeshopt(meshes);
      expect(spy).toHaveBeenCalledTimes(1);
      spy.mockRestore();
      expect(joined.length).toBe(meshes.length);
      joined.forEach((r, k) => {
        expect(Array.from(r.indices), `seed ${seed} mesh ${k} indices`).toEqual(Array.from(alone[k]!.indices));
        expect(Array.from(r.remap), `seed ${seed} mesh ${k} remap`).toEqual(Array.from(alone[k]!.remap));
      });
    }
  });

  it('runs of meshes of at most JOINED_REORDER_MESH_MAX_INDICES, at most JOINED_REORDER_MAX_INDICES together, each one call; a larger mesh alone; the same results', () => {
    expect([JOINED_REORDER_MESH_MAX_INDICES, JOINED_REORDER_MAX_INDICES]).toEqual([3072, 65_536]);
    const next = rng(11);
    const sizes = [...Array.from({ length: 30 }, () => 3000), 3000, 5001, 30, 30, 9000, ...Array.from({ length: 3 }, () => 2400)];
    const meshes = sizes.map((indices) => randomMesh(next, Math.max(3, Math.floor(indices / 5)), indices / 3, 0));
    const alone = meshes.map((m) => reorderCheckedForMeshopt(m.indices, m.vertexCount));
    const spy = vi.spyOn(MeshoptEncoder, 'reorderMesh');
    const joined = reorderCheckedMeshesForMeshopt(meshes);
    // Runs: 21 meshes of 3,000 (63,000: a 22nd would pass 65,536), the other 10 of 3,000, then the
    // meshes of 5,001 and 9,000 alone (larger than 3,072), [30 + 30] between them, [2,400 × 3].
    expect(spy.mock.calls.map((c) => c[0].length)).toEqual([63_000, 30_000, 5001, 60, 9000, 7200]);
    joined.forEach((r, k) => {
      expect(Array.from(r.indices), `mesh ${k}`).toEqual(Array.from(alone[k]!.indices));
      expect(Array.from(r.remap), `mesh ${k}`).toEqual(Array.from(alone[k]!.remap));
    });
  });

  it('one mesh: reorderCheckedForMeshopt itself; no mesh: nothing', () => {
    const mesh = randomMesh(rng(7), 50, 60, 2);
    const [only] = reorderCheckedMeshesForMeshopt([mesh]);
    const alone = reorderCheckedForMeshopt(mesh.indices, mesh.vertexCount);
    expect(Array.from(only!.indices)).toEqual(Array.from(alone.indices));
    expect(Array.from(only!.remap)).toEqual(Array.from(alone.remap));
    expect(reorderCheckedMeshesForMeshopt([])).toEqual([]);
  });

  it('where the joined result is not each mesh its own (a run that is not its mesh), each mesh is reordered alone', () => {
    const next = rng(3);
    const meshes = [randomMesh(next, 12, 10, 0), randomMesh(next, 9, 7, 1), randomMesh(next, 20, 25, 0)];
    const alone = meshes.map((m) => reorderCheckedForMeshopt(m.indices, m.vertexCount));
    // A reorder that puts the second mesh's triangles first: the check must refuse it.
    const real = MeshoptEncoder.reorderMesh.bind(MeshoptEncoder);
    const spy = vi.spyOn(MeshoptEncoder, 'reorderMesh').mockImplementationOnce((indices: Uint32Array, triangles: boolean, optsize: boolean) => {
      const first = meshes[0]!.indices.length;
      const second = meshes[1]!.indices.length;
      const swapped = Uint32Array.from([...indices.subarray(first, first + second), ...indices.subarray(0, first), ...indices.subarray(first + second)]);
      indices.set(swapped);
      return real(indices, triangles, optsize);
    });
    const joined = reorderCheckedMeshesForMeshopt(meshes);
    expect(spy.mock.calls.length).toBe(1 + meshes.length);
    joined.forEach((r, k) => {
      expect(Array.from(r.indices)).toEqual(Array.from(alone[k]!.indices));
      expect(Array.from(r.remap)).toEqual(Array.from(alone[k]!.remap));
    });
  });
});
