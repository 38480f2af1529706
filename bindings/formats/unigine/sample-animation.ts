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

export type SampledChannel = 'translations' | 'rotations' | 'scales';

/**
 * A SampledAnimation whose channels are written on demand into arrays the caller gives (the
 * frame compressor's workspace), instead of arrays of their own that are then copied there.
 */
export interface SampledFrames {
  name: string;
  frameCount: number;
  joints: number[];
  /** Writes every frame of every bone of `channel` into `dst` (bone-major, as SampledAnimation's arrays). */
  fill(channel: SampledChannel, dst: Float32Array): void;
}

/** `channel` of either kind of sampled animation, into `dst`. */
export function sampledChannelInto(sampled: SampledAnimation | SampledFrames, channel: SampledChannel, dst: Float32Array): void {
  if ('fill' in sampled) sampled.fill(channel, dst);
  else dst.set(sampled[channel]);
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
  const frames = sampledFrames(animation, joints, frameRate, warnings, path);
  const entries = frames.joints.length * frames.frameCount;
  const out: SampledAnimation = {
    name: frames.name,
    frameCount: frames.frameCount,
    joints: frames.joints,
    translations: new Float32Array(entries * 3),
    rotations: new Float32Array(entries * 4),
    scales: new Float32Array(entries * 3),
  };
  frames.fill('translations', out.translations);
  frames.fill('rotations', out.rotations);
  frames.fill('scales', out.scales);
  return out;
}

/**
 * sampleAnimation's checks and warnings, at once; its frames when `fill` is called (as many
 * times as needed, into any array of the channel's length).
 */
export function sampledFrames(animation: Animation, joints: readonly Joint[], frameRate: number, warnings: string[], path = 'animations'): SampledFrames {
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
  const rests = tracks.map((t) => joints[t.joint]!);
  return {
    name: animation.name,
    frameCount,
    joints: tracks.map((t) => t.joint),
    fill(channel: SampledChannel, dst: Float32Array): void {
      const [key, components] = CHANNEL_OF[channel];
      for (let b = 0; b < n; b++) fillChannel(tracks[b]!, key, frameCount, frameRate, grid[b], dst, b * frameCount * components, components, rests[b]![key]);
    },
  };
}

const CHANNEL_OF = {
  translations: ['translation', 3],
  rotations: ['rotation', 4],
  scales: ['scale', 3],
} as const;

/** One channel of a track on the grid (fillFrames), or the joint's rest value on every frame when the track has none. */
function fillChannel(
  track: Track, channel: 'translation' | 'rotation' | 'scale', frameCount: number, frameRate: number, gridKeys: number | undefined,
  dst: Float32Array, base: number, components: number, rest: readonly number[],
): void {
  if (fillFrames(track, channel, frameCount, frameRate, dst, base, components, gridKeys)) return;
  for (let f = 0; f < frameCount; f++) dst.set(rest, base + f * components);
}
