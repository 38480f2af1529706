// assetToIqmFile (the IQM encode: the bulk written where the file holds it) against the document
// path it replaces in encodeSync, writeIqm(assetToIqm(asset)): the same bytes, the same warnings
// in the same order, the same refusals, on every backend. Assets: the tube, the rich tube, the
// richest loss Asset (two meshes, one without some arrays, colours, extras, two animations), the
// same with float weights and colours, blend indices above 255, meshes with arrays of the wrong
// length (assetToIqm is public: nothing validated them), no meshes, and hand-built fuzz Assets.
import { describe, expect, it } from 'vitest';
import { assetToIqm, assetToIqmFile, type AssetToIqmOptions } from '../bindings/formats/iqm/from-asset.js';
import { writeIqm } from '../bindings/formats/iqm/write-iqm.js';
import { iqmFormat } from '../bindings/formats/iqm/iqm-format.js';
import type { Asset } from '../bindings/model/asset.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { handBuiltAsset } from './helpers/asset-fuzz.js';
import { richLossAsset } from './helpers/asset-losses.js';
import { richTubeAsset } from './helpers/synthetic.js';

const kernels = allKernels();

type Outcome = { bytes: string; warnings: string[] } | { error: string };

function outcome(asset: Asset, write: (asset: Asset) => Uint8Array): Outcome {
  try {
    const bytes = write(asset);
    return { bytes: Buffer.from(bytes).toString('base64'), warnings: [...asset.warnings] };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

function sources(): [string, () => Asset][] {
  const list: [string, () => Asset][] = [
    ['tube', () => tubeAsset()],
    ['rich tube', () => richTubeAsset()],
    ['rich loss asset', () => richLossAsset()],
    ['blend indices above 255', () => {
      const asset = richLossAsset();
      asset.meshes[1]!.attributes.joints![0] = 300;
      return asset;
    }],
    ['arrays of the wrong length', () => {
      const asset = richLossAsset();
      asset.meshes[0]!.attributes.normals = asset.meshes[0]!.attributes.normals!.subarray(0, 30);
      asset.meshes[1]!.attributes.uvs![0] = new Float32Array(asset.meshes[1]!.attributes.uvs![0]!.length + 8).fill(0.5);
      asset.meshes[1]!.attributes.weights = asset.meshes[1]!.attributes.weights!.subarray(4);
      asset.meshes[0]!.attributes.joints = asset.meshes[0]!.attributes.joints!.subarray(0, 12);
      return asset;
    }],
    ['weights and colours in one mesh only', () => {
      const asset = richLossAsset();
      delete asset.meshes[1]!.attributes.weights;
      delete asset.meshes[1]!.attributes.joints;
      asset.meshes[0]!.attributes.colors = new Float32Array((asset.meshes[0]!.attributes.positions.length / 3) * 4).fill(0.25);
      delete asset.meshes[1]!.attributes.colors;
      return asset;
    }],
    ['no meshes', () => ({ ...tubeAsset(), meshes: [] })],
  ];
  const next = rng(2207);
  for (let i = 0; i < 60; i++) {
    const asset = handBuiltAsset(next);
    const json = structuredClone(asset);
    list.push([`hand-built ${i}`, () => structuredClone(json)]);
  }
  return list;
}

const OPTIONS: AssetToIqmOptions[] = [{}, { blendWeights: 'float', colors: 'float' }, { viewAsset: true }];

describe.each(BACKENDS)('assetToIqmFile on %s', (backend) => {
  it('writes what writeIqm(assetToIqm()) writes, with the same warnings and refusals', () => {
    let written = 0;
    for (const [name, make] of sources()) {
      for (const options of OPTIONS) {
        const o = { ...options, kernels: kernels[backend] };
        const want = outcome(make(), (a) => writeIqm(assetToIqm(a, o)));
        const got = outcome(make(), (a) => assetToIqmFile(a, o));
        expect(got, `${name} ${JSON.stringify(options)}`).toEqual(want);
        if ('bytes' in want) written++;
      }
    }
    // Most sources are written (the rest are refused the same way by both).
    expect(written).toBeGreaterThan(60);
  });

  it('writes names as TextEncoder does: ASCII, other scripts, lone surrogates, NUL inside, repeats once', () => {
    const asset = richTubeAsset();
    const names = ['mesh', 'tübe', 'a\u0000b', '\ud800x', 'mesh', '名前', ''];
    asset.meshes[0]!.name = names[0]!;
    asset.meshes[0]!.material = names[1]!;
    asset.skeleton!.joints.forEach((j, i) => { j.name = names[(i + 2) % names.length]!; });
    const order = [asset.meshes[0]!.name, asset.meshes[0]!.material!, ...asset.skeleton!.joints.map((j) => j.name), ...asset.animations.map((a) => a.name)];
    const distinct = [...new Set(['', ...order])];
    const want = Buffer.concat(distinct.map((n) => new TextEncoder().encode(`${n}\0`)));
    expect(Buffer.from(assetToIqm(asset, { kernels: kernels[backend] }).text)).toEqual(want);
  });

  it('is what encodeSync writes', () => {
    const asset = richLossAsset();
    const bytes = iqmFormat.encodeSync(asset, { kernels: kernels[backend] });
    expect(Buffer.from(bytes)).toEqual(Buffer.from(writeIqm(assetToIqm(richLossAsset(), { kernels: kernels[backend] }))));
  });
});
