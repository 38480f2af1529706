// pruneUnread's weld on what a reader decodes (issue 20 item 5, Box47.mesh against gltfpack -cc):
// vertices whose written attributes decode alike are one (two octahedral codes can decode to one
// int8 normal), the triangles the weld leaves without area and the vertices no triangle uses are
// left out (warned). Checked against the same Asset written without pruneUnread, read back by
// meshcodec's reader (meshoptimizer's decoder): the same triangles as decoded corner values, and
// no two kept vertices that decode alike. On every backend, 0 validator errors.
import { encode as encodePng } from 'fast-png';
import { MeshoptDecoder } from 'meshoptimizer';
import { describe, expect, it } from 'vitest';
import { glbFormat, gltf, type Asset, type Kernels, type Mesh } from '../bindings/index.js';
import type { GltfWriteOptions } from '../bindings/formats/gltf/index.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { validateGltf } from './helpers/gltf-validator.js';

const kernelsOf = allKernels();
const PNG = encodePng({ width: 2, height: 2, data: new Uint8Array(16).fill(200), channels: 4, depth: 8 });

/**
 * A closed fan of `bases` points on a unit sphere, each point `copies` times with its normal
 * turned by up to `jitter` (smaller than an 8-bit step, so copies often write alike, and often
 * with octahedral codes that differ but decode alike); each triangle takes a random copy of each
 * corner. `near`: pairs of points within 1e-7 of each other (one grid point once quantized) that
 * share a triangle, which the weld makes degenerate. `unused`: vertices no index names.
 */
function jitteredMesh(seed: number, bases = 40, copies = 6, jitter = 0.004, near = 3, unused = 5): Mesh {
  const next = rng(seed);
  const points: number[][] = [];
  for (let b = 0; b < bases; b++) {
    // A fifth of the points about the −z pole, where octahedral codes on the octahedron's folded
    // rim (x or y at ±127) decode alike in pairs.
    if (b % 5 === 0) {
      const p = [(next() - 0.5) * 0.01, (next() - 0.5) * 0.01, -1];
      points.push(p.map((v) => v / Math.hypot(...p)));
      continue;
    }
    const z = next() * 2 - 1;
    const t = next() * Math.PI * 2;
    const r = Math.sqrt(1 - z * z);
    points.push([r * Math.cos(t), r * Math.sin(t), z]);
  }
  for (let n = 0; n < near; n++) points.push(points[n]!.map((v, c) => v + (c === 0 ? 1e-7 : 0)));
  const positions: number[] = [];
  const normals: number[] = [];
  points.forEach((p, at) => {
    for (let k = 0; k < copies; k++) {
      positions.push(...p);
      if (at >= bases) {
        // A near point's copies have its partner's normals, so the two weld where they share a grid point.
        normals.push(...normals.slice((at - bases) * copies * 3 + k * 3, (at - bases) * copies * 3 + k * 3 + 3));
        continue;
      }
      const n = p.map((v) => v + (next() * 2 - 1) * jitter);
      const length = Math.hypot(...n);
      normals.push(...n.map((v) => v / length));
    }
  });
  const copy = (base: number) => base * copies + Math.floor(next() * copies);
  const indices: number[] = [];
  for (let b = 0; b < bases; b++) for (let k = 0; k < 3; k++) indices.push(copy(b), copy((b + 1) % bases), copy((b + 2 + k) % bases));
  for (let n = 0; n < near; n++) {
    const k = Math.floor(next() * copies);
    indices.push(n * copies + k, (bases + n) * copies + k, copy((n + 7) % bases));
  }
  const vertexCount = positions.length / 3;
  for (let u = 0; u < unused; u++) {
    positions.push(2 + u, 2, 2);
    normals.push(0, 1, 0);
  }
  expect(Math.max(...indices)).toBeLessThan(vertexCount);
  return { name: 'jittered', attributes: { positions: new Float32Array(positions), normals: new Float32Array(normals) }, indices: new Uint16Array(indices) };
}

function assetOf(mesh: Mesh): Asset {
  return { source: 'test', upAxis: 'y', meshes: [mesh], materials: [], animations: [], warnings: [] };
}

/** Each vertex of a read-back mesh as the text of its decoded position and normal. */
function vertexKeys(mesh: Mesh): string[] {
  const { positions, normals, uvs = [] } = mesh.attributes;
  const uv = (v: number) => uvs.map((set) => `|${set[v * 2]},${set[v * 2 + 1]}`).join('');
  return Array.from({ length: positions.length / 3 }, (_, v) => `${Array.from(positions.subarray(v * 3, v * 3 + 3)).join(',')}|${Array.from(normals!.subarray(v * 3, v * 3 + 3)).join(',')}${uv(v)}`);
}

/**
 * `mesh` textured (so pruneUnread keeps its first UV set) with UVs outside 0–1 (so compressed
 * they go through the EXPONENTIAL filter): each copy of a point its own UV, a few copies alike.
 */
function texturedAssetOf(mesh: Mesh): Asset {
  const count = mesh.attributes.positions.length / 3;
  const uv = new Float32Array(count * 2);
  for (let v = 0; v < count; v++) {
    uv[v * 2] = mesh.attributes.positions[v * 3]! * 3 + (v % 3) * 0.25;
    uv[v * 2 + 1] = mesh.attributes.positions[v * 3 + 1]! * 3 - 2;
  }
  return { ...assetOf({ ...mesh, material: 'tiles', attributes: { ...mesh.attributes, uvs: [uv] } }), materials: [{ name: 'tiles', baseColorTexture: { uri: 'tiles.png', mimeType: 'image/png', bytes: PNG } }] };
}

/** The triangles as decoded corner values, each rotated to start at its least corner (winding kept), sorted. */
function cornerTriangles(mesh: Mesh): string[][] {
  const keys = vertexKeys(mesh);
  const out: string[][] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    const corners = [0, 1, 2].map((k) => keys[mesh.indices[t + k]!]!);
    const first = corners.indexOf([...corners].sort()[0]!);
    out.push([0, 1, 2].map((k) => corners[(first + k) % 3]!));
  }
  return out.sort((a, b) => (a.join(';') < b.join(';') ? -1 : a.join(';') > b.join(';') ? 1 : 0));
}

const OPTION_SETS: GltfWriteOptions[] = [
  { quantize: { position: 14, normal: 'oct8' }, compress: 'meshopt' },
  { quantize: true, compress: 'meshopt' },
  { quantize: true },
];

describe.each(BACKENDS)('pruneUnread weld on decoded values on %s', (backend) => {
  const kernels: Kernels = kernelsOf[backend];

  it.each(OPTION_SETS.map((o) => [JSON.stringify(o), o] as const))('%s: the same triangles as decoded corners, no two kept vertices decode alike, degenerate triangles and unused vertices left out (warned)', async (_name, options) => {
    await gltf.initMeshopt();
    for (const seed of [1, 2, 3]) {
      const plainBytes = glbFormat.encodeSync(assetOf(jitteredMesh(seed)), { kernels, ...options });
      const written = assetOf(jitteredMesh(seed));
      const prunedBytes = glbFormat.encodeSync(written, { kernels, ...options, pruneUnread: true });
      expect((await validateGltf(prunedBytes)).errors).toBe(0);
      const plain = glbFormat.parseSync(plainBytes, { kernels }).meshes[0]!;
      const pruned = glbFormat.parseSync(prunedBytes, { kernels }).meshes[0]!;
      // Without pruneUnread every vertex is kept, the unused ones too.
      expect(plain.attributes.positions.length).toBe(jitteredMesh(seed).attributes.positions.length);
      // Expected: the plain file's triangles whose three corners decode differently.
      const expected = cornerTriangles(plain).filter((c) => c[0] !== c[1] && c[1] !== c[2] && c[0] !== c[2]);
      const degenerate = plain.indices.length / 3 - expected.length;
      expect(degenerate).toBeGreaterThan(0);
      expect(cornerTriangles(pruned)).toEqual(expected);
      // Every kept vertex is used, and no two decode alike.
      const keys = vertexKeys(pruned);
      expect(new Set(keys).size).toBe(keys.length);
      expect(new Set(Array.from(pruned.indices)).size).toBe(keys.length);
      const used = new Set(expected.flat());
      expect(keys.length).toBe(used.size);
      const warnings = written.warnings.join('\n');
      expect(warnings).toContain(`mesh jittered: ${degenerate} triangles whose corners were made one vertex (no area) were left out (pruneUnread)`);
      expect(warnings).toMatch(/mesh jittered: \d+ vertices no triangle uses were left out \(pruneUnread\)/);
    }
  });

  it('a textured mesh with UVs outside 0–1 (EXPONENTIAL-filtered when compressed): welded on the decoded UVs too, the same triangles as decoded corners', async () => {
    await gltf.initMeshopt();
    for (const options of OPTION_SETS) {
      const plainBytes = glbFormat.encodeSync(texturedAssetOf(jitteredMesh(4)), { kernels, ...options });
      const prunedBytes = glbFormat.encodeSync(texturedAssetOf(jitteredMesh(4)), { kernels, ...options, pruneUnread: true });
      expect((await validateGltf(prunedBytes)).errors).toBe(0);
      const json = gltf.readGltfInput(prunedBytes).json as any;
      const uvView = json.bufferViews[json.accessors[json.meshes[0].primitives[0].attributes.TEXCOORD_0].bufferView];
      expect(uvView.extensions?.EXT_meshopt_compression?.filter).toBe(options.compress ? 'EXPONENTIAL' : undefined);
      const plain = glbFormat.parseSync(plainBytes, { kernels }).meshes[0]!;
      const pruned = glbFormat.parseSync(prunedBytes, { kernels }).meshes[0]!;
      expect(pruned.attributes.uvs).toHaveLength(1);
      const expected = cornerTriangles(plain).filter((c) => c[0] !== c[1] && c[1] !== c[2] && c[0] !== c[2]);
      expect(cornerTriangles(pruned)).toEqual(expected);
      const keys = vertexKeys(pruned);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.length).toBe(new Set(expected.flat()).size);
      expect(keys.length).toBeLessThan(plain.attributes.positions.length / 3);
    }
  });

  it('octahedral normals: codes that differ but decode alike are one vertex (a weld on the stored codes would keep them apart)', async () => {
    await gltf.initMeshopt();
    await MeshoptDecoder.ready;
    let apartByCode = 0;
    for (const seed of [1, 2, 3]) {
      const options = { kernels, quantize: { position: 14, normal: 'oct8' }, compress: 'meshopt' } as const;
      const plainBytes = glbFormat.encodeSync(assetOf(jitteredMesh(seed)), options);
      const plain = glbFormat.parseSync(plainBytes, { kernels }).meshes[0]!;
      const pruned = glbFormat.parseSync(glbFormat.encodeSync(assetOf(jitteredMesh(seed)), { ...options, pruneUnread: true }), { kernels }).meshes[0]!;
      // Per decoded key (position and normal) of a used vertex, the stored codes it has.
      const codes = storedNormalCodes(plainBytes);
      const keys = vertexKeys(plain);
      const byKey = new Map<string, Set<string>>();
      for (const v of new Set(Array.from(plain.indices))) byKey.set(keys[v]!, (byKey.get(keys[v]!) ?? new Set()).add(codes[v]!));
      for (const set of byKey.values()) apartByCode += set.size - 1;
      // The pruned file keeps one vertex per decoded key its triangles use.
      expect(vertexKeys(pruned).length).toBe(new Set(cornerTriangles(pruned).flat()).size);
      expect(new Set(vertexKeys(pruned)).size).toBe(vertexKeys(pruned).length);
    }
    expect(apartByCode).toBeGreaterThan(0);
  });

  it('a mesh whose every triangle the weld would leave without area is written whole (an accessor holds at least one element)', async () => {
    await gltf.initMeshopt();
    for (const options of OPTION_SETS) {
      const mesh: Mesh = { name: 'point', attributes: { positions: new Float32Array([1, 2, 3, 1, 2, 3, 1, 2, 3]), normals: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1]) }, indices: new Uint16Array([0, 1, 2]) };
      const written = assetOf(mesh);
      const bytes = glbFormat.encodeSync(written, { kernels, ...options, pruneUnread: true });
      expect((await validateGltf(bytes)).errors).toBe(0);
      const back = glbFormat.parseSync(bytes, { kernels }).meshes[0]!;
      expect(back.indices.length).toBe(3);
      expect(written.warnings.join('\n')).not.toMatch(/triangles whose corners|no triangle uses/);
    }
  });
});

/** The first mesh's NORMAL bytes as stored (the OCTAHEDRAL filter's codes, not decoded through it), one string per vertex. */
function storedNormalCodes(glb: Uint8Array): string[] {
  const dv = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = dv.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  const bin = glb.subarray(28 + jsonLength, 28 + jsonLength + dv.getUint32(20 + jsonLength, true));
  const view = json.bufferViews[json.accessors[json.meshes[0].primitives[0].attributes.NORMAL].bufferView];
  const e = view.extensions.EXT_meshopt_compression;
  expect(e.filter).toBe('OCTAHEDRAL');
  const raw = new Uint8Array(e.count * e.byteStride);
  MeshoptDecoder.decodeGltfBuffer(raw, e.count, e.byteStride, bin.subarray(e.byteOffset ?? 0, (e.byteOffset ?? 0) + e.byteLength), 'ATTRIBUTES');
  return Array.from({ length: e.count }, (_, v) => Array.from(raw.subarray(v * e.byteStride, (v + 1) * e.byteStride)).join(','));
}
