// Hand-built Assets fuzzed through every writer on every backend (issue 17, item 8): bytes or a
// MeshFormatError that is not INTERNAL, the same outcome on every backend, no call beyond
// HANG_MS. `fuzzHandBuiltAsset` runs longer from test/fuzz/long-run.ts.
import { describe, expect, it } from 'vitest';
import { iqmFormat, unigineFormat } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { assetFuzzKernels, fuzzHandBuiltAsset, handBuiltAsset, writerCalls } from './helpers/asset-fuzz.js';
import { rng } from './helpers/backends.js';
import { assetBytes } from './helpers/fuzz.js';

const kernels = assetFuzzKernels();

describe('hand-built Assets through every writer', () => {
  it.each([1, 2, 3])('seed %i: 25 Assets, every writer call, three backends: bytes or a MeshFormatError, never INTERNAL', (seed) => {
    const report = fuzzHandBuiltAsset(seed, 25, kernels);
    expect(report.findings).toEqual([]);
    expect(report.calls).toBe(25 * writerCalls().length);
    // The run reaches the writers: every writer call writes some Assets and refuses others.
    for (const [call, outcomes] of Object.entries(report.outcomes)) {
      expect(outcomes.ok ?? 0, call).toBeGreaterThan(0);
      expect(Object.keys(outcomes).length, call).toBeGreaterThan(1);
    }
    // Every refusal names the Asset path.
    expect(report.withoutPath).toEqual({});
  });

  it('the generator is deterministic per seed and makes every kind of Asset: valid, broken, empty', () => {
    const shapes = (seed: number) => {
      const next = rng(seed);
      return Array.from({ length: 40 }, () => JSON.stringify(handBuiltAsset(next), (_, v) => (ArrayBuffer.isView(v) ? `${v.constructor.name}:${(v as Float32Array).length}` : typeof v === 'number' && !Number.isFinite(v) ? String(v) : v)));
    };
    expect(shapes(7)).toEqual(shapes(7));
    expect(new Set(shapes(7)).size).toBeGreaterThan(30);
  });
});

describe('fixed by the fuzz', () => {
  it('glb/gltf: an extra attribute of more than 4 components is left out with a warning (was INTERNAL: no accessor type)', async () => {
    const { glbFormat } = await import('../bindings/index.js');
    for (const backend of Object.values(kernels)) {
      const asset = tubeAsset();
      const count = asset.meshes[0]!.attributes.positions.length / 3;
      asset.meshes[0]!.extras = { wide: { components: 5, data: new Float32Array(count * 5) }, heat: { components: 1, data: new Float32Array(count) } };
      const back = glbFormat.parseSync(glbFormat.encodeSync(asset, { kernels: backend }), { kernels: backend });
      expect(Object.keys(back.meshes[0]!.extras ?? {})).toEqual(['heat']);
      expect(asset.warnings).toContain('mesh tube: extra attribute wide has 5 components, more than a glTF attribute holds (4), and is left out');
    }
  });
});

describe('once writer findings, now regressions', () => {
  it('unigine: a track on a joint of an Asset without skeleton is refused with the Asset path', () => {
    const asset = { ...tubeAsset(), skeleton: undefined };
    expect(() => unigineFormat.encodeSync(asset)).toThrow(expect.objectContaining({ format: 'asset', path: expect.stringMatching(/^animations\[0\]/) }));
  });

  it('unigine and iqm: an Asset claiming 2^18 fps over 0.5 s of keys is resampled, not written as 2^17 frames (warned, bounded)', () => {
    for (const format of [unigineFormat, iqmFormat]) {
      const asset = tubeAsset();
      asset.animations[0]!.frameRate = 2 ** 18;
      const bytes = format.encodeSync(asset, { kernels: kernels.js });
      expect(bytes.length, format.name).toBeLessThan(64 * assetBytes(asset) + 65536);
      expect(asset.warnings.join('\n'), format.name).toMatch(/262144/);
    }
  });
});
