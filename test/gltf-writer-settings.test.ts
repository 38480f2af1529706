import { describe, expect, it } from 'vitest';
import { assetToGltfSettings, ASSET_TO_GLTF_DEFAULTS } from '../bindings/formats/gltf/asset-to-gltf-options.js';
import { glbFormat, initMeshopt, MeshFormatError, type Asset } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

/** The GLB's JSON chunk. */
function glbJson(glb: Uint8Array): Record<string, any> {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
}

function zUpQuad(uvs: Float32Array[]): Asset {
  return {
    source: 'test',
    upAxis: 'z',
    meshes: [{
      name: 'quad',
      attributes: { positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 2, 1, 1, 2), uvs },
      indices: Uint8Array.of(0, 1, 2, 2, 1, 3),
    }],
    animations: [],
    warnings: [],
  };
}

describe('the glTF writer\'s settings and per-call paths', () => {
  it('assetToGltfSettings gives what a spread of the defaults and the options gave, a value given as undefined included', () => {
    const cases: Record<string, unknown>[] = [{}, { quantize: true, compress: 'meshopt', textures: 'embed', kernels: undefined }, { upAxis: undefined }, { upAxis: 'z', flipV: true, flipWinding: true, pruneUnread: true, mergeMeshes: false }, { quantize: { position: 14 } }];
    for (const options of cases) {
      const spread: Record<string, unknown> = { ...ASSET_TO_GLTF_DEFAULTS, ...options };
      const settings = assetToGltfSettings(options) as Record<string, unknown>;
      for (const key of Object.keys(ASSET_TO_GLTF_DEFAULTS)) expect([key, settings[key]]).toEqual([key, spread[key]]);
    }
  });

  it.each(BACKENDS)('%s: upAxis given as undefined writes Z-up positions unturned, as before; absent, turned to Y-up', async (backend) => {
    await initMeshopt();
    const kernels = allKernels()[backend];
    const unturned = glbJson(glbFormat.encodeSync(zUpQuad([]), { upAxis: undefined, kernels }));
    const turned = glbJson(glbFormat.encodeSync(zUpQuad([]), { kernels }));
    expect(unturned.accessors[0].max).toEqual([1, 1, 2]);
    expect(turned.accessors[0].max).toEqual([1, 2, 0]);
  });

  it.each(BACKENDS)('%s: a hole in a sparse UV set list closes up (the set after it is TEXCOORD_0, as glTF requires), with one warning', async (backend) => {
    await initMeshopt();
    const kernels = allKernels()[backend];
    const uvs: Float32Array[] = [];
    uvs[1] = Float32Array.of(0, 0, 1, 0, 0, 1, 1, 1);
    uvs[3] = Float32Array.of(0, 0, 1, 0, 0, 1, 1, 1);
    for (const options of [{ kernels }, { quantize: true, compress: 'meshopt', kernels } as const]) {
      const asset = zUpQuad(uvs);
      const json = glbJson(glbFormat.encodeSync(asset, options));
      expect(Object.keys(json.meshes[0].primitives[0].attributes).sort()).toEqual(['POSITION', 'TEXCOORD_0', 'TEXCOORD_1']);
      expect(asset.warnings.filter((m) => m.includes('UV list has a hole'))).toEqual([expect.stringContaining('UV set 1 is written as TEXCOORD_0')]);
    }
  });

  it('a pruneUnread or mergeMeshes that is not a boolean is refused by name', () => {
    for (const key of ['pruneUnread', 'mergeMeshes']) {
      expect(() => glbFormat.encodeSync(zUpQuad([]), { [key]: 'yes' } as never)).toThrow(MeshFormatError);
      expect(() => glbFormat.encodeSync(zUpQuad([]), { [key]: 'yes' } as never)).toThrow(`${key} must be true or false, not yes`);
    }
  });
});
