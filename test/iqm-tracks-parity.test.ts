import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, EDGE_FLOATS, exactFloatBits, mixedFloats, randomInts, rng, withNaNPayloads } from './helpers/backends.js';
import { channelCount } from '../bindings/formats/iqm/index.js';

const kernels = allKernels();

/** dequantizeIqmFrames' frame-major output (the reference order), moved per pose as dequantizeIqmTracks lays it out. */
function perPose(dense: Uint32Array, frameCount: number, poseCount: number): number[] {
  const out: number[] = [];
  for (let j = 0; j < poseCount; j++) {
    for (const [first, width] of [[0, 3], [3, 4], [7, 3]] as const) {
      for (let f = 0; f < frameCount; f++) for (let k = 0; k < width; k++) out.push(dense[(f * poseCount + j) * 10 + first + k]!);
    }
  }
  return out;
}

function check(frames: Uint16Array, frameCount: number, masks: Uint32Array, offsets: Float32Array, scales: Float32Array) {
  const poseCount = masks.length;
  const dense = new Float32Array(frameCount * poseCount * 10);
  kernels.js.raw.dequantizeIqmFrames(frames, frameCount, masks, offsets, scales, dense);
  const expected = perPose(exactFloatBits(dense), frameCount, poseCount);
  for (const b of BACKENDS) {
    const dst = new Float32Array(frameCount * poseCount * 10).fill(12345);
    kernels[b].raw.dequantizeIqmTracks(frames, frameCount, masks, offsets, scales, dst);
    expect(Array.from(exactFloatBits(dst)), b).toEqual(expected);
  }
}

describe('dequantizeIqmTracks: every backend gives the bits of dequantizeIqmFrames, laid out per pose (translations, rotations, scales)', () => {
  it('every mask pattern, with NaN payloads, ±Infinity and −0 in offsets and scales', () => {
    const masks = Uint32Array.from({ length: 1024 }, (_, m) => m);
    const bits = Array.from(masks, channelCount).reduce((a, b) => a + b, 0);
    for (const frameCount of [0, 1, 3]) {
      const offsets = withNaNPayloads(mixedFloats(10240, 17, 50), 19);
      const scales = withNaNPayloads(mixedFloats(10240, 18, 2), 20);
      for (let i = 0; i < 64; i++) { offsets[i * 7] = EDGE_FLOATS[i % EDGE_FLOATS.length]!; scales[i * 11] = EDGE_FLOATS[(i * 3) % EDGE_FLOATS.length]!; }
      check(randomInts(Uint16Array, frameCount * bits, frameCount + 5, 65535), frameCount, masks, offsets, scales);
    }
  });

  it('random poses and frames, masks with bits above the ten channels', () => {
    const next = rng(7);
    for (let poseCount = 0; poseCount <= 13; poseCount++) {
      for (const frameCount of [0, 1, 2, 7]) {
        const masks = Uint32Array.from({ length: poseCount }, () => Math.floor(next() * 0x10000));
        const bits = Array.from(masks, channelCount).reduce((a, b) => a + b, 0);
        const frames = randomInts(Uint16Array, frameCount * bits, poseCount * 13 + frameCount, 65535);
        check(frames, frameCount, masks, withNaNPayloads(mixedFloats(poseCount * 10, poseCount + 3, 10), poseCount + 1), withNaNPayloads(mixedFloats(poseCount * 10, poseCount + 60, 1e-3), poseCount + 2));
      }
    }
  });

  it('values computed by hand: one pose, two frames, channels 0, 3 and 9', () => {
    const offsets = Float32Array.from([1, 2, 3, 0, 0, 0, 1, 1, 1, -0]);
    const scales = Float32Array.from([0.5, 1, 1, 0.25, 1, 1, 1, 1, 1, 2]);
    const masks = Uint32Array.from([1 | 8 | 512]);
    for (const b of BACKENDS) {
      const dst = new Float32Array(20);
      kernels[b].raw.dequantizeIqmTracks(Uint16Array.from([2, 4, 1, 0, 8, 3]), 2, masks, offsets, scales, dst);
      // translations (frame 0, frame 1), rotations, scales
      expect(Array.from(dst), b).toEqual([2, 2, 3, 1, 2, 3, 1, 0, 0, 1, 2, 0, 0, 1, 1, 1, 2, 1, 1, 6]);
    }
  });
});
