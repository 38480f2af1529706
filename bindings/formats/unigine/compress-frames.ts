import type { Kernels } from '../../kernels/kernels.js';
import type { QuantizeMode } from '../../kernels/raw-kernels.js';
import { ALL_CHANNELS_MASK, type UnigineAnimAnimation, type UnigineFrames, type UnigineMeshAnimation } from './mesh-document.js';
import type { SampledAnimation } from './sample-animation.js';

/** ms11 frames: float32 positions and scales; a frame stores only the channels that changed. */
export function floatFrames(kernels: Kernels, sampled: SampledAnimation): UnigineMeshAnimation {
  return storeChanges(sampled, sampled.translations, sampled.scales, kernels.encodeSnorm16(sampled.rotations), Float32Array);
}

/**
 * an10 frames: positions and scales quantized to uint16 over their per-animation boxes
 * (`truncate` as UNIGINE does, or `round`); a frame stores only the channels whose stored value changed.
 */
export function quantizedFrames(kernels: Kernels, sampled: SampledAnimation, mode: QuantizeMode): UnigineAnimAnimation {
  const [positionMin, positionSize] = box(sampled.translations);
  const [scaleMin, scaleSize] = box(sampled.scales);
  const positions = kernels.quantizeUnorm16(sampled.translations, 3, positionMin, positionSize, mode);
  const scales = kernels.quantizeUnorm16(sampled.scales, 3, scaleMin, scaleSize, mode);
  const frames = storeChanges(sampled, positions, scales, kernels.encodeSnorm16(sampled.rotations), Uint16Array);
  return { ...frames, positionMin, positionSize, scaleMin, scaleSize };
}

/** Per axis min and size (max − min) over xyz triples, as float32. */
function box(values: Float32Array): [Float32Array, Float32Array] {
  const min = new Float32Array(3);
  const size = new Float32Array(3);
  for (let c = 0; c < 3; c++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = c; i < values.length; i += 3) {
      if (values[i]! < lo) lo = values[i]!;
      if (values[i]! > hi) hi = values[i]!;
    }
    min[c] = lo <= hi ? lo : 0;
    size[c] = lo <= hi ? hi - lo : 0;
  }
  return [min, size];
}

/** Flags and streams from dense bone-major channel values: frame 0 stores all, later frames what changed. */
function storeChanges<Channel extends Float32Array | Uint16Array>(
  sampled: SampledAnimation, positions: Channel, scales: Channel, rotations: Int16Array,
  ChannelArray: { new (length: number): Channel },
): UnigineFrames<Channel> {
  const bones = sampled.joints.length;
  const frames = sampled.frameCount;
  const flags = new Uint8Array(frames * bones);
  const positionStream = new ChannelArray(positions.length);
  const scaleStream = new ChannelArray(scales.length);
  const rotationStream = new Int16Array(rotations.length);
  // Float32 channels are compared and moved as their bits (NaN payloads kept, NaNs of different
  // payloads differ): a float32 read into a number may be quieted or not, by JIT tier.
  const positionWords = words(positions), scaleWords = words(scales);
  const positionOut = words(positionStream), scaleOut = words(scaleStream);
  let pi = 0;
  let ri = 0;
  let si = 0;
  for (let f = 0; f < frames; f++) {
    for (let b = 0; b < bones; b++) {
      const key = b * frames + f;
      let flag = 0;
      for (let c = 0; c < 3; c++) {
        const v = positionWords[key * 3 + c]!;
        if (f === 0 || v !== positionWords[(key - 1) * 3 + c]) { flag |= 1 << c; positionOut[pi++] = v; }
      }
      let rotationChanged = f === 0;
      for (let c = 0; c < 4 && !rotationChanged; c++) rotationChanged = rotations[key * 4 + c] !== rotations[(key - 1) * 4 + c];
      if (rotationChanged) {
        flag |= 8;
        for (let c = 0; c < 4; c++) rotationStream[ri++] = rotations[key * 4 + c]!;
      }
      for (let c = 0; c < 3; c++) {
        const v = scaleWords[key * 3 + c]!;
        if (f === 0 || v !== scaleWords[(key - 1) * 3 + c]) { flag |= 16 << c; scaleOut[si++] = v; }
      }
      flags[f * bones + b] = flag;
    }
  }
  return {
    name: sampled.name,
    boneIndices: Int16Array.from(sampled.joints),
    mask: ALL_CHANNELS_MASK,
    frameCount: frames,
    flags,
    positions: positionStream.slice(0, pi) as Channel,
    rotations: rotationStream.slice(0, ri),
    scales: scaleStream.slice(0, si) as Channel,
  };
}

/** A float32 channel as its bits (equal as stored: −0 and 0 differ, so do NaN payloads); uint16 as it is. */
function words(values: Float32Array | Uint16Array): Uint32Array | Uint16Array {
  return values instanceof Float32Array ? new Uint32Array(values.buffer, values.byteOffset, values.length) : values;
}
