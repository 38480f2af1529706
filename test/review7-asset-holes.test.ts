// Found reviewing round seven: validateAsset skipped holes in the Asset's lists (a sparse array:
// `meshes.length = 3` with two meshes, a deleted joint), as the forEach it once was did, and the
// writers then indexed them: every writer but a few threw a TypeError (INTERNAL) on a hole in the
// meshes, joints, animations or tracks, the glTF writers on one in the materials, UNIGINE's on one
// in the morph targets. Now such a hole is refused as the undefined it reads as, naming its path,
// by every writer call on every backend; a hole in the warnings stays accepted, and so does one in
// the UV sets (a missing set: the glTF writers close the sets up; the apg and MeshSerializer2
// writers threw INTERNAL on it, fixed and tested in test/uv-set-hole.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, gltf, MeshFormatError, type Asset } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { writerCalls } from './helpers/asset-fuzz.js';
import { BACKENDS } from './helpers/backends.js';

beforeAll(() => gltf.initMeshopt());

const HOLES: [string, string, (asset: Asset) => void][] = [
  ['meshes', 'meshes[1]', (a) => { a.meshes.length = 2; }],
  ['skeleton joints', 'skeleton.joints[2]', (a) => { a.skeleton!.joints.length = 3; }],
  ['animations', 'animations[1]', (a) => { a.animations.length = 2; }],
  ['tracks', 'animations[0].tracks[1]', (a) => { a.animations[0]!.tracks.length = 2; }],
  ['materials', 'materials[0]', (a) => { a.materials = []; a.materials.length = 1; }],
  ['morph targets', 'meshes[0].targets[0]', (a) => { a.meshes[0]!.targets = []; a.meshes[0]!.targets.length = 1; }],
];

describe.each(BACKENDS)('a hole in an Asset list on %s', (backend) => {
  const kernels = createKernelsSync(backend);
  for (const [what, path, make] of HOLES) {
    it(`in the ${what}: every writer refuses it at ${path}, never INTERNAL`, () => {
      for (const call of writerCalls()) {
        const asset = tubeAsset();
        make(asset);
        let caught: unknown;
        try {
          call.files(asset, kernels);
        } catch (error) {
          caught = error;
        }
        expect(caught, call.name).toBeInstanceOf(MeshFormatError);
        expect((caught as MeshFormatError).code, call.name).toBe('BAD_VALUE');
        expect((caught as MeshFormatError).path, call.name).toBe(path);
      }
    });
  }

  it('in the warnings: the outcome of the same Asset without it', () => {
    const outcome = (call: ReturnType<typeof writerCalls>[number], asset: Asset) => {
      try {
        return `written ${call.files(asset, kernels).length}`;
      } catch (error) {
        return (error as MeshFormatError).code;
      }
    };
    for (const call of writerCalls()) {
      const asset = tubeAsset();
      asset.warnings.length = 2;
      const plain = outcome(call, tubeAsset());
      expect(outcome(call, asset), call.name).toBe(plain);
    }
  });
});
