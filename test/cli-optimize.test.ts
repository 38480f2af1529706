// The CLI's web-ready glTF flags: --optimize (= --quantize yes --compress meshopt --textures embed), --quantize
// with glTF bits, --compress meshopt, through runConvertJob (what the CLI and its workers run) on
// every backend, and their usage errors.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConversionFlags, parseConversionFlags, resolveConversion, type ConversionFlags } from '../bindings/cli/conversion-options.js';
import { glbFormat, gltf } from '../bindings/index.js';
import { prepareConvertJob, runConvertJob, type ConvertJob, type ConvertJobDone } from '../bindings/workers/convert-job.js';
import { nodeSiblingResolver } from '../bindings/node/sibling-resolver.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { validateGltf } from './helpers/gltf-validator.js';

const FIXTURES = join(import.meta.dirname, '../fixtures');
const kernels = allKernels();

function flags(values: Record<string, string | boolean>): ConversionFlags {
  const parsed = parseConversionFlags(values);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

async function convert(job: ConvertJob, backend: keyof typeof kernels): Promise<ConvertJobDone> {
  await prepareConvertJob(job);
  const outcome = runConvertJob(job, kernels[backend]);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome;
}

const tubeIqm = () => new Uint8Array(readFileSync(join(FIXTURES, 'tube.iqm')));
const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';

describe.each(BACKENDS)('--optimize, --quantize, --compress on %s', (backend) => {
  it('--optimize writes a quantized, meshopt-compressed GLB with 0 validator errors, smaller than the plain one, read back (its compressed input too)', async () => {
    const plain = await convert({ bytes: tubeIqm(), inputPath: 'tube.iqm', to: 'glb', outputStem: 'out' }, backend);
    const done = await convert({ bytes: tubeIqm(), inputPath: 'tube.iqm', to: 'glb', outputStem: 'out', flags: flags({ optimize: true }) }, backend);
    const bytes = done.files[0]!.bytes;
    expect(bytes.length).toBeLessThan(plain.files[0]!.bytes.length);
    expect((await validateGltf(bytes)).errors).toBe(0);
    const json = gltf.readGltfInput(bytes).json as { extensionsRequired: string[] };
    expect(json.extensionsRequired.sort()).toEqual(['EXT_meshopt_compression', 'KHR_mesh_quantization']);
    expect(done.warnings.some((w) => w.startsWith('quantized (KHR_mesh_quantization)'))).toBe(true);
    expect(glbFormat.parseSync(bytes, { kernels: kernels[backend] }).meshes[0]!.indices.length).toBe(glbFormat.parseSync(plain.files[0]!.bytes).meshes[0]!.indices.length);
    // A compressed GLB as input: the job loads the decoder itself.
    const again = await convert({ bytes, inputPath: 'out.glb', to: 'iqm', outputStem: 'back' }, backend);
    expect(again.files[0]!.bytes.length).toBeGreaterThan(0);
  });

  it('--quantize with bits per attribute and --compress none alongside --optimize: the finer flags win', async () => {
    const done = await convert({ bytes: tubeIqm(), inputPath: 'tube.iqm', to: 'glb', outputStem: 'out', flags: flags({ optimize: true, quantize: 'normal=16,weight=16', compress: 'none' }) }, backend);
    const json = gltf.readGltfInput(done.files[0]!.bytes).json as Record<string, any>;
    expect(json.extensionsUsed).not.toContain('EXT_meshopt_compression');
    const attributes = json.meshes[0].primitives[0].attributes;
    expect(json.accessors[attributes.NORMAL].componentType).toBe(5122);
    expect(json.accessors[attributes.WEIGHTS_0].componentType).toBe(5123);
    expect(json.accessors[attributes.TANGENT].componentType).toBe(5120);
  });
});

describe.each(BACKENDS)('--prune-unread, --merge-meshes on %s', (backend) => {
  it('--prune-unread leaves out the tube\'s UV set and tangents (its material names no image) and welds its seam; --merge-meshes is taken; 0 validator errors', async () => {
    const done = await convert({ bytes: tubeIqm(), inputPath: 'tube.iqm', to: 'glb', outputStem: 'out', flags: flags({ optimize: true, 'prune-unread': true, 'merge-meshes': true }) }, backend);
    const bytes = done.files[0]!.bytes;
    expect((await validateGltf(bytes)).errors).toBe(0);
    const json = gltf.readGltfInput(bytes).json as Record<string, any>;
    expect(Object.keys(json.meshes[0].primitives[0].attributes).sort()).toEqual(['JOINTS_0', 'NORMAL', 'POSITION', 'WEIGHTS_0']);
    expect(done.warnings.some((w) => w.includes('UV set 0 and tangents read by no material of the file left out (pruneUnread)'))).toBe(true);
    const plain = glbFormat.parseSync((await convert({ bytes: tubeIqm(), inputPath: 'tube.iqm', to: 'glb', outputStem: 'out', flags: flags({ optimize: true }) }, backend)).files[0]!.bytes);
    expect(json.accessors[json.meshes[0].primitives[0].attributes.POSITION].count).toBeLessThan(plain.meshes[0]!.attributes.positions.length / 3);
  });
});

describe.skipIf(!existsSync(MRFIXIT))('--optimize on mrfixit.iqm with Body.jpg and Head.jpg beside it', () => {
  it('a textured, quantized, meshopt-compressed GLB: the JPEGs embedded as they are (their views not compressed), 0 validator errors, read back with both textures', async () => {
    const job: ConvertJob = { bytes: new Uint8Array(readFileSync(MRFIXIT)), inputPath: MRFIXIT, to: 'glb', outputStem: 'mrfixit', flags: flags({ optimize: true }) };
    await prepareConvertJob(job);
    const outcome = runConvertJob(job, kernels['wasm-simd'], nodeSiblingResolver(MRFIXIT));
    if (!outcome.ok) throw new Error(outcome.error.message);
    const bytes = outcome.files[0]!.bytes;
    expect((await validateGltf(bytes)).errors).toBe(0);
    const json = gltf.readGltfInput(bytes).json as Record<string, any>;
    expect(json.images.map((i: { mimeType: string }) => i.mimeType)).toEqual(['image/jpeg', 'image/jpeg']);
    for (const image of json.images) expect(json.bufferViews[image.bufferView].extensions).toBeUndefined();
    const images = ['Body.jpg', 'Head.jpg'].map((name) => readFileSync(join(MRFIXIT, '..', name)).length);
    // The images as they are, plus the model: the geometry and animation compressed to well under the plain GLB's 391 KB.
    expect(bytes.length - images[0]! - images[1]!).toBeLessThan(200_000);
    const back = glbFormat.parseSync(bytes, { kernels: kernels['wasm-simd'] });
    expect(back.materials?.filter((m) => m.baseColorTexture?.bytes?.length).length).toBe(2);
  });
});

describe('flag parsing and usage', () => {
  it('--quantize: truncate and round go to UNIGINE and MeshSerializer2, yes and bits to glTF; each elsewhere is a usage error', () => {
    expect(resolveConversion(flags({ quantize: 'yes' }), 'iqm', 'glb').write).toEqual({ quantize: true });
    expect(resolveConversion(flags({ quantize: 'position=8,uv=float' }), 'iqm', 'gltf').write).toEqual({ quantize: { position: 8, uv: 'float' } });
    expect(resolveConversion(flags({ quantize: 'round' }), 'glb', 'unigine').write).toEqual({ quantize: 'round' });
    expect(resolveConversion(flags({ optimize: true }), 'iqm', 'glb').write).toEqual({ quantize: true, compress: 'meshopt', textures: 'embed' });
    expect(resolveConversion(flags({ optimize: true, textures: 'uri' }), 'iqm', 'glb').write).toEqual({ quantize: true, compress: 'meshopt', textures: 'uri' });
    expect(checkConversionFlags(flags({ quantize: 'round' }), ['iqm'], 'glb')).toMatch(/--quantize for glb takes yes or bits per attribute/);
    expect(checkConversionFlags(flags({ quantize: 'yes' }), ['glb'], 'unigine')).toMatch(/--quantize for unigine takes truncate or round/);
    expect(checkConversionFlags(flags({ quantize: 'yes' }), ['iqm'], 'glb')).toBeUndefined();
    expect(checkConversionFlags(flags({ optimize: true }), ['iqm'], 'unigine')).toMatch(/--optimize does not apply/);
    expect(parseConversionFlags({ quantize: 'position=12' })).toMatch(/^--quantize takes truncate, round, yes or bits per attribute/);
    expect(parseConversionFlags({ quantize: 'positions=16' })).toMatch(/^--quantize takes/);
    expect(parseConversionFlags({ compress: 'gzip' })).toMatch(/^--compress takes meshopt or none/);
  });
});
