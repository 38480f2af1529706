// The GLB, the .gltf's .bin and the embedded .gltf are written into memory that is not zeroed
// first (write-gltf.ts, GLTF_OUTPUT_DEFAULTS.uninitializedFromBytes; io/uninitialized-bytes.ts:
// Node's Buffer.allocUnsafeSlow): every byte must be written by the writer, the 0–3 bytes between
// buffer views and after the last included (gltf-builder.ts, writesGaps). Here that allocation
// returns memory full of 0xa5 and the threshold is 0, so every output takes it; each must equal
// the output written into zeroed memory (the threshold past any size). Parts of odd lengths come
// from uint16 indices of odd counts, quantized int8/int16 attributes and PNG bytes of any length.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glbFormat, gltfFormat } from '../bindings/formats/gltf/gltf-format.js';
import { GLTF_OUTPUT_DEFAULTS } from '../bindings/formats/gltf/write-gltf.js';
import type { Asset } from '../bindings/model/asset.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { handBuiltAsset } from './helpers/asset-fuzz.js';
import { richLossAsset } from './helpers/asset-losses.js';
import { richTubeAsset } from './helpers/synthetic.js';

const kernels = allKernels();
const original = Buffer.allocUnsafeSlow;
const threshold = GLTF_OUTPUT_DEFAULTS.uninitializedFromBytes;
let dirtyCalls = 0;

beforeAll(() => {
  Buffer.allocUnsafeSlow = (size: number) => {
    dirtyCalls++;
    return original(size).fill(0xa5);
  };
});
afterAll(() => {
  Buffer.allocUnsafeSlow = original;
  GLTF_OUTPUT_DEFAULTS.uninitializedFromBytes = threshold;
});

/** A PNG signature and `length` − 8 bytes after it (the writer embeds PNG bytes as they are). */
function png(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const next = rng(seed);
  for (let i = 8; i < length; i++) bytes[i] = Math.floor(next() * 256);
  return bytes;
}

function sources(): [string, () => Asset][] {
  const list: [string, () => Asset][] = [
    ['tube', () => tubeAsset()],
    ['rich tube', () => richTubeAsset()],
    ['rich loss asset', () => richLossAsset()],
    ['odd index count, textured', () => {
      const asset = tubeAsset();
      const mesh = asset.meshes[0]!;
      // One triangle less: an odd number of uint16 indices leaves a 2-byte gap before the next view.
      if ((mesh.indices.length / 3) % 2 === 0) mesh.indices = mesh.indices.slice(0, mesh.indices.length - 3);
      mesh.material = 'painted';
      asset.materials = [{ name: 'painted', baseColorTexture: { uri: 'painted.png', mimeType: 'image/png', bytes: png(1001, 7) } }];
      return asset;
    }],
  ];
  const next = rng(4417);
  for (let i = 0; i < 30; i++) {
    const json = structuredClone(handBuiltAsset(next));
    list.push([`hand-built ${i}`, () => structuredClone(json)]);
  }
  return list;
}

const OPTIONS = [{}, { quantize: true }, { flipWinding: true, upAxis: 'z' as const }];

/** Every file the glTF handlers write for `asset`: the GLB, the .gltf with its .bin, the embedded .gltf. */
function outputs(asset: () => Asset, options: Record<string, unknown>): Uint8Array[] {
  return [
    glbFormat.encodeSync(asset(), options),
    ...gltfFormat.encodeFiles!(asset(), 'out.gltf', options).map((f) => f.bytes),
    gltfFormat.encodeSync(asset(), options),
  ];
}

describe.each(BACKENDS)('glTF outputs over memory that is not zeroed, on %s', (backend) => {
  it('write every byte: the same files as over zeroed memory', () => {
    const before = dirtyCalls;
    let compared = 0;
    for (const [name, make] of sources()) {
      for (const options of OPTIONS) {
        const o = { ...options, kernels: kernels[backend] };
        GLTF_OUTPUT_DEFAULTS.uninitializedFromBytes = Infinity;
        let expected: Uint8Array[];
        try {
          expected = outputs(make, o);
        } catch {
          continue;
        }
        const clean = dirtyCalls;
        GLTF_OUTPUT_DEFAULTS.uninitializedFromBytes = 0;
        const written = outputs(make, o);
        // The GLB, and with a buffer the .bin and the embedded .gltf, each took unzeroed memory (the
        // bytes the embedded .gltf encodes as base64 are joined in kept memory: write-gltf.ts).
        expect(dirtyCalls - clean, name).toBe(written.length === 4 ? 3 : 1);
        for (let f = 0; f < written.length; f++) expect(Buffer.compare(written[f]!, expected[f]!), `${name} ${JSON.stringify(options)} file ${f}`).toBe(0);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(50);
    expect(dirtyCalls - before).toBeGreaterThan(compared * 2);
  });
});
