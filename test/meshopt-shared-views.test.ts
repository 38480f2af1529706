// The optimized GLB's vertex layout (gltf-builder.ts): with compress: 'meshopt', vertex attributes
// of one element stride and filter share one compressed bufferView, each attribute kind a section
// of it (all meshes' normals, then all their tangents…), so one meshopt call codes each stride.
// Checked on a multi-mesh corpus file and the skinned tube, on every backend: the layout holds,
// the accessors tile their views, what meshcodec reads back is the source within the stated
// bounds (test/helpers/optimized-comparison.ts), and the Khronos validator finds no error. And an
// accessor whose values, layout and meaning an earlier one of its view has is that accessor (a
// mesh repeated elsewhere shares the first's), one that differs in a single value is not.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, gltf, iqmFormat, unigineFormat, type Asset, type Kernels } from '../bindings/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { BACKENDS } from './helpers/backends.js';
import { corpusAvailable, corpusPath } from './helpers/corpus.js';
import { validateGltf } from './helpers/gltf-validator.js';
import { compareMeshes, type DecodedAsset } from './helpers/optimized-comparison.js';

beforeAll(() => gltf.initMeshopt());

const OPTIMIZE = { quantize: true, compress: 'meshopt' } as const;
const ELEMENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };

interface Source {
  name: string;
  read: (kernels: Kernels) => Asset;
}

const SOURCES: Source[] = [
  { name: 'tube.iqm', read: (kernels) => iqmFormat.parseSync(new Uint8Array(readFileSync(join(FIXTURES_DIR, 'tube.iqm'))), { kernels, fileName: 'tube.iqm' }) },
  ...(corpusAvailable ? [{ name: 'editor_viewcube.mesh', read: (kernels: Kernels) => unigineFormat.parseSync(new Uint8Array(readFileSync(corpusPath('unigine', 'editor_viewcube.mesh'))), { kernels, fileName: 'editor_viewcube.mesh' }) }] : []),
];

/** Each vertex accessor's semantic, by accessor index (the kind its section holds). */
function semantics(json: Record<string, any>): Map<number, string> {
  const out = new Map<number, string>();
  for (const mesh of json.meshes) for (const p of mesh.primitives) for (const [name, a] of Object.entries(p.attributes as Record<string, number>)) out.set(a, name.replace(/_\d+$/, ''));
  return out;
}

/** What meshcodec's reader decodes, in the comparison's shape. */
function decoded(bytes: Uint8Array, kernels: Kernels): DecodedAsset {
  const back = glbFormat.parseSync(bytes, { kernels });
  return {
    meshes: back.meshes.map((m) => ({
      name: m.name,
      skinned: m.attributes.joints !== undefined,
      positions: Array.from(m.attributes.positions),
      normals: m.attributes.normals && Array.from(m.attributes.normals),
      tangents: m.attributes.tangents && Array.from(m.attributes.tangents),
      uvs: (m.attributes.uvs ?? []).map((uv) => Array.from(uv)),
      colors: m.attributes.colors && Array.from(m.attributes.colors),
      joints: m.attributes.joints && Array.from(m.attributes.joints),
      weights: m.attributes.weights && Array.from(m.attributes.weights),
      indices: Array.from(m.indices),
      textured: false,
    })),
    animations: [],
  };
}

describe.each(BACKENDS)('optimized GLB, one compressed view per vertex stride on %s', (backend) => {
  const kernels = createKernelsSync(backend);

  it.each(SOURCES.map((s) => [s.name, s] as const))('%s: one view per stride and filter, each kind a section, the accessors tiling it', (_, source) => {
    const bytes = glbFormat.encodeSync(source.read(kernels), { ...OPTIMIZE, kernels });
    const json = gltf.readGltfInput(bytes).json as Record<string, any>;
    const kinds = semantics(json);
    const vertexViews = (json.bufferViews as Record<string, any>[]).map((v, i) => ({ v, i })).filter(({ v }) => v.target === 34962);
    const keys = vertexViews.map(({ v }) => `${v.extensions.EXT_meshopt_compression.byteStride} ${v.extensions.EXT_meshopt_compression.filter ?? 'NONE'}`);
    expect(new Set(keys).size).toBe(keys.length);
    let sectioned = 0;
    for (const { v, i } of vertexViews) {
      const ranges = (json.accessors as Record<string, any>[])
        .map((a, k) => ({ a, k }))
        .filter(({ a }) => a.bufferView === i)
        .map(({ a, k }) => ({ start: a.byteOffset ?? 0, end: (a.byteOffset ?? 0) + a.count * v.byteStride, kind: `${kinds.get(k)} ${a.componentType} ${a.normalized === true}`, aligned: (a.byteOffset ?? 0) % ELEMENT_BYTES[a.componentType]! === 0 && COMPONENTS[a.type]! * ELEMENT_BYTES[a.componentType]! <= v.byteStride }))
        .sort((x, y) => x.start - y.start);
      // Back to back, from 0 to the view's end, each accessor aligned to its component type.
      expect(ranges[0]!.start).toBe(0);
      for (let r = 1; r < ranges.length; r++) expect(ranges[r]!.start).toBe(ranges[r - 1]!.end);
      expect(ranges[ranges.length - 1]!.end).toBe(v.byteLength);
      expect(ranges.every((r) => r.aligned)).toBe(true);
      // Each kind in one run (a section), not interleaved mesh by mesh.
      const runs = ranges.map((r) => r.kind).filter((kind, r, all) => r === 0 || all[r - 1] !== kind);
      expect(new Set(runs).size).toBe(runs.length);
      if (runs.length > 1) sectioned++;
    }
    // Both sources have several kinds of one stride (normals, tangents and UVs of 4 bytes).
    expect(sectioned).toBeGreaterThan(0);
    const meshes = compareMeshes(source.read(kernels), decoded(bytes, kernels));
    expect(meshes.failures).toEqual([]);
    expect(meshes.vertices).toBeGreaterThan(0);
  });
});

describe('optimized GLB, one compressed view per vertex stride: validator', () => {
  it.each(SOURCES.map((s) => [s.name, s] as const))('%s: no Khronos validator error', async (_, source) => {
    const bytes = glbFormat.encodeSync(source.read(createKernelsSync('wasm-simd')), OPTIMIZE);
    const report = await validateGltf(bytes);
    expect(report.messages.filter((m) => !m.startsWith('UNUSED'))).toEqual([]);
    expect(report.errors).toBe(0);
  });
});

/**
 * Four static tubes: the second the first twice as large (exact in float32: the same quantized
 * values on its own grid), the third the first with one normal turned; a fourth of other proportions.
 */
function repeatedTubes(): Asset {
  const tube = tubeAsset();
  const first = tube.meshes[0]!;
  const a = first.attributes;
  const mesh = (name: string, change: (positions: Float32Array, normals: Float32Array) => void) => {
    const positions = a.positions.slice();
    const normals = a.normals!.slice();
    change(positions, normals);
    return { name, attributes: { positions, normals, tangents: a.tangents!.slice(), uvs: [a.uvs![0]!.slice()] }, indices: first.indices.slice() };
  };
  return {
    ...tube,
    skeleton: undefined,
    animations: [],
    meshes: [
      mesh('first', () => {}),
      mesh('doubled', (p) => { for (let i = 0; i < p.length; i++) p[i]! *= 2; }),
      mesh('turned', (_, n) => { n[3 * 7] = 0.6; n[3 * 7 + 1] = 0.8; n[3 * 7 + 2] = 0; }),
      mesh('taller', (p) => { for (let i = 1; i < p.length; i += 3) p[i]! *= 3; }),
    ],
  };
}

describe.each(BACKENDS)('optimized GLB, repeated accessors on %s', (backend) => {
  const kernels = createKernelsSync(backend);

  it('a copy of a mesh twice as large uses its accessors; one normal turned, its own normals; other proportions, their own positions; read back within the bounds', () => {
    const bytes = glbFormat.encodeSync(repeatedTubes(), { ...OPTIMIZE, kernels });
    const json = gltf.readGltfInput(bytes).json as Record<string, any>;
    const [first, doubled, turned, taller] = (json.meshes as Record<string, any>[]).map((m) => ({ ...m.primitives[0].attributes, indices: m.primitives[0].indices }) as Record<string, number>);
    expect(doubled).toEqual(first);
    expect(turned!.NORMAL).not.toBe(first!.NORMAL);
    expect({ ...turned, NORMAL: first!.NORMAL }).toEqual(first);
    expect(taller!.POSITION).not.toBe(first!.POSITION);
    expect({ ...taller, POSITION: first!.POSITION }).toEqual(first);
    // Every accessor written is used, and 5 + 1 + 1 of them make the four meshes.
    expect(json.accessors.length).toBe(7);
    // The nodes still place and size each mesh as it was.
    expect(json.nodes[1].scale[0] / json.nodes[0].scale[0]).toBe(2);
    const meshes = compareMeshes(repeatedTubes(), decoded(bytes, kernels));
    expect(meshes.failures).toEqual([]);
    expect(meshes.vertices).toBe(4 * 78);
  });
});

describe('optimized GLB, repeated accessors: validator and the plain writer', () => {
  it('no Khronos validator error; without compression every mesh keeps accessors of its own', async () => {
    const report = await validateGltf(glbFormat.encodeSync(repeatedTubes(), OPTIMIZE));
    expect(report.messages).toEqual([]);
    for (const options of [{}, { quantize: true }]) {
      const json = gltf.readGltfInput(glbFormat.encodeSync(repeatedTubes(), options)).json as Record<string, any>;
      expect(json.accessors.length).toBe(4 * 5);
    }
  });
});
