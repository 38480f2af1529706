import { ByteWriter } from '../../io/byte-writer.js';
import { ANIM_MAGIC, type UnigineAnimDocument } from './mesh-document.js';
import { writeAnimatedBones, writeBones, writeBounds, writeFrames, writeNames } from './write-common.js';

/** Writes an an10 `.anim` file. */
export function writeAnim(doc: UnigineAnimDocument): Uint8Array {
  let sizeHint = 1024 + doc.bindPose.byteLength;
  for (const a of doc.animations) sizeHint += a.flags.length + a.positions.byteLength + a.rotations.byteLength + a.scales.byteLength;
  const writer = new ByteWriter(sizeHint);
  writer.ascii(ANIM_MAGIC);
  writeBounds(writer, doc.bounds);
  writeBones(writer, doc.bones);
  writeNames(writer, doc.animations.map((a) => a.name));
  writer.ascii(ANIM_MAGIC);
  writer.typed(doc.bindPose);
  for (const animation of doc.animations) {
    writeAnimatedBones(writer, animation.boneIndices);
    writer.typed(animation.positionMin).typed(animation.positionSize).typed(animation.scaleMin).typed(animation.scaleSize);
    writer.u8(animation.mask);
    writeFrames(writer, animation);
  }
  writer.ascii(ANIM_MAGIC);
  return writer.finish();
}
