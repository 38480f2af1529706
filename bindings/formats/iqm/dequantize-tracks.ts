// An IQM document's animations as the Asset's tracks, dequantized straight into their layout.
// Alternatives, measured on the speed bar's mrfixit ×7 (75 poses, 101 frames; wasm-simd, median
// of interleaved rounds on a shared 2-core machine): dequantizeFrames (frame-major, the reference
// loader's order) then a per-pose transposition in TypeScript took a quarter of the whole parse;
// the kernel dequantizeIqmTracks writes each pose's translations, rotations and scales as runs,
// and the tracks are views of one array copied once out of WebAssembly memory.
import type { Kernels } from '../../kernels/kernels.js';
import { MeshFormatError } from '../../io/errors.js';
import { channelCount, IQM_CHANNELS, type IqmDocument } from './iqm-document.js';

/** One animation's animated poses: per pose, frameCount × 3 translation, × 4 rotation, × 3 scale floats. */
export interface IqmAnimationTracks {
  /** The animated poses' (mask not 0) values, pose after pose, in pose order. */
  values: Float32Array;
  frameCount: number;
}

/**
 * Every animation's animated poses, per pose (see IqmAnimationTracks), computed exactly as the
 * reference loader does (float32, as dequantizeFrames). The arrays share one buffer.
 */
export function dequantizeTracks(document: IqmDocument, kernels: Kernels): IqmAnimationTracks[] {
  const poses = document.poses.filter((pose) => pose.channelMask !== 0);
  let perFrame = 0;
  for (const pose of poses) perFrame += channelCount(pose.channelMask);
  const fail = (detail: string): never => {
    throw new MeshFormatError({ code: 'BAD_COUNT', format: 'iqm' }, detail);
  };
  const { frameCount } = document;
  if (frameCount > 0 && perFrame !== document.frameChannelCount) fail(`the pose masks have ${perFrame} channels but frameChannelCount is ${document.frameChannelCount}`);
  if (document.frames.length < frameCount * perFrame) fail(`${frameCount} frames need ${frameCount * perFrame} values, the document has ${document.frames.length}`);
  let total = 0;
  for (const anim of document.anims) {
    if (anim.firstFrame + anim.frameCount > frameCount) {
      throw new MeshFormatError({ code: 'BAD_INDEX', format: 'iqm' }, `animation frames ${anim.firstFrame}+${anim.frameCount} run past the ${frameCount} frames`);
    }
    total += anim.frameCount * poses.length * IQM_CHANNELS;
  }
  const ws = kernels.workspace({
    frames: ['u16', poses.length ? frameCount * perFrame : 0],
    masks: ['u32', poses.length],
    offsets: ['f32', poses.length * IQM_CHANNELS],
    scales: ['f32', poses.length * IQM_CHANNELS],
    tracks: ['f32', total],
  });
  try {
    const a = ws.arrays;
    if (poses.length) a.frames.set(document.frames.subarray(0, frameCount * perFrame));
    for (let j = 0; j < poses.length; j++) {
      const pose = poses[j]!;
      a.masks[j] = pose.channelMask;
      a.offsets.set(pose.channelOffset, j * IQM_CHANNELS);
      a.scales.set(pose.channelScale, j * IQM_CHANNELS);
    }
    const spans: [number, number][] = [];
    let at = 0;
    for (const anim of document.anims) {
      const length = anim.frameCount * poses.length * IQM_CHANNELS;
      if (length) {
        const frames = a.frames.subarray(anim.firstFrame * perFrame, (anim.firstFrame + anim.frameCount) * perFrame);
        kernels.raw.dequantizeIqmTracks(frames, anim.frameCount, a.masks, a.offsets, a.scales, a.tracks.subarray(at, at + length));
      }
      spans.push([at, length]);
      at += length;
    }
    const all = ws.keep(a.tracks);
    return document.anims.map((anim, i) => ({ values: all.subarray(spans[i]![0], spans[i]![0] + spans[i]![1]), frameCount: anim.frameCount }));
  } finally {
    ws.release();
  }
}
