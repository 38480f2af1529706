// assetToIqmFile writes into a buffer that is not zeroed first (io/uninitialized-bytes.ts: Node's
// Buffer.allocUnsafeSlow): every byte of the file must be written by the writer. Here that
// allocation is made to return memory full of 0xa5, and every file must still equal
// writeIqm(assetToIqm()), whose arrays are zeroed: padding between sections, zero fills of
// meshes without a stream, values past a short array, blend indices of meshes without them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetToIqm, assetToIqmFile, type AssetToIqmOptions } from '../bindings/formats/iqm/from-asset.js';
import { writeIqm } from '../bindings/formats/iqm/write-iqm.js';
import type { Asset } from '../bindings/model/asset.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { handBuiltAsset } from './helpers/asset-fuzz.js';
import { richLossAsset } from './helpers/asset-losses.js';
import { richTubeAsset } from './helpers/synthetic.js';

const kernels = allKernels();
const original = Buffer.allocUnsafeSlow;
let dirtyCalls = 0;

beforeAll(() => {
  Buffer.allocUnsafeSlow = (size: number) => {
    dirtyCalls++;
    return original(size).fill(0xa5);
  };
});
afterAll(() => {
  Buffer.allocUnsafeSlow = original;
});

function sources(): [string, () => Asset][] {
  const list: [string, () => Asset][] = [
    ['tube', () => tubeAsset()],
    ['rich tube', () => richTubeAsset()],
    ['rich loss asset', () => richLossAsset()],
    ['short arrays', () => {
      const asset = richLossAsset();
      asset.meshes[0]!.attributes.normals = asset.meshes[0]!.attributes.normals!.subarray(0, 30);
      asset.meshes[1]!.attributes.weights = asset.meshes[1]!.attributes.weights!.subarray(4);
      asset.meshes[0]!.attributes.joints = asset.meshes[0]!.attributes.joints!.subarray(0, 12);
      return asset;
    }],
    ['streams in one mesh only', () => {
      const asset = richLossAsset();
      delete asset.meshes[1]!.attributes.weights;
      delete asset.meshes[1]!.attributes.joints;
      delete asset.meshes[1]!.attributes.uvs;
      asset.meshes[0]!.attributes.colors = new Float32Array((asset.meshes[0]!.attributes.positions.length / 3) * 4).fill(0.25);
      delete asset.meshes[1]!.attributes.colors;
      return asset;
    }],
  ];
  const next = rng(2611);
  for (let i = 0; i < 40; i++) {
    const json = structuredClone(handBuiltAsset(next));
    list.push([`hand-built ${i}`, () => structuredClone(json)]);
  }
  return list;
}

const OPTIONS: AssetToIqmOptions[] = [{}, { blendWeights: 'float', colors: 'float' }];

describe.each(BACKENDS)('assetToIqmFile over memory that is not zeroed, on %s', (backend) => {
  it('writes every byte: the same file as writeIqm(assetToIqm())', () => {
    const before = dirtyCalls;
    let written = 0;
    for (const [name, make] of sources()) {
      for (const options of OPTIONS) {
        const o = { ...options, kernels: kernels[backend] };
        let expected: Uint8Array;
        try {
          expected = writeIqm(assetToIqm(make(), o));
        } catch {
          continue;
        }
        const file = assetToIqmFile(make(), o);
        expect(Buffer.compare(file, expected), `${name} ${JSON.stringify(options)}`).toBe(0);
        written++;
      }
    }
    expect(written).toBeGreaterThan(60);
    expect(dirtyCalls - before).toBe(written);
  });
});
