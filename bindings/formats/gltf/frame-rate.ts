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
  let step = Infinity;
  for (const t of tracks) for (let k = 1; k < t.times.length; k++) step = Math.min(step, t.times[k]! - t.times[k - 1]!);
  if (!Number.isFinite(step)) return undefined;
  const rate = Math.round(1 / step);
  if (!(rate >= 1 && rate <= 1000)) return undefined;
  const onGrid = tracks.every((t) => t.times.every((time) => Math.abs(time * rate - Math.round(time * rate)) <= 1e-3));
  return onGrid ? rate : undefined;
}

