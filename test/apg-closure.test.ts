// apg writer closure: every Asset a reader returns is written into a file the apg reader reads
// back, or refused with the Asset path. Reproducers from ../shared/hostile (copied to test/hostile/).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apgFormat } from '../bindings/formats/apg/index.js';
import { iqmFormat } from '../bindings/formats/iqm/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { refusal } from './helpers/refusal.js';

const kernels = allKernels();
const hostile = (name: string) => new Uint8Array(readFileSync(new URL(`./hostile/${name}`, import.meta.url)));

describe('apg writer closure', () => {
  for (const backend of BACKENDS) {
    it(`iqm-anim-only-0-joints: tracks of joints the Asset lacks are dropped with a warning, the output reads back (${backend})`, () => {
      const asset = iqmFormat.parseSync(hostile('iqm-anim-only-0-joints__apg-writer-output-unreadable.iqm'), { kernels: kernels[backend] });
      expect(asset.skeleton).toBeUndefined();
      const tracks = asset.animations[0]!.tracks.length;
      expect(tracks).toBeGreaterThan(0);
      const back = apgFormat.parseSync(apgFormat.encodeSync(asset, { kernels: kernels[backend] }), { kernels: kernels[backend] });
      expect(back.animations.map((a) => [a.name, a.tracks.length])).toEqual([[asset.animations[0]!.name, 0]]);
      expect(asset.warnings).toContain(`animation '${asset.animations[0]!.name}': ${tracks} of ${tracks} tracks dropped: apg keys name skeleton nodes and the Asset's skeleton has 0 joints`);
    });

    it(`iqm-tube-num_joints-0-with-blend-arrays: bone ids without a skeleton are dropped with a warning, the output reads back (${backend})`, () => {
      const asset = iqmFormat.parseSync(hostile('iqm-tube-num_joints-0-with-blend-arrays__apg-writer-output-unreadable.iqm'), { kernels: kernels[backend] });
      expect(asset.meshes[0]!.attributes.joints).toBeDefined();
      const back = apgFormat.parseSync(apgFormat.encodeSync(asset, { kernels: kernels[backend] }), { kernels: kernels[backend] });
      expect(back.meshes[0]!.attributes.joints).toBeUndefined();
      expect(back.meshes[0]!.indices.length).toBe(asset.meshes[0]!.indices.length);
      expect(asset.warnings).toContain('joints and weights were dropped: the Asset has no skeleton for apg bone ids to name');
    });

    it(`a joint index outside the skeleton is refused with the Asset path, not written (${backend})`, () => {
      const asset = tubeAsset();
      asset.meshes[0]!.attributes.joints![0] = 40;
      asset.meshes[0]!.attributes.weights!.set([1, 0, 0, 0], 0);
      const error = refusal(() => apgFormat.encodeSync(asset, { kernels: kernels[backend] }));
      expect(error).toMatchObject({ code: 'BAD_INDEX', format: 'asset', path: 'meshes[0].attributes.joints[0]' });
    });
  }
});
