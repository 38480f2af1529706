import { UnigineWriter } from './field-writer.js';
import { ANIM_MAGIC, type UnigineAnimDocument } from './mesh-document.js';
import { bonesBytes, BOUNDS_BYTES, framesBytes, namesBytes, writeAnimatedBones, writeBones, writeBounds, writeFrames, writeNames } from './write-common.js';

/** Writes an an10 `.anim` file, into a buffer of the file's size computed first (fields kept verbatim as write-mesh does). */
export function writeAnim(doc: UnigineAnimDocument): Uint8Array {
  const writer = new UnigineWriter(animFileBytes(doc), doc.verbatim);
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

/** The size of the file writeAnim writes (for a consistent document; an inconsistent one is refused while writing). */
function animFileBytes(doc: UnigineAnimDocument): number {
  let bytes = 3 * ANIM_MAGIC.length + BOUNDS_BYTES + bonesBytes(doc.bones) + namesBytes(doc.animations.map((a) => a.name)) + doc.bindPose.byteLength;
  for (const a of doc.animations) bytes += a.positionMin.byteLength + a.positionSize.byteLength + a.scaleMin.byteLength + a.scaleSize.byteLength + 1 + framesBytes(a);
  return bytes;
}
