import type { UnigineReader } from './field-reader.js';
import { StagedFrames, type StoredSpan } from './stored-arrays.js';
import { frameValueCounts, splitNarrowFrameStreams, splitWideFrameStreams, walkFrameRecords } from './frame-records.js';
import type { TypedArray } from '../../kernels/wasm-arena.js';
import { ANIM_MAGIC, BIND_POSE_FLOATS, MESH_MAGIC, type UnigineBone, type UnigineBounds, type UnigineFrames } from './mesh-document.js';

export const FORMAT_NAME = 'unigine';

/** Reads the leading magic; refuses other UNIGINE versions and other files with a clear error. */
export function readLeadingMagic(reader: UnigineReader): typeof MESH_MAGIC | typeof ANIM_MAGIC {
  if (reader.remaining < 4) reader.fail('TRUNCATED', `a UNIGINE file starts with a 4-byte magic, but the file has ${reader.remaining} bytes`);
  const magic = reader.ascii(4, 'magic');
  if (magic === MESH_MAGIC || magic === ANIM_MAGIC) return magic;
  if (/^(ms|an)\d\d$/.test(magic)) {
    reader.fail(
      'UNSUPPORTED_VERSION',
      `UNIGINE ${magic.startsWith('ms') ? 'mesh' : 'animation'} version "${magic}" is unsupported (meshcodec reads "${MESH_MAGIC}" .mesh and "${ANIM_MAGIC}" .anim files)`,
      0,
    );
  }
  reader.fail('BAD_MAGIC', `not a UNIGINE mesh or animation: the file starts with ${JSON.stringify(magic)}, not "${MESH_MAGIC}" or "${ANIM_MAGIC}"`, 0);
}

/** The magic repeated between sections and at the end of the file. */
export function expectMagic(reader: UnigineReader, magic: string, where: string): void {
  const at = reader.offset;
  if (reader.remaining < 4) reader.fail('TRUNCATED', `the "${magic}" marker ${where} is missing: the file ends ${reader.remaining} bytes later`);
  const found = reader.ascii(4, 'magic');
  if (found !== magic) reader.fail('BAD_MAGIC', `expected the "${magic}" marker ${where}, found ${JSON.stringify(found)}`, at);
}

export function readCount(reader: UnigineReader, bytesPerElement: number, what: string): number {
  const at = reader.offset;
  const count = reader.compactInt(`${what} count`);
  if (count < 0) reader.fail('BAD_COUNT', `${what} count is negative (${count})`, at);
  if (count * bytesPerElement > reader.remaining) {
    reader.fail('BAD_COUNT', `${what} count ${count} needs at least ${count * bytesPerElement} bytes but only ${reader.remaining} are left`, at);
  }
  return count;
}

/** Compact length including the NUL, then the bytes. */
export function readString(reader: UnigineReader, what: string): string {
  return reader.string(what);
}

export function readBounds(reader: UnigineReader, what: string): UnigineBounds {
  return reader.bounds(what);
}

export function readBones(reader: UnigineReader): UnigineBone[] {
  const count = readCount(reader, 3, 'bone');
  const bones: UnigineBone[] = [];
  const parentOffsets: number[] = [];
  for (let i = 0; i < count; i++) {
    const name = readString(reader, `bone ${i} name`);
    const at = reader.offset;
    const parent = reader.i16(`bone ${i} parent`);
    if (parent < -1 || parent >= count) reader.fail('BAD_INDEX', `bone ${i} (${name}) has parent ${parent}, outside -1..${count - 1}`, at);
    bones.push({ name, parent });
    parentOffsets.push(at);
  }
  // Walk each chain of parents once: meeting a bone of the chain being walked means a loop.
  const state = new Uint8Array(count); // 0 unseen, 1 on the current chain, 2 known to reach a root
  const chain: number[] = [];
  for (let i = 0; i < count; i++) {
    let bone = i;
    while (bone >= 0 && state[bone] === 0) {
      state[bone] = 1;
      chain.push(bone);
      bone = bones[bone]!.parent;
    }
    if (bone >= 0 && state[bone] === 1) reader.fail('BAD_VALUE', `bone ${bone} (${bones[bone]!.name}) is its own ancestor: the parents form a loop`, parentOffsets[bone]);
    for (const b of chain) state[b] = 2;
    chain.length = 0;
  }
  return bones;
}

export function readNames(reader: UnigineReader, what: string): string[] {
  const count = readCount(reader, 2, what);
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push(readString(reader, `${what} ${i} name`));
  return names;
}

type StoredArrayConstructor = Float32ArrayConstructor | Int16ArrayConstructor | Uint16ArrayConstructor | Uint32ArrayConstructor | Uint8ArrayConstructor;

/** A typed array over a copy of the next `count` elements (aligned, detached from the input), recorded with its file offset. */
function readArray<C extends StoredArrayConstructor>(
  reader: UnigineReader, ctor: C, count: number, what: string,
): InstanceType<C> {
  const at = reader.offset;
  if (reader.staged) {
    // The few small arrays a staged document copies (bind pose, animated bones, boxes) get their
    // own: alignedCopy's shared buffer is sized by the bytes left in the file, mostly spans here.
    const array = new ctor(count) as InstanceType<C>;
    new Uint8Array(array.buffer).set(reader.bytesView(count * ctor.BYTES_PER_ELEMENT, what));
    return reader.fileOffsets.record(array, at);
  }
  const { buffer, byteOffset } = reader.alignedCopy(count * ctor.BYTES_PER_ELEMENT, ctor.BYTES_PER_ELEMENT as 1 | 2 | 4, what);
  return reader.fileOffsets.record(new ctor(buffer, byteOffset, count) as InstanceType<C>, at);
}

/** The next `count` elements, left where the file stores them (for a staged document, see stored-arrays.ts). */
export function readSpan(reader: UnigineReader, ctor: StoredArrayConstructor, count: number, what: string): StoredSpan {
  const fileOffset = reader.offset;
  return { ctor, bytes: reader.bytesView(count * ctor.BYTES_PER_ELEMENT, what), fileOffset };
}

/** The next `count` elements: an aligned copy (readArray), or on a staged reader their span in the file. */
export function readArrayOrSpan(reader: UnigineReader, ctor: StoredArrayConstructor, count: number, what: string): TypedArray | StoredSpan {
  return reader.staged ? readSpan(reader, ctor, count, what) : readArray(reader, ctor, count, what);
}

/** A copy of `count` float32 values, keeping their exact bits (NaN payloads included). */
export function readF32s(reader: UnigineReader, count: number, what: string): Float32Array {
  return readArray(reader, Float32Array, count, what);
}

export function readI16s(reader: UnigineReader, count: number, what: string): Int16Array {
  return readArray(reader, Int16Array, count, what);
}

export function readBindPose(reader: UnigineReader, boneCount: number): Float32Array {
  reader.needCount(boneCount, BIND_POSE_FLOATS * 4, 'bind pose');
  return readF32s(reader, boneCount * BIND_POSE_FLOATS, 'bind pose');
}

/** Animated-bone indices (int16), each a bone of the skeleton. */
export function readAnimatedBones(reader: UnigineReader, boneCount: number, animation: string): Int16Array {
  const count = readCount(reader, 2, `${animation} animated bone`);
  const at = reader.offset;
  const indices = readI16s(reader, count, `${animation} animated bones`);
  for (let i = 0; i < count; i++) if (indices[i]! < 0 || indices[i]! >= boneCount) animatedBoneOutOfRange(reader, animation, indices[i]!, boneCount, at + 2 * i);
  return indices;
}

export { AXES_SET } from './frame-records.js';

// Errors of the loops above, raised by functions of their own: building a message inside a hot
// loop, even on a path never taken, makes the loop several times slower.

function animatedBoneOutOfRange(reader: UnigineReader, animation: string, bone: number, boneCount: number, offset: number): never {
  return reader.fail('BAD_INDEX', `${animation} animates bone ${bone}, outside 0..${boneCount - 1}`, offset);
}

function frameCutOff(reader: UnigineReader, animation: string, frame: number, offset: number): never {
  return reader.fail('TRUNCATED', `${animation} frame ${frame} is cut off by the end of the file`, Math.min(offset, reader.length));
}


/**
 * Frame count, then per frame and animated bone a flag byte and the flagged channels:
 * positions and scales `channelBytes` wide each (float32 or uint16), rotations 4 × int16.
 */
export function readFrames<Channel extends Float32Array | Uint16Array>(
  reader: UnigineReader,
  name: string,
  animation: string,
  boneIndices: Int16Array,
  mask: number,
  channelBytes: 2 | 4,
): UnigineFrames<Channel> {
  const bones = boneIndices.length;
  const frameCountAt = reader.offset;
  const frameCount = reader.compactInt(`${animation} frame count`);
  if (frameCount < 0) reader.fail('BAD_COUNT', `${animation} frame count is negative (${frameCount})`, frameCountAt);
  if (frameCount * bones > reader.remaining) {
    reader.fail('BAD_COUNT', `${animation} has ${frameCount} frames of ${bones} bones, more flag bytes than the ${reader.remaining} left`, frameCountAt);
  }
  const entries = frameCount * bones;
  const start = reader.offset;
  const flags = new Uint8Array(entries);
  const walked = walkFrameRecords(reader.bytes, start, flags, channelBytes, reader.kernels?.raw);
  if (walked.cutAt >= 0) frameCutOff(reader, animation, walked.cutAt < entries ? Math.floor(walked.cutAt / bones) : frameCount - 1, walked.offset);
  if (reader.staged) {
    // Read later where they lie, by the expansion (StagedFrames): the values stay in the file.
    reader.offset = walked.offset;
    return new StagedFrames<Channel>(name, boneIndices, mask, frameCount, { bytes: reader.bytes.subarray(start, walked.offset), flags, channelBytes });
  }
  const { positionCount, rotationCount, scaleCount } = frameValueCounts(flags);
  let offset: number;
  const rotations = new Int16Array(rotationCount * 4);
  let positions: Float32Array | Uint16Array;
  let scales: Float32Array | Uint16Array;
  if (channelBytes === 4) {
    positions = new Float32Array(positionCount);
    scales = new Float32Array(scaleCount);
    offset = splitWideFrameStreams(reader.view, start, flags, new Uint32Array(positions.buffer), rotations, new Uint32Array(scales.buffer));
  } else {
    positions = new Uint16Array(positionCount);
    scales = new Uint16Array(scaleCount);
    offset = splitNarrowFrameStreams(reader.view, start, flags, positions, rotations, scales);
  }
  reader.offset = offset;
  return { name, boneIndices, mask, frameCount, flags, positions: positions as Channel, rotations, scales: scales as Channel };
}
