import { MeshFormatError } from '../../io/errors.js';
import type { Animation, Joint, Track } from '../../model/asset.js';
import { checkSampledKeys, fillFrames, framesToCover, gridKeyCount } from '../../model/resample-animation.js';

/** An animation on UNIGINE's uniform frame grid, bone-major like ExpandedFrames. */
export interface SampledAnimation {
  name: string;
  frameCount: number;
  /** The joint each animated bone is. */
  joints: number[];
  translations: Float32Array;
  rotations: Float32Array;
  scales: Float32Array;
}

/**
 * Puts an animation on frames f / frameRate. Tracks already on that grid (see gridKeyCount:
 * constant and held tracks included) are copied; others are sampled (linear, normalised-linear
 * for rotations) and `warnings` says so. Channels a track lacks hold the joint's bind pose.
 */
export function sampleAnimation(animation: Animation, joints: readonly Joint[], frameRate: number, warnings: string[]): SampledAnimation {
  const byJoint = new Map<number, Track>();
  for (const track of animation.tracks) {
    if (track.joint < 0 || track.joint >= joints.length) {
      throw new MeshFormatError({ code: 'BAD_INDEX', format: 'asset' }, `animation ${animation.name}: track for joint ${track.joint}, outside the skeleton's ${joints.length} joints`);
    }
    if (byJoint.has(track.joint)) warnings.push(`animation ${animation.name}: a second track for joint ${track.joint} is left out`);
    else byJoint.set(track.joint, track);
  }
  const tracks = [...byJoint.values()];
  let frameCount = animation.frameCount;
  if (!tracks.every((t) => t.times.length === 0 || gridKeyCount(t, frameCount, frameRate) !== undefined)) {
    frameCount = framesToCover(animation, frameRate);
    warnings.push(`animation ${animation.name}: resampled at ${frameRate} frames per second (${frameCount} frames), the only timing UNIGINE stores`);
  }
  const n = tracks.length;
  checkSampledKeys(frameCount, n, `animation ${animation.name}`);
  const out: SampledAnimation = {
    name: animation.name,
    frameCount,
    joints: tracks.map((t) => t.joint),
    translations: new Float32Array(n * frameCount * 3),
    rotations: new Float32Array(n * frameCount * 4),
    scales: new Float32Array(n * frameCount * 3),
  };
  tracks.forEach((track, b) => {
    const joint = joints[track.joint]!;
    const fill = (channel: 'translation' | 'rotation' | 'scale', dst: Float32Array, components: number, rest: readonly number[]) => {
      const base = b * frameCount * components;
      if (fillFrames(track, channel, frameCount, frameRate, dst, base, components)) return;
      for (let f = 0; f < frameCount; f++) dst.set(rest, base + f * components);
    };
    fill('translation', out.translations, 3, joint.translation);
    fill('rotation', out.rotations, 4, joint.rotation);
    fill('scale', out.scales, 3, joint.scale);
  });
  return out;
}
