import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectFormat, glbFormat, gltfFormat, iqmFormat, isOnFrameGrid, MeshFormatError, summarizeAsset, unigineFormat } from '../bindings/index.js';
import { featureGltf, glb } from './helpers/gltf-samples.js';
import { siblingsOf } from './helpers/sibling-files.js';
import { validateGltf } from './helpers/gltf-validator.js';

const SAMPLES = '/usr/share/assimp/models/glTF2';

describe('glTF → Asset', () => {
  const { json, bin } = featureGltf();
  const asset = glbFormat.parseSync(glb(json, bin));
  const [quad, strip] = asset.meshes;

  it('decodes sparse, normalized and u8 accessors; keeps materials by name', () => {
    expect(asset.upAxis).toBe('y');
    expect(Array.from(quad!.attributes.positions)).toEqual([0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 1, 0]);
    expect(Array.from(quad!.attributes.normals!)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    expect(Array.from(quad!.attributes.uvs![0]!)).toEqual([0, 1, 1, 1, 1, 0, 0, 0]);
    expect(quad!.indices).toEqual(Uint8Array.from([0, 1, 2, 0, 2, 3]));
    expect(quad!.material).toBe('paint');
  });

  it('generates indices for an unindexed strip and moves a static mesh by its node', () => {
    expect(strip!.name).toBe('strip');
    expect(Array.from(strip!.indices)).toEqual([0, 1, 2, 2, 1, 3]);
    expect(Array.from(strip!.attributes.positions.subarray(0, 3))).toEqual([0, 0, 5]);
  });

  it('skin: joints with their hierarchy, vertex joints mapped to the skeleton', () => {
    expect(asset.skeleton!.joints.map((j) => [j.name, j.parent, j.translation])).toEqual([['root', -1, [0, 0, 0]], ['tip', 0, [1, 0, 0]]]);
    expect(Array.from(quad!.attributes.joints!.subarray(4, 8))).toEqual([0, 1, 0, 0]);
  });

  it('animation: channels on different times merged on their union; cubic-spline values kept', () => {
    const [track] = asset.animations[0]!.tracks;
    expect(Array.from(track!.times)).toEqual([0, 0.5, 1]);
    expect(Array.from(track!.translation!)).toEqual([1, 0, 0, 1, 1, 0, 1, 0, 0]);
    const mid = track!.rotation!.subarray(4, 8);
    expect(mid[3]).toBeCloseTo(Math.cos(Math.PI / 8), 6);
    expect(Array.from(track!.rotation!.subarray(8, 12)).map((v) => +v.toFixed(6))).toEqual([0, 0, 0.707107, 0.707107]);
    expect(asset.animations[0]!.frameRate).toBe(2);
    expect(asset.warnings).toContain('animation wave: cubic-spline tangents are not kept (keys are interpolated linearly)');
  });

  it('resample puts animations on a fixed frame grid; IQM and UNIGINE writers take them', () => {
    const resampled = glbFormat.parseSync(glb(json, bin), { resample: 10 });
    const animation = resampled.animations[0]!;
    expect([animation.frameRate, animation.frameCount, isOnFrameGrid(animation)]).toEqual([10, 11, true]);
    const viaIqm = iqmFormat.parseSync(iqmFormat.encodeSync(resampled));
    expect(viaIqm.animations[0]!.frameCount).toBe(11);
    // Not resampled: the IQM writer resamples itself and says so.
    const offGrid = glbFormat.parseSync(glb(json, bin), { frameRate: 30 } as never);
    offGrid.animations[0]!.frameRate = 24;
    iqmFormat.encodeSync(offGrid);
    expect(offGrid.warnings.some((w) => w.includes('resampled to 25 frames'))).toBe(true);
    const viaUnigine = unigineFormat.parseSync(unigineFormat.encodeSync(resampled, { frameRate: 10 }), { frameRate: 10 });
    expect(summarizeAsset(viaUnigine)).toMatchObject({ joints: 2, animations: 1, frames: 11, triangles: 4 });
  });

  it('upAxis z, flipWinding and flipV convert on the way in', () => {
    const z = glbFormat.parseSync(glb(json, bin), { upAxis: 'z', flipWinding: true, flipV: true });
    expect(Array.from(z.meshes[1]!.attributes.positions.subarray(0, 3))).toEqual([0, -5, 0]);
    expect(Array.from(z.meshes[0]!.indices.subarray(0, 3))).toEqual([0, 2, 1]);
    expect(Array.from(z.meshes[0]!.attributes.uvs![0]!.subarray(0, 2))).toEqual([0, 0]);
  });

  it('morph targets survive Asset → GLB → Asset with their names, and validate', async () => {
    const source = { ...asset, meshes: [{ ...quad!, targets: [{ name: 'smile', positions: new Float32Array(12).fill(0.25), normals: new Float32Array(12) }] }], warnings: [] };
    const bytes = glbFormat.encodeSync(source);
    expect((await validateGltf(bytes)).errors).toBe(0);
    const back = glbFormat.parseSync(bytes);
    expect(back.meshes[0]!.targets!.map((t) => [t.name, Array.from(t.positions)])).toEqual([['smile', new Array(12).fill(0.25)]]);
  });

  it('describe: container, counts and extensions for `meshcodec info`', () => {
    expect(glbFormat.describe!(glb(json, bin))).toMatchObject({ version: '2.0', container: 'glb', meshes: 2, nodes: 6, skins: 1, animations: 1, materials: 1, bufferBytes: bin.length });
  });
});

describe('hostile glTF is a MeshFormatError', () => {
  const { json, bin } = featureGltf();
  const refuse = (bytes: Uint8Array, code: string, options = {}) => {
    try {
      glbFormat.parseSync(bytes, options);
    } catch (e) {
      expect(e).toBeInstanceOf(MeshFormatError);
      expect([(e as MeshFormatError).code, (e as MeshFormatError).format]).toEqual([code, 'gltf']);
      return e as MeshFormatError;
    }
    throw new Error('accepted');
  };
  const edit = (change: (j: any) => void) => {
    const copy = structuredClone(json);
    change(copy);
    return glb(copy, bin);
  };

  it('bad accessor and buffer view ranges, with the offset of the data at fault', () => {
    const tooMany = edit((j) => { j.accessors[0].count = 1000; });
    expect(refuse(tooMany, 'BAD_COUNT').offset).toBe(tooMany.length - bin.length);
    refuse(edit((j) => { j.bufferViews[0].byteLength = 1e6; }), 'BAD_OFFSET');
    refuse(edit((j) => { j.accessors[0].byteOffset = 2; }), 'BAD_OFFSET');
    refuse(edit((j) => { j.accessors[0].bufferView = 99; }), 'BAD_INDEX');
    refuse(edit((j) => { j.accessors[0].componentType = 5130; }), 'BAD_VALUE');
    refuse(edit((j) => { j.bufferViews[0].byteStride = 6; }), 'BAD_VALUE');
    refuse(edit((j) => { j.accessors[0].sparse.indices.componentType = 5126; }), 'BAD_VALUE');
    refuse(edit((j) => { j.accessors[3].count = 7; }), 'BAD_COUNT');
  });

  it('huge claims are refused before anything is allocated', () => {
    refuse(edit((j) => { delete j.accessors[0].bufferView; delete j.accessors[0].sparse; j.accessors[0].count = 2 ** 40; }), 'BAD_COUNT');
    refuse(edit((j) => { j.accessors[0].count = 2 ** 53; }), 'BAD_COUNT');
    refuse(edit((j) => { j.buffers[0].byteLength = 2 ** 31; }), 'TRUNCATED');
    refuse(edit((j) => { j.accessors[7] = { componentType: 5126, count: 2, type: 'SCALAR', sparse: { count: 1, indices: { bufferView: 4, componentType: 5123 }, values: { bufferView: 9 } } }; }), 'BAD_INDEX');
  });

  it('indices, joints, nodes and key times that point nowhere', () => {
    refuse(edit((j) => { j.nodes[0].children = [0]; }), 'BAD_VALUE');
    refuse(edit((j) => { j.nodes[4].children = [1]; }), 'BAD_VALUE');
    refuse(edit((j) => { j.skins[0].joints = [0]; }), 'BAD_INDEX');
    refuse(edit((j) => { j.meshes[0].primitives[0].indices = 4; }), 'BAD_VALUE');
    refuse(edit((j) => { j.meshes[0].primitives[0].attributes.NORMAL = 10; j.accessors[10].count = 3; }), 'BAD_COUNT');
    refuse(edit((j) => { j.animations[0].samplers[0].input = 0; }), 'BAD_VALUE');
    refuse(edit((j) => { j.extensionsRequired = ['KHR_draco_mesh_compression']; }), 'UNSUPPORTED');
    expect(glbFormat.parseSync(edit((j) => { j.extensionsUsed = j.extensionsRequired = ['KHR_mesh_quantization']; })).meshes.length).toBe(2);
  });

  it('URIs: data: read; external only through options.resolve, relative, inside the folder', () => {
    const base64 = Buffer.from(bin).toString('base64');
    const withUri = (uri: string) => new TextEncoder().encode(JSON.stringify({ ...json, buffers: [{ byteLength: bin.length, uri }] }));
    expect(gltfFormat.parseSync(withUri(`data:application/octet-stream;base64,${base64}`)).meshes.length).toBe(2);
    const asked: string[] = [];
    const resolve = (name: string) => { asked.push(name); return name === 'sub/quad.bin' ? bin : undefined; };
    expect(gltfFormat.parseSync(withUri('sub/quad%2Ebin'), { resolve }).meshes.length).toBe(2);
    for (const uri of ['/etc/passwd', '../quad.bin', 'sub/../../x.bin', 'file:///etc/passwd', 'https://example.com/x.bin', 'C:\\x.bin', '\\\\server\\x']) {
      expect(() => gltfFormat.parseSync(withUri(uri), { resolve }), uri).toThrow(MeshFormatError);
    }
    expect(asked).toEqual(['sub/quad.bin']);
    expect(() => gltfFormat.parseSync(withUri('quad.bin'))).toThrow(/options.resolve/);
    expect(() => gltfFormat.parseSync(withUri('data:application/octet-stream;base64,@@@'))).toThrow(MeshFormatError);
  });

  it('broken containers and JSON, with offsets', () => {
    const good = glb(json, bin);
    refuse(good.subarray(0, 30), 'TRUNCATED');
    const trailing = new Uint8Array(good.length + 4);
    trailing.set(good);
    refuse(trailing, 'TRAILING_DATA');
    const badJson = good.slice();
    badJson[21] = 0x7b; // "{{" opens the JSON text
    expect(refuse(badJson, 'SYNTAX').offset).toBeGreaterThanOrEqual(20);
    const version = good.slice();
    version[4] = 1;
    refuse(version, 'UNSUPPORTED_VERSION');
  });
});

const samples = existsSync(SAMPLES) ? execFileSync('find', [SAMPLES, '-name', '*.gl*'], { encoding: 'utf8' }).trim().split('\n').filter((f) => /\.(glb|gltf)$/.test(f)).sort() : [];
if (!samples.length) console.warn(`[meshcodec tests] ${SAMPLES} missing (apt-get install assimp-testmodels): the glTF sample models are not read`);

describe.skipIf(!samples.length)('assimp\'s glTF 2.0 test models → Asset → IQM and UNIGINE', () => {
  it('every model reads or is refused with a MeshFormatError; every model read converts to both writers', () => {
    const outcomes: Record<string, string> = {};
    for (const file of samples) {
      const bytes = new Uint8Array(readFileSync(file));
      const key = file.slice(SAMPLES.length + 1);
      let asset;
      try {
        asset = detectFormat(bytes, file)!.parseSync(bytes, { resolve: siblingsOf(file) });
      } catch (e) {
        expect(e, key).toBeInstanceOf(MeshFormatError);
        outcomes[key] = (e as MeshFormatError).code;
        continue;
      }
      const summary = summarizeAsset(asset);
      const iqm = summarizeAsset(iqmFormat.parseSync(iqmFormat.encodeSync(asset)));
      const unigine = summarizeAsset(unigineFormat.parseSync(unigineFormat.encodeSync(asset, { kind: 'mesh' })));
      expect([key, iqm.triangles, iqm.joints, iqm.animations], 'IQM').toEqual([key, summary.triangles, summary.joints, summary.animations]);
      expect([key, unigine.triangles, unigine.joints, unigine.animations], 'UNIGINE').toEqual([key, summary.triangles, summary.joints, summary.animations]);
      outcomes[key] = `${summary.meshes} meshes, ${summary.triangles} triangles`;
    }
    expect(outcomes['simple_skin/simple_skin.gltf']).toBe('1 meshes, 8 triangles');
    expect(outcomes['2CylinderEngine-glTF-Binary/2CylinderEngine.glb']).toBe('115 meshes, 121496 triangles');
    expect(outcomes['RecursiveNodes/RecursiveNodes.gltf']).toBe('BAD_VALUE');
    expect(outcomes['IndexOutOfRange/IndexOutOfRange.gltf']).toBe('BAD_INDEX');
    expect(outcomes['draco/2CylinderEngine.gltf']).toBe('UNSUPPORTED');
  });
});
