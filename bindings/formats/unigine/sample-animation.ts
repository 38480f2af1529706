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
  // Each track's gridKeyCount, once (the warning below and its three channels use it).
  const grid = tracks.map((t) => (t.times.length === 0 ? undefined : gridKeyCount(t, frameCount, frameRate)));
  const sourceRate = animation.frameRate;
  if (sourceRate !== frameRate && keyed && sourceRate > 0 && Number.isFinite(sourceRate)) {
    warnings.push(`animation ${animation.name}: resampled from ${sourceRate} to ${frameRate} frames per second (${frameCount} frames), the rate UNIGINE files are read at: they store none`);
  } else if (!tracks.every((t, b) => t.times.length === 0 || grid[b] !== undefined)) {
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
  for (let b = 0; b < n; b++) {
    const track = tracks[b]!;
    const joint = joints[track.joint]!;
    fillChannel(track, 'translation', frameCount, frameRate, grid[b], out.translations, b * frameCount * 3, 3, joint.translation);
    fillChannel(track, 'rotation', frameCount, frameRate, grid[b], out.rotations, b * frameCount * 4, 4, joint.rotation);
    fillChannel(track, 'scale', frameCount, frameRate, grid[b], out.scales, b * frameCount * 3, 3, joint.scale);
  }
  return out;
}

/** One channel of a track on the grid (fillFrames), or the joint's rest value on every frame when the track has none. */
function fillChannel(
  track: Track, channel: 'translation' | 'rotation' | 'scale', frameCount: number, frameRate: number, gridKeys: number | undefined,
  dst: Float32Array, base: number, components: number, rest: readonly number[],
): void {
  if (fillFrames(track, channel, frameCount, frameRate, dst, base, components, gridKeys)) return;
  for (let f = 0; f < frameCount; f++) dst.set(rest, base + f * components);
}
