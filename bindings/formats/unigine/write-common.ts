import { documentError } from './document-error.js';
import { ByteWriter } from '../../io/byte-writer.js';
import { compactIntBytes, writeCompactInt } from './compact-int.js';
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

/** Frame count, then per frame and animated bone the flag byte and its flagged channels. */
export function writeFrames(writer: ByteWriter, frames: UnigineFrames<Float32Array | Uint16Array>): void {
  const { flags, positions, rotations, scales } = frames;
  const entries = frames.frameCount * frames.boneIndices.length;
  if (flags.length !== entries) documentError(`animation ${frames.name}: ${flags.length} flags for ${entries} frame entries`);
  const float = positions instanceof Float32Array;
  const channel = float ? (v: number) => writer.f32(v) : (v: number) => writer.u16(v);
  writeCompactInt(writer, frames.frameCount);
  let pi = 0;
  let ri = 0;
  let si = 0;
  for (let e = 0; e < entries; e++) {
    const flag = flags[e]!;
    writer.u8(flag);
    for (let bit = FRAME_FLAG.positionX; bit <= FRAME_FLAG.positionZ; bit <<= 1) if (flag & bit) channel(positions[pi++]!);
    if (flag & FRAME_FLAG.rotation) for (let c = 0; c < 4; c++) writer.i16(rotations[ri++]!);
    for (let bit = FRAME_FLAG.scaleX; bit <= FRAME_FLAG.scaleZ; bit <<= 1) if (flag & bit) channel(scales[si++]!);
  }
  if (pi !== positions.length || ri !== rotations.length || si !== scales.length) {
    documentError(
      `animation ${frames.name}: the flags call for ${pi} position, ${ri / 4} rotation and ${si} scale values; the document has ${positions.length}, ${rotations.length / 4} and ${scales.length}`,
    );
  }
}
