import type { Animation, Track } from './asset.js';

/** Key times within this many seconds of f / frameRate count as frame f. */
export const FRAME_TIME_TOLERANCE = 1e-4;

/** True when every track has `frameCount` keys, key f at f / frameRate (what IQM and UNIGINE store). */
export function isOnFrameGrid(animation: Animation, frameRate = animation.frameRate): boolean {
  return animation.tracks.every(
    (t) => t.times.length === animation.frameCount && t.times.every((time, f) => Math.abs(time - f / frameRate) <= FRAME_TIME_TOLERANCE),
  );
}

/** Frames needed to cover an animation's keys at `frameRate` (frame 0 at time 0, the last at or after the last key). */
export function framesToCover(animation: Animation, frameRate: number): number {
  const end = Math.max(0, ...animation.tracks.map((t) => (t.times.length ? t.times[t.times.length - 1]! : 0)));
  return Math.round(end * frameRate) + 1;
}

/**
 * The animation sampled on the uniform grid f / frameRate, for targets that store frames rather
 * than key times (IQM, UNIGINE). Translation and scale are interpolated linearly, rotations
 * normalised-linearly along the shorter arc; before the first key and after the last a track holds
 * its end value. Channels a track lacks stay absent. Work is frames × tracks: callers bound
 * `framesToCover` first when the times come from untrusted input.
 */
export function resampleAnimation(animation: Animation, frameRate: number): Animation {
  if (!(frameRate > 0 && Number.isFinite(frameRate))) throw new RangeError(`frameRate must be positive, got ${frameRate}`);
  const frameCount = framesToCover(animation, frameRate);
  if (!Number.isSafeInteger(frameCount)) throw new RangeError(`animation ${animation.name}: its keys cannot be put on ${frameRate} fps frames`);
  const times = new Float32Array(frameCount);
  for (let f = 0; f < frameCount; f++) times[f] = f / frameRate;
  const tracks = animation.tracks.map((track): Track => {
    const out: Track = { joint: track.joint, times: times.slice() };
    if (track.translation) out.translation = sampleChannel(track.times, track.translation, 3, times);
    if (track.rotation) out.rotation = sampleChannel(track.times, track.rotation, 4, times);
    if (track.scale) out.scale = sampleChannel(track.times, track.scale, 3, times);
    return out;
  });
  const result: Animation = { name: animation.name, frameRate, frameCount, tracks };
  if (animation.loop !== undefined) result.loop = animation.loop;
  return result;
}

/** Values of one channel (`components` per key at `keyTimes`) at each of `at` (ascending). */
export function sampleChannel(keyTimes: Float32Array, values: Float32Array, components: number, at: Float32Array): Float32Array {
  const out = new Float32Array(at.length * components);
  const keys = Math.min(keyTimes.length, values.length / components);
  if (keys === 0) return out;
  let k = 0;
  for (let f = 0; f < at.length; f++) {
    const time = at[f]!;
    while (k + 1 < keys && keyTimes[k + 1]! <= time) k++;
    const next = Math.min(k + 1, keys - 1);
    const span = keyTimes[next]! - keyTimes[k]!;
    const s = span > 0 ? Math.min(1, Math.max(0, (time - keyTimes[k]!) / span)) : 0;
    let sign = 1;
    if (components === 4) {
      let dot = 0;
      for (let c = 0; c < 4; c++) dot += values[k * 4 + c]! * values[next * 4 + c]!;
      if (dot < 0) sign = -1;
    }
    let length = 0;
    for (let c = 0; c < components; c++) {
      const v = values[k * components + c]! * (1 - s) + sign * values[next * components + c]! * s;
      out[f * components + c] = v;
      length += v * v;
    }
    if (components === 4 && length > 0) {
      const inverse = 1 / Math.sqrt(length);
      for (let c = 0; c < 4; c++) out[f * 4 + c] = out[f * 4 + c]! * inverse;
    }
  }
  return out;
}
