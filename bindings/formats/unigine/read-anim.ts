import { attachFileOffsets } from '../../io/file-offsets.js';
import { UnigineReader } from './field-reader.js';
import { ANIM_MAGIC, type UnigineAnimAnimation, type UnigineAnimDocument } from './mesh-document.js';
import {
  FORMAT_NAME,
  expectMagic,
  readAnimatedBones,
  readBindPose,
  readBones,
  readBounds,
  readF32s,
  readFrames,
  readLeadingMagic,
  readNames,
} from './read-common.js';

/** Reads an an10 `.anim` file into its document. Throws MeshFormatError for anything else. */
export function readAnim(bytes: Uint8Array): UnigineAnimDocument {
  const reader = new UnigineReader(bytes, FORMAT_NAME);
  const magic = readLeadingMagic(reader);
  if (magic !== ANIM_MAGIC) reader.fail('BAD_MAGIC', `this is a UNIGINE mesh ("${magic}"), not an animation ("${ANIM_MAGIC}")`, 0);
  return readAnimBody(reader);
}

/** The rest of an an10 file, after its leading magic. */
export function readAnimBody(reader: UnigineReader): UnigineAnimDocument {
  const bounds = readBounds(reader, 'animation bounds');
  const bones = readBones(reader);
  const animationNames = readNames(reader, 'animation');
  expectMagic(reader, ANIM_MAGIC, 'after the animation names');
  const bindPose = readBindPose(reader, bones.length);
  const animations: UnigineAnimAnimation[] = animationNames.map((name, i) => {
    const label = `animation ${i} (${name})`;
    const boneIndices = readAnimatedBones(reader, bones.length, label);
    const box = readF32s(reader, 12, `${label} position and scale boxes`);
    const mask = reader.u8(`${label} mask`);
    const frames = readFrames<Uint16Array>(reader, name, label, boneIndices, mask, 2);
    // Object.assign, not a spread: a staged document's frames keep their class (stored-arrays.ts).
    return Object.assign(frames, { positionMin: box.slice(0, 3), positionSize: box.slice(3, 6), scaleMin: box.slice(6, 9), scaleSize: box.slice(9, 12) });
  });
  expectMagic(reader, ANIM_MAGIC, 'at the end of the file');
  if (reader.remaining > 0) reader.fail('TRAILING_DATA', `${reader.remaining} bytes follow the closing "${ANIM_MAGIC}" marker`);
  const doc: UnigineAnimDocument = { kind: 'anim', bounds, bones, bindPose, animations };
  if (reader.verbatim) doc.verbatim = reader.verbatim;
  return attachFileOffsets(doc, reader.fileOffsets);
}
