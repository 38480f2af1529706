import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { allKernels, BACKENDS, EDGE_FLOATS, exactFloatBits, floatBits, mixedFloats, randomInts, rng, withNaNPayloads } from './helpers/backends.js';
import { channelCount, dequantizeFrames, readIqm, writeIqm } from '../bindings/formats/iqm/index.js';
import { sampleIqmDocument } from './helpers/iqm-samples.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable, readCorpus } from './helpers/corpus.js';

const kernels = allKernels();

function runRaw(frames: Uint16Array, frameCount: number, masks: Uint32Array, offsets: Float32Array, scales: Float32Array) {
  return BACKENDS.map((b) => {
    const dst = new Float32Array(frameCount * masks.length * 10).fill(12345);
    kernels[b].raw.dequantizeIqmFrames(frames, frameCount, masks, offsets, scales, dst);
    return Array.from(exactFloatBits(dst));
  });
}

describe('dequantizeIqmFrames: wasm-simd, wasm-scalar and js give identical bits, NaN payloads included (moved offsets keep theirs, computed NaNs are 0x7fc00000)', () => {
  it('every mask pattern, with NaN, ±Infinity and −0 in offsets and scales', () => {
    const masks = Uint32Array.from({ length: 1024 }, (_, m) => m);
    const bits = Array.from(masks, channelCount).reduce((a, b) => a + b, 0);
    for (const frameCount of [0, 1, 3]) {
      const frames = randomInts(Uint16Array, frameCount * bits, frameCount + 1, 65535);
      const offsets = withNaNPayloads(mixedFloats(10240, 7, 50), 9);
      const scales = withNaNPayloads(mixedFloats(10240, 8, 2), 10);
      for (let i = 0; i < 64; i++) { offsets[i * 7] = EDGE_FLOATS[i % EDGE_FLOATS.length]!; scales[i * 11] = EDGE_FLOATS[(i * 3) % EDGE_FLOATS.length]!; }
      const [simd, scalar, js] = runRaw(frames, frameCount, masks, offsets, scales);
      expect(simd).toEqual(js);
      expect(scalar).toEqual(js);
    }
  });

  it('random poses and frames, 0 to 17 poses and frames, masks with bits above the ten channels', () => {
    const next = rng(99);
    for (let poseCount = 0; poseCount <= 17; poseCount++) {
      for (const frameCount of [0, 1, 2, 5, 17]) {
        const masks = Uint32Array.from({ length: poseCount }, () => Math.floor(next() * 0x10000));
        const bits = Array.from(masks, channelCount).reduce((a, b) => a + b, 0);
        const frames = randomInts(Uint16Array, frameCount * bits, poseCount * 31 + frameCount, 65535);
        if (frames.length) { frames[0] = 65535; frames[frames.length - 1] = 0; }
        const [simd, scalar, js] = runRaw(frames, frameCount, masks, withNaNPayloads(mixedFloats(poseCount * 10, poseCount, 10), poseCount + 7), withNaNPayloads(mixedFloats(poseCount * 10, poseCount + 50, 1e-3), poseCount + 9));
        expect(simd).toEqual(js);
        expect(scalar).toEqual(js);
      }
    }
  });

  it('a clear mask bit leaves the offset bits untouched (−0 stays −0, no 0 × Infinity)', () => {
    for (const b of BACKENDS) {
      const dst = new Float32Array(10);
      const offsets = Float32Array.from([-0, 1, 2, 3, 4, 5, 6, 7, 8, -0]);
      const scales = Float32Array.from([Infinity, NaN, 1, 1, 1, 1, 1, 1, 1, 2]);
      kernels[b].raw.dequantizeIqmFrames(Uint16Array.from([3]), 1, Uint32Array.from([1 << 9]), offsets, scales, dst);
      expect(Object.is(dst[0], -0), b).toBe(true);
      expect(Array.from(dst), b).toEqual([-0, 1, 2, 3, 4, 5, 6, 7, 8, 6]);
    }
  });
});

describe('dequantizeFrames: values computed by hand', () => {
  it('the sample document: two poses, three frames', () => {
    // frames: [0, 2, 8 | 4, 1, 0 | 65535, 65535, 65535]; pose 0 animates channels 0 (offset 1,
    // scale 0.5) and 6 (offset 0.5, scale 0.25); pose 1 animates channel 9 (offset −1, scale 0.125).
    const document = readIqm(writeIqm(sampleIqmDocument()));
    const pose0 = (t: number, w: number) => [t, 2, 3, 0, 0, 0, w, 1, 1, 1];
    const pose1 = (sz: number) => [-0, 0, 0, 0, 0, 0, 1, 2, 2, sz];
    const expected = [
      ...pose0(1 + 0 * 0.5, 0.5 + 2 * 0.25), ...pose1(-1 + 8 * 0.125),
      ...pose0(1 + 4 * 0.5, 0.5 + 1 * 0.25), ...pose1(-1 + 0),
      ...pose0(1 + 65535 * 0.5, 0.5 + 65535 * 0.25), ...pose1(-1 + 65535 * 0.125),
    ];
    for (const b of BACKENDS) {
      const dense = dequantizeFrames(document, kernels[b]);
      expect(Array.from(dense), b).toEqual(expected);
      expect(Object.is(dense[10], -0), b).toBe(true);
    }
  });
});

const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';

describe.skipIf(!corpusAvailable)(`frames of the corpus (${corpusAvailable ? 'shared/corpus/iqm' : CORPUS_SKIP_MESSAGE})`, () => {
  const files: [string, () => Uint8Array, number, number, number][] = [
    ['raylib_guy.iqm', () => readCorpus('iqm', 'raylib_guy.iqm'), 14, 122, 69],
    ['raylib_guyanim.iqm', () => readCorpus('iqm', 'raylib_guyanim.iqm'), 14, 122, 69],
  ];
  if (existsSync(MRFIXIT)) files.push(['mrfixit.iqm', () => new Uint8Array(readFileSync(MRFIXIT)), 75, 101, 333]);
  for (const [name, load, poses, frames, channels] of files) {
    it(`${name}: mask bits sum to num_framechannels; dense output identical on every backend`, () => {
      const document = readIqm(load());
      expect([document.poses.length, document.frameCount, document.frameChannelCount]).toEqual([poses, frames, channels]);
      expect(document.poses.reduce((sum, p) => sum + channelCount(p.channelMask), 0)).toBe(channels);
      const [simd, scalar, js] = BACKENDS.map((b) => Array.from(floatBits(dequantizeFrames(document, kernels[b]))));
      expect(js!.length).toBe(poses * frames * 10);
      expect(simd).toEqual(js);
      expect(scalar).toEqual(js);
      // Every rotation the file stores is a unit quaternion, to the ushort precision.
      const dense = dequantizeFrames(document, kernels.js);
      for (let i = 0; i < poses * frames; i++) {
        const [x, y, z, w] = dense.subarray(i * 10 + 3, i * 10 + 7);
        expect(Math.abs(Math.hypot(x!, y!, z!, w!) - 1)).toBeLessThan(2e-3);
      }
    });
  }

  it('raylib_guy.iqm and raylib_guyanim.iqm hold the same animation', () => {
    const model = dequantizeFrames(readIqm(readCorpus('iqm', 'raylib_guy.iqm')), kernels.js);
    const anim = dequantizeFrames(readIqm(readCorpus('iqm', 'raylib_guyanim.iqm')), kernels.js);
    expect(Array.from(floatBits(anim))).toEqual(Array.from(floatBits(model)));
  });
});
