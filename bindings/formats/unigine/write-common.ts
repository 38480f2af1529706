import { documentError } from './document-error.js';
import { ByteWriter } from '../../io/byte-writer.js';
import { compactIntBytes, writeCompactInt } from './compact-int.js';
import { AXES_SET } from './read-common.js';
import { FRAME_FLAG, type UnigineBone, type UnigineBounds, type UnigineFrames } from './mesh-document.js';

const textEncoder = new TextEncoder();
const ASCII = /^[\x00-\x7f]*$/;

/** A zero-terminated UTF-8 string after its compact byte count (ASCII text, the usual name, skips the encoder). */
export function writeString(writer: ByteWriter, text: string): void {
  if (ASCII.test(text)) {
    writeCompactInt(writer, text.length + 1);
    writer.ascii(text).u8(0);
    return;
  }
  const bytes = textEncoder.encode(text);
  writeCompactInt(writer, bytes.length + 1);
  writer.bytes(bytes).u8(0);
}

/** Bytes `writeString` takes. */
export function stringBytes(text: string): number {
  const length = (ASCII.test(text) ? text.length : textEncoder.encode(text).length) + 1;
  return compactIntBytes(length) + length;
}

/** Bytes `writeBounds` takes: min, max, centre and radius as float32. */
export const BOUNDS_BYTES = 40;

export function writeBounds(writer: ByteWriter, bounds: UnigineBounds): void {
  writer.f32Array(bounds.min).f32Array(bounds.max).f32Array(bounds.center).f32(bounds.radius);
}

export function writeBones(writer: ByteWriter, bones: readonly UnigineBone[]): void {
  writeCompactInt(writer, bones.length);
  for (const bone of bones) {
    writeString(writer, bone.name);
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

export function writeNames(writer: ByteWriter, names: readonly string[]): void {
  writeCompactInt(writer, names.length);
  for (const name of names) writeString(writer, name);
}

export function writeAnimatedBones(writer: ByteWriter, boneIndices: Int16Array): void {
  writeCompactInt(writer, boneIndices.length);
  writer.typed(boneIndices);
}

/** Bytes `writeAnimatedBones` and `writeFrames` take for an animation (its flags and streams as they are). */
export function framesBytes(frames: UnigineFrames<Float32Array | Uint16Array>): number {
  const { boneIndices, flags, positions, rotations, scales } = frames;
  return compactIntBytes(boneIndices.length) + boneIndices.byteLength + compactIntBytes(frames.frameCount) + flags.length + positions.byteLength + rotations.byteLength + scales.byteLength;
}

/** Frame count, then per frame and animated bone the flag byte and its flagged channels (claimed at once and filled). */
export function writeFrames(writer: ByteWriter, frames: UnigineFrames<Float32Array | Uint16Array>): void {
  const { flags, positions, rotations, scales } = frames;
  const entries = frames.frameCount * frames.boneIndices.length;
  if (flags.length !== entries) documentError(`animation ${frames.name}: ${flags.length} flags for ${entries} frame entries`);
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
  writeCompactInt(writer, frames.frameCount);
  const float = positions instanceof Float32Array;
  const width = float ? 4 : 2;
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
      if (float) out.setFloat32(at, positions[pi++]!, true);
      else out.setUint16(at, positions[pi++]!, true);
      at += width;
    }
    if (flag & rotation) {
      for (let c = 0; c < 4; c++, at += 2) out.setInt16(at, rotations[ri++]!, true);
    }
    for (let bit = scaleX; bit <= scaleZ; bit <<= 1) {
      if (!(flag & bit)) continue;
      if (float) out.setFloat32(at, scales[si++]!, true);
      else out.setUint16(at, scales[si++]!, true);
      at += width;
    }
  }
}
