// The GLB writer's skin weight normalisation (asset-to-gltf.ts normalizedSkin, its loop apart from
// its warnings): the warnings come in the order the vertices first show them, a vertex's dropped
// weight before its having none, and the weights written are the normalised, merged ones.
import { describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, type Asset } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { BACKENDS } from './helpers/backends.js';

function skinned(): Asset {
  const asset = tubeAsset({ rings: 3, segments: 4, frames: 2 });
  const a = asset.meshes[0]!.attributes;
  if (!a.joints || !a.weights) throw new Error('the tube has no skin');
  for (let v = 0; v < a.joints.length / 4; v++) {
    a.joints.set([0, 1, 0, 0], v * 4);
    a.weights.set([0.5, 0.5, 0, 0], v * 4);
  }
  return asset;
}

const dropped = 'mesh tube: weights on joints outside the skeleton or not finite were dropped';
const unbound = 'mesh tube: vertices without skin weights were bound wholly to their first joint';

describe('skin weight warnings', () => {
  for (const backend of BACKENDS) {
    const kernels = createKernelsSync(backend);
    it(`come in the order the vertices show them (${backend})`, () => {
      const first = skinned();
      first.meshes[0]!.attributes.weights!.set([0, 0, 0, 0], 0); // vertex 0: no weight
      first.meshes[0]!.attributes.weights!.set([0.5, 0.5, NaN, 0], 8); // vertex 2: a NaN weight
      glbFormat.encodeSync(first, { kernels });
      expect(first.warnings.filter((m) => m === dropped || m === unbound)).toEqual([unbound, dropped]);

      const second = skinned();
      second.meshes[0]!.attributes.weights!.set([0.5, 0.5, -1, 0], 0);
      second.meshes[0]!.attributes.weights!.set([0, 0, 0, 0], 4);
      glbFormat.encodeSync(second, { kernels });
      expect(second.warnings.filter((m) => m === dropped || m === unbound)).toEqual([dropped, unbound]);

      const both = skinned();
      both.meshes[0]!.attributes.weights!.set([NaN, 0, 0, 0], 4); // one vertex, both
      glbFormat.encodeSync(both, { kernels });
      expect(both.warnings.filter((m) => m === dropped || m === unbound)).toEqual([dropped, unbound]);
    });

    it(`merges a joint named twice and rescales the sum (${backend})`, () => {
      const asset = skinned();
      asset.meshes[0]!.attributes.joints!.set([1, 1, 0, 0], 0);
      asset.meshes[0]!.attributes.weights!.set([0.25, 0.25, 0.25, 0], 0);
      const back = glbFormat.parseSync(glbFormat.encodeSync(asset, { kernels }), { kernels });
      const w = back.meshes[0]!.attributes.weights!;
      const j = back.meshes[0]!.attributes.joints!;
      // Renumbered vertices are not expected: the plain writer keeps the order.
      expect(Array.from(j.subarray(0, 2))).toEqual([1, 0]);
      [2 / 3, 1 / 3, 0, 0].forEach((expected, k) => expect(w[k]).toBeCloseTo(expected, 6));
      expect(asset.warnings.some((m) => /1 weights named a joint already weighted/.test(m))).toBe(true);
      expect(asset.warnings.some((m) => /skin weights of 1 vertices summed to more than 2\/255 away from 1/.test(m))).toBe(true);
    });
  }
});
