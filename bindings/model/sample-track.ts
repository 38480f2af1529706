import { MeshFormatError } from '../io/errors.js';
import type { Track } from './asset.js';

/** Key times within this many seconds of a frame's time count as on that frame. */
export const FRAME_TIME_TOLERANCE = 1e-4;

/**
 * Writers that store every frame of every joint (UNIGINE, IQM) build at most this many keys
 * (frames × joints; 640 MiB of floats): an Asset claiming more is refused, not allocated.
 */
export const MAX_SAMPLED_KEYS = 1 << 24;

/** Throws MeshFormatError when `frames × joints` is beyond MAX_SAMPLED_KEYS. */
export function checkSampledKeys(frames: number, joints: number, what: string): void {
  if (frames * joints > MAX_SAMPLED_KEYS) {
    throw new MeshFormatError({ code: 'BAD_COUNT', format: 'asset', path: 'animations' }, `${what}: ${frames} frames × ${joints} joints is more than the ${MAX_SAMPLED_KEYS} keys a writer builds`);
  }
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
  while (k < n && Math.abs(times[k]! - k / frameRate) <= FRAME_TIME_TOLERANCE) k++;
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

/**
 * Writes a channel of `track` for frames 0..frameCount − 1 into `dst` (frame f at
 * dstOffset + f * dstStride). Grid tracks (see gridKeyCount) are copied bit for bit; others are
 * sampled linearly at f / frameRate (rotations normalised-linear, the shorter way), holding the
 * first and last keys outside their range. Returns false when the channel is absent or the track
 * has no keys (nothing written).
 */
export function sampleChannel(
  track: Track, channel: Channel, frameCount: number, frameRate: number,
  dst: Float32Array, dstOffset: number, dstStride: number,
): boolean {
  const values = track[channel];
  const times = track.times;
  if (!values || times.length === 0) return false;
  const c = COMPONENTS[channel];
  const gridKeys = gridKeyCount(track, frameCount, frameRate);
  if (gridKeys !== undefined) {
    for (let f = 0; f < frameCount; f++) {
      const key = Math.min(f, gridKeys - 1);
      for (let i = 0; i < c; i++) dst[dstOffset + f * dstStride + i] = values[key * c + i]!;
    }
    return true;
  }
  let k = 0;
  for (let f = 0; f < frameCount; f++) {
    const time = f / frameRate;
    while (k + 1 < times.length && times[k + 1]! <= time) k++;
    const next = Math.min(k + 1, times.length - 1);
    const span = times[next]! - times[k]!;
    const s = span > 0 ? Math.min(1, Math.max(0, (time - times[k]!) / span)) : 0;
    const at = dstOffset + f * dstStride;
    let sign = 1;
    if (c === 4) {
      let dot = 0;
      for (let i = 0; i < 4; i++) dot += values[k * 4 + i]! * values[next * 4 + i]!;
      if (dot < 0) sign = -1;
    }
    let length = 0;
    for (let i = 0; i < c; i++) {
      const v = values[k * c + i]! * (1 - s) + sign * values[next * c + i]! * s;
      dst[at + i] = v;
      length += v * v;
    }
    if (c === 4 && length > 0) for (let i = 0; i < 4; i++) dst[at + i] = dst[at + i]! / Math.sqrt(length);
  }
  return true;
}
