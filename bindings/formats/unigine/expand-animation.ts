import type { Kernels } from '../../kernels/kernels.js';
import { BIND_POSE_FLOATS, type UnigineAnimAnimation, type UnigineMeshAnimation } from './mesh-document.js';

/** Dense keys of one animation, bone-major: animated bone b, frame f at (b * frameCount + f) * components. */
export interface ExpandedFrames {
  translations: Float32Array;
  rotations: Float32Array;
  scales: Float32Array;
}

/**
 * Expands stored frames (flags with carry-forward) into dense tracks; channels missing from
 * frame 0 start from the bind pose. Returns the first frame entry the streams cannot serve
 * (a number) instead when the document is inconsistent.
 */
export function expandAnimation(kernels: Kernels, animation: UnigineMeshAnimation | UnigineAnimAnimation, bindPose: Float32Array): ExpandedFrames | number {
  const bones = animation.boneIndices.length;
  const keys = animation.frameCount * bones;
  if (animation.flags.length !== keys) throw new RangeError(`animation ${animation.name}: ${animation.flags.length} flags for ${keys} frame entries`);
  const initial = new Float32Array(bones * BIND_POSE_FLOATS);
  for (let b = 0; b < bones; b++) {
    const bone = animation.boneIndices[b]!;
    if (bone < 0 || (bone + 1) * BIND_POSE_FLOATS > bindPose.length) throw new RangeError(`animation ${animation.name} animates bone ${bone}, which has no bind pose`);
    initial.set(bindPose.subarray(bone * BIND_POSE_FLOATS, (bone + 1) * BIND_POSE_FLOATS), b * BIND_POSE_FLOATS);
  }
  const ws = kernels.workspace(keys * 40 + animation.flags.length + animation.positions.byteLength + animation.rotations.byteLength + animation.scales.byteLength + initial.byteLength + 48 + 16 * 10);
  try {
    const flags = ws.u8(animation.flags.length);
    flags.set(animation.flags);
    const rotations = ws.i16(animation.rotations.length);
    rotations.set(animation.rotations);
    const start = ws.f32(initial.length);
    start.set(initial);
    const translations = ws.f32(keys * 3);
    const quaternions = ws.f32(keys * 4);
    const scales = ws.f32(keys * 3);
    let failed: number;
    if ('positionMin' in animation) {
      const positions = ws.u16(animation.positions.length);
      positions.set(animation.positions);
      const scaleValues = ws.u16(animation.scales.length);
      scaleValues.set(animation.scales);
      const box = ws.f32(12);
      box.set(animation.positionMin, 0);
      box.set(animation.positionSize, 3);
      box.set(animation.scaleMin, 6);
      box.set(animation.scaleSize, 9);
      failed = kernels.raw.expandQuantizedFrames(flags, animation.frameCount, bones, positions, rotations, scaleValues, box, start, translations, quaternions, scales);
    } else {
      const positions = ws.f32(animation.positions.length);
      positions.set(animation.positions);
      const scaleValues = ws.f32(animation.scales.length);
      scaleValues.set(animation.scales);
      failed = kernels.raw.expandFloatFrames(flags, animation.frameCount, bones, positions, rotations, scaleValues, start, translations, quaternions, scales);
    }
    if (failed >= 0) return failed;
    return { translations: ws.keep(translations), rotations: ws.keep(quaternions), scales: ws.keep(scales) };
  } finally {
    ws.release();
  }
}
