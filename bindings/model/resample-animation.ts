import { MeshFormatError } from '../io/errors.js';
import type { Animation, Track } from './asset.js';

/**
 * Key times within this many seconds of f / frameRate count as frame f (plus float32's own
 * rounding of f / frameRate, which grows with the time: see onFrame).
 */
export const FRAME_TIME_TOLERANCE = 1e-4;

/**
 * Writers that store every frame of every joint (UNIGINE, IQM) and resampling build at most this
 * many keys (frames × tracks; 640 MiB of floats): an Asset claiming more is refused, not allocated.
 */
export const MAX_SAMPLED_KEYS = 1 << 24;

/**
 * And at most this many frames per animation (9.7 hours at 30 fps): the Asset holds keys, and a
 * frame grid multiplies them by its span, so two keys far apart would otherwise ask for millions
 * of frames. Alternatives weighed: a limit relative to the Asset's keys (a 10-minute animation of
 * two keys per joint is legitimate, so no ratio fits), or a write option (every writer and the
 * glTF reader's `resample` would need it); a fixed cap far above any real animation is simpler
 * and says plainly what is refused.
 */
export const MAX_SAMPLED_FRAMES = 1 << 20;

/**
 * The highest frame rate a writer keeps as it is (the glTF reader recognises 1–1000 fps too): an
 * Asset claiming more (2^18 fps over half a second of two keys) would have IQM store 2^17 frames
 * of every joint, megabytes from a few keys, so it is resampled to the writer's rate instead, warned.
 */
export const MAX_KEPT_FRAME_RATE = 1000;

/** Throws MeshFormatError when `frames × tracks` is beyond MAX_SAMPLED_KEYS. */
export function checkSampledKeys(frames: number, tracks: number, what: string, path = 'animations'): void {
  if (!(frames * tracks <= MAX_SAMPLED_KEYS)) {
    throw new MeshFormatError({ code: 'BAD_COUNT', format: 'asset', path }, `${what}: ${frames} frames × ${tracks} tracks is more than the ${MAX_SAMPLED_KEYS} keys a writer builds`);
  }
}

/**
 * Throws MeshFormatError (naming `path`, e.g. `animations[2]`) when a frame grid of `frames`
 * frames for `tracks` tracks is beyond MAX_SAMPLED_FRAMES or MAX_SAMPLED_KEYS.
 */
export function checkSampledFrames(frames: number, tracks: number, what: string, path: string): void {
  if (!(frames <= MAX_SAMPLED_FRAMES)) {
    throw new MeshFormatError(
      { code: 'BAD_COUNT', format: 'asset', path },
      `${what}: its keys span ${frames} frames, more than the ${MAX_SAMPLED_FRAMES} frames per animation a writer samples`,
    );
  }
  checkSampledKeys(frames, tracks, what, path);
}

type Channel = 'translation' | 'rotation' | 'scale';

const COMPONENTS: Record<Channel, number> = { translation: 3, rotation: 4, scale: 3 };

/**
 * When a track's keys sit on the frame grid f / frameRate, the number of frames they give:
 * keys at frames 0, 1, …, k − 1, then optionally one more key, at or before the last frame, that
 * repeats key k − 1 (values held to the end). A single key is a constant track (k = 1). Such a
 * track puts key min(f, k − 1) on frame f, bit for bit. Undefined when the keys are off the grid.
 */
export function gridKeyCount(track: Track, frameCount: number, frameRate: number): number | undefined {
  const { times } = track;
  const n = times.length;
  if (n === 0) return undefined;
  let k = 0;
  while (k < n && onFrame(times[k]!, k, frameRate)) k++;
  if (k === n) return n <= frameCount || n === 1 ? n : undefined;
  if (k === 0 || k !== n - 1) return undefined;
  const last = times[k]!;
  if (last < (k - 1) / frameRate || last > (frameCount - 1) / frameRate + FRAME_TIME_TOLERANCE) return undefined;
  for (const channel of ['translation', 'rotation', 'scale'] as const) {
    const values = track[channel];
    const c = COMPONENTS[channel];
    if (values) for (let i = 0; i < c; i++) if (!Object.is(values[k * c + i], values[(k - 1) * c + i])) return undefined;
  }
  return k;
}

/** Whether `time` is frame `frame`'s time: within FRAME_TIME_TOLERANCE, and float32's rounding of it (2^-23 relative). */
function onFrame(time: number, frame: number, frameRate: number): boolean {
  const expected = frame / frameRate;
  return Math.abs(time - expected) <= FRAME_TIME_TOLERANCE + expected * 2 ** -23;
}

/** True when every track is on the grid f / frameRate (see gridKeyCount): what IQM and UNIGINE can store as it is. */
export function isOnFrameGrid(animation: Animation, frameRate = animation.frameRate): boolean {
  return animation.tracks.every((t) => t.times.length === 0 || gridKeyCount(t, animation.frameCount, frameRate) !== undefined);
}

/**
 * How long an animation lasts, in seconds: its last key, or the span of the frames its source
 * stored ((frameCount − 1) / frameRate, when the rate is a positive number), whichever is later.
 * Readers key only the frames that store values, so a source whose last frames hold still has its
 * length in `frameCount` only.
 */
export function animationDuration(animation: Animation): number {
  let end = 0;
  for (const t of animation.tracks) if (t.times.length) end = Math.max(end, t.times[t.times.length - 1]!);
  const { frameRate, frameCount } = animation;
  if (frameRate > 0 && Number.isFinite(frameRate) && frameCount > 1) end = Math.max(end, (frameCount - 1) / frameRate);
  return end;
}

/** Frames needed to cover an animation at `frameRate` (frame 0 at time 0, the last within half a frame of its duration). */
export function framesToCover(animation: Animation, frameRate: number): number {
  return Math.round(animationDuration(animation) * frameRate) + 1;
}

/**
 * The animation sampled on the uniform grid f / frameRate, for targets that store frames rather
 * than key times (IQM, UNIGINE). Translation and scale are interpolated linearly, rotations
 * normalised-linearly along the shorter arc; before the first key and after the last a track holds
 * its end value. Channels a track lacks stay absent. Refuses (MeshFormatError naming `path`) more
 * than MAX_SAMPLED_FRAMES frames or MAX_SAMPLED_KEYS frames × tracks.
 */
export function resampleAnimation(animation: Animation, frameRate: number, path = 'animations'): Animation {
  if (!(frameRate > 0 && Number.isFinite(frameRate))) throw new MeshFormatError({ code: 'BAD_VALUE', format: 'asset', path }, `frameRate must be positive, got ${frameRate}`);
  const frameCount = framesToCover(animation, frameRate);
  checkSampledFrames(frameCount, Math.max(1, animation.tracks.length), `animation ${animation.name}`, path);
  const times = new Float32Array(frameCount);
  for (let f = 0; f < frameCount; f++) times[f] = f / frameRate;
  const tracks = animation.tracks.map((track): Track => {
    const out: Track = { joint: track.joint, times };
    if (track.translation) out.translation = sampleChannel(track.times, track.translation, 3, times);
    if (track.rotation) out.rotation = sampleChannel(track.times, track.rotation, 4, times);
    if (track.scale) out.scale = sampleChannel(track.times, track.scale, 3, times);
    return out;
  });
  const result: Animation = { name: animation.name, frameRate, frameCount, tracks };
  if (animation.loop !== undefined) result.loop = animation.loop;
  return result;
}

/** Values of one channel (`components` per key at `keyTimes`) at each of `at` (ascending): a key's own values on its time, interpolated between keys. */
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
    if (s === 0 || s === 1) {
      // On a key (or held past the ends): its values exactly.
      out.set(values.subarray((s === 0 ? k : next) * components, ((s === 0 ? k : next) + 1) * components), f * components);
      continue;
    }
    let sign = 1;
    if (components === 4) {
      let dot = 0;
      for (let c = 0; c < 4; c++) dot += values[k * 4 + c]! * values[next * 4 + c]!;
      if (dot < 0) sign = -1;
    }
    let length = 0;
    for (let c = 0; c < components; c++) {
      const v = values[k * components + c]! * (1 - s) + sign * values[next * components + c]! * s;
      // A NaN the interpolation makes is the quiet NaN 0x7fc00000, as in the kernels.
      out[f * components + c] = v === v ? v : NaN;
      length += v * v;
    }
    if (components === 4 && length > 0) {
      const inverse = 1 / Math.sqrt(length);
      for (let c = 0; c < 4; c++) out[f * 4 + c] = out[f * 4 + c]! * inverse;
    }
  }
  return out;
}

/**
 * Writes one channel of `track` for frames 0..frameCount − 1 into `dst` (frame f at
 * dstOffset + f * dstStride): grid tracks (gridKeyCount) bit for bit, others through
 * sampleChannel. Returns false, writing nothing, when the channel is absent or has no keys.
 * `gridKeys` is the track's gridKeyCount, for a caller that has it already (one per track, not per channel).
 */
export function fillFrames(
  track: Track, channel: Channel, frameCount: number, frameRate: number, dst: Float32Array, dstOffset: number, dstStride: number,
  gridKeys = gridKeyCount(track, frameCount, frameRate),
): boolean {
  const values = track[channel];
  if (!values || track.times.length === 0) return false;
  const c = COMPONENTS[channel];
  let source = values;
  if (gridKeys === undefined) {
    const at = new Float32Array(frameCount);
    for (let f = 0; f < frameCount; f++) at[f] = f / frameRate;
    source = sampleChannel(track.times, values, c, at);
  }
  const last = gridKeys === undefined ? frameCount - 1 : gridKeys - 1;
  // As bits: a float32 read into a number may or may not be quieted (it depends on the JIT tier).
  const from = new Uint32Array(source.buffer, source.byteOffset, source.length);
  const to = new Uint32Array(dst.buffer, dst.byteOffset, dst.length);
  let f = 0;
  if (dstStride === c) {
    // Frames in a row (UNIGINE's bone-major arrays): the keys on the grid are one block copy
    // (mrfixit's 75 tracks, all three channels: 180 → 79 µs against the loop alone).
    f = Math.min(frameCount, last + 1);
    to.set(from.subarray(0, f * c), dstOffset);
  }
  for (; f < frameCount; f++) {
    const key = Math.min(f, last);
    for (let i = 0; i < c; i++) to[dstOffset + f * dstStride + i] = from[key * c + i]!;
  }
  return true;
}
