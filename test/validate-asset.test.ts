// The writer gate (issue 17, item 8): hand-built Assets with a wrong shape are refused by every
// writer, on every backend, with format 'asset' and the exact path, before any writer runs.
import { describe, expect, it } from 'vitest';
import { FORMATS, MeshFormatError, type Asset } from '../bindings/index.js';
import { validateAsset } from '../bindings/model/validate-asset.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { refusal } from './helpers/refusal.js';

const kernels = allKernels();

/** Each case: a change to the tube, and the code and path every writer must refuse it with. */
const CASES: { name: string; change: (asset: any) => void; code: string; path: string }[] = [
  { name: 'skeleton.joints = NaN', change: (a) => { a.skeleton.joints = NaN; }, code: 'BAD_VALUE', path: 'skeleton.joints' },
  { name: 'meshes[0].attributes = 0', change: (a) => { a.meshes[0].attributes = 0; }, code: 'BAD_VALUE', path: 'meshes[0].attributes' },
  { name: 'meshes = {}', change: (a) => { a.meshes = {}; }, code: 'BAD_VALUE', path: 'meshes' },
  { name: 'a mesh that is null', change: (a) => { a.meshes[0] = null; }, code: 'BAD_VALUE', path: 'meshes[0]' },
  { name: 'positions as a plain array', change: (a) => { a.meshes[0].attributes.positions = Array.from(a.meshes[0].attributes.positions); }, code: 'BAD_VALUE', path: 'meshes[0].attributes.positions' },
  { name: 'normals of a Float64Array', change: (a) => { a.meshes[0].attributes.normals = Float64Array.from(a.meshes[0].attributes.normals); }, code: 'BAD_VALUE', path: 'meshes[0].attributes.normals' },
  { name: 'joints as Uint32Array', change: (a) => { a.meshes[0].attributes.joints = Uint32Array.from(a.meshes[0].attributes.joints); }, code: 'BAD_VALUE', path: 'meshes[0].attributes.joints' },
  { name: 'a weighted joint outside the skeleton', change: (a) => { a.meshes[0].attributes.joints[5] = 7; }, code: 'BAD_INDEX', path: 'meshes[0].attributes.joints[5]' },
  { name: 'tangents one value short', change: (a) => { a.meshes[0].attributes.tangents = a.meshes[0].attributes.tangents.subarray(1); }, code: 'BAD_COUNT', path: 'meshes[0].attributes.tangents' },
  { name: 'uvs not an array', change: (a) => { a.meshes[0].attributes.uvs = a.meshes[0].attributes.uvs[0]; }, code: 'BAD_VALUE', path: 'meshes[0].attributes.uvs' },
  { name: 'a UV set too long', change: (a) => { a.meshes[0].attributes.uvs.push(new Float32Array(3)); }, code: 'BAD_COUNT', path: 'meshes[0].attributes.uvs[1]' },
  { name: 'indices as Int32Array', change: (a) => { a.meshes[0].indices = Int32Array.from(a.meshes[0].indices); }, code: 'BAD_VALUE', path: 'meshes[0].indices' },
  { name: 'an index past the vertices', change: (a) => { a.meshes[0].indices[4] = 200; }, code: 'BAD_INDEX', path: 'meshes[0].indices[4]' },
  { name: 'a number as mesh name', change: (a) => { a.meshes[0].name = 3; }, code: 'BAD_VALUE', path: 'meshes[0].name' },
  { name: 'a material that is not a string', change: (a) => { a.meshes[0].material = { name: 'x' }; }, code: 'BAD_VALUE', path: 'meshes[0].material' },
  { name: 'extras null', change: (a) => { a.meshes[0].extras = null; }, code: 'BAD_VALUE', path: 'meshes[0].extras' },
  { name: 'extra of 0 components', change: (a) => { a.meshes[0].extras = { heat: { components: 0, data: new Float32Array(0) } }; }, code: 'BAD_VALUE', path: 'meshes[0].extras.heat.components' },
  { name: 'extra data of the wrong length', change: (a) => { a.meshes[0].extras = { heat: { components: 1, data: new Float32Array(2) } }; }, code: 'BAD_COUNT', path: 'meshes[0].extras.heat.data' },
  { name: 'a morph target without positions', change: (a) => { a.meshes[0].targets = [{ name: 't' }]; }, code: 'BAD_VALUE', path: 'meshes[0].targets[0].positions' },
  { name: 'morph target normals too short', change: (a) => { const n = a.meshes[0].attributes.positions.length; a.meshes[0].targets = [{ name: 't', positions: new Float32Array(n), normals: new Float32Array(3) }]; }, code: 'BAD_COUNT', path: 'meshes[0].targets[0].normals' },
  { name: 'a joint after its child', change: (a) => { a.skeleton.joints[0].parent = 1; }, code: 'BAD_INDEX', path: 'skeleton.joints[0].parent' },
  { name: 'a joint name that is null', change: (a) => { a.skeleton.joints[1].name = null; }, code: 'BAD_VALUE', path: 'skeleton.joints[1].name' },
  { name: 'a NaN bind rotation', change: (a) => { a.skeleton.joints[1].rotation[2] = NaN; }, code: 'BAD_VALUE', path: 'skeleton.joints[1].rotation[2]' },
  { name: 'an infinite bind translation', change: (a) => { a.skeleton.joints[1].translation[0] = Infinity; }, code: 'BAD_VALUE', path: 'skeleton.joints[1].translation[0]' },
  { name: 'a bind translation finite only as a float64', change: (a) => { a.skeleton.joints[1].translation[1] = 1e308; }, code: 'BAD_VALUE', path: 'skeleton.joints[1].translation[1]' },
  { name: 'a bind scale of two numbers', change: (a) => { a.skeleton.joints[0].scale = [1, 1]; }, code: 'BAD_COUNT', path: 'skeleton.joints[0].scale' },
  { name: 'a frame rate of 0', change: (a) => { a.animations[0].frameRate = 0; }, code: 'BAD_VALUE', path: 'animations[0].frameRate' },
  { name: 'a frame count of 1.5', change: (a) => { a.animations[0].frameCount = 1.5; }, code: 'BAD_COUNT', path: 'animations[0].frameCount' },
  { name: 'a loop flag of 1', change: (a) => { a.animations[0].loop = 1; }, code: 'BAD_VALUE', path: 'animations[0].loop' },
  { name: 'tracks not an array', change: (a) => { a.animations[0].tracks = 5; }, code: 'BAD_VALUE', path: 'animations[0].tracks' },
  { name: 'a track of joint 2 of 2', change: (a) => { a.animations[0].tracks[0].joint = 2; }, code: 'BAD_INDEX', path: 'animations[0].tracks[0].joint' },
  { name: 'key times going back', change: (a) => { a.animations[0].tracks[0].times[3] = 0; }, code: 'BAD_VALUE', path: 'animations[0].tracks[0].times[3]' },
  { name: 'a NaN key time', change: (a) => { a.animations[0].tracks[0].times[2] = NaN; }, code: 'BAD_VALUE', path: 'animations[0].tracks[0].times[2]' },
  { name: 'an infinite scale key', change: (a) => { a.animations[0].tracks[0].scale[7] = -Infinity; }, code: 'BAD_VALUE', path: 'animations[0].tracks[0].scale[7]' },
  { name: 'rotation keys one short', change: (a) => { a.animations[0].tracks[0].rotation = a.animations[0].tracks[0].rotation.subarray(1); }, code: 'BAD_COUNT', path: 'animations[0].tracks[0].rotation' },
  { name: 'warnings not an array', change: (a) => { a.warnings = 'none'; }, code: 'BAD_VALUE', path: 'warnings' },
  { name: 'upAxis x', change: (a) => { a.upAxis = 'x'; }, code: 'BAD_VALUE', path: 'upAxis' },
  { name: 'source missing', change: (a) => { delete a.source; }, code: 'BAD_VALUE', path: 'source' },
];

describe('validateAsset refuses every shape a writer cannot take, with its path', () => {
  for (const c of CASES) {
    it(c.name, () => {
      for (const backend of BACKENDS) {
        for (const format of FORMATS) {
          const asset = tubeAsset();
          c.change(asset);
          const options = { kernels: kernels[backend] };
          const error = refusal(() => (format.encodeFiles ? format.encodeFiles(asset, `out${format.extensions[0]}`, options) : format.encodeSync(asset, options)));
          expect([format.name, backend, error.code, error.format, error.path]).toEqual([format.name, backend, c.code, 'asset', c.path]);
        }
      }
    });
  }

  it('takes what the writers repair or write as they are: non-finite vertex values, empty meshes, a track on a joint of an Asset without skeleton', () => {
    const asset: Asset = tubeAsset();
    asset.meshes[0]!.attributes.positions[4] = NaN;
    asset.meshes[0]!.attributes.normals![0] = Infinity;
    asset.meshes.push({ name: 'empty', attributes: { positions: new Float32Array(0) }, indices: new Uint8Array(0) });
    expect(() => validateAsset(asset, kernels.js)).not.toThrow();
    const noSkeleton: Asset = { ...tubeAsset(), skeleton: undefined };
    noSkeleton.meshes[0]!.attributes.joints![0] = 9;
    expect(() => validateAsset(noSkeleton, kernels.js)).not.toThrow();
    noSkeleton.animations[0]!.tracks[0]!.joint = 255;
    expect(() => validateAsset(noSkeleton, kernels.js)).not.toThrow();
    noSkeleton.animations[0]!.tracks[0]!.joint = 256;
    expect(refusal(() => validateAsset(noSkeleton, kernels.js)).path).toBe('animations[0].tracks[0].joint');
  });

  it('encodeFiles without a file name is BAD_OPTION, not INTERNAL', () => {
    for (const format of FORMATS.filter((f) => f.encodeFiles)) {
      for (const name of [undefined, '', 7]) expect(refusal(() => format.encodeFiles!(tubeAsset(), name as unknown as string)).code).toBe('BAD_OPTION');
    }
  });

  it('names the path in the message', () => {
    const asset: any = tubeAsset();
    asset.skeleton.joints[1].rotation[2] = NaN;
    const error = refusal(() => validateAsset(asset));
    expect(error).toBeInstanceOf(MeshFormatError);
    expect(error.message).toBe('asset: skeleton.joints[1].rotation[2]: a bind rotation value NaN is not finite');
  });
});

describe('a large frame count is the writers that store frames to bound, not the gate', () => {
  it('2^31 − 1 frames without tracks: glb writes it (it keeps key times); UNIGINE and IQM refuse it at animations[0] at once', () => {
    const make = () => {
      const asset = tubeAsset();
      asset.animations[0]!.frameCount = 2 ** 31 - 1;
      asset.animations[0]!.tracks = [];
      return asset;
    };
    expect(() => validateAsset(make())).not.toThrow();
    for (const backend of BACKENDS) {
      for (const name of ['unigine', 'iqm']) {
        const handler = FORMATS.find((f) => f.name === name)!;
        expect(refusal(() => handler.encodeSync(make(), { kernels: kernels[backend] })), `${name} on ${backend}`).toMatchObject({ code: 'BAD_COUNT', format: 'asset', path: 'animations[0]' });
      }
      const glb = FORMATS.find((f) => f.name === 'glb')!;
      expect(glb.encodeSync(make(), { kernels: kernels[backend] }).length).toBeGreaterThan(0);
    }
  });
});
