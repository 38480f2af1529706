import { MeshFormatError } from '../../io/errors.js';
import type { Animation, Joint, Track } from '../../model/asset.js';
import { checkSampledFrames, fillFrames, framesToCover, gridKeyCount } from '../../model/resample-animation.js';

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
 * Puts an animation on frames f / frameRate, as many as cover its duration (animationDuration).
 * Tracks already on that grid (see gridKeyCount: constant and held tracks included) are copied;
 * others are sampled (linear, normalised-linear for rotations) and `warnings` says so, naming the
 * source's rate when it differs. Channels a track lacks hold the joint's bind pose. `path` (e.g.
 * `animations[0]`) names the animation in the MeshFormatError refusing a grid beyond
 * MAX_SAMPLED_FRAMES frames or MAX_SAMPLED_KEYS keys.
 */
export function sampleAnimation(animation: Animation, joints: readonly Joint[], frameRate: number, warnings: string[], path = 'animations'): SampledAnimation {
  const byJoint = new Map<number, Track>();
  for (const [t, track] of animation.tracks.entries()) {
    if (track.joint < 0 || track.joint >= joints.length) {
      throw new MeshFormatError({ code: 'BAD_INDEX', format: 'asset', path: `${path}.tracks[${t}].joint` }, `animation ${animation.name}: track for joint ${track.joint}, outside the skeleton's ${joints.length} joints`);
    }
    if (byJoint.has(track.joint)) warnings.push(`animation ${animation.name}: a second track for joint ${track.joint} is left out`);
    else byJoint.set(track.joint, track);
  }
  const tracks = [...byJoint.values()];
  const n = tracks.length;
  const keyed = tracks.some((t) => t.times.length > 0);
  // An animation of no keys and no frames stays empty; any other covers its duration.
  const frameCount = !keyed && animation.frameCount === 0 ? 0 : framesToCover(animation, frameRate);
  checkSampledFrames(frameCount, n, `animation ${animation.name}`, path);
  const sourceRate = animation.frameRate;
  if (sourceRate !== frameRate && keyed && sourceRate > 0 && Number.isFinite(sourceRate)) {
    warnings.push(`animation ${animation.name}: resampled from ${sourceRate} to ${frameRate} frames per second (${frameCount} frames), the rate UNIGINE files are read at: they store none`);
  } else if (!tracks.every((t) => t.times.length === 0 || gridKeyCount(t, frameCount, frameRate) !== undefined)) {
    warnings.push(`animation ${animation.name}: keys off the ${frameRate} fps grid were resampled (${frameCount} frames): UNIGINE stores frames, not key times`);
  }
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
