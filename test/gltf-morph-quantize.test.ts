// Morph targets under the glTF writer's `quantize` (README § glTF quantization): displacements as
// int8 / int16 steps of the mesh's position grid where they fit, else float32 (warned); normal
// deltas snorm at the normals' bits where within −1..1, else float32 (warned). Each output on every
// backend: 0 Khronos validator errors, read back by meshcodec's reader within the stated bounds,
// and by three.js's GLTFLoader (with meshoptimizer's decoder where compressed) within the same.
// Sources: AnimatedMorphCube.gltf (glTF), Assets built here (small and large displacements,
// normal deltas of ±2, a skinned mesh) and the same Asset through UNIGINE's .mesh.
import { existsSync, readFileSync } from 'node:fs';
import { MeshoptDecoder } from 'meshoptimizer';
import { Vector3, type Matrix4, type Mesh as ThreeMesh, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import { glbFormat, gltf, gltfFormat, initMeshopt, unigineFormat, type Asset } from '../bindings/index.js';
import type { GltfWriteOptions } from '../bindings/formats/gltf/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { validateGltf } from './helpers/gltf-validator.js';
import './helpers/node-progress-event.js';

const MORPH_CUBE = '/usr/share/assimp/models/glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf';
const kernelsOf = allKernels();
const COMPONENT = { BYTE: 5120, SHORT: 5122, FLOAT: 5126 };

function morphCube(): Asset {
  const bytes = new Uint8Array(readFileSync(MORPH_CUBE));
  return gltfFormat.parseSync(bytes, { fileName: MORPH_CUBE, resolve: (name) => new Uint8Array(readFileSync(MORPH_CUBE.replace(/[^/]*$/, name))) });
}

/** A static tube (no skin) with two targets: `scale` times a random displacement in −0.5..0.5, and normal deltas `normalDelta` times the normal. */
function morphedTube(scale: number, normalDelta: number, skinned = false): Asset {
  const tube = tubeAsset();
  const mesh = tube.meshes[0]!;
  const { joints, weights, ...rest } = mesh.attributes;
  const attributes = skinned ? mesh.attributes : rest;
  const count = attributes.positions.length / 3;
  const next = rng(11);
  const targets = [
    { name: 'bulge', positions: Float32Array.from({ length: count * 3 }, () => (next() - 0.5) * scale), normals: attributes.normals!.map((n) => n * normalDelta) },
    { name: 'shift', positions: Float32Array.from({ length: count * 3 }, (_, i) => (i % 3 === 1 ? scale / 3 : 0)) },
  ];
  void joints; void weights;
  return { ...tube, animations: skinned ? tube.animations : [], skeleton: skinned ? tube.skeleton : undefined, meshes: [{ ...mesh, attributes, targets }], warnings: [] };
}

function jsonOf(bytes: Uint8Array): Record<string, any> {
  return gltf.readGltfInput(bytes).json as Record<string, any>;
}

/** One vertex's values, in groups each with its own bound. */
type Groups = Record<string, number[]>;

/** Per vertex of `asset`'s first mesh: position, normal, and per target the displaced position, the displacement and the normal delta. */
function vertexGroups(asset: Asset): Groups[] {
  const mesh = asset.meshes[0]!;
  const a = mesh.attributes;
  const out: Groups[] = [];
  for (let v = 0; v < a.positions.length / 3; v++) {
    const p = [0, 1, 2].map((c) => a.positions[v * 3 + c]!);
    const groups: Groups = { position: p };
    if (a.normals) groups.normal = [0, 1, 2].map((c) => a.normals![v * 3 + c]!);
    (mesh.targets ?? []).forEach((t, k) => {
      const d = [0, 1, 2].map((c) => t.positions[v * 3 + c]!);
      groups[`displaced ${k}`] = p.map((x, c) => x + d[c]!);
      groups[`displacement ${k}`] = d;
      if (t.normals) groups[`normal delta ${k}`] = [0, 1, 2].map((c) => t.normals![v * 3 + c]!);
    });
    out.push(groups);
  }
  return out;
}

/**
 * The largest, over the decoded vertices, of the smallest (over the source vertices) worst
 * error / bound ratio: ≤ 1 when every decoded vertex is some source vertex within every bound
 * (vertices may be renumbered by compression). Every group must be on both sides.
 */
function worstRatio(decoded: Groups[], source: Groups[], bounds: Record<string, number>): number {
  let worst = 0;
  for (const d of decoded) {
    let best = Infinity;
    for (const s of source) {
      let ratio = 0;
      for (const [name, values] of Object.entries(s)) {
        const other = d[name];
        if (!other) return Infinity;
        for (let c = 0; c < values.length; c++) ratio = Math.max(ratio, Math.abs(other[c]! - values[c]!) / bounds[name]!);
      }
      best = Math.min(best, ratio);
    }
    worst = Math.max(worst, best);
  }
  return worst;
}

/** The same groups as three.js's GLTFLoader decodes them (world positions: node matrices applied; morph attributes relative). */
async function threeGroups(bytes: Uint8Array): Promise<Groups[]> {
  await MeshoptDecoder.ready;
  const loaded = await new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).parseAsync(bytes.slice().buffer, '');
  let mesh: ThreeMesh | undefined;
  loaded.scene.traverse((o: Object3D) => { if ((o as ThreeMesh).isMesh && !mesh) mesh = o as ThreeMesh; });
  mesh!.updateWorldMatrix(true, false);
  const world: Matrix4 = mesh!.matrixWorld;
  const geometry = mesh!.geometry;
  expect(geometry.morphTargetsRelative).toBe(true);
  const position = geometry.getAttribute('position');
  const normal = geometry.getAttribute('normal');
  const morphs = geometry.morphAttributes.position ?? [];
  const morphNormals = geometry.morphAttributes.normal ?? [];
  const out: Groups[] = [];
  const xyz = (attribute: typeof position, v: number) => [attribute.getX(v), attribute.getY(v), attribute.getZ(v)];
  const inWorld = (p: number[]) => new Vector3(p[0], p[1], p[2]).applyMatrix4(world).toArray();
  const linear = world.clone().setPosition(0, 0, 0);
  for (let v = 0; v < position.count; v++) {
    const p = xyz(position, v);
    const groups: Groups = { position: inWorld(p) };
    if (normal) groups.normal = new Vector3(...xyz(normal, v)).normalize().toArray();
    morphs.forEach((m, k) => {
      const d = xyz(m, v);
      groups[`displaced ${k}`] = inWorld(p.map((x, c) => x + d[c]!));
      groups[`displacement ${k}`] = new Vector3(d[0], d[1], d[2]).applyMatrix4(linear).toArray();
      if (morphNormals[k]) groups[`normal delta ${k}`] = xyz(morphNormals[k]!, v);
    });
    out.push(groups);
  }
  return out;
}

function largestExtent(positions: Float32Array): number {
  let extent = 0;
  for (let c = 0; c < 3; c++) {
    let lo = Infinity, hi = -Infinity;
    for (let i = c; i < positions.length; i += 3) { lo = Math.min(lo, positions[i]!); hi = Math.max(hi, positions[i]!); }
    extent = Math.max(extent, hi - lo);
  }
  return extent;
}

/** The position grid's step as written: the mesh node's uniform scale (static meshes). */
function stepOf(json: Record<string, any>): number {
  const node = json.nodes.find((n: Record<string, unknown>) => n.mesh !== undefined);
  return node.scale ? node.scale[0] : 1;
}

/** Component types of the first primitive's targets' POSITION and NORMAL accessors. */
function targetTypes(json: Record<string, any>): { POSITION: number; NORMAL?: number; normalized?: boolean }[] {
  return json.meshes[0].primitives[0].targets.map((t: Record<string, number>) => ({
    POSITION: json.accessors[t.POSITION!].componentType,
    ...(t.NORMAL !== undefined ? { NORMAL: json.accessors[t.NORMAL].componentType, normalized: json.accessors[t.NORMAL].normalized === true } : {}),
  }));
}

/** Bounds per group: `step` the grid's, `quantized` whether the displacements are grid steps, `normal` the delta bound, `magnitude` for float32 rounding. */
function boundsOf(step: number, quantized: boolean, normalDelta: number, magnitude: number, targets: number): Record<string, number> {
  const rounding = magnitude * 2 ** -21;
  const out: Record<string, number> = { position: step / 2 + rounding, normal: 0.021 };
  for (let k = 0; k < targets; k++) {
    out[`displaced ${k}`] = step / 2 + rounding;
    out[`displacement ${k}`] = (quantized ? step : 0) + rounding;
    out[`normal delta ${k}`] = normalDelta + 2 ** -20;
  }
  return out;
}

const CUBE_CASES: { name: string; options: GltfWriteOptions; position: number; normal: number; normalBound: number; bits: number }[] = [
  // 16 bits: the cube's displacements (up to 1.99 of a 2.0 extent) reach 65,000 steps, beyond int16.
  { name: 'quantize: true', options: { quantize: true }, position: COMPONENT.FLOAT, normal: COMPONENT.BYTE, normalBound: 1 / 254, bits: 16 },
  { name: '--optimize', options: { quantize: true, compress: 'meshopt' }, position: COMPONENT.FLOAT, normal: COMPONENT.BYTE, normalBound: 1 / 254, bits: 16 },
  { name: 'position 14, normal 16', options: { quantize: { position: 14, normal: 16 } }, position: COMPONENT.SHORT, normal: COMPONENT.SHORT, normalBound: 1 / 65534, bits: 14 },
  // 8 bits: up to 254 steps, int16 (beyond int8); normals kept float32, their deltas too.
  { name: 'position 8, normal float', options: { quantize: { position: 8, normal: 'float' } }, position: COMPONENT.SHORT, normal: COMPONENT.FLOAT, normalBound: 0, bits: 8 },
  { name: "gltfpack's precision, pruneUnread", options: { quantize: { position: 14, translation: 16, normal: 'oct8', tangent: 'oct8', rotation: 12, uv: 12 }, compress: 'meshopt', mergeMeshes: true, pruneUnread: true }, position: COMPONENT.SHORT, normal: COMPONENT.BYTE, normalBound: 1 / 254, bits: 14 },
];

describe.skipIf(!existsSync(MORPH_CUBE))('AnimatedMorphCube.gltf: quantized morph targets', () => {
  for (const backend of BACKENDS) {
    const kernels = kernelsOf[backend];
    for (const c of CUBE_CASES) {
      it(`${backend}, ${c.name}: target types, validator, meshcodec's reader and three.js within the bounds`, async () => {
        await initMeshopt();
        const source = morphCube();
        const written = morphCube();
        const bytes = glbFormat.encodeSync(written, { ...c.options, kernels, textures: 'none' });
        expect((await validateGltf(bytes)).errors).toBe(0);
        const json = jsonOf(bytes);
        const types = targetTypes(json);
        expect(types).toEqual([0, 1].map(() => ({ POSITION: c.position, NORMAL: c.normal, normalized: c.normal !== COMPONENT.FLOAT })));
        if (c.position === COMPONENT.FLOAT) expect(written.warnings.filter((m) => m.includes('kept float32 (in grid steps'))).toHaveLength(2);
        else expect(written.warnings.some((m) => m.includes('morph target displacements int16'))).toBe(true);
        const step = stepOf(json);
        // The node's scale is printed with 9 digits (README § glTF quantization): one grid step of the cube's largest extent.
        expect(Math.abs(step / Math.fround(largestExtent(source.meshes[0]!.attributes.positions) / (2 ** c.bits - 1)) - 1)).toBeLessThan(1e-8);
        const bounds = boundsOf(step, c.position !== COMPONENT.FLOAT, c.normalBound, 4, 2);
        const expected = vertexGroups(source);
        const back = glbFormat.parseSync(bytes, { kernels });
        expect(back.meshes[0]!.targets).toHaveLength(2);
        expect(worstRatio(vertexGroups(back), expected, bounds)).toBeLessThanOrEqual(1);
        expect(worstRatio(await threeGroups(bytes), expected, bounds)).toBeLessThanOrEqual(1);
      });
    }
  }
});

describe('Assets built by hand: narrowest type that holds the steps, float32 where none does', () => {
  for (const backend of BACKENDS) {
    const kernels = kernelsOf[backend];
    for (const compress of ['none', 'meshopt'] as const) {
      it(`${backend}, ${compress}: displacements within 127 steps as int8, normal deltas snorm8`, async () => {
        await initMeshopt();
        // The tube is 2 high: a step at 16 bits is 2 / 65535, so ±0.0019 is within ±64 steps.
        const bytes = glbFormat.encodeSync(morphedTube(0.0039, 0.5), { kernels, quantize: true, compress });
        expect((await validateGltf(bytes)).errors).toBe(0);
        const json = jsonOf(bytes);
        expect(targetTypes(json)).toEqual([{ POSITION: COMPONENT.BYTE, NORMAL: COMPONENT.BYTE, normalized: true }, { POSITION: COMPONENT.BYTE }]);
        expect(json.accessors[json.meshes[0].primitives[0].targets[0].POSITION].normalized).toBeUndefined();
        const step = stepOf(json);
        const bounds = boundsOf(step, true, 1 / 254, 2.5, 2);
        const expected = vertexGroups(morphedTube(0.0039, 0.5));
        expect(worstRatio(vertexGroups(glbFormat.parseSync(bytes, { kernels })), expected, bounds)).toBeLessThanOrEqual(1);
        expect(worstRatio(await threeGroups(bytes), expected, bounds)).toBeLessThanOrEqual(1);
      });

      it(`${backend}, ${compress}: displacements of 60 extents and normal deltas of ±2 stay float32, each warned, and read back`, async () => {
        await initMeshopt();
        const asset = morphedTube(240, -2);
        const bytes = glbFormat.encodeSync(asset, { kernels, quantize: true, compress });
        expect((await validateGltf(bytes)).errors).toBe(0);
        const json = jsonOf(bytes);
        expect(targetTypes(json)).toEqual([{ POSITION: COMPONENT.FLOAT, NORMAL: COMPONENT.FLOAT, normalized: false }, { POSITION: COMPONENT.FLOAT }]);
        const how = compress === 'meshopt' ? ", through EXT_meshopt_compression's EXPONENTIAL filter at 24 bits of mantissa" : '';
        expect(asset.warnings).toContain(`mesh tube morph target bulge: displacements of more than 32,767 steps of the mesh's position grid are kept float32 (in grid steps${how})`);
        const filters = json.bufferViews.map((v: Record<string, any>) => v.extensions?.EXT_meshopt_compression?.filter);
        expect(filters.includes('EXPONENTIAL')).toBe(compress === 'meshopt');
        expect(asset.warnings).toContain('mesh tube morph target bulge: normal deltas with a component outside −1..1 are kept float32 (snorm cannot hold them)');
        const bounds = boundsOf(stepOf(json), false, 0, 130, 2);
        const expected = vertexGroups(morphedTube(240, -2));
        expect(worstRatio(vertexGroups(glbFormat.parseSync(bytes, { kernels })), expected, bounds)).toBeLessThanOrEqual(1);
        expect(worstRatio(await threeGroups(bytes), expected, bounds)).toBeLessThanOrEqual(1);
      });
    }

    it(`${backend}: a skinned mesh's targets in steps of the grid folded into the inverse bind matrices`, async () => {
      const bytes = glbFormat.encodeSync(morphedTube(0.5, 0.25, true), { kernels, quantize: true });
      expect((await validateGltf(bytes)).errors).toBe(0);
      const json = jsonOf(bytes);
      expect(targetTypes(json)).toEqual([{ POSITION: COMPONENT.SHORT, NORMAL: COMPONENT.BYTE, normalized: true }, { POSITION: COMPONENT.SHORT }]);
      // The grid's step, from the folded inverse bind matrix of the tube's root joint (at the origin, unrotated).
      const back = glbFormat.parseSync(bytes, { kernels });
      const step = Math.fround(2 / 65535);
      const bounds = boundsOf(step, true, 1 / 254, 2.5, 2);
      expect(worstRatio(vertexGroups(back), vertexGroups(morphedTube(0.5, 0.25, true)), bounds)).toBeLessThanOrEqual(1);
    });

    for (const compress of ['none', 'meshopt'] as const) {
      it(`${backend}, ${compress}: a displacement of more grid steps than float32 holds: a static mesh keeps float32 positions, a skinned one's steps are clamped; both warned, valid`, async () => {
        await initMeshopt();
        // The tube shrunk to 2e-30 high (a step of 3e-35 at 16 bits) with a displacement of 1e20.
        const shrunk = (skinned: boolean) => {
          const asset = morphedTube(0, 0, skinned);
          const mesh = asset.meshes[0]!;
          mesh.attributes.positions = mesh.attributes.positions.map((p) => p * 1e-30);
          mesh.targets![0]!.positions[4] = 1e20;
          return asset;
        };
        const fixed = shrunk(false);
        const bytes = glbFormat.encodeSync(fixed, { kernels, quantize: true, compress });
        expect((await validateGltf(bytes)).errors).toBe(0);
        expect(fixed.warnings).toContain('mesh tube: positions kept float32: morph target bulge moves a vertex by more steps of the position grid than float32 holds');
        const json = jsonOf(bytes);
        expect(json.accessors[json.meshes[0].primitives[0].attributes.POSITION].componentType).toBe(COMPONENT.FLOAT);
        const back = glbFormat.parseSync(bytes, { kernels }).meshes[0]!;
        // Compressed, vertices are renumbered: the one displacement and the positions compared as sets.
        expect(Math.max(...back.targets![0]!.positions)).toBe(Math.fround(1e20));
        const triples = (p: Float32Array) => Array.from({ length: p.length / 3 }, (_, v) => `${p[v * 3]},${p[v * 3 + 1]},${p[v * 3 + 2]}`).sort();
        expect(triples(back.attributes.positions)).toEqual(triples(fixed.meshes[0]!.attributes.positions));

        const skinned = shrunk(true);
        const skinnedBytes = glbFormat.encodeSync(skinned, { kernels, quantize: true, compress });
        expect((await validateGltf(skinnedBytes)).errors).toBe(0);
        expect(skinned.warnings).toContain("mesh tube morph target bulge: 1 displacement components of more steps of the skinned meshes' position grid than float32 holds were clamped to the largest float32");
        const skinnedBack = glbFormat.parseSync(skinnedBytes, { kernels }).meshes[0]!;
        expect(skinnedBack.targets![0]!.positions.every(Number.isFinite)).toBe(true);
      });
    }

    it(`${backend}: the same targets through UNIGINE's .mesh, then an optimized GLB`, async () => {
      await initMeshopt();
      const mesh = unigineFormat.encodeSync(morphedTube(0.5, 0.25), { kernels });
      const fromUnigine = unigineFormat.parseSync(mesh, { kernels });
      expect(fromUnigine.meshes[0]!.targets?.length).toBe(2);
      const expected = vertexGroups(unigineFormat.parseSync(mesh, { kernels }));
      const bytes = glbFormat.encodeSync(fromUnigine, { kernels, quantize: true, compress: 'meshopt' });
      expect((await validateGltf(bytes)).errors).toBe(0);
      const json = jsonOf(bytes);
      expect(targetTypes(json).map((t) => t.POSITION)).toEqual([COMPONENT.SHORT, COMPONENT.SHORT]);
      expect(targetTypes(json)[0]!.NORMAL).toBe(COMPONENT.BYTE);
      // The GLB is Y-up; read back Z-up as the UNIGINE Asset is.
      const back = glbFormat.parseSync(bytes, { kernels, upAxis: 'z' });
      const bounds = boundsOf(stepOf(json), true, 1 / 254, 2.5, 2);
      expect(worstRatio(vertexGroups(back), expected, bounds)).toBeLessThanOrEqual(1);
    });
  }
});
