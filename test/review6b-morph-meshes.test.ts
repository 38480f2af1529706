// Review of round six (h-enc21's shared views and reused accessors): morph targets of several
// meshes in one optimized GLB (int16 steps sharing the positions' view, displacements through the
// EXPONENTIAL filter, snorm normal deltas), two meshes with the same target, one differing in a
// single displacement away from the reuse key's sampled values: each mesh's targets decode on
// every backend as they do with the mesh encoded alone, and the validator finds no error.
import { beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, gltf, type Asset, type Mesh } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { BACKENDS } from './helpers/backends.js';
import { validateGltf } from './helpers/gltf-validator.js';

beforeAll(() => gltf.initMeshopt());

const SETTINGS = [
  { name: 'optimize', options: { quantize: true, compress: 'meshopt' } },
  { name: 'optimize + pruneUnread', options: { quantize: true, compress: 'meshopt', pruneUnread: true } },
] as const;

function morphed(name: string, scale: number, change?: (positions: Float32Array) => void, far = false): Mesh {
  const tube = tubeAsset().meshes[0]!;
  const a = tube.attributes;
  const positions = a.positions.map((v, i) => (i % 3 === 1 ? v * 0.5 * scale : 0));
  // far: displacements of more than 32,767 grid steps (the float32 / EXPONENTIAL fallback).
  if (far) positions[4] = 1e6;
  change?.(positions);
  const normals = a.normals!.map((v, i) => (i % 3 === 0 ? -v * 0.5 : 0));
  return { name, attributes: { positions: a.positions.slice(), normals: a.normals!.slice(), uvs: [a.uvs![0]!.slice()] }, indices: tube.indices.slice(), targets: [{ name: 'grow', positions, normals }] } as Mesh;
}

function asset(): Asset {
  return {
    source: 't',
    meshes: [
      morphed('a', 1),
      morphed('same', 1),
      morphed('one changed', 1, (p) => { p[3 * 20 + 1] = p[3 * 20 + 1]! + 0.125; }),
      morphed('far', 1, undefined, true),
      morphed('far too', 1, undefined, true),
    ],
    animations: [],
    warnings: [],
  };
}

describe.each(BACKENDS)('morph targets of several meshes in one optimized GLB on %s', (backend) => {
  const kernels = createKernelsSync(backend);
  it.each(SETTINGS.map((s) => [s.name, s.options] as const))('%s: each mesh and its target decode as with the mesh alone', (_, options) => {
    const bytes = glbFormat.encodeSync(asset(), { ...options, kernels });
    const back = glbFormat.parseSync(bytes, { kernels });
    // The repeated mesh's target is the first's accessor (the reuse is reached); the changed one's is its own.
    const targets = (gltf.readGltfInput(bytes).json as Record<string, any>).meshes.map((m: Record<string, any>) => m.primitives[0].targets[0]);
    expect(targets[1].POSITION).toBe(targets[0].POSITION);
    expect(targets[2].POSITION).not.toBe(targets[0].POSITION);
    const source = asset();
    source.meshes.forEach((m, i) => {
      const alone = glbFormat.parseSync(glbFormat.encodeSync({ ...asset(), meshes: [m] }, { ...options, kernels }), { kernels }).meshes[0]!;
      const got = back.meshes[i]!;
      expect(Array.from(got.attributes.positions), m.name).toEqual(Array.from(alone.attributes.positions));
      expect(Array.from(got.indices), m.name).toEqual(Array.from(alone.indices));
      expect(got.targets?.length, m.name).toBe(1);
      expect(Array.from(got.targets![0]!.positions), `${m.name} target positions`).toEqual(Array.from(alone.targets![0]!.positions));
      expect(Array.from(got.targets![0]!.normals ?? []), `${m.name} target normals`).toEqual(Array.from(alone.targets![0]!.normals ?? []));
    });
    // The changed displacement reads back changed.
    expect(Array.from(back.meshes[2]!.targets![0]!.positions)).not.toEqual(Array.from(back.meshes[0]!.targets![0]!.positions));
  });
});

describe('morph targets of several meshes: validator', () => {
  it.each(SETTINGS.map((s) => [s.name, s.options] as const))('%s: no validator error', async (_, options) => {
    const report = await validateGltf(glbFormat.encodeSync(asset(), options));
    expect(report.messages.filter((m) => !m.startsWith('UNUSED'))).toEqual([]);
  });
});
