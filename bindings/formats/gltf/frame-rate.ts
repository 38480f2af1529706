import type { Track } from '../../model/asset.js';

/**
 * glTF stores key times, not a frame rate. The reader infers one from the keys (`wholeFrameRate`);
 * the writer stores `animation.extras.frameRate` only where that inference would not give the
 * Asset's own rate back (a TF animation of 30 fps whose keys sit 0.5 s apart reads as 2 fps).
 */

/** A rate the reader takes: 1–1000 frames per second (not necessarily whole). */
export function isFrameRate(rate: number): boolean {
  return rate >= 1 && rate <= 1000;
}

/** The whole-number frame rate (1–1000 fps) whose grid every key lies on, if there is one. */
export function wholeFrameRate(tracks: Track[]): number | undefined {
  // Tracks commonly share one times array: each distinct array is looked at once.
  const distinct = new Set<Float32Array>();
  for (const t of tracks) distinct.add(t.times);
  return frameRateOfTimes(distinct);
}

/**
 * wholeFrameRate of distinct key time arrays (the writer has them as a set already: it made an
 * array of track-like objects per animation for this, whose shape was not the readers' tracks').
 */
export function frameRateOfTimes(distinct: ReadonlySet<Float32Array>): number | undefined {
  let step = Infinity;
  for (const times of distinct) for (let k = 1; k < times.length; k++) step = Math.min(step, times[k]! - times[k - 1]!);
  if (!Number.isFinite(step)) return undefined;
  const rate = Math.round(1 / step);
  if (!(rate >= 1 && rate <= 1000)) return undefined;
  let onGrid = true;
  for (const times of distinct) {
    for (let k = 0; k < times.length && onGrid; k++) onGrid = Math.abs(times[k]! * rate - Math.round(times[k]! * rate)) <= 1e-3;
  }
  return onGrid ? rate : undefined;
}

