// IQM's frames from an Asset's animations, channel by channel straight from the tracks' keys.
//
// Alternatives, measured on the speed bar's 1 MB IQM encode (tiled mrfixit: 75 poses, 101 frames,
// 299 animated channels; default backend, `node --cpu-prof` on a shared 2-core machine):
// - before (issue 22's fourth round): every frame filled as dense TRS (10 floats per pose per
//   frame, 303 KB) by a strided scatter from the tracks (fillFrames), then one kernel for each
//   channel's range and one to quantize: 29 % of the encode, the scatter alone 16 %;
// - the same channel by channel in JavaScript, no dense frames: 26 % (2.5 ns a value: the
//   comparisons and float32 divisions, not the memory, are the cost);
// - this file: the keys frames use are copied once, per track and channel group, into one pool
//   (a block copy each), and two kernels do the rest: iqmSegmentRanges (the SIMD build four
//   channels of a key at a time) and quantizeIqmColumns (frame rows as the file has them, the SIMD
//   build four columns at a time): 8 %.
// A channel no track of an animation supplies holds the bind pose, a key held past a track's end
// repeats a value (so cannot move a range), and the last track to supply a group wins, as the
// scatter's overwrites made it. Same float32 arithmetic, the same order of comparisons (the first
// of equal extremes wins, −0 against +0 included), so the same bytes (test/iqm-encode-frames.test.ts).
import { gridKeyCount, sampleChannel } from '../../model/resample-animation.js';
import type { Animation, Joint, Track } from '../../model/asset.js';
import { IQM_CHANNELS, type IqmPose } from './iqm-document.js';
import type { Kernels } from '../../kernels/kernels.js';

/** The reference compiler marks a channel as animated only when its range reaches this. */
const MIN_CHANNEL_RANGE = 1e-10;

const f = Math.fround;

type Group = 'translation' | 'rotation' | 'scale';
/** The three channel groups of a pose: first channel and component count. */
const GROUPS: readonly [Group, number, number][] = [['translation', 0, 3], ['rotation', 3, 4], ['scale', 7, 3]];
const IDENTITY = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1];

/** One group's values over one animation's frames: frame f reads key min(f, last), `components` floats a key. */
interface Source {
  values: Float32Array;
  last: number;
  components: number;
}

export interface QuantizedFrames {
  poses: IqmPose[];
  frameChannelCount: number;
  /** frameCount × frameChannelCount ushorts, frame-major, each frame's animated channels in pose order. */
  frames: Uint16Array;
}

/**
 * Poses (offset = least value, scale = range / 65535, mask of channels whose range reaches
 * 1e-10) and frames (ushort(0.5 + (v − offset) / scale) in float32, clamped and truncated; NaN to
 * 0, and ignored by the ranges) of `animations` played one after another, as the reference
 * compiler quantizes. A pose's channel that no track of an animation supplies holds the joint's
 * bind pose (the identity for poses without a joint) over that animation's frames.
 */
export function quantizeIqmFrames(animations: readonly Animation[], joints: readonly Joint[], poseCount: number, kernels: Kernels): QuantizedFrames {
  return quantizeFrames(animations, joints, poseCount, kernels, false);
}

/** Frames left where the kernel wrote them (a kernels workspace) until `release()`. */
export interface HeldFrames extends QuantizedFrames {
  release: () => void;
}

/**
 * quantizeIqmFrames with `frames` left in the kernels' workspace, for a caller that copies them
 * once, into the file (assetToIqmFile), instead of into an array of their own first: valid until
 * `release()` and until the next kernel call (which may grow WebAssembly memory). The caller
 * releases it, also when it throws. Measured on the speed bar's mrfixit ×7 (77 kB of frames):
 * one allocation of fresh pages and one copy fewer per encode.
 */
export function quantizeIqmFramesHeld(animations: readonly Animation[], joints: readonly Joint[], poseCount: number, kernels: Kernels): HeldFrames {
  return quantizeFrames(animations, joints, poseCount, kernels, true);
}

const NOTHING_HELD = (): void => {};

function quantizeFrames(animations: readonly Animation[], joints: readonly Joint[], poseCount: number, kernels: Kernels, hold: boolean): HeldFrames {
  const frameCount = animations.reduce((sum, a) => sum + a.frameCount, 0);
  // sources[a][j * 3 + g]: the track values of group g of pose j in animation a (the last track to supply them).
  const sources = animations.map((animation) => {
    const list: (Source | undefined)[] = new Array(poseCount * 3).fill(undefined);
    for (const track of animation.tracks) {
      if (track.times.length === 0) continue;
      // Undefined off the grid: then the group is sampled on it (as fillFrames does).
      const gridKeys = gridKeyCount(track, animation.frameCount, animation.frameRate);
      for (let g = 0; g < 3; g++) {
        const source = groupSource(track, GROUPS[g]![0], gridKeys, animation.frameCount, animation.frameRate);
        if (source) list[track.joint * 3 + g] = source;
      }
    }
    return list;
  });

  // The pool: every pose's bind TRS (10 floats), then the keys frames use of every source, then
  // 4 floats of padding (iqmSegmentRanges reads four lanes). segments: one per pose, animation
  // with frames and group, in that order (each channel's values in frame order).
  const used = animations.filter((a) => a.frameCount > 0).length;
  let poolLength = poseCount * IQM_CHANNELS + 4;
  for (let a = 0; a < animations.length; a++) {
    const n = animations[a]!.frameCount;
    if (n > 0) for (const source of sources[a]!) if (source) poolLength += (Math.min(source.last, n - 1) + 1) * source.components;
  }
  // Where each source's keys lie in the pool (−1: the bind pose's).
  const sourceAt = animations.map(() => new Int32Array(poseCount * 3).fill(-1));
  const ws = kernels.workspace({
    pool: ['f32', poolLength],
    segments: ['u32', poseCount * used * 3 * 4],
    least: ['f32', poseCount * IQM_CHANNELS],
    greatest: ['f32', poseCount * IQM_CHANNELS],
  } as const);
  // Released here unless handed to the caller with the frames (hold).
  let held = false;
  try {
    const { pool, segments } = ws.arrays;
    const bind = new Float32Array(IQM_CHANNELS);
    for (let j = 0; j < poseCount; j++) {
      bindPose(joints[j], bind);
      pool.set(bind, j * IQM_CHANNELS);
    }
    let at = poseCount * IQM_CHANNELS;
    for (let a = 0; a < animations.length; a++) {
      const n = animations[a]!.frameCount;
      if (n === 0) continue;
      const list = sources[a]!;
      for (let i = 0; i < list.length; i++) {
        const source = list[i];
        if (!source) continue;
        const length = (Math.min(source.last, n - 1) + 1) * source.components;
        const values = source.values;
        pool.set(length === values.length ? values : values.subarray(0, length), at);
        // Keys an Asset that was not validated lacks read as 0 (as the dense fill's out-of-range reads stored them).
        if (values.length < length) pool.fill(0, at + values.length, at + length);
        sourceAt[a]![i] = at;
        at += length;
      }
    }
    pool.fill(0, at);
    let s = 0;
    for (let j = 0; j < poseCount; j++) {
      for (let a = 0; a < animations.length; a++) {
        const n = animations[a]!.frameCount;
        if (n === 0) continue;
        for (let g = 0; g < 3; g++) {
          const [, first, components] = GROUPS[g]!;
          const source = sources[a]![j * 3 + g];
          segments[s++] = j * IQM_CHANNELS + first;
          segments[s++] = source ? sourceAt[a]![j * 3 + g]! : j * IQM_CHANNELS + first;
          segments[s++] = components;
          segments[s++] = source ? Math.min(source.last, n - 1) + 1 : 1;
        }
      }
    }
    const { least, greatest } = ws.arrays;
    kernels.raw.iqmSegmentRanges(ws.arrays.pool, ws.arrays.segments, poseCount * IQM_CHANNELS, least, greatest);

    const poses: IqmPose[] = [];
    let frameChannelCount = 0;
    for (let j = 0; j < poseCount; j++) {
      const channelOffset = new Float32Array(IQM_CHANNELS);
      const channelScale = new Float32Array(IQM_CHANNELS);
      let channelMask = 0;
      for (let k = 0; k < IQM_CHANNELS; k++) {
        let min = least[j * IQM_CHANNELS + k]!;
        let max = greatest[j * IQM_CHANNELS + k]!;
        if (frameCount === 0 || !Number.isFinite(min)) {
          min = 0;
          max = 0;
        }
        channelOffset[k] = min;
        const range = f(max - min);
        if (range >= MIN_CHANNEL_RANGE) {
          channelMask |= 1 << k;
          channelScale[k] = f(range / 65535);
          frameChannelCount++;
        }
      }
      poses.push({ parent: joints[j]?.parent ?? -1, channelMask, channelOffset, channelScale });
    }
    if (frameChannelCount === 0 || frameCount === 0) return { poses, frameChannelCount, frames: new Uint16Array(0), release: NOTHING_HELD };

    // The animated channels ("columns") of each animation with frames, then its rows as the file has them.
    const columnWs = kernels.workspace({
      columns: ['u32', used * frameChannelCount * 3],
      frameCounts: ['u32', used],
      offsets: ['f32', frameChannelCount],
      scales: ['f32', frameChannelCount],
      frames: ['u16', frameCount * frameChannelCount],
    } as const);
    let columnsHeld = false;
    try {
      const { columns, frameCounts, offsets, scales } = columnWs.arrays;
      let e = 0;
      let u = 0;
      for (let a = 0; a < animations.length; a++) {
        const n = animations[a]!.frameCount;
        if (n === 0) continue;
        frameCounts[u++] = n;
        let column = 0;
        for (let j = 0; j < poseCount; j++) {
          const pose = poses[j]!;
          if (pose.channelMask === 0) continue;
          for (let g = 0; g < 3; g++) {
            const [, first, components] = GROUPS[g]!;
            const source = sources[a]![j * 3 + g];
            for (let k = 0; k < components; k++) {
              const channel = first + k;
              if (!(pose.channelMask & (1 << channel))) continue;
              if (u === 1) {
                offsets[column] = pose.channelOffset[channel]!;
                scales[column] = pose.channelScale[channel]!;
              }
              column++;
              if (source) {
                columns[e++] = sourceAt[a]![j * 3 + g]! + k;
                columns[e++] = source.components;
                columns[e++] = Math.min(source.last, n - 1);
              } else {
                // The bind pose: one value for every frame.
                columns[e++] = j * IQM_CHANNELS + channel;
                columns[e++] = 0;
                columns[e++] = 0;
              }
            }
          }
        }
      }
      const a = ws.arrays;
      const c = columnWs.arrays;
      kernels.raw.quantizeIqmColumns(a.pool, c.columns, c.frameCounts, c.offsets, c.scales, c.frames);
      if (!hold) return { poses, frameChannelCount, frames: columnWs.keep(columnWs.arrays.frames), release: NOTHING_HELD };
      columnsHeld = held = true;
      // The later workspace first: releasing the earlier one first would leave both reserved.
      return { poses, frameChannelCount, frames: columnWs.arrays.frames, release: () => { columnWs.release(); ws.release(); } };
    } finally {
      if (!columnsHeld) columnWs.release();
    }
  } finally {
    if (!held) ws.release();
  }
}

/** A pose's bind TRS as float32 (the identity for a pose without a joint). */
function bindPose(joint: Joint | undefined, into: Float32Array): void {
  if (joint) {
    into.set(joint.translation, 0);
    into.set(joint.rotation, 3);
    into.set(joint.scale, 7);
  } else into.set(IDENTITY);
}

/** ushort(0.5 + (v − offset) / scale) in float32, clamped to 0..65535, truncated; NaN to 0. */
function quantize(v: number, offset: number, scale: number): number {
  const q = f(f(0.5) + f(f(v - offset) / scale));
  return q >= 65535 ? 65535 : q > 0 ? Math.trunc(q) : 0;
}

/** A track's values of one group over `frameCount` frames (see fillFrames), or undefined when it supplies none. */
function groupSource(track: Track, group: Group, gridKeys: number | undefined, frameCount: number, frameRate: number): Source | undefined {
  const values = track[group];
  if (!values) return undefined;
  const components = group === 'rotation' ? 4 : 3;
  if (gridKeys !== undefined) return { values, last: gridKeys - 1, components };
  const at = new Float32Array(frameCount);
  for (let i = 0; i < frameCount; i++) at[i] = i / frameRate;
  return { values: sampleChannel(track.times, values, components, at), last: frameCount - 1, components };
}
