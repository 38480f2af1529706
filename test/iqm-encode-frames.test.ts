// quantizeIqmFrames (bindings/formats/iqm/quantize-frames.ts) against the writer's path before it:
// every frame filled as dense TRS by fillFrames, ranges and ushorts by the js kernels, poses as
// quantizePose made them. Random animations cover what the channel-by-channel path must get right:
// several animations (some without frames), tracks that miss groups, several tracks for one joint
// (the last wins), tracks without keys, keys held past a track's end, keys off the grid, ±0,
// constant channels, NaN (an Asset that was not validated), poses without a joint.
import { describe, expect, it } from 'vitest';
import { quantizeIqmFrames } from '../bindings/formats/iqm/quantize-frames.js';
import { IQM_CHANNELS, type IqmPose } from '../bindings/formats/iqm/iqm-document.js';
import { iqmChannelRanges, quantizeIqmFrames as quantizeDenseFrames } from '../bindings/kernels/js/iqm-quantize.js';
import { fillFrames } from '../bindings/model/resample-animation.js';
import type { Animation, Joint, Track } from '../bindings/model/asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();

const f = Math.fround;

/** The writer before: dense frames, then the two kernels, then the poses. */
function denseReference(animations: Animation[], joints: Joint[], poseCount: number): { poses: IqmPose[]; frameChannelCount: number; frames: Uint16Array } {
  const totalFrames = animations.reduce((sum, a) => sum + a.frameCount, 0);
  const frameSize = poseCount * IQM_CHANNELS;
  const dense = new Float32Array(totalFrames * frameSize);
  for (let frame = 0; frame < totalFrames; frame++) {
    for (let j = 0; j < poseCount; j++) {
      const bind = joints[j];
      dense.set(bind ? [...bind.translation, ...bind.rotation, ...bind.scale] : [0, 0, 0, 0, 0, 0, 1, 1, 1, 1], frame * frameSize + j * IQM_CHANNELS);
    }
  }
  let firstFrame = 0;
  for (const animation of animations) {
    for (const track of animation.tracks) {
      const at = (firstFrame * poseCount + track.joint) * IQM_CHANNELS;
      fillFrames(track, 'translation', animation.frameCount, animation.frameRate, dense, at, frameSize);
      fillFrames(track, 'rotation', animation.frameCount, animation.frameRate, dense, at + 3, frameSize);
      fillFrames(track, 'scale', animation.frameCount, animation.frameRate, dense, at + 7, frameSize);
    }
    firstFrame += animation.frameCount;
  }
  const least = new Float32Array(frameSize);
  const greatest = new Float32Array(frameSize);
  iqmChannelRanges(dense, totalFrames, poseCount, least, greatest);
  const poses: IqmPose[] = [];
  for (let j = 0; j < poseCount; j++) {
    const channelOffset = new Float32Array(IQM_CHANNELS);
    const channelScale = new Float32Array(IQM_CHANNELS);
    let channelMask = 0;
    for (let k = 0; k < IQM_CHANNELS; k++) {
      let min = least[j * IQM_CHANNELS + k]!;
      let max = greatest[j * IQM_CHANNELS + k]!;
      if (totalFrames === 0 || !Number.isFinite(min)) { min = 0; max = 0; }
      channelOffset[k] = min;
      const range = f(max - min);
      if (range >= 1e-10) { channelMask |= 1 << k; channelScale[k] = f(range / 65535); }
    }
    poses.push({ parent: joints[j]?.parent ?? -1, channelMask, channelOffset, channelScale });
  }
  const masks = Uint32Array.from(poses.map((p) => p.channelMask));
  const offsets = new Float32Array(frameSize);
  const scales = new Float32Array(frameSize);
  poses.forEach((p, j) => { offsets.set(p.channelOffset, j * IQM_CHANNELS); scales.set(p.channelScale, j * IQM_CHANNELS); });
  let frameChannelCount = 0;
  for (const p of poses) for (let k = 0; k < IQM_CHANNELS; k++) if (p.channelMask & (1 << k)) frameChannelCount++;
  const frames = new Uint16Array(totalFrames * frameChannelCount);
  quantizeDenseFrames(dense, totalFrames, masks, offsets, scales, frames);
  return { poses, frameChannelCount, frames };
}

function randomAnimations(seed: number): { animations: Animation[]; joints: Joint[]; poseCount: number } {
  const next = rng(seed);
  const int = (n: number) => Math.floor(next() * n);
  const poseCount = 1 + int(6);
  const withJoints = next() < 0.7;
  const joints: Joint[] = withJoints
    ? Array.from({ length: poseCount }, (_, j) => ({
        name: `j${j}`,
        parent: j - 1,
        // Plain numbers (not float32): the bind pose is rounded where it is used.
        translation: [next() - 0.5, next() < 0.2 ? -0 : 0.1 / 3, 2],
        rotation: [0, 0, next() < 0.5 ? 0 : Math.SQRT1_2, Math.SQRT1_2],
        scale: [1, 1, 1 + (next() < 0.3 ? 1e-3 : 0)],
      }))
    : [];
  const value = () => {
    const r = next();
    if (r < 0.05) return -0;
    if (r < 0.1) return 0;
    if (r < 0.13) return NaN;
    if (r < 0.3) return 0.25;
    return (next() - 0.5) * 8;
  };
  const animations: Animation[] = [];
  const animationCount = 1 + int(3);
  for (let a = 0; a < animationCount; a++) {
    const frameRate = [24, 30, 10][int(3)]!;
    const frameCount = next() < 0.15 ? 0 : 1 + int(12);
    const tracks: Track[] = [];
    const trackCount = int(poseCount * 2 + 1);
    for (let t = 0; t < trackCount; t++) {
      const kind = next();
      // On the grid (maybe shorter than the animation, held), one key, off the grid, or none.
      const keys = kind < 0.1 ? 0 : kind < 0.25 ? 1 : 1 + int(frameCount + 2);
      const offGrid = next() < 0.2;
      const times = Float32Array.from({ length: keys }, (_, k) => (offGrid ? (k + 0.37) / frameRate : k / frameRate));
      const track: Track = { joint: int(poseCount), times };
      const constant = next() < 0.3;
      const channel = (components: number) => {
        const first = Float32Array.from({ length: components }, value);
        return Float32Array.from({ length: keys * components }, (_, i) => (constant ? first[i % components]! : value()));
      };
      if (next() < 0.7) track.translation = channel(3);
      // Arrays shorter than their keys (an Asset nothing validated): the missing values read as 0.
      if (next() < 0.05) track.rotation = new Float32Array(0);
      if (next() < 0.7 && !track.rotation) track.rotation = channel(4);
      if (next() < 0.5) track.scale = channel(3);
      tracks.push(track);
    }
    animations.push({ name: `a${a}`, frameRate, frameCount, tracks });
  }
  return { animations, joints, poseCount };
}

describe.each(BACKENDS)('quantizeIqmFrames on %s', (backend) => {
  it('gives the dense path\'s poses and frames, bit for bit, on random animations', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const { animations, joints, poseCount } = randomAnimations(seed);
      const got = quantizeIqmFrames(animations, joints, poseCount, kernels[backend]);
      const want = denseReference(animations, joints, poseCount);
      expect(got.frameChannelCount, `seed ${seed}`).toBe(want.frameChannelCount);
      expect(got.poses.map((p) => [p.parent, p.channelMask]), `seed ${seed}`).toEqual(want.poses.map((p) => [p.parent, p.channelMask]));
      for (let j = 0; j < poseCount; j++) {
        expect(new Uint32Array(got.poses[j]!.channelOffset.buffer), `seed ${seed} pose ${j} offsets`).toEqual(new Uint32Array(want.poses[j]!.channelOffset.buffer));
        expect(new Uint32Array(got.poses[j]!.channelScale.buffer), `seed ${seed} pose ${j} scales`).toEqual(new Uint32Array(want.poses[j]!.channelScale.buffer));
      }
      expect(got.frames, `seed ${seed}`).toEqual(want.frames);
    }
  });

  it('animates a channel only where its values move, and holds a track\'s last key', () => {
    const joints: Joint[] = [{ name: 'root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }];
    const track: Track = { joint: 0, times: Float32Array.from([0, 1 / 10]), translation: Float32Array.from([0, 0, 0, 2, 0, 0]) };
    const { poses, frameChannelCount, frames } = quantizeIqmFrames([{ name: 'a', frameRate: 10, frameCount: 4, tracks: [track] }], joints, 1, kernels[backend]);
    expect(poses[0]!.channelMask).toBe(1);
    expect(frameChannelCount).toBe(1);
    expect(Array.from(frames)).toEqual([0, 65535, 65535, 65535]);
  });
});
