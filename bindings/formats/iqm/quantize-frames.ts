// IQM's frames from an Asset's animations, channel by channel straight from the tracks' keys.
//
// Alternatives, measured on the speed bar's 1 MB IQM encode (tiled mrfixit: 75 poses, 101 frames,
// 299 animated channels; default backend, interleaved, shared 2-core machine):
// - before (issue 22's fourth round): every frame filled as dense TRS (10 floats per pose per
//   frame, 303 KB) by a strided scatter from the tracks (fillFrames), then one kernel for each
//   channel's range and one to quantize: the scatter alone was 16 % of the encode, and the dense
//   frames were written, read twice and thrown away;
// - this file: no dense frames. Each pose's channel takes its values from the track that supplies
//   it in each animation (the last one, as the scatter's overwrites made it) or from the bind pose,
//   its range is found over the keys that frames use (a key held past the track's end repeats a
//   value and cannot move the range), and the animated channels are quantized key by key, a held
//   key's ushort repeated, into the file's frame-major order. Same float32 arithmetic, the same
//   order of comparisons (the first of equal extremes wins, −0 against +0 included), so the same
//   bytes.
import { gridKeyCount, sampleChannel } from '../../model/resample-animation.js';
import type { Animation, Joint, Track } from '../../model/asset.js';
import { IQM_CHANNELS, type IqmPose } from './iqm-document.js';

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
export function quantizeIqmFrames(animations: readonly Animation[], joints: readonly Joint[], poseCount: number): QuantizedFrames {
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

  const poses: IqmPose[] = [];
  const bind = new Float32Array(IQM_CHANNELS);
  for (let j = 0; j < poseCount; j++) {
    const joint = joints[j];
    if (joint) {
      bind.set(joint.translation, 0);
      bind.set(joint.rotation, 3);
      bind.set(joint.scale, 7);
    } else bind.set(IDENTITY);
    const channelOffset = new Float32Array(IQM_CHANNELS);
    const channelScale = new Float32Array(IQM_CHANNELS);
    let channelMask = 0;
    for (let g = 0; g < 3; g++) {
      const [, first, components] = GROUPS[g]!;
      for (let k = 0; k < components; k++) {
        let min = Infinity;
        let max = -Infinity;
        for (let a = 0; a < animations.length; a++) {
          const n = animations[a]!.frameCount;
          if (n === 0) continue;
          const source = sources[a]![j * 3 + g];
          if (source) {
            const { values, components: c } = source;
            const keys = Math.min(source.last, n - 1);
            for (let key = 0, i = k; key <= keys; key++, i += c) {
              const v = values[i]!;
              if (v < min) min = v;
              if (v > max) max = v;
            }
          } else {
            const v = bind[first + k]!;
            if (v < min) min = v;
            if (v > max) max = v;
          }
        }
        if (frameCount === 0 || !Number.isFinite(min)) {
          min = 0;
          max = 0;
        }
        channelOffset[first + k] = min;
        const range = f(max - min);
        if (range >= MIN_CHANNEL_RANGE) {
          channelMask |= 1 << (first + k);
          channelScale[first + k] = f(range / 65535);
        }
      }
    }
    poses.push({ parent: joint?.parent ?? -1, channelMask, channelOffset, channelScale });
  }

  let frameChannelCount = 0;
  for (const pose of poses) for (let k = 0; k < IQM_CHANNELS; k++) if (pose.channelMask & (1 << k)) frameChannelCount++;
  const frames = new Uint16Array(frameCount * frameChannelCount);
  let column = 0;
  for (let j = 0; j < poseCount; j++) {
    const pose = poses[j]!;
    const joint = joints[j];
    for (let g = 0; g < 3; g++) {
      const [group, first, components] = GROUPS[g]!;
      for (let k = 0; k < components; k++) {
        const channel = first + k;
        if (!(pose.channelMask & (1 << channel))) continue;
        const offset = pose.channelOffset[channel]!;
        const scale = pose.channelScale[channel]!;
        let at = column;
        for (let a = 0; a < animations.length; a++) {
          const n = animations[a]!.frameCount;
          const source = sources[a]![j * 3 + g];
          if (source) {
            const { values, components: c } = source;
            const keys = Math.min(source.last, n - 1);
            let q = 0;
            for (let frame = 0; frame < n; frame++, at += frameChannelCount) {
              if (frame <= keys) q = quantize(values[frame * c + k]!, offset, scale);
              frames[at] = q;
            }
          } else {
            const q = quantize(joint ? f(joint[group][k]!) : IDENTITY[channel]!, offset, scale);
            for (let frame = 0; frame < n; frame++, at += frameChannelCount) frames[at] = q;
          }
        }
        column++;
      }
    }
  }
  return { poses, frameChannelCount, frames };
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
