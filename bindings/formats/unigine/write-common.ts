import { documentError } from './document-error.js';
import { compactIntBytes } from './compact-int.js';
import type { UnigineWriter } from './field-writer.js';
import { AXES_SET } from './read-common.js';
import { FRAME_FLAG, type UnigineBone, type UnigineBounds, type UnigineFrames } from './mesh-document.js';
import { StagedFrames, type StoredFrameValues } from './stored-arrays.js';

const textEncoder = new TextEncoder();
const ASCII = /^[\x00-\x7f]*$/;

/** Bytes UnigineWriter.string takes for a canonical string. */
export function stringBytes(text: string): number {
  const length = (ASCII.test(text) ? text.length : textEncoder.encode(text).length) + 1;
  return compactIntBytes(length) + length;
}

/** Bytes `writeBounds` takes: min, max, centre and radius as float32. */
export const BOUNDS_BYTES = 40;

export function writeBounds(writer: UnigineWriter, bounds: UnigineBounds): void {
  writer.bounds(bounds);
}

export function writeBones(writer: UnigineWriter, bones: readonly UnigineBone[]): void {
  writer.compactInt(bones.length);
  for (const bone of bones) {
    writer.string(bone.name);
    writer.i16(bone.parent);
  }
}

/** Bytes `writeBones` takes. */
export function bonesBytes(bones: readonly UnigineBone[]): number {
  let bytes = compactIntBytes(bones.length);
  for (const bone of bones) bytes += stringBytes(bone.name) + 2;
  return bytes;
}

/** Bytes `writeNames` takes. */
export function namesBytes(names: readonly string[]): number {
  let bytes = compactIntBytes(names.length);
  for (const name of names) bytes += stringBytes(name);
  return bytes;
}

export function writeNames(writer: UnigineWriter, names: readonly string[]): void {
  writer.compactInt(names.length);
  for (const name of names) writer.string(name);
}

export function writeAnimatedBones(writer: UnigineWriter, boneIndices: Int16Array): void {
  writer.compactInt(boneIndices.length);
  writer.typed(boneIndices);
}

/** Bytes `writeAnimatedBones` and `writeFrames` take for an animation (its flags and streams as they are). */
export function framesBytes(frames: UnigineFrames<Float32Array | Uint16Array>): number {
  const { boneIndices } = frames;
  const head = compactIntBytes(boneIndices.length) + boneIndices.byteLength + compactIntBytes(frames.frameCount);
  const stored = storedRecords(frames);
  if (stored) return head + stored.bytes.length;
  const { flags, positions, rotations, scales } = frames;
  return head + flags.length + positions.byteLength + rotations.byteLength + scales.byteLength;
}

/** The frames' records as the file stores them, while they are (an encode's compressed frames, see compress-frames.ts). */
function storedRecords(frames: UnigineFrames<Float32Array | Uint16Array>): StoredFrameValues | undefined {
  return frames instanceof StagedFrames ? frames.storedValues() : undefined;
}

/** Frame count, then per frame and animated bone the flag byte and its flagged channels (claimed at once and filled). */
export function writeFrames(writer: UnigineWriter, frames: UnigineFrames<Float32Array | Uint16Array>): void {
  const entries = frames.frameCount * frames.boneIndices.length;
  if (frames.flags.length !== entries) documentError(`animation ${frames.name}: ${frames.flags.length} flags for ${entries} frame entries`);
  const stored = storedRecords(frames);
  if (stored) {
    // Records made by compressFrameRecords for these flags: written as they are.
    writer.compactInt(frames.frameCount);
    writer.bytes(stored.bytes);
    return;
  }
  const { flags, positions, rotations, scales } = frames;
  const { positionX, positionZ, rotation, scaleX, scaleZ } = FRAME_FLAG;
  let positionCount = 0;
  let rotationCount = 0;
  let scaleCount = 0;
  for (let e = 0; e < entries; e++) {
    const flag = flags[e]!;
    positionCount += AXES_SET[flag & 7]!;
    rotationCount += (flag >> 3) & 1;
    scaleCount += AXES_SET[(flag >> 4) & 7]!;
  }
  if (positionCount !== positions.length || rotationCount * 4 !== rotations.length || scaleCount !== scales.length) {
    documentError(
      `animation ${frames.name}: the flags call for ${positionCount} position, ${rotationCount} rotation and ${scaleCount} scale values; the document has ${positions.length}, ${rotations.length / 4} and ${scales.length}`,
    );
  }
  writer.compactInt(frames.frameCount);
  const float = positions instanceof Float32Array;
  const width = float ? 4 : 2;
  // float32 values are copied as their bits: a NaN through a JS number loses a signalling payload.
  const positionWords = float ? new Uint32Array(positions.buffer, positions.byteOffset, positions.length) : positions;
  const scaleWords = float ? new Uint32Array(scales.buffer, scales.byteOffset, scales.length) : scales;
  const span = writer.claim(entries + (positionCount + scaleCount) * width + rotationCount * 8);
  const out = new DataView(span.buffer, span.byteOffset, span.byteLength);
  let at = 0;
  let pi = 0;
  let ri = 0;
  let si = 0;
  for (let e = 0; e < entries; e++) {
    const flag = flags[e]!;
    out.setUint8(at++, flag);
    for (let bit = positionX; bit <= positionZ; bit <<= 1) {
      if (!(flag & bit)) continue;
      if (float) out.setUint32(at, positionWords[pi++]!, true);
      else out.setUint16(at, positionWords[pi++]!, true);
      at += width;
    }
    if (flag & rotation) {
      for (let c = 0; c < 4; c++, at += 2) out.setInt16(at, rotations[ri++]!, true);
    }
    for (let bit = scaleX; bit <= scaleZ; bit <<= 1) {
      if (!(flag & bit)) continue;
      if (float) out.setUint32(at, scaleWords[si++]!, true);
      else out.setUint16(at, scaleWords[si++]!, true);
      at += width;
    }
  }
}
