import type { Animation, Joint, Track } from '../../model/asset.js';

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

const TIME_TOLERANCE = 1e-4;

/**
 * Puts an animation on frames f / frameRate. Tracks already on that grid are copied; others are
 * sampled (linear, normalised-linear for rotations) and `warnings` says so. Channels a track
 * lacks hold the joint's bind pose.
 */
export function sampleAnimation(animation: Animation, joints: readonly Joint[], frameRate: number, warnings: string[]): SampledAnimation {
  const byJoint = new Map<number, Track>();
  for (const track of animation.tracks) {
    if (track.joint < 0 || track.joint >= joints.length) throw new RangeError(`animation ${animation.name}: track for joint ${track.joint}, outside the skeleton's ${joints.length} joints`);
    if (byJoint.has(track.joint)) warnings.push(`animation ${animation.name}: a second track for joint ${track.joint} is left out`);
    else byJoint.set(track.joint, track);
  }
  const tracks = [...byJoint.values()];
  const onGrid = tracks.every((t) => t.times.length === animation.frameCount && t.times.every((time, f) => Math.abs(time - f / frameRate) <= TIME_TOLERANCE));
  let frameCount = animation.frameCount;
  if (!onGrid) {
    const end = Math.max(0, ...tracks.map((t) => (t.times.length ? t.times[t.times.length - 1]! : 0)));
    frameCount = Math.round(end * frameRate) + 1;
    if (!Number.isSafeInteger(frameCount)) throw new RangeError(`animation ${animation.name}: keys up to ${end} s cannot be put on frames`);
    warnings.push(`animation ${animation.name}: resampled at ${frameRate} frames per second (${frameCount} frames), the only timing UNIGINE stores`);
  }
  const n = tracks.length;
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
    fillChannel(out.translations, b, frameCount, 3, track, track.translation, joint.translation, onGrid, frameRate);
    fillChannel(out.rotations, b, frameCount, 4, track, track.rotation, joint.rotation, onGrid, frameRate);
    fillChannel(out.scales, b, frameCount, 3, track, track.scale, joint.scale, onGrid, frameRate);
  });
  return out;
}

function fillChannel(
  dst: Float32Array, bone: number, frameCount: number, components: number, track: Track,
  values: Float32Array | undefined, rest: readonly number[], onGrid: boolean, frameRate: number,
): void {
  const base = bone * frameCount * components;
  if (!values || track.times.length === 0) {
    for (let f = 0; f < frameCount; f++) for (let c = 0; c < components; c++) dst[base + f * components + c] = rest[c]!;
    return;
  }
  if (onGrid) {
    dst.set(values.subarray(0, frameCount * components), base);
    return;
  }
  const times = track.times;
  let k = 0;
  for (let f = 0; f < frameCount; f++) {
    const time = f / frameRate;
    while (k + 1 < times.length && times[k + 1]! <= time) k++;
    const at = base + f * components;
    const next = Math.min(k + 1, times.length - 1);
    const span = times[next]! - times[k]!;
    const s = span > 0 ? Math.min(1, Math.max(0, (time - times[k]!) / span)) : 0;
    let sign = 1;
    if (components === 4) {
      let dot = 0;
      for (let c = 0; c < 4; c++) dot += values[k * 4 + c]! * values[next * 4 + c]!;
      if (dot < 0) sign = -1;
    }
    let length = 0;
    for (let c = 0; c < components; c++) {
      const v = values[k * components + c]! * (1 - s) + sign * values[next * components + c]! * s;
      dst[at + c] = v;
      length += v * v;
    }
    if (components === 4 && length > 0) for (let c = 0; c < 4; c++) dst[at + c] = dst[at + c]! / Math.sqrt(length);
  }
}
