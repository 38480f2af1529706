// The TF writer never writes a number Lua cannot hold (NaN, ±Infinity: Lua has no literal for
// them) nor a file its reader refuses: such Assets are refused naming the Asset path; Assets with
// nothing in them write files that read back to the same (issue 17, "non-finite values / empty Assets").
import { describe, expect, it } from 'vitest';
import { emptyAsset, MeshFormatError, tfFormat, type Asset } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { refusal } from './helpers/refusal.js';

const kernels = allKernels();

function animated(patch: (asset: Asset) => void): Asset {
  const asset = emptyAsset('synthetic');
  asset.skeleton = { joints: [{ name: 'j', parent: -1, translation: [1, 2, 3], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }] };
  asset.animations.push({
    name: 'a', frameRate: 30, frameCount: 2,
    tracks: [{ joint: 0, times: Float32Array.of(0, 1), translation: Float32Array.of(1, 2, 3, 4, 5, 6), rotation: Float32Array.of(0, 0, 0, 1, 0, 0, 0.6, 0.8), scale: Float32Array.of(1, 1, 1, 2, 2, 2) }],
  });
  patch(asset);
  return asset;
}

function readBack(asset: Asset, name: string, backend: (typeof BACKENDS)[number]): Asset {
  const files = tfFormat.encodeFiles!(asset, name, { kernels: kernels[backend] });
  return tfFormat.parseSync(files[0]!.bytes, { fileName: name, resolve: (n) => files.find((f) => f.name === n)?.bytes, kernels: kernels[backend] });
}

describe('non-finite values are refused with the Asset path', () => {
  const cases: [string, (asset: Asset) => void, string, string][] = [
    ['a bind translation of Infinity (a KEYFRAME origin)', (a) => (a.skeleton!.joints[0]!.translation[0] = Infinity), 'skeleton.joints[0].translation[0]', 'msh'],
    ['a bind translation of NaN where an .ani track has no translation keys', (a) => {
      delete a.animations[0]!.tracks[0]!.translation;
      a.skeleton!.joints[0]!.translation[1] = NaN;
    }, 'skeleton.joints[0].translation[1]', 'both'],
    ['finite keys whose offset from the origin is beyond float32', (a) => {
      a.skeleton!.joints[0]!.translation[0] = -3e38;
      a.animations[0]!.tracks[0]!.translation![3] = 3e38;
    }, 'animations[0].tracks[0]', 'msh'],
    ['a NaN rotation key', (a) => (a.animations[0]!.tracks[0]!.rotation![5] = NaN), 'animations[0].tracks[0].rotation[5]', 'both'],
    ['an infinite key time', (a) => (a.animations[0]!.tracks[0]!.times[1] = Infinity), 'animations[0].tracks[0].times[1]', 'both'],
    ['an infinite scale key (.ani matrices)', (a) => (a.animations[0]!.tracks[0]!.scale![3] = -Infinity), 'animations[0].tracks[0].scale[3]', 'ani'],
    ['a NaN bind rotation where the track has no rotation keys', (a) => {
      delete a.animations[0]!.tracks[0]!.rotation;
      a.skeleton!.joints[0]!.rotation = [NaN, 0, 0, 1];
    }, 'skeleton.joints[0].rotation[0]', 'both'],
  ];
  for (const [name, patch, path, kinds] of cases) {
    for (const kind of kinds === 'both' ? ['x.msh', 'x.ani'] : kinds === 'msh' ? ['x.msh'] : ['x.ani']) {
      it(`${name} → ${kind}: BAD_VALUE at ${path}, on every backend`, () => {
        for (const b of BACKENDS) {
          const asset = animated(patch);
          const error = refusal(() => tfFormat.encodeFiles!(asset, kind, { kernels: kernels[b] }));
          expect(error).toMatchObject({ code: 'BAD_VALUE', format: 'asset', path });
          // The writer gate (validateAsset) refuses non-finite bind poses and keys before the TF writer runs; the writer refuses what only composing them makes non-finite.
          expect(error.message).toMatch(/not finite|not a finite number/);
        }
      });
    }
  }

  it('a rotation key of length zero is written as no rotation, with a warning', () => {
    for (const name of ['x.msh', 'x.ani']) {
      const asset = animated((a) => a.animations[0]!.tracks[0]!.rotation!.fill(0, 4, 8));
      const back = readBack(asset, name, 'js');
      expect(asset.warnings).toEqual(expect.arrayContaining(['animation a: 1 rotation key(s) of length zero are written as no rotation']));
      expect(Array.from(back.animations[0]!.tracks[0]!.rotation!.subarray(4, 8)).map((v) => Math.abs(v))).toEqual([0, 0, 0, 1]);
    }
  });

  it('the same Asset with finite values is written and read back', () => {
    for (const b of BACKENDS) {
      for (const name of ['x.msh', 'x.ani']) expect(readBack(animated(() => {}), name, b).animations[0]!.tracks[0]!.times).toEqual(Float32Array.of(0, 1));
    }
  });
});

describe('empty Assets', () => {
  for (const b of BACKENDS) {
    it(`an Asset with nothing writes a .msh and an empty blob that read back to nothing (${b})`, () => {
      const asset = emptyAsset('synthetic');
      const files = tfFormat.encodeFiles!(asset, 'e.msh', { kernels: kernels[b] });
      expect(files.map((f) => [f.name, f.bytes.length > 0])).toEqual([['e.msh', true], ['e.msh.blob', false]]);
      const back = readBack(asset, 'e.msh', b);
      expect([back.meshes.length, back.animations.length]).toEqual([0, 0]);
      // encodeSync gives the descriptor alone, which reads back with no blob at all.
      const alone = tfFormat.parseSync(tfFormat.encodeSync(emptyAsset('synthetic'), { kind: 'msh', kernels: kernels[b] }), { kernels: kernels[b] });
      expect(alone.meshes).toEqual([]);
    });

    it(`a mesh of no vertices reads back as a mesh of no vertices (${b})`, () => {
      const asset = emptyAsset('synthetic');
      asset.meshes.push({ name: 'none', attributes: { positions: new Float32Array(0) }, indices: new Uint8Array(0) });
      const back = readBack(asset, 'z.msh', b);
      expect(back.meshes.map((m) => [m.name, m.attributes.positions.length, m.indices.length])).toEqual([['none', 0, 0]]);
    });

    it(`an .ani needs a track with keys: refused at animations otherwise (${b})`, () => {
      for (const asset of [emptyAsset('synthetic'), animated((a) => (a.animations[0]!.tracks[0] = { joint: 0, times: new Float32Array(0) })), animated((a) => (a.animations[0]!.tracks = []))]) {
        expect(refusal(() => tfFormat.encodeFiles!(asset, 'e.ani', { kernels: kernels[b] }))).toMatchObject({ code: 'BAD_VALUE', format: 'asset', path: 'animations' });
      }
    });
  }

  it('a descriptor whose arrays need bytes still names its missing blob', () => {
    const asset = emptyAsset('synthetic');
    asset.meshes.push({ name: 'm', attributes: { positions: new Float32Array(9) }, indices: Uint8Array.of(0, 1, 2) });
    const [msh] = tfFormat.encodeFiles!(asset, 'm.msh');
    const error = refusal(() => tfFormat.parseSync(msh!.bytes, { fileName: 'm.msh', resolve: () => undefined }));
    expect(error).toBeInstanceOf(MeshFormatError);
    expect(error.message).toMatch(/m\.msh needs its blob m\.msh\.blob: it was not found/);
  });
});
