// reorderForMeshopt's index checks after its copy became TypedArray.set with a range-only check for
// unsigned integer arrays: every input type still refuses an index that is not one of the vertices.
import { beforeAll, describe, expect, it } from 'vitest';
import { initMeshopt, reorderForMeshopt } from '../bindings/formats/gltf/meshopt-encode.js';

beforeAll(async () => {
  await initMeshopt();
});

describe('reorderForMeshopt index checks', () => {
  it('refuses an index at or above the vertex count, whatever the array type', () => {
    for (const make of [(v: number[]) => Uint8Array.from(v), (v: number[]) => Uint16Array.from(v), (v: number[]) => Uint32Array.from(v), (v: number[]) => Int32Array.from(v), (v: number[]) => v]) {
      expect(() => reorderForMeshopt(make([0, 1, 2, 2, 1, 3]), 3)).toThrowError(/index 3 at 5 is not a vertex of the 3/);
      expect(reorderForMeshopt(make([0, 1, 2, 2, 1, 3]), 4).indices.length).toBe(6);
    }
  });

  it('refuses negative, fractional and non-numeric indices', () => {
    expect(() => reorderForMeshopt(Int32Array.from([0, -1, 2]), 3)).toThrowError(/index -1 at 1/);
    expect(() => reorderForMeshopt([0, 1.5, 2], 3)).toThrowError(/index 1.5 at 1/);
    expect(() => reorderForMeshopt(Float32Array.from([0, 1, 2.25]), 3)).toThrowError(/index 2.25 at 2/);
    expect(() => reorderForMeshopt([0, NaN, 2], 3)).toThrowError(/index NaN at 1/);
  });
});
