// Review of round six (h-box21's writer scratch kept between encodes, h-enc21's joined reorder in
// the writer arena): an encode started while another is under way (from a getter of the outer
// encode's Asset, the one place user code runs during an encode) and an encode that throws
// half-way (a getter that throws) leave every other encode's output as a clean encode makes it,
// on every backend and writer setting.
import { beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, gltf, type Asset } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { BACKENDS } from './helpers/backends.js';
import { manyMeshes } from './review6b-many-meshes.js';

beforeAll(() => gltf.initMeshopt());

const SETTINGS = [
  { name: 'optimize', options: { quantize: true, compress: 'meshopt' } },
  { name: 'optimize + pruneUnread', options: { quantize: true, compress: 'meshopt', pruneUnread: true } },
  { name: 'plain', options: {} },
] as const;

/** manyMeshes(seed) whose mesh `at` runs `during` when the writer reads its UV sets (after the earlier meshes were written). */
function withHook(seed: number, at: number, during: () => void): Asset {
  const asset = manyMeshes(seed);
  const attributes = asset.meshes[at]!.attributes;
  const uvs = attributes.uvs;
  let calls = 0;
  Object.defineProperty(attributes, 'uvs', { enumerable: true, configurable: true, get: () => { if (calls++ === 1) during(); return uvs; } });
  return asset;
}

describe.each(BACKENDS)('encodes inside and after other encodes on %s', (backend) => {
  const kernels = createKernelsSync(backend);

  it.each(SETTINGS.map((s) => [s.name, s.options] as const))('%s: an encode from inside another, both outputs as clean encodes make them', (_, options) => {
    const outerClean = glbFormat.encodeSync(manyMeshes(31), { ...options, kernels }).slice();
    const innerClean = glbFormat.encodeSync(tubeAsset({ rings: 20, segments: 16 }), { ...options, kernels }).slice();
    let inner: Uint8Array | undefined;
    let reads = 0;
    for (let at = 3; at < 24 && inner === undefined; at++) {
      const asset = withHook(31, at, () => { reads++; inner = glbFormat.encodeSync(tubeAsset({ rings: 20, segments: 16 }), { ...options, kernels }); });
      const outer = glbFormat.encodeSync(asset, { ...options, kernels });
      if (inner === undefined) continue;
      expect(Buffer.from(inner).equals(Buffer.from(innerClean))).toBe(true);
      expect(Buffer.from(outer).equals(Buffer.from(outerClean))).toBe(true);
    }
    expect(reads).toBe(1);
  });

  it.each(SETTINGS.map((s) => [s.name, s.options] as const))('%s: an encode that throws half-way, then encodes as clean ones', (_, options) => {
    const clean = [manyMeshes(32), tubeAsset()].map((a) => glbFormat.encodeSync(a, { ...options, kernels }).slice());
    let throws = 0;
    for (let at = 2; at < 24; at += 5) {
      const thrown = withHook(33, at, () => { throw new Error('getter failed'); });
      let failed = false;
      try {
        glbFormat.encodeSync(thrown, { ...options, kernels });
      } catch {
        failed = true;
      }
      if (!failed) continue;
      throws++;
      const after = [manyMeshes(32), tubeAsset()].map((a) => glbFormat.encodeSync(a, { ...options, kernels }));
      after.forEach((bytes, i) => expect(Buffer.from(bytes).equals(Buffer.from(clean[i]!)), `after a throw at mesh ${at}`).toBe(true));
    }
    expect(throws).toBeGreaterThan(0);
  });
});
