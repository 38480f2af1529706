// validateAsset on Assets whose key values lie in one block per channel kind (UNIGINE's Assets: every
// track's translations end to end in one buffer, its rotations in another part, its scales in a
// third; key times a view of one shared array for the tracks keyed to the last frame, an array of
// its own for the others). validate-asset.ts scans such an Asset's key values as three runs and
// skips times that are views within times already checked; on a value not finite it falls back to
// the track-by-track scan. Each case here puts a value not finite (or key times out of order) at one
// kind of position — first, middle and last track, each channel, the first and last value of a
// track's channel (the boundary with its neighbours), the shared times and a track's own — and
// expects the outcome (accepted, or code, format, path and message) of the same Asset with every
// array copied into a buffer of its own, which validateAsset checks track by track, as it checked
// every UNIGINE Asset before; on every backend.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createKernelsSync, iqmFormat, MeshFormatError, unigineFormat, type Asset, type Kernels, type Track } from '../bindings/index.js';
import { validateAsset } from '../bindings/model/validate-asset.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { corpusAvailable, readCorpus } from './helpers/corpus.js';

const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const CHANNELS = ['translation', 'rotation', 'scale'] as const;
type Channel = (typeof CHANNELS)[number];
const kernels = allKernels();
const js = createKernelsSync('js');

/**
 * A hand-built Asset in UNIGINE's layout: one track per entry of `keyCounts`, each channel a view
 * of its kind's block; a track with every frame's key (or one key) has a view of the shared times,
 * any other track times of its own ending at the last frame, as unigineToAsset makes them.
 */
function byKind(keyCounts: number[]): Asset {
  const asset: Asset = { ...tubeAsset({ rings: 3, segments: 4, frames: 4 }), skeleton: undefined };
  const frames = Math.max(...keyCounts);
  const keys = keyCounts.reduce((a, b) => a + b, 0);
  const times = Float32Array.from({ length: frames }, (_, f) => f / 30);
  const blocks = { translation: new Float32Array(keys * 3), rotation: new Float32Array(keys * 4), scale: new Float32Array(keys * 3) };
  for (const channel of CHANNELS) blocks[channel].forEach((_, i, block) => (block[i] = Math.sin(i * 0.37) * 2));
  const tracks: Track[] = [];
  let first = 0;
  keyCounts.forEach((count, t) => {
    let trackTimes = times.subarray(0, count);
    if (count > 1 && count < frames) {
      trackTimes = new Float32Array(count);
      trackTimes.set(times.subarray(0, count - 1));
      trackTimes[count - 1] = times[frames - 1]!;
    }
    const end = first + count;
    tracks.push({ joint: t, times: trackTimes, translation: blocks.translation.subarray(first * 3, end * 3), rotation: blocks.rotation.subarray(first * 4, end * 4), scale: blocks.scale.subarray(first * 3, end * 3) });
    first = end;
  });
  asset.animations = [{ name: 'by kind', frameRate: 30, frameCount: frames, tracks }];
  return asset;
}

let mrfixitBytes: Uint8Array | undefined;

/**
 * Bases, each made fresh per case: two hand-built (key runs above and below the length at which
 * the kernel scans them) and, where they are installed, UNIGINE files read: two of the corpus
 * (53 and 40 tracks) and mrfixit.iqm written to UNIGINE (75). `views`: whether some tracks' times
 * are views of the longest times array (arm.anim's tracks keyed to the last frame have times of
 * their own, one key longer than the frames it stores, and its one-key tracks views of those).
 */
const BASES: [string, () => Asset, boolean][] = [
  ['by kind, long runs', () => byKind([200, 1, 150, 200, 120, 1, 200, 80]), true],
  ['by kind, short runs', () => byKind([6, 1, 4, 6, 6]), true],
];
for (const [name, views] of [['actor_00_walk_rt.anim', true], ['arm.anim', false]] as const) {
  if (corpusAvailable) BASES.push([name, () => unigineFormat.parseSync(readCorpus('unigine', name), { fileName: name, kernels: js }), views]);
}
if (existsSync(MRFIXIT)) {
  BASES.push(['mrfixit read from UNIGINE', () => {
    mrfixitBytes ??= unigineFormat.encodeSync(iqmFormat.parseSync(readFileSync(MRFIXIT), { kernels: js }), { kernels: js });
    return unigineFormat.parseSync(mrfixitBytes, { kernels: js });
  }, true]);
}

/** The same Asset with every key array (times and each channel) copied into a buffer of its own. */
function apart(asset: Asset): Asset {
  return {
    ...asset,
    animations: asset.animations.map((animation) => ({
      ...animation,
      tracks: animation.tracks.map((track) => {
        if (track === null || typeof track !== 'object') return track;
        const copy = { ...track } as Record<string, unknown>;
        for (const key of ['times', ...CHANNELS]) {
          const value = copy[key];
          if (value instanceof Float32Array) copy[key] = value.slice();
        }
        return copy as unknown as Track;
      }),
    })),
  };
}

function outcome(asset: Asset, k: Kernels): unknown {
  try {
    validateAsset(asset, k);
    return 'accepted';
  } catch (error) {
    if (error instanceof MeshFormatError) return [error.code, error.format, error.path, error.message];
    return { threw: (error as Error).name, message: (error as Error).message };
  }
}

function tracksOf(asset: Asset): Track[] {
  return asset.animations[0]!.tracks;
}

/** Whether every pair of consecutive tracks has its `channel` keys end to end in one buffer. */
function endToEnd(asset: Asset, channel: Channel): boolean {
  const tracks = tracksOf(asset);
  return tracks.every((track, t) => {
    if (t === 0) return true;
    const before = tracks[t - 1]![channel]!, after = track[channel]!;
    return before.buffer === after.buffer && before.byteOffset + before.byteLength === after.byteOffset;
  });
}

/** The tracks whose times are views of the longest times array, and one with times of its own (more than one key). */
function timesKinds(asset: Asset): { shared: number; own: number | undefined } {
  const tracks = tracksOf(asset);
  let shared = 0;
  tracks.forEach((track, t) => {
    if (track.times.length > tracks[shared]!.times.length) shared = t;
  });
  const own = tracks.findIndex((track) => track.times.buffer !== tracks[shared]!.times.buffer && track.times.length > 1);
  return { shared, own: own < 0 ? undefined : own };
}

interface Case {
  name: string;
  change: (asset: Asset) => void;
}

function cases(base: Asset): Case[] {
  const tracks = tracksOf(base);
  const last = tracks.length - 1;
  const picks = [...new Set([0, 1, Math.floor(tracks.length / 2), last - 1, last])].filter((t) => t >= 0 && t <= last);
  const out: Case[] = [{ name: 'nothing changed', change: () => {} }];
  const set = (t: number, channel: Channel, i: number, value: number) => (asset: Asset) => {
    tracksOf(asset)[t]![channel]![i] = value;
  };
  for (const channel of CHANNELS) {
    for (const t of picks) {
      const length = tracks[t]![channel]!.length;
      for (const i of [...new Set([0, length >> 1, length - 1])]) {
        for (const value of [NaN, Infinity, -Infinity]) out.push({ name: `${channel} of track ${t} [${i}] = ${value}`, change: set(t, channel, i, value) });
      }
    }
  }
  // The boundary between two tracks, on both sides at once, and two values in different tracks and channels.
  for (const channel of CHANNELS) {
    for (const t of picks.filter((t) => t < last)) {
      const length = tracks[t]![channel]!.length;
      out.push({ name: `${channel} of track ${t} last and track ${t + 1} first`, change: (asset) => (set(t, channel, length - 1, NaN)(asset), set(t + 1, channel, 0, Infinity)(asset)) });
    }
  }
  out.push({ name: 'scale of track 0 last, translation of track 1 first', change: (asset) => (set(0, 'scale', tracks[0]!.scale!.length - 1, NaN)(asset), set(1, 'translation', 0, NaN)(asset)) });
  out.push({ name: 'translation of the last track, scale of track 0', change: (asset) => (set(last, 'translation', 0, NaN)(asset), set(0, 'scale', 0, -Infinity)(asset)) });
  out.push({ name: 'rotation of the last track, last value', change: set(last, 'rotation', tracks[last]!.rotation!.length - 1, NaN) });
  // A run broken by a track whose rotation lies apart, not finite there or after it.
  const middle = Math.floor(tracks.length / 2);
  const detach = (asset: Asset) => {
    const track = tracksOf(asset)[middle]!;
    track.rotation = track.rotation!.slice();
  };
  out.push({ name: `track ${middle}'s rotation apart`, change: detach });
  out.push({ name: `track ${middle}'s rotation apart, NaN in it`, change: (asset) => (detach(asset), set(middle, 'rotation', 1, NaN)(asset)) });
  out.push({ name: `track ${middle}'s rotation apart, NaN in the last track's`, change: (asset) => (detach(asset), set(last, 'rotation', 0, NaN)(asset)) });
  // Something not a track, or a bad joint, before or after a value not finite.
  out.push({ name: `track ${middle} null, NaN in the last track`, change: (asset) => (set(last, 'scale', 0, NaN)(asset), ((tracksOf(asset) as unknown[])[middle] = null)) });
  out.push({ name: `track ${middle} null, NaN in track 0`, change: (asset) => (set(0, 'translation', 2, NaN)(asset), ((tracksOf(asset) as unknown[])[middle] = null)) });
  out.push({ name: `track ${last} joint -1, NaN in track 0`, change: (asset) => (set(0, 'rotation', 3, NaN)(asset), (tracksOf(asset)[last]!.joint = -1)) });
  out.push({ name: `translation of track ${middle} a plain array, NaN after it`, change: (asset) => (set(last, 'scale', 0, NaN)(asset), ((tracksOf(asset)[middle] as unknown as Record<string, unknown>).translation = [...tracksOf(asset)[middle]!.translation!])) });
  out.push({ name: `translation of track ${middle} one value short`, change: (asset) => (tracksOf(asset)[middle]!.translation = tracksOf(asset)[middle]!.translation!.subarray(1)) });
  // Key times: the shared array (every view of it) and a track's own, not finite or out of order.
  const { shared, own } = timesKinds(base);
  const keys = tracks[shared]!.times.length;
  const time = (t: number, k: number, value: number | ((times: Float32Array) => number)) => (asset: Asset) => {
    const times = tracksOf(asset)[t]!.times;
    times[k] = typeof value === 'number' ? value : value(times);
  };
  for (const k of [...new Set([0, 1, keys >> 1, keys - 1])]) {
    out.push({ name: `shared times [${k}] = NaN`, change: time(shared, k, NaN) });
    out.push({ name: `shared times [${k}] = Infinity`, change: time(shared, k, Infinity) });
    if (k > 0) out.push({ name: `shared times [${k}] before the key before it`, change: time(shared, k, (times) => times[k - 1]! - 1) });
  }
  if (own !== undefined) {
    const ownKeys = tracks[own]!.times.length;
    for (const k of [0, ownKeys - 1]) out.push({ name: `times of track ${own} (its own) [${k}] = NaN`, change: time(own, k, NaN) });
    out.push({ name: `times of track ${own} (its own): the last key before the one before it`, change: time(own, ownKeys - 1, (times) => times[ownKeys - 2]! - 1) });
    out.push({ name: `times of track ${own} (its own) shared times [1] out of order`, change: (asset) => (time(own, 1, NaN)(asset), time(shared, 1, -5)(asset)) });
  }
  // A view of the shared times that starts later (not within what was checked from its start) and one that runs past it.
  out.push({ name: 'times of the last track a later view of the shared buffer', change: (asset) => {
    const track = tracksOf(asset)[last]!;
    const sharedTimes = tracksOf(asset)[shared]!.times;
    const count = track.times.length;
    if (count > 0 && sharedTimes.length > count) track.times = new Float32Array(sharedTimes.buffer, sharedTimes.byteOffset + 4, count);
  } });
  // The shared times moved one value into a longer buffer with a NaN on each side: a view of it that
  // takes in either NaN lies partly outside the times checked.
  for (const side of ['before', 'after'] as const) {
    out.push({ name: `times of the last track a view taking in the NaN ${side} the shared times`, change: (asset) => {
      const track = tracksOf(asset)[last]!;
      const sharedTimes = tracksOf(asset)[shared]!.times;
      const count = track.times.length;
      if (count < 2 || sharedTimes.length < count) return;
      const longer = new Float32Array(sharedTimes.length + 2);
      longer.set(sharedTimes, 1);
      longer[0] = longer[longer.length - 1] = NaN;
      for (const t of tracksOf(asset)) if (t.times.buffer === sharedTimes.buffer) t.times = longer.subarray(1, 1 + t.times.length);
      track.times = side === 'before' ? longer.subarray(0, count) : longer.subarray(longer.length - count);
    } });
  }
  return out;
}

describe('validateAsset on key values in a block per channel kind', () => {
  for (const [baseName, make, views] of BASES) {
    it(`${baseName}: the layout the fast paths look for`, () => {
      const asset = make();
      const tracks = tracksOf(asset);
      expect(tracks.length).toBeGreaterThan(2);
      for (const channel of CHANNELS) expect(endToEnd(asset, channel)).toBe(true);
      // The first track's translation and rotation apart (not IQM's layout), times of both kinds.
      expect(tracks[0]!.translation!.byteOffset + tracks[0]!.translation!.byteLength === tracks[0]!.rotation!.byteOffset && tracks[0]!.translation!.buffer === tracks[0]!.rotation!.buffer).toBe(false);
      const { shared, own } = timesKinds(asset);
      expect(tracks.some((track) => track.times !== tracks[shared]!.times && track.times.buffer === tracks[shared]!.times.buffer)).toBe(views);
      expect(own).toBeDefined();
    });
    for (const backend of BACKENDS) {
      it(`${baseName}: every case as the track-by-track check gives it, on ${backend}`, () => {
        const all = cases(make());
        const changed: string[] = [];
        let refused = 0;
        for (const c of all) {
          const asset = make();
          c.change(asset);
          const expected = outcome(apart(asset), kernels[backend]);
          const got = outcome(asset, kernels[backend]);
          if (expected !== 'accepted') refused++;
          if (JSON.stringify(got) !== JSON.stringify(expected)) changed.push(`${c.name}: ${JSON.stringify(got)}, track by track ${JSON.stringify(expected)}`);
          // Validation reads only: the Asset's values are as the case left them (checked twice).
          expect(JSON.stringify(outcome(asset, kernels[backend]))).toBe(JSON.stringify(got));
        }
        expect(changed).toEqual([]);
        expect(refused).toBeGreaterThan(all.length - 8);
      });
    }
  }
});
