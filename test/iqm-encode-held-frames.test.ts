// assetToIqmFile copies the quantized frames from the kernels' workspace straight into the file
// (quantizeIqmFramesHeld): the same bytes as the document path (assetToIqm + writeIqm, whose
// frames are an array of their own), and the workspace released after every encode, so that
// WebAssembly memory does not creep from one encode to the next.
import { describe, expect, it } from 'vitest';
import { assetToIqm, assetToIqmFile } from '../bindings/formats/iqm/from-asset.js';
import { writeIqm } from '../bindings/formats/iqm/write-iqm.js';
import { quantizeIqmFrames, quantizeIqmFramesHeld } from '../bindings/formats/iqm/quantize-frames.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();
/** Where the kernels' bump allocator stands (wasm backends): back at its base when nothing is reserved. */
const arenaTop = (k: unknown): number | undefined => (k as { instance: { arena?: { top: number } } }).instance.arena?.top;

describe('IQM frames written from the kernels\' workspace into the file', () => {
  for (const backend of BACKENDS) {
    it(`${backend}: the document path's bytes, and nothing left reserved`, () => {
      const k = kernels[backend];
      const before = arenaTop(k);
      for (const frames of [0, 1, 5, 48]) {
        const make = () => {
          const asset = tubeAsset({ frames: Math.max(frames, 1) });
          if (frames === 0) asset.animations = [];
          return asset;
        };
        const file = assetToIqmFile(make(), { kernels: k });
        expect(Buffer.compare(file, writeIqm(assetToIqm(make(), { kernels: k }))), `${frames} frames`).toBe(0);
        expect(arenaTop(k), `${frames} frames`).toBe(before);
      }
      const memory = k.memoryBytes;
      for (let i = 0; i < 20; i++) assetToIqmFile(tubeAsset({ frames: 48 }), { kernels: k });
      expect(k.memoryBytes).toBe(memory);
    });

    it(`${backend}: held frames equal the kept ones until released`, () => {
      const k = kernels[backend];
      const asset = tubeAsset({ frames: 30 });
      const kept = quantizeIqmFrames(asset.animations, asset.skeleton!.joints, asset.skeleton!.joints.length, k);
      const held = quantizeIqmFramesHeld(asset.animations, asset.skeleton!.joints, asset.skeleton!.joints.length, k);
      expect(held.frames.length).toBeGreaterThan(0);
      expect(Array.from(held.frames)).toEqual(Array.from(kept.frames));
      expect(held.poses).toEqual(kept.poses);
      const top = arenaTop(k);
      held.release();
      if (top !== undefined) expect(arenaTop(k)).toBeLessThan(top);
    });
  }
});
