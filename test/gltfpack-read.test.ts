/**
 * Files from an independent writer: gltfpack (npm, meshoptimizer's optimiser) run on meshcodec's
 * GLB of corpus files and on Debian's glTF samples, with EXT_meshopt_compression, KHR_mesh_quantization
 * (dequantization in node transforms, in skins' inverse bind matrices, in KHR_texture_transform)
 * and without quantization. Each output is read on all three backends (identical results) and
 * compared with its source within gltfpack's quantization error.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectFormat, glbFormat, gltfFormat, initMeshopt, type Asset } from '../bindings/index.js';
import { allKernels, BACKENDS, floatBits } from './helpers/backends.js';
import { assetError } from './helpers/asset-error.js';
import { corpusAvailable, corpusPath, CORPUS_SKIP_MESSAGE } from './helpers/corpus.js';
import { gltfpack } from './helpers/gltfpack.js';

const SAMPLES = '/usr/share/assimp/models/glTF2';
const samplesAvailable = existsSync(SAMPLES);
const kernels = allKernels();

beforeAll(() => initMeshopt());

/** gltfpack's settings under test and the error each may make, as a fraction of the model's size (positions) or in UV units. */
const RUNS: { flags: string[]; position: number }[] = [
  { flags: ['-cc'], position: 2 ** -13 }, // 14-bit positions: half a step is extent / 2^15
  { flags: ['-c'], position: 2 ** -13 },
  { flags: ['-cc', '-kn'], position: 2 ** -13 },
  { flags: ['-cc', '-vpf'], position: 2 ** -13 }, // float positions through the EXPONENTIAL filter
  { flags: ['-noq', '-c'], position: 1e-6 },
];

function extent(asset: Asset): number {
  let size = 0;
  for (let c = 0; c < 3; c++) {
    const values = asset.meshes.flatMap((m) => [...m.attributes.positions.filter((_, i) => i % 3 === c)]);
    if (values.length) size = Math.max(size, Math.max(...values) - Math.min(...values));
  }
  return size || 1;
}

function siblingsOf(path: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  for (const name of readdirSync(dirname(path))) if (statSync(join(dirname(path), name)).isFile()) out[name] = new Uint8Array(readFileSync(join(dirname(path), name)));
  return out;
}

/** Reads `glb` on every backend, expects the same Asset from each, returns it. */
function readOnAllBackends(glb: Uint8Array): Asset {
  const [first, ...rest] = BACKENDS.map((b) => glbFormat.parseSync(glb, { kernels: kernels[b] }));
  for (const other of rest) {
    expect(other.meshes.length).toBe(first!.meshes.length);
    other.meshes.forEach((mesh, m) => {
      expect(floatBits(mesh.attributes.positions)).toEqual(floatBits(first!.meshes[m]!.attributes.positions));
      expect([...mesh.indices]).toEqual([...first!.meshes[m]!.indices]);
      if (mesh.attributes.uvs) expect(floatBits(mesh.attributes.uvs[0]!)).toEqual(floatBits(first!.meshes[m]!.attributes.uvs![0]!));
    });
    expect(other.animations).toEqual(first!.animations);
  }
  return first!;
}

/** Checks every run; returns the mode/filter pairs the outputs' compressed views used. */
async function check(name: string, input: Uint8Array, source: Asset, siblings: Record<string, Uint8Array>, options: { uv?: number; rotation?: number }): Promise<Set<string>> {
  const size = extent(source);
  const used = new Set<string>();
  for (const run of RUNS) {
    const output = await gltfpack(input, run.flags, name, siblings);
    const text = new TextDecoder().decode(output.subarray(20, 20 + new DataView(output.buffer, output.byteOffset).getUint32(12, true)));
    if (run.flags.includes('-c') || run.flags.includes('-cc')) expect(text).toContain('"EXT_meshopt_compression"');
    for (const view of JSON.parse(text).bufferViews ?? []) {
      const extension = view.extensions?.EXT_meshopt_compression;
      if (extension) used.add(`${extension.mode} ${extension.filter ?? 'NONE'}`);
    }
    const decoded = readOnAllBackends(output);
    expect(decoded.meshes.reduce((s, m) => s + m.indices.length, 0), `${run.flags} triangles`).toBe(source.meshes.reduce((s, m) => s + m.indices.length, 0));
    const error = assetError(source, decoded);
    expect(error.position, `${name} ${run.flags.join(' ')} position error (extent ${size})`).toBeLessThanOrEqual(run.position * size);
    if (options.uv !== undefined) expect(error.uv, `${name} ${run.flags.join(' ')} UV error`).toBeLessThanOrEqual(run.flags.includes('-noq') ? 1e-6 : options.uv);
    if (options.rotation !== undefined && !Number.isNaN(error.rotation)) expect(error.rotation, `${name} ${run.flags.join(' ')} rotation error`).toBeLessThanOrEqual(options.rotation);
  }
  return used;
}

describe.skipIf(!corpusAvailable)(`gltfpack on meshcodec's GLB of corpus files${corpusAvailable ? '' : ` (${CORPUS_SKIP_MESSAGE})`}`, () => {
  // Corpus materials have no textures, so gltfpack drops their UVs (without -kv) or keeps them as unscaled integers (with -kv: no texture to carry the dequantization): UVs are compared on the samples below.
  const files = ['unigine/actor_00.mesh', 'unigine/arm.mesh', 'iqm/raylib_guy.iqm', 'ms2/SerializedMesh.data', 'tf/concrete_roof_tl.msh', 'tf/car_r1_aquitaine_sive_lod0.msh', 'apg/coins.apg', 'apg/untitled.apg'];
  for (const file of files) {
    it(file, async () => {
      const path = corpusPath(file);
      const bytes = new Uint8Array(readFileSync(path));
      const original = detectFormat(bytes, path)!.parseSync(bytes, { fileName: path, resolve: (n) => (existsSync(join(dirname(path), n)) ? new Uint8Array(readFileSync(join(dirname(path), n))) : undefined) });
      const glb = glbFormat.encodeSync(original);
      const used = await check(`${basename(file)}.glb`, glb, glbFormat.parseSync(glb), {}, { rotation: 2e-3 });
      // A skinned, animated file: gltfpack -cc uses every filter (octahedral normals, quaternion rotations, exponential floats).
      if (file === 'iqm/raylib_guy.iqm') for (const pair of ['ATTRIBUTES NONE', 'TRIANGLES NONE', 'ATTRIBUTES OCTAHEDRAL', 'ATTRIBUTES QUATERNION', 'ATTRIBUTES EXPONENTIAL']) expect(used).toContain(pair);
    }, 60_000);
  }
});

describe.skipIf(!samplesAvailable)(`gltfpack on Debian's glTF samples${samplesAvailable ? '' : ` (not installed at ${SAMPLES})`}`, () => {
  const files: [string, { uv?: number; rotation?: number }][] = [
    ['BoxTextured-glTF/BoxTextured.gltf', { uv: 1e-3 }],
    ['BoxTexcoords-glTF/boxTexcoords.gltf', { uv: 1e-3 }],
    ['BoxBadNormals-glTF-Binary/BoxBadNormals.glb', {}],
    // Offsets, rotations and scales in KHR_texture_transform, which gltfpack bakes into its UVs (with its own dequantization on top).
    ['textureTransform/TextureTransformTest.gltf', { uv: 1e-3 }],
    ['simple_skin/simple_skin.gltf', { rotation: 5e-3 }],
    ['glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf', {}],
  ];
  for (const [file, options] of files) {
    it(file, async () => {
      const path = join(SAMPLES, file);
      const bytes = new Uint8Array(readFileSync(path));
      const siblings = siblingsOf(path);
      const source = (path.endsWith('.glb') ? glbFormat : gltfFormat).parseSync(bytes, { resolve: (n) => siblings[n] });
      await check(basename(file), bytes, source, siblings, options);
    }, 60_000);
  }
});
