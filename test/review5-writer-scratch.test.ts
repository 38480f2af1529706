// Review of the glTF writer's scratch (bindings/formats/gltf/writer-scratch.ts): whatever bytes
// the kept scratch holds, an encode writes the same output. The scratch is filled with one byte
// pattern (0x00: what fresh arrays hold; 0xff: a NaN in every float) before each encode of many
// Assets and options; any element an encode does not write shows as a difference.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { glbFormat, gltfFormat, iqmFormat, initMeshopt, type Asset } from '../bindings/index.js';
import { SCRATCH_DEFAULTS, WriterScratch } from '../bindings/formats/gltf/writer-scratch.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { richTubeAsset } from './helpers/synthetic.js';

const kernels = allKernels();

/** Leaves the kept scratch full (maxBytes) of `byte`. */
function poison(byte: number): void {
  for (let i = 0; i < 2; i++) {
    const s = WriterScratch.lease();
    s.uint8(SCRATCH_DEFAULTS.maxBytes).fill(byte);
    s.release();
  }
}

/** Asset variants: missing normals, NaN values, sparse and wide joints, several UV sets. */
function variants(): Record<string, () => Asset> {
  const noNormals = () => { const a = richTubeAsset(); delete a.meshes[0]!.attributes.normals; delete a.meshes[0]!.attributes.tangents; return a; };
  const noUvs = () => { const a = richTubeAsset(); delete a.meshes[0]!.attributes.uvs; delete a.meshes[0]!.attributes.tangents; return a; };
  const nan = () => {
    const a = richTubeAsset();
    const m = a.meshes[0]!.attributes;
    m.normals![4] = NaN; m.tangents![9] = Infinity; m.uvs![0]![3] = NaN; m.positions[7] = NaN; m.weights![2] = NaN;
    return a;
  };
  const wideJoints = () => {
    const a = richTubeAsset();
    const joints = a.skeleton!.joints;
    for (let j = joints.length; j < 300; j++) joints.push({ name: `j${j}`, parent: 0, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] });
    const js = a.meshes[0]!.attributes.joints!;
    for (let i = 0; i < js.length; i += 4) js[i] = 299 - (i % 7);
    return a;
  };
  const sparseWeights = () => {
    const a = richTubeAsset();
    const w = a.meshes[0]!.attributes.weights!;
    for (let v = 0; v < w.length; v += 4) { w[v + 1] = 0; w[v + 2] = 0; w[v + 3] = 0; w[v] = v % 8 === 0 ? 0 : 1; }
    return a;
  };
  const twoMeshes = () => {
    const a = richTubeAsset();
    const b = richTubeAsset({ rings: 3 });
    b.meshes[0]!.name = 'second';
    a.meshes.push(b.meshes[0]!);
    return a;
  };
  const tangentsNoNormals = () => { const a = richTubeAsset(); delete a.meshes[0]!.attributes.normals; return a; };
  const zeroVectors = () => { const a = richTubeAsset(); a.meshes[0]!.attributes.normals!.fill(0, 0, 30); a.meshes[0]!.attributes.tangents!.fill(0, 0, 40); return a; };
  const zeroRotations = () => { const a = richTubeAsset(); for (const t of a.animations[0]!.tracks) t.rotation?.fill(0, 0, 8); return a; };
  return { tube: () => richTubeAsset(), noNormals, noUvs, nan, wideJoints, sparseWeights, twoMeshes, tangentsNoNormals, zeroVectors, zeroRotations };
}

const OPTION_SETS: Record<string, Record<string, unknown>> = {
  plain: {},
  zUp: { upAxis: 'z', flipV: true, flipWinding: true },
  quantize: { quantize: true },
  merged: { mergeMeshes: true, pruneUnread: true },
  meshopt: { quantize: true, compress: 'meshopt' },
  gltfpackPrecision: { quantize: { normal: 'oct8', tangent: 'oct8', rotation: 12, uv: 'float' }, compress: 'meshopt' },
  floatKeys: { quantize: { rotation: 'float', translation: 'float' } },
};

describe('review5: the writer scratch never shows in an output', () => {
  beforeAll(async () => { await initMeshopt(); });
  for (const backend of BACKENDS) {
    it(`${backend}: every Asset variant and option set writes the same GLB whatever the scratch held`, () => {
      const differing: string[] = [];
      for (const [name, make] of Object.entries(variants())) {
        for (const [setName, set] of Object.entries(OPTION_SETS)) {
          const options = { ...set, kernels: kernels[backend] };
          poison(0);
          const clean = glbFormat.encodeSync(make(), options as never);
          poison(0xff);
          const dirty = glbFormat.encodeSync(make(), options as never);
          poison(0x5a);
          const dirtyGltf = gltfFormat.encodeSync(make(), options as never);
          poison(0);
          const cleanGltf = gltfFormat.encodeSync(make(), options as never);
          if (Buffer.compare(clean, dirty) !== 0) differing.push(`${name}/${setName} glb`);
          if (Buffer.compare(cleanGltf, dirtyGltf) !== 0) differing.push(`${name}/${setName} gltf`);
        }
      }
      expect(differing).toEqual([]);
    });

    it(`${backend}: mrfixit.iqm (animated, 2 meshes) writes the same GLB whatever the scratch held`, () => {
      const path = '/usr/share/assimp/models/IQM/mrfixit.iqm';
      let bytes: Uint8Array;
      try { bytes = readFileSync(path); } catch { return; }
      for (const set of Object.values(OPTION_SETS)) {
        const options = { ...set, kernels: kernels[backend] };
        poison(0);
        const clean = glbFormat.encodeSync(iqmFormat.parseSync(bytes, { kernels: kernels[backend] }), options as never);
        poison(0xff);
        const dirty = glbFormat.encodeSync(iqmFormat.parseSync(bytes, { kernels: kernels[backend] }), options as never);
        expect(Buffer.compare(clean, dirty)).toBe(0);
      }
    });
  }
});

describe('review5: an encode started while another is in progress (from a warning) leaves both whole', () => {
  for (const backend of BACKENDS) {
    it(`${backend}: glb inside glb, gltf inside glb, and a nested encode that throws`, () => {
      const options = { kernels: kernels[backend] };
      const outer = () => { const a = richTubeAsset(); a.meshes[0]!.attributes.normals![4] = NaN; return a; };
      const inner = () => richTubeAsset({ rings: 4, segments: 7 });
      const plainOuter = glbFormat.encodeSync(outer(), options);
      const plainInner = glbFormat.encodeSync(inner(), options);
      const plainInnerGltf = gltfFormat.encodeSync(inner(), options);
      for (const mode of ['glb', 'gltf', 'throw'] as const) {
        const nested: Uint8Array[] = [];
        const asset = outer();
        const warnings: string[] = [];
        warnings.push = (...items: string[]) => {
          if (mode === 'throw') expect(() => glbFormat.encodeSync(inner(), { ...options, compress: 'bogus' } as never)).toThrow();
          else nested.push(mode === 'glb' ? glbFormat.encodeSync(inner(), options) : gltfFormat.encodeSync(inner(), options));
          return Array.prototype.push.apply(warnings, items);
        };
        asset.warnings = warnings;
        const got = glbFormat.encodeSync(asset, options);
        expect(warnings.length).toBeGreaterThan(0);
        expect(Buffer.compare(got, plainOuter)).toBe(0);
        for (const n of nested) expect(Buffer.compare(n, mode === 'glb' ? plainInner : plainInnerGltf)).toBe(0);
        expect(Buffer.compare(glbFormat.encodeSync(inner(), options), plainInner)).toBe(0);
      }
    });
  }
});
