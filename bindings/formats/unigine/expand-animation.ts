import { MeshFormatError } from '../../io/errors.js';
import type { FileOffsets } from '../../io/file-offsets.js';
import type { Kernels, WorkspaceLayout } from '../../kernels/kernels.js';
import { ALL_CHANNELS_MASK, BIND_POSE_FLOATS, type UnigineAnimAnimation, type UnigineMeshAnimation } from './mesh-document.js';
import { FORMAT_NAME } from './read-common.js';
import { frameRecords } from './stored-arrays.js';

/**
 * The keys of one animation, per animated bone b keyCount[b] of them from key keyFirst[b] on, in
 * one block per channel (3, 4 and 3 floats a key): a key per frame up to the last frame that
 * stores a value for the bone and, when that is before the animation's last frame, one more
 * key holding that value; a bone nothing animates after frame 0 has one key, none when the
 * animation has no frames.
 */
export interface ExpandedFrames {
  /** Frames up to the last that stores anything for any bone (the longest track without its held key). */
  frameCount: number;
  translations: Float32Array;
  rotations: Float32Array;
  scales: Float32Array;
  keyFirst: Uint32Array;
  keyCount: Uint32Array;
  /** Per animated bone, the last frame that stores a value for it (0 when only frame 0 or none does). */
  lastStoredFrame: Uint32Array;
}

type UnigineAnimation = UnigineMeshAnimation | UnigineAnimAnimation;

/**
 * Per animated bone, the last frame after frame 0 whose flags store a value (bits 0–6; bit 7
 * stores nothing), else 0: each bone's flags read from its last frame back to the first that
 * stores. A bone animated to the end costs one read (on tiled mrfixit, 48 of 75 bones); the
 * forward pass over every flag before, with a store per storing flag and a branch per flag that
 * the CPU could not predict, was 5 % of the 1 MB parse's profile.
 */
function lastStoredFrames(animation: UnigineAnimation): Uint32Array {
  const bones = animation.boneIndices.length;
  const last = new Uint32Array(bones);
  const flags = animation.flags;
  // The mask in a local: an imported binding read per flag costs a getter call under a CommonJS loader (tsx, vitest).
  const stores = ALL_CHANNELS_MASK;
  const frames = bones > 0 ? Math.floor(flags.length / bones) : 0;
  for (let b = 0; b < bones; b++) last[b] = lastStoredFrame(flags, stores, bones, b, frames);
  return last;
}

/** The last frame f ≥ 1 (below `frames`) whose flag for bone `b` has a bit of `stores`, else 0. */
function lastStoredFrame(flags: Uint8Array, stores: number, bones: number, b: number, frames: number): number {
  let frame = frames - 1;
  for (let e = frame * bones + b; frame > 0 && !(flags[e]! & stores); frame--, e -= bones);
  return frame > 0 ? frame : 0;
}

function expansionLayout(quantized: boolean, records: number, bones: number, keys: number) {
  return {
    records: ['u8', records],
    initial: ['f32', bones * BIND_POSE_FLOATS],
    box: ['f32', quantized ? 12 : 0],
    keyFirst: ['u32', bones],
    keyCount: ['u32', bones],
    translations: ['f32', keys * 3],
    quaternions: ['f32', keys * 4],
    scales: ['f32', keys * 3],
  } as const satisfies WorkspaceLayout;
}

/**
 * Expands stored frame records (flags with carry-forward) into each bone's keys, read where the
 * file stores them (or joined from a document's streams): the work and memory follow what the
 * file stores, not the frame count it claims. Channels missing from frame 0 start from the bind
 * pose. Throws MeshFormatError when the flags ask for more values than the document holds, at
 * the file offset `offsets` (the document's table, io/file-offsets.ts) gives, if any.
 */
export function expandAnimation(kernels: Kernels, animation: UnigineAnimation, bindPose: Float32Array, offsets?: FileOffsets): ExpandedFrames {
  const bones = animation.boneIndices.length;
  const fail = (detail: string, offset = offsets?.offsetOf(animation.flags)): never => {
    throw new MeshFormatError({ code: 'BAD_VALUE', format: FORMAT_NAME, offset }, `animation ${animation.name}: ${detail}`);
  };
  const tooMany = (entry: number): never => fail(`the frame flags ask for more values than the document holds (frame ${Math.floor(entry / bones)}, animated bone ${entry % bones})`);
  if (animation.flags.length !== animation.frameCount * bones) fail(`${animation.flags.length} flags for ${animation.frameCount * bones} frame entries`);
  const lastStoredFrame = lastStoredFrames(animation);
  const frameCount = bones && animation.frameCount ? lastStoredFrame.reduce((max, f) => Math.max(max, f), 0) + 1 : 0;
  const keyCount = new Uint32Array(bones);
  const keyFirst = new Uint32Array(bones);
  let keys = 0;
  let frames = 0;
  for (let b = 0; b < bones && frameCount > 0; b++) {
    const stored = lastStoredFrame[b]! + 1;
    const count = stored === 1 || stored === animation.frameCount ? stored : stored + 1;
    keyFirst[b] = keys;
    keyCount[b] = count;
    keys += count;
    frames = Math.max(frames, count);
  }
  for (let b = 0; b < bones; b++) {
    const bone = animation.boneIndices[b]!;
    if (bone < 0 || (bone + 1) * BIND_POSE_FLOATS > bindPose.length) fail(`animates bone ${bone}, which has no bind pose`, offsets?.offsetOf(animation.boneIndices, b, 2));
  }
  const quantized = 'positionMin' in animation;
  const records = frameRecords(animation, frames * bones, quantized);
  if (typeof records === 'number') return tooMany(records);
  const ws = kernels.workspace(expansionLayout(quantized, records.length, bones, keys));
  try {
    const a = ws.arrays;
    for (let b = 0; b < bones; b++) {
      const bone = animation.boneIndices[b]!;
      a.initial.set(bindPose.subarray(bone * BIND_POSE_FLOATS, (bone + 1) * BIND_POSE_FLOATS), b * BIND_POSE_FLOATS);
    }
    a.records.set(records);
    a.keyFirst.set(keyFirst);
    a.keyCount.set(keyCount);
    let failed: number;
    if ('positionMin' in animation) {
      a.box.set(animation.positionMin, 0);
      a.box.set(animation.positionSize, 3);
      a.box.set(animation.scaleMin, 6);
      a.box.set(animation.scaleSize, 9);
      failed = kernels.raw.expandQuantizedFrameRecords(a.records, frames, bones, a.box, a.initial, a.keyFirst, a.keyCount, a.translations, a.quaternions, a.scales);
    } else {
      failed = kernels.raw.expandFloatFrameRecords(a.records, frames, bones, a.initial, a.keyFirst, a.keyCount, a.translations, a.quaternions, a.scales);
    }
    if (failed >= 0) tooMany(failed);
    const [translations, rotations, scales] = ws.keepAll([a.translations, a.quaternions, a.scales]);
    return { frameCount, translations, rotations, scales, keyFirst, keyCount, lastStoredFrame };
  } finally {
    ws.release();
  }
}
