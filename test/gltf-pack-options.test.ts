// The glTF writer's options for gltfpack-sized files (issue 20 item 5): `pruneUnread` (UV sets
// and tangents no material reads left out, vertices then stored alike welded), `mergeMeshes`,
// and `quantize.uv: 12`. On every backend: 0 validator errors, what is dropped or merged is
// warned, and what is kept comes back within the bounds README § glTF quantization states.
import { encode as encodePng } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { glbFormat, gltf, type Asset, type Kernels, type Mesh } from '../bindings/index.js';
import { parseConversionFlags, resolveConversion } from '../bindings/cli/conversion-options.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { validateGltf } from './helpers/gltf-validator.js';

const kernelsOf = allKernels();
const PNG = encodePng({ width: 2, height: 2, data: new Uint8Array(16).fill(200), channels: 4, depth: 8 });

function jsonOf(bytes: Uint8Array): Record<string, any> {
  return gltf.readGltfInput(bytes).json as Record<string, any>;
}

/** The tube's mesh without its skin, moved by `offset`, with a second UV set, its material `material`. */
function staticMesh(name: string, offset: number[], material?: string): Mesh {
  const mesh = tubeAsset().meshes[0]!;
  const { joints: _j, weights: _w, ...attributes } = mesh.attributes;
  const positions = attributes.positions.map((v, i) => v + offset[i % 3]!);
  const second = attributes.uvs![0]!.map((v) => v * 0.5 + 0.25);
  return { ...mesh, name, attributes: { ...attributes, positions, uvs: [attributes.uvs![0]!, second] }, ...(material ? { material } : {}) };
}

/**
 * `mesh` with every vertex twice, the copy's first UV set shifted (a UV seam everywhere): the
 * triangles alternate between the two copies, so every copy is used.
 */
function withUvSeams(mesh: Mesh): Mesh {
  const a = mesh.attributes;
  const count = a.positions.length / 3;
  const twice = (values: Float32Array, width: number) => {
    const out = new Float32Array(values.length * 2);
    out.set(values);
    out.set(values, values.length);
    return width ? out : out;
  };
  const uv0 = twice(a.uvs![0]!, 2);
  for (let i = a.uvs![0]!.length; i < uv0.length; i++) uv0[i] = Math.min(1, uv0[i]! + 0.01);
  const indices = new Uint16Array(mesh.indices.length);
  for (let t = 0; t < mesh.indices.length; t += 3) for (let k = 0; k < 3; k++) indices[t + k] = mesh.indices[t + k]! + ((t / 3) % 2 ? count : 0);
  return { ...mesh, attributes: { positions: twice(a.positions, 3), normals: twice(a.normals!, 3), tangents: twice(a.tangents!, 4), uvs: [uv0, twice(a.uvs![1]!, 2)] }, indices };
}

function twoMeshAsset(): Asset {
  return {
    source: 'test',
    upAxis: 'y',
    meshes: [staticMesh('textured', [0, 0, 0], 'skin'), withUvSeams(staticMesh('plain', [3, 0, 0]))],
    materials: [{ name: 'skin', baseColorTexture: { uri: 'skin.png', mimeType: 'image/png', bytes: PNG } }],
    animations: [],
    warnings: [],
  };
}

/** For every decoded vertex, the distance (largest component) to the nearest source vertex, and the normal difference there. */
function nearestErrors(source: Asset, decoded: Asset): { position: number; normal: number } {
  const points = source.meshes.flatMap((m) => Array.from({ length: m.attributes.positions.length / 3 }, (_, v) => ({ p: m.attributes.positions.subarray(v * 3, v * 3 + 3), n: m.attributes.normals!.subarray(v * 3, v * 3 + 3) })));
  let position = 0;
  let normal = 0;
  for (const mesh of decoded.meshes) {
    const a = mesh.attributes;
    for (let v = 0; v < a.positions.length / 3; v++) {
      let best = Infinity;
      let bestNormal = Infinity;
      for (const { p, n } of points) {
        const d = Math.max(...[0, 1, 2].map((c) => Math.abs(p[c]! - a.positions[v * 3 + c]!)));
        const dn = Math.max(...[0, 1, 2].map((c) => Math.abs(n[c]! - a.normals![v * 3 + c]!)));
        if (d < best - 1e-9 || (Math.abs(d - best) <= 1e-9 && dn < bestNormal)) { best = d; bestNormal = dn; }
      }
      position = Math.max(position, best);
      normal = Math.max(normal, bestNormal);
    }
  }
  return { position, normal };
}

function largestExtent(meshes: Mesh[]): number {
  let extent = 0;
  for (let c = 0; c < 3; c++) {
    let lo = Infinity, hi = -Infinity;
    for (const m of meshes) for (let i = c; i < m.attributes.positions.length; i += 3) { lo = Math.min(lo, m.attributes.positions[i]!); hi = Math.max(hi, m.attributes.positions[i]!); }
    extent = Math.max(extent, hi - lo);
  }
  return extent;
}

describe.each(BACKENDS)('pruneUnread, mergeMeshes and quantize.uv 12 on %s', (backend) => {
  const kernels: Kernels = kernelsOf[backend];

  it('pruneUnread: a textured mesh keeps its first UV set, the rest and every tangent go (warned); vertices then stored alike are one; positions and normals within their bounds', async () => {
    await gltf.initMeshopt();
    for (const options of [{ quantize: true }, { quantize: true, compress: 'meshopt' }, {}] as const) {
      const source = twoMeshAsset();
      const written = twoMeshAsset();
      const bytes = glbFormat.encodeSync(written, { kernels, ...options, pruneUnread: true });
      expect((await validateGltf(bytes)).errors).toBe(0);
      const json = jsonOf(bytes);
      const attributes = json.meshes.map((m: any) => Object.keys(m.primitives[0].attributes).sort());
      expect(attributes).toEqual([['NORMAL', 'POSITION', 'TEXCOORD_0'], ['NORMAL', 'POSITION']]);
      expect(json.images).toHaveLength(1);
      expect(written.warnings).toContain('mesh textured: UV set 1 and tangents read by no material of the file left out (pruneUnread)');
      expect(written.warnings).toContain('mesh plain: UV sets 0–1 and tangents read by no material of the file left out (pruneUnread)');
      // The plain mesh's copies differ only in the dropped UVs: half its vertices go (and the
      // tube's seam column, on one point once quantized).
      const plainCount = source.meshes[1]!.attributes.positions.length / 3;
      const count = json.accessors[json.meshes[1].primitives[0].attributes.POSITION].count;
      expect(count).toBeLessThanOrEqual(plainCount / 2);
      expect(written.warnings.some((w) => w.startsWith(`mesh plain: ${plainCount - count} vertices that read back the same in every attribute`))).toBe(true);
      const back = glbFormat.parseSync(bytes, { kernels });
      expect(back.meshes.map((m) => m.indices.length)).toEqual(source.meshes.map((m) => m.indices.length));
      const { position, normal } = nearestErrors(source, back);
      const step = options.quantize ? Math.fround(largestExtent([source.meshes[1]!]) / 65535) : 0;
      expect(position).toBeLessThanOrEqual(step / 2 + 2 ** -20);
      expect(normal).toBeLessThanOrEqual(options.quantize ? 1 / 127 + 1e-6 : 0);
      // The textured mesh's first UV set as it was (unorm16: half a step).
      const uv = back.meshes[0]!.attributes.uvs![0]!;
      expect(uv.length).toBe(source.meshes[0]!.attributes.uvs![0]!.length);
    }
  });

  it("pruneUnread with textures: 'none' drops every UV set; without the option nothing is dropped", async () => {
    const none = twoMeshAsset();
    const json = jsonOf(glbFormat.encodeSync(none, { kernels, quantize: true, textures: 'none', pruneUnread: true }));
    expect(json.meshes.map((m: any) => Object.keys(m.primitives[0].attributes).sort())).toEqual([['NORMAL', 'POSITION'], ['NORMAL', 'POSITION']]);
    const kept = jsonOf(glbFormat.encodeSync(twoMeshAsset(), { kernels, quantize: true }));
    expect(kept.meshes.map((m: any) => Object.keys(m.primitives[0].attributes).sort())).toEqual([['NORMAL', 'POSITION', 'TANGENT', 'TEXCOORD_0', 'TEXCOORD_1'], ['NORMAL', 'POSITION', 'TANGENT', 'TEXCOORD_0', 'TEXCOORD_1']]);
    expect(() => glbFormat.encodeSync(twoMeshAsset(), { kernels, pruneUnread: 'yes' as never })).toThrow(/pruneUnread must be true or false/);
  });

  it('mergeMeshes: meshes of one material and layout become one (warned), positions within half a step of the merged grid; other materials, morph targets and static with skinned stay apart', async () => {
    await gltf.initMeshopt();
    const make = (): Asset => {
      const morph = staticMesh('morph', [0, 5, 0], 'a');
      morph.targets = [{ name: 't', positions: new Float32Array(morph.attributes.positions.length).fill(0.01) }];
      const tube = tubeAsset();
      const skinned = tube.meshes[0]!;
      return {
        ...tube,
        source: 'test',
        meshes: [staticMesh('a1', [0, 0, 0], 'a'), staticMesh('b', [1, 0, 0], 'b'), staticMesh('a2', [4, 1, 0], 'a'), morph, { ...skinned, name: 's1' }, { ...skinned, name: 's2', attributes: { ...skinned.attributes, positions: skinned.attributes.positions.map((v, i) => v + (i % 3 === 2 ? 1 : 0)) } }],
        // 'b' has a texture, so it is written unlike 'a' (a name only).
        materials: [{ name: 'b', baseColorTexture: { uri: 'b.png', mimeType: 'image/png', bytes: PNG } }],
        warnings: [],
      };
    };
    for (const options of [{ quantize: true }, { quantize: true, compress: 'meshopt' }] as const) {
      const source = make();
      const written = make();
      const bytes = glbFormat.encodeSync(written, { kernels, ...options, mergeMeshes: true });
      expect((await validateGltf(bytes)).errors).toBe(0);
      const json = jsonOf(bytes);
      expect(json.meshes.map((m: any) => m.name)).toEqual(['a1', 'b', 'morph', 's1']);
      expect(written.warnings).toContain('meshes a1, a2 (2, one material and layout) are merged into one mesh named a1 (mergeMeshes)');
      expect(written.warnings).toContain('meshes s1, s2 (2, one material and layout) are merged into one mesh named s1 (mergeMeshes)');
      const back = glbFormat.parseSync(bytes, { kernels });
      const merged = back.meshes[0]!;
      const parts = [source.meshes[0]!, source.meshes[2]!];
      expect(merged.attributes.positions.length).toBe(parts.reduce((n, m) => n + m.attributes.positions.length, 0));
      expect(merged.indices.length).toBe(parts.reduce((n, m) => n + m.indices.length, 0));
      const step = Math.fround(largestExtent(parts) / 65535);
      const { position } = nearestErrors({ ...source, meshes: parts }, { ...back, meshes: [merged] });
      expect(position).toBeLessThanOrEqual(step / 2 + 2 ** -20);
      // Not vacuous: the merged grid is coarser than either mesh's own.
      expect(step).toBeGreaterThan(Math.fround(largestExtent([parts[0]!]) / 65535));
      expect(back.meshes[3]!.attributes.joints).toBeDefined();
      expect(back.meshes[3]!.attributes.positions.length).toBe(source.meshes[4]!.attributes.positions.length * 2);
    }
  });

  it('mergeMeshes: materials written alike but for the name (no texture, or the same texture) merge, the warning naming them; a mesh past 65,536 vertices takes a small one, two small ones stay 16-bit', async () => {
    const texture = { uri: 't.png', mimeType: 'image/png', bytes: PNG };
    const withoutMaterial = ({ material: _m, ...mesh }: Mesh): Mesh => mesh;
    const asset: Asset = {
      source: 'test',
      upAxis: 'y',
      meshes: [staticMesh('p1', [0, 0, 0], 'plain1'), staticMesh('p2', [1, 0, 0], 'plain2'), staticMesh('t1', [2, 0, 0], 'tex1'), staticMesh('t2', [3, 0, 0], 'tex2'), staticMesh('u', [4, 0, 0], 'other'), withoutMaterial(staticMesh('none', [5, 0, 0]))],
      materials: [{ name: 'tex1', baseColorTexture: texture }, { name: 'tex2', baseColorTexture: { ...texture } }, { name: 'other', baseColorTexture: { ...texture, uri: 'u.png' } }],
      animations: [],
      warnings: [],
    };
    const bytes = glbFormat.encodeSync(asset, { kernels, quantize: true, mergeMeshes: true });
    expect((await validateGltf(bytes)).errors).toBe(0);
    const json = jsonOf(bytes);
    expect(json.meshes.map((m: any) => m.name)).toEqual(['p1', 't1', 'u', 'none']);
    expect(json.meshes.map((m: any) => json.materials[m.primitives[0].material]?.name)).toEqual(['plain1', 'tex1', 'other', undefined]);
    expect(asset.warnings).toContain('meshes p1, p2 (2, one material and layout) are merged into one mesh named p1; their materials plain2 (written alike but for the name) become plain1 (mergeMeshes)');
    expect(asset.warnings).toContain('meshes t1, t2 (2, one material and layout) are merged into one mesh named t1; their materials tex2 (written alike but for the name) become tex1 (mergeMeshes)');

    // Index widths: a quad grid of `n` vertices, `at` along x.
    const grid = (name: string, n: number, at: number): Mesh => {
      const positions = new Float32Array(n * 3);
      for (let v = 0; v < n; v++) positions.set([at + (v % 300) * 0.01, Math.floor(v / 300) * 0.01, 0], v * 3);
      const indices = new Uint32Array((n - 2) * 3);
      for (let t = 0; t < n - 2; t++) indices.set([t, t + 1, t + 2], t * 3);
      return { name, attributes: { positions }, indices };
    };
    const sizes = (counts: number[]) => {
      const written: Asset = { source: 'test', upAxis: 'y', meshes: counts.map((n, i) => grid(`g${i}`, n, i * 4)), animations: [], warnings: [] };
      const json = jsonOf(glbFormat.encodeSync(written, { kernels, mergeMeshes: true }));
      return json.meshes.map((m: any) => json.accessors[m.primitives[0].attributes.POSITION].count);
    };
    expect(sizes([40000, 40000])).toEqual([40000, 40000]);
    expect(sizes([70000, 40000])).toEqual([110000]);
    expect(sizes([40000, 70000])).toEqual([110000]);
  });

  it('quantize.uv 12: UVs in 0–1 (extent about 1) on every 16th unorm16 step, within 8 / 65535; outside 0–1 (compressed) within half a 12-bit step of their range; a narrow set on finer steps', async () => {
    await gltf.initMeshopt();
    const next = rng(3);
    const mesh = staticMesh('m', [0, 0, 0]);
    const count = mesh.attributes.positions.length / 3;
    const inRange = Float32Array.from({ length: count * 2 }, (_, i) => (i < 6 ? [0, 0, 1, 1, 1 - 1e-6, 0.5][i]! : next()));
    const outside = Float32Array.from({ length: count * 2 }, () => next() * 6 - 1);
    const source: Asset = { source: 'test', upAxis: 'y', meshes: [{ ...mesh, attributes: { ...mesh.attributes, uvs: [inRange, outside] } }], animations: [], warnings: [] };
    const bytes = glbFormat.encodeSync(structuredClone(source), { kernels, quantize: { uv: 12, position: 'float' }, compress: 'meshopt' });
    expect((await validateGltf(bytes)).errors).toBe(0);
    const back = glbFormat.parseSync(bytes, { kernels }).meshes[0]!;
    // Vertices come back reordered: match them by position (every tube vertex is distinct but the seam).
    const order = new Map<string, number>();
    for (let v = 0; v < count; v++) order.set(Array.from(mesh.attributes.positions.subarray(v * 3, v * 3 + 3)).join(), v);
    let matched = 0;
    let inError = 0;
    let outError = 0;
    for (let v = 0; v < count; v++) {
      const s = order.get(Array.from(back.attributes.positions.subarray(v * 3, v * 3 + 3)).join());
      if (s === undefined) continue;
      matched++;
      for (let c = 0; c < 2; c++) {
        const u = back.attributes.uvs![0]![v * 2 + c]!;
        const q = Math.round(u * 65535);
        expect(q % 16 === 0 || q === 65535).toBe(true);
        inError = Math.max(inError, Math.abs(u - inRange[s * 2 + c]!));
        outError = Math.max(outError, Math.abs(back.attributes.uvs![1]![v * 2 + c]! - outside[s * 2 + c]!));
      }
    }
    expect(matched).toBe(count);
    expect(inError).toBeLessThanOrEqual(8 / 65535 + 2 ** -24);
    expect(inError).toBeGreaterThan(0.5 / 65535);
    // Never coarser than 12 bits over the set's range (gltfpack's): half a step, extent / 8190.
    const extent = Math.max(...outside) - Math.min(...outside);
    expect(outError).toBeLessThanOrEqual(extent / 8190);
    expect(outError).toBeGreaterThan(2 ** (3 + 1 - 24));
    expect(() => glbFormat.encodeSync(structuredClone(source), { kernels, quantize: { uv: 10 as never } })).toThrow(/quantize.uv must be 8 or 12 or 16 or float/);
    // A set 0.2 wide: 12 bits over its range is a step of 0.2 / 4095, so unorm16 steps of 2 (not 16).
    const narrow = Float32Array.from({ length: count * 2 }, () => 0.4 + next() * 0.2);
    const small: Asset = { ...source, meshes: [{ ...source.meshes[0]!, attributes: { ...source.meshes[0]!.attributes, uvs: [narrow] } }] };
    const narrowBack = glbFormat.parseSync(glbFormat.encodeSync(structuredClone(small), { kernels, quantize: { uv: 12, position: 'float' } }), { kernels }).meshes[0]!.attributes.uvs![0]!;
    let narrowError = 0;
    for (let i = 0; i < narrow.length; i++) {
      narrowError = Math.max(narrowError, Math.abs(narrowBack[i]! - narrow[i]!));
      expect(Math.round(narrowBack[i]! * 65535) % 2).toBe(0);
    }
    expect(narrowError).toBeLessThanOrEqual(0.2 / 8190);
  });
});

describe.each(BACKENDS)('rotation channels near their rest value at quantize.rotation 12 on %s', (backend) => {
  const kernels: Kernels = kernelsOf[backend];

  /** The tube with a rotation track on its root: the rest rotation moved by `by` per key. */
  function withRootTrack(by: number): Asset {
    const tube = tubeAsset();
    const track = tube.animations[0]!.tracks[0]!;
    const rotation = new Float32Array(track.times.length * 4);
    for (let k = 0; k < track.times.length; k++) {
      const q = [by * Math.sin(k), by * Math.cos(k), -by * Math.sin(2 * k), 1];
      const l = Math.hypot(...q);
      rotation.set(q.map((x) => x / l), k * 4);
    }
    tube.animations[0]!.tracks.push({ joint: 0, times: track.times, rotation });
    return tube;
  }

  it('left out within half a QUATERNION filter step (warned, the rest value within that step of every key); kept beyond it and at rotation 16', async () => {
    await gltf.initMeshopt();
    const channelsOf = (bytes: Uint8Array) => jsonOf(bytes).animations[0].channels.filter((c: any) => c.target.node === 0 && c.target.path === 'rotation').length;
    const near = withRootTrack(1e-4);
    const bytes = glbFormat.encodeSync(near, { kernels, quantize: { rotation: 12 }, compress: 'meshopt' });
    expect((await validateGltf(bytes)).errors).toBe(0);
    expect(channelsOf(bytes)).toBe(0);
    expect(near.warnings.some((w) => w.includes('1 rotation channels within half a QUATERNION filter step (quantize.rotation 12)'))).toBe(true);
    // What a reader then holds, the rest (identity), against every key.
    const keys = withRootTrack(1e-4).animations[0]!.tracks[1]!.rotation!;
    let largest = 0;
    for (let i = 0; i < keys.length; i++) largest = Math.max(largest, Math.abs(keys[i]! - [0, 0, 0, 1][i % 4]!));
    expect(largest).toBeLessThanOrEqual(Math.SQRT1_2 / 2047 / 2);
    expect(largest).toBeGreaterThan(0);
    expect(channelsOf(glbFormat.encodeSync(withRootTrack(1e-3), { kernels, quantize: { rotation: 12 }, compress: 'meshopt' }))).toBe(1);
    expect(channelsOf(glbFormat.encodeSync(withRootTrack(1e-4), { kernels, quantize: true, compress: 'meshopt' }))).toBe(1);
  });
});

describe.each(BACKENDS)('MeshSerializer2 positions and UVs at their own precision on %s', (backend) => {
  const kernels: Kernels = kernelsOf[backend];

  /** A MeshSerializer2-like Asset: positions and UVs on a 16-bit grid per axis of their box. */
  function ms2Asset(): Asset {
    const mesh = staticMesh('m', [0.3, -1.7, 12.25]);
    const grid = (values: Float32Array, width: number) => {
      for (let c = 0; c < width; c++) {
        let lo = Infinity, hi = -Infinity;
        for (let i = c; i < values.length; i += width) { lo = Math.min(lo, values[i]!); hi = Math.max(hi, values[i]!); }
        for (let i = c; i < values.length; i += width) values[i] = Math.fround(lo + (Math.round(((values[i]! - lo) / (hi - lo)) * 65535) * (hi - lo)) / 65535);
      }
      return values;
    };
    const a = mesh.attributes;
    return { source: 'ms2', upAxis: 'y', meshes: [{ ...mesh, attributes: { positions: grid(a.positions.slice(), 3), normals: a.normals, uvs: [grid(a.uvs![0]!.map((v) => v * 0.9 + 0.05), 2)] } }], animations: [], warnings: [] };
  }

  it("compressed, through the EXPONENTIAL filter at 24 bits: within one float32 ulp of the largest magnitude per component, POSITION min / max the decoded values'; positions: 16 still quantizes", async () => {
    await gltf.initMeshopt();
    const source = ms2Asset();
    const bytes = glbFormat.encodeSync(ms2Asset(), { kernels, quantize: true, compress: 'meshopt' });
    expect((await validateGltf(bytes)).errors).toBe(0);
    const json = jsonOf(bytes);
    const attributes = json.meshes[0].primitives[0].attributes;
    const position = json.accessors[attributes.POSITION];
    expect(position.componentType).toBe(5126);
    expect(json.bufferViews[position.bufferView].extensions.EXT_meshopt_compression.filter).toBe('EXPONENTIAL');
    expect(json.bufferViews[json.accessors[attributes.TEXCOORD_0].bufferView].extensions.EXT_meshopt_compression.filter).toBe('EXPONENTIAL');
    const back = glbFormat.parseSync(bytes, { kernels }).meshes[0]!.attributes;
    const src = source.meshes[0]!.attributes;
    // Vertices are reordered: compare per component as sorted sets, and the decoded bounds with min / max.
    for (const [decoded, original, width] of [[back.positions, src.positions, 3], [back.uvs![0]!, src.uvs![0]!, 2]] as const) {
      for (let c = 0; c < width; c++) {
        const d = Array.from(decoded.filter((_, i) => i % width === c)).sort((x, y) => x - y);
        const o = Array.from(original.filter((_, i) => i % width === c)).sort((x, y) => x - y);
        const largest = Math.max(...o.map(Math.abs));
        const ulp = 2 ** (Math.floor(Math.log2(largest)) - 23);
        let worst = 0;
        for (let i = 0; i < d.length; i++) worst = Math.max(worst, Math.abs(d[i]! - o[i]!));
        expect(worst).toBeLessThanOrEqual(ulp);
        // (JSON holds their shortest digits: the same float32.)
        if (width === 3) expect([position.min[c], position.max[c]].map(Math.fround)).toEqual([d[0], d[d.length - 1]]);
      }
    }
    const given = jsonOf(glbFormat.encodeSync(ms2Asset(), { kernels, quantize: { position: 16 }, compress: 'meshopt' }));
    expect(given.accessors[given.meshes[0].primitives[0].attributes.POSITION].componentType).toBe(5123);
    const plain = jsonOf(glbFormat.encodeSync(ms2Asset(), { kernels, quantize: true }));
    expect(plain.accessors[plain.meshes[0].primitives[0].attributes.POSITION].componentType).toBe(5126);
  });
});

describe('CLI flags', () => {
  it('--prune-unread, --merge-meshes and --quantize uv=12 reach the glTF writer', () => {
    const flags = parseConversionFlags({ 'prune-unread': true, 'merge-meshes': true, quantize: 'uv=12' });
    if (typeof flags === 'string') throw new Error(flags);
    expect(resolveConversion(flags, 'iqm', 'glb').write).toMatchObject({ pruneUnread: true, mergeMeshes: true, quantize: { uv: 12 } });
  });
});
