import { MeshFormatError } from '../../io/errors.js';
import { fileOffsetOf } from '../../io/provenance.js';
import type { Kernels, WorkspaceLayout } from '../../kernels/kernels.js';
import { ALL_CHANNELS_MASK, BIND_POSE_FLOATS, type UnigineAnimAnimation, type UnigineMeshAnimation } from './mesh-document.js';
import { FORMAT_NAME } from './read-common.js';
import { frameSource, type FrameSource } from './stored-arrays.js';

/**
 * Dense keys of one animation's first `frameCount` frames, bone-major: animated bone b, frame f
 * at (b * frameCount + f) * components. Later frames store nothing, so every channel holds its
 * value from the last of these frames on.
 */
export interface ExpandedFrames {
  frameCount: number;
  translations: Float32Array;
  rotations: Float32Array;
  scales: Float32Array;
  /** Per animated bone, the last frame that stores a value for it (0 when only frame 0 or none does). */
  lastStoredFrame: Uint32Array;
}

type UnigineAnimation = UnigineMeshAnimation | UnigineAnimAnimation;

/** Per animated bone, the last frame whose flags store a value (bits 0–6; bit 7 stores nothing). One pass over the flags. */
function lastStoredFrames(animation: UnigineAnimation): Uint32Array {
  const bones = animation.boneIndices.length;
  const last = new Uint32Array(bones);
  const flags = animation.flags;
  // The mask in a local: an imported binding read per flag costs a getter call under a CommonJS loader (tsx, vitest).
  const stores = ALL_CHANNELS_MASK;
  for (let e = bones, frame = 1; e < flags.length; frame++) {
    for (let b = 0; b < bones; b++, e++) if (flags[e]! & stores) last[b] = frame;
  }
  return last;
}

function expansionLayout(animation: UnigineAnimation, values: FrameSource, bones: number, keys: number) {
  const quantized = 'positionMin' in animation;
  return {
    flags: ['u8', animation.flags.length],
    rotations: ['i16', values.rotationValues],
    initial: ['f32', bones * BIND_POSE_FLOATS],
    quantizedPositions: ['u16', quantized ? values.positionCount : 0],
    quantizedScales: ['u16', quantized ? values.scaleCount : 0],
    box: ['f32', quantized ? 12 : 0],
    floatPositions: ['f32', quantized ? 0 : values.positionCount],
    floatScales: ['f32', quantized ? 0 : values.scaleCount],
    translations: ['f32', keys * 3],
    quaternions: ['f32', keys * 4],
    scales: ['f32', keys * 3],
  } as const satisfies WorkspaceLayout;
}

/**
 * Expands stored frames (flags with carry-forward) into dense keys, up to the last frame that
 * stores anything: the work and memory follow what the file stores, not the frame count it
 * claims. Channels missing from frame 0 start from the bind pose. Throws MeshFormatError when
 * the document's flags ask for more values than its streams hold.
 */
export function expandAnimation(kernels: Kernels, animation: UnigineAnimation, bindPose: Float32Array): ExpandedFrames {
  const bones = animation.boneIndices.length;
  const fail = (detail: string, offset = fileOffsetOf(animation.flags)): never => {
    throw new MeshFormatError({ code: 'BAD_VALUE', format: FORMAT_NAME, offset }, `animation ${animation.name}: ${detail}`);
  };
  if (animation.flags.length !== animation.frameCount * bones) fail(`${animation.flags.length} flags for ${animation.frameCount * bones} frame entries`);
  const lastStoredFrame = lastStoredFrames(animation);
  const frameCount = bones && animation.frameCount ? lastStoredFrame.reduce((max, f) => Math.max(max, f), 0) + 1 : 0;
  const keys = frameCount * bones;
  const values = frameSource(animation);
  const ws = kernels.workspace(expansionLayout(animation, values, bones, keys));
  try {
    const a = ws.arrays;
    for (let b = 0; b < bones; b++) {
      const bone = animation.boneIndices[b]!;
      if (bone < 0 || (bone + 1) * BIND_POSE_FLOATS > bindPose.length) fail(`animates bone ${bone}, which has no bind pose`, fileOffsetOf(animation.boneIndices, b, 2));
      a.initial.set(bindPose.subarray(bone * BIND_POSE_FLOATS, (bone + 1) * BIND_POSE_FLOATS), b * BIND_POSE_FLOATS);
    }
    a.flags.set(animation.flags);
    const flags = a.flags.subarray(0, keys);
    let failed: number;
    if ('positionMin' in animation) {
      values.fill(a.quantizedPositions, a.rotations, a.quantizedScales);
      a.box.set(animation.positionMin, 0);
      a.box.set(animation.positionSize, 3);
      a.box.set(animation.scaleMin, 6);
      a.box.set(animation.scaleSize, 9);
      failed = kernels.raw.expandQuantizedFrames(flags, frameCount, bones, a.quantizedPositions, a.rotations, a.quantizedScales, a.box, a.initial, a.translations, a.quaternions, a.scales);
    } else {
      values.fill(a.floatPositions, a.rotations, a.floatScales);
      failed = kernels.raw.expandFloatFrames(flags, frameCount, bones, a.floatPositions, a.rotations, a.floatScales, a.initial, a.translations, a.quaternions, a.scales);
    }
    if (failed >= 0) fail(`the frame flags ask for more values than the document holds (frame ${Math.floor(failed / bones)}, animated bone ${failed % bones})`);
    const [translations, rotations, scales] = ws.keepAll([a.translations, a.quaternions, a.scales]);
    return { frameCount, translations, rotations, scales, lastStoredFrame };
  } finally {
    ws.release();
  }
}
