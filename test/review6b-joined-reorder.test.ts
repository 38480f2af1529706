// Review of round six (h-enc21's joined reorder, meshopt-reorder-meshes.ts): meshes the existing
// test does not make (its first triangle always names the mesh's lowest vertices): degenerate
// triangles (two or three corners one vertex), a first triangle that does not name vertex 0,
// meshes of many unused vertices (past 65,536 in a run, so that joined numbers pass 16 bits),
// exact copies side by side, runs cut at 65,536 indices by meshes of exactly 3,072. Each mesh's
// indices and remap must equal reorderCheckedForMeshopt's on that mesh alone.
import { MeshoptEncoder } from 'meshoptimizer/encoder';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initMeshopt, reorderCheckedForMeshopt } from '../bindings/formats/gltf/meshopt-encode.js';
import { reorderCheckedMeshesForMeshopt, type CheckedTriangles } from '../bindings/formats/gltf/meshopt-reorder-meshes.js';
import { rng } from './helpers/backends.js';

beforeAll(() => initMeshopt());
afterEach(() => vi.restoreAllMocks());

function mesh(next: () => number, vertexCount: number, used: number, triangles: number, degenerate: number): CheckedTriangles {
  const values: number[] = [];
  // Vertices drawn from the top of the range, so that the first triangle does not name vertex 0.
  const pick = () => vertexCount - 1 - Math.floor(next() * Math.min(used, vertexCount));
  for (let t = 0; t < triangles; t++) {
    const a = pick();
    const kind = next() < degenerate ? Math.floor(next() * 3) : -1;
    if (kind === 0) values.push(a, a, pick());
    else if (kind === 1) values.push(a, pick(), a);
    else if (kind === 2) values.push(a, a, a);
    else values.push(a, pick(), pick());
  }
  const Indices = vertexCount <= 256 ? Uint8Array : vertexCount <= 65536 ? Uint16Array : Uint32Array;
  return { indices: Indices.from(values), vertexCount };
}

/** Checks each mesh against its reorder alone; gives the meshoptimizer calls the joined reorder made. */
function sameAsAlone(meshes: CheckedTriangles[]): number {
  const alone = meshes.map((m) => reorderCheckedForMeshopt(m.indices, m.vertexCount));
  const spy = vi.spyOn(MeshoptEncoder, 'reorderMesh');
  const joined = reorderCheckedMeshesForMeshopt(meshes);
  const calls = spy.mock.calls.length;
  spy.mockRestore();
  expect(joined.length).toBe(meshes.length);
  joined.forEach((r, k) => {
    expect(Array.from(r.indices), `mesh ${k} indices`).toEqual(Array.from(alone[k]!.indices));
    expect(Array.from(r.remap), `mesh ${k} remap`).toEqual(Array.from(alone[k]!.remap));
  });
  return calls;
}

describe('joined reorder against each mesh alone (review of round six)', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('seed %i: degenerate triangles, first triangles away from vertex 0, unused vertices, copies', (seed) => {
    const next = rng(seed);
    const meshes: CheckedTriangles[] = [];
    for (let k = 0; k < 20; k++) {
      if (k > 0 && next() < 0.2) meshes.push({ indices: meshes[k - 1]!.indices.slice(), vertexCount: meshes[k - 1]!.vertexCount });
      else {
        const vertexCount = 3 + Math.floor(next() * (next() < 0.15 ? 70_000 : 40));
        meshes.push(mesh(next, vertexCount, 3 + Math.floor(next() * 30), 1 + Math.floor(next() * 300), next() * 0.5));
      }
    }
    // One call: the joined result was each mesh's own (not the fallback, a call per mesh).
    expect(sameAsAlone(meshes)).toBe(1);
  });

  it('runs cut at 65,536 indices by meshes of exactly 3,072 (and 3,069 and 3,075 indices beside them)', () => {
    const next = rng(99);
    const sizes = [...Array.from({ length: 22 }, () => 1024), 1023, 1025, 1024, 1024];
    // Runs: 21 meshes of 3,072 (64,512: a 22nd passes 65,536), [3,072 + 3,069], the mesh of 3,075 alone, [3,072 + 3,072].
    expect(sameAsAlone(sizes.map((triangles) => mesh(next, 2000, 600, triangles, 0.05)))).toBe(4);
  });
});
