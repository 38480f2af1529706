import type { Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';
import { channelCount, IQM_CHANNELS, type IqmDocument } from './iqm-document.js';

/**
 * Every frame of a document as dense TRS: 10 floats (translate xyz, rotate xyzw, scale xyz)
 * per pose per frame, computed exactly as the reference loader does (float32).
 */
export function dequantizeFrames(document: IqmDocument, kernels: Kernels = getKernels()): Float32Array {
  const { poses, frameCount } = document;
  const perFrame = poses.reduce((sum, pose) => sum + channelCount(pose.channelMask), 0);
  if (frameCount > 0 && perFrame !== document.frameChannelCount) {
    throw new RangeError(`the pose masks have ${perFrame} channels but frameChannelCount is ${document.frameChannelCount}`);
  }
  if (document.frames.length < frameCount * perFrame) {
    throw new RangeError(`${frameCount} frames need ${frameCount * perFrame} values, the document has ${document.frames.length}`);
  }
  const outputLength = frameCount * poses.length * IQM_CHANNELS;
  const ws = kernels.workspace(document.frames.byteLength + poses.length * 84 + outputLength * 4);
  try {
    const frames = ws.u16(document.frames.length);
    frames.set(document.frames);
    const masks = ws.u32(poses.length);
    const offsets = ws.f32(poses.length * IQM_CHANNELS);
    const scales = ws.f32(poses.length * IQM_CHANNELS);
    poses.forEach((pose, j) => {
      masks[j] = pose.channelMask;
      offsets.set(pose.channelOffset, j * IQM_CHANNELS);
      scales.set(pose.channelScale, j * IQM_CHANNELS);
    });
    const dense = ws.f32(outputLength);
    kernels.raw.dequantizeIqmFrames(frames, frameCount, masks, offsets, scales, dense);
    return ws.keep(dense);
  } finally {
    ws.release();
  }
}
