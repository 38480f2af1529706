// Review of h-wjit (round seven): an encode started from user code that runs during another encode
// (a getter on the outer Asset, as test/review6b-encode-reentry.test.ts takes it) must leave the
// outer output as a clean encode makes it. Module-level scratch held across such a read breaks
// that: pathSteps' LARGEST (h-wjit: the EXPONENTIAL steps' maxima, read through `track[path]`
// between fill and use) and jointNode's JOINT_ROTATION (since round five: the joint's name is read
// for a warning between the rotation's normalisation and its copy). Every read of the getter is
// tried in turn, on every backend.
import { beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, gltf, type Asset } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { BACKENDS } from './helpers/backends.js';

beforeAll(() => gltf.initMeshopt());

/** The tube with a second, varying translation track on the root; `scale` multiplies the bend's keys and the root's x. */
function animated(scale: number): Asset {
  const asset = tubeAsset();
  const track = asset.animations[0]!.tracks[0]!;
  track.translation = track.translation!.map((v) => v * scale);
  track.scale = track.scale!.map((v) => v * scale);
  asset.animations[0]!.tracks.push({ joint: 0, times: track.times, translation: track.translation.map((v, i) => (i % 3 === 0 ? 0.001 * (i + 1) * scale : v * 0.5)) });
  return asset;
}

/** The tube with the bend's bind rotation not of unit length (warned, naming the joint); `turned` another one. */
function turned(other: boolean): Asset {
  const asset = tubeAsset();
  asset.skeleton!.joints[1]!.rotation = other ? [0.8, 0, 0, 0.1] : [0, 0.3, 0, 0.3];
  return asset;
}

/** The reads of `key` on `target(asset)` at which an inner encode changed the outer output (each read tried once). */
function changedAt(make: () => Asset, target: (asset: Asset) => object, key: string, inner: () => void, encode: (asset: Asset) => Uint8Array): number[] {
  const clean = encode(make()).slice();
  const changed: number[] = [];
  for (let k = 0; k < 40; k++) {
    const asset = make();
    const object = target(asset) as Record<string, unknown>;
    const value = object[key];
    let reads = 0;
    Object.defineProperty(object, key, { enumerable: true, configurable: true, get: () => { if (reads++ === k) inner(); return value; } });
    const out = encode(asset);
    if (!Buffer.from(out).equals(Buffer.from(clean))) changed.push(k);
    if (reads <= k) return changed;
  }
  throw new Error('the getter was read more than 40 times');
}

describe.each(BACKENDS)('an encode from a getter read during another on %s', (backend) => {
  const kernels = createKernelsSync(backend);
  const encode = (asset: Asset) => glbFormat.encodeSync(asset, { kernels, quantize: true, compress: 'meshopt' });

  it('a track\'s translation (the EXPONENTIAL steps read it): the outer output as a clean encode makes it', () => {
    expect(changedAt(() => animated(1), (a) => a.animations[0]!.tracks[1]!, 'translation', () => encode(animated(1e30)), encode)).toEqual([]);
  });

  it('a joint\'s name (read for the bind rotation\'s warning): the outer output as a clean encode makes it', () => {
    expect(changedAt(() => turned(false), (a) => a.skeleton!.joints[1]!, 'name', () => encode(turned(true)), encode)).toEqual([]);
  });
});
