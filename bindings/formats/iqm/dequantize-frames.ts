import type { Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { MeshFormatError } from '../../io/errors.js';
import { channelCount, IQM_CHANNELS, type IqmDocument } from './iqm-document.js';

/**
 * Every frame of a document as dense TRS: 10 floats (translate xyz, rotate xyzw, scale xyz)
 * per pose per frame, computed exactly as the reference loader does (float32). With
 * `animatedOnly`, only the poses whose channel mask is not 0 (the others store nothing per
 * frame: every frame is their channel offsets), in pose order.
 */
export function dequantizeFrames(document: IqmDocument, kernels: Kernels = getKernels(), animatedOnly = false): Float32Array {
  const { frameCount } = document;
  const poses = animatedOnly ? document.poses.filter((pose) => pose.channelMask !== 0) : document.poses;
  const perFrame = poses.reduce((sum, pose) => sum + channelCount(pose.channelMask), 0);
  const fail = (detail: string): never => {
    throw new MeshFormatError({ code: 'BAD_COUNT', format: 'iqm' }, detail);
  };
  if (frameCount > 0 && perFrame !== document.frameChannelCount) fail(`the pose masks have ${perFrame} channels but frameChannelCount is ${document.frameChannelCount}`);
  if (document.frames.length < frameCount * perFrame) fail(`${frameCount} frames need ${frameCount * perFrame} values, the document has ${document.frames.length}`);
  const ws = kernels.workspace({
    frames: ['u16', document.frames.length],
    masks: ['u32', poses.length],
    offsets: ['f32', poses.length * IQM_CHANNELS],
    scales: ['f32', poses.length * IQM_CHANNELS],
    dense: ['f32', poses.length ? frameCount * poses.length * IQM_CHANNELS : 0],
  });
  try {
    const a = ws.arrays;
    a.frames.set(document.frames);
    poses.forEach((pose, j) => {
      a.masks[j] = pose.channelMask;
      a.offsets.set(pose.channelOffset, j * IQM_CHANNELS);
      a.scales.set(pose.channelScale, j * IQM_CHANNELS);
    });
    if (poses.length) kernels.raw.dequantizeIqmFrames(a.frames, frameCount, a.masks, a.offsets, a.scales, a.dense);
    return ws.keep(a.dense);
  } finally {
    ws.release();
  }
}
