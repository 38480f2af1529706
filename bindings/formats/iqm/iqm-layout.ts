import { IQM_HEADER_FIELDS, IQM_HEADER_SIZE, type IqmDocument, type IqmLayout, type IqmOffsetField } from './iqm-document.js';
import { formatByteSize } from './vertex-formats.js';

/** Bytes of one extension record: name, data size, data offset, link to the next record. */
export const IQM_EXTENSION_RECORD_SIZE = 16;

/** The header's offset fields, in the order of the header. */
export const IQM_OFFSET_FIELDS = (Object.keys(IQM_HEADER_FIELDS) as (keyof typeof IQM_HEADER_FIELDS)[]).filter(
  (field): field is IqmOffsetField => field.startsWith('ofs'),
);

/**
 * Byte length of every section of a document, in the order the reference compiler writes them:
 * text, meshes, vertex array table, each vertex array's data, triangles, adjacency, joints,
 * poses, animations, frames, bounds, comment, then each extension's record and data. Empty
 * sections count as 0 (adjacency needs triangles).
 */
export function iqmSectionLengths(document: IqmDocument): number[] {
  const d = document;
  return [
    d.text.length,
    d.meshes.length * 24,
    d.vertexArrays.length * 20,
    ...d.vertexArrays.map((a) => a.data.byteLength),
    d.triangles.byteLength,
    d.triangles.length ? (d.adjacency?.byteLength ?? 0) : 0,
    d.joints.length * 48,
    d.poses.length * 88,
    d.anims.length * 20,
    d.frames.byteLength,
    d.bounds?.byteLength ?? 0,
    d.comment.length,
    ...d.extensions.flatMap((e) => [IQM_EXTENSION_RECORD_SIZE, e.data.length]),
  ];
}

/** Where each section of `iqmSectionLengths` starts under a layout (same order). */
export function iqmSectionOffsets(layout: IqmLayout): number[] {
  const o = layout.offsets;
  return [
    o.ofsText,
    o.ofsMeshes,
    o.ofsVertexArrays,
    ...layout.vertexData,
    o.ofsTriangles,
    o.ofsAdjacency,
    o.ofsJoints,
    o.ofsPoses,
    o.ofsAnims,
    o.ofsFrames,
    o.ofsBounds,
    o.ofsComment,
    ...layout.extensions.flatMap((e) => [e.at, e.dataAt]),
  ];
}

/**
 * The reference compiler's layout: sections in its order, each on a 4-byte boundary (vertex data
 * on its component size when larger), empty sections at offset 0, the file padded to a multiple
 * of 4 bytes.
 */
export function canonicalIqmLayout(document: IqmDocument, lengths = iqmSectionLengths(document)): IqmLayout {
  let end = IQM_HEADER_SIZE;
  let next = 0;
  const place = (alignment = 4): number => {
    const length = lengths[next++]!;
    if (length === 0) return 0;
    const at = Math.ceil(end / alignment) * alignment;
    end = at + length;
    return at;
  };
  const ofsText = place();
  const ofsMeshes = place();
  const ofsVertexArrays = place();
  const vertexData = document.vertexArrays.map((a) => place(Math.max(4, formatByteSize(a.format))));
  const ofsTriangles = place();
  const ofsAdjacency = place();
  const ofsJoints = place();
  const ofsPoses = place();
  const ofsAnims = place();
  const ofsFrames = place();
  const ofsBounds = place();
  const ofsComment = place();
  const extensions = document.extensions.map(() => ({ at: place(), dataAt: place(), next: 0 }));
  extensions.forEach((e, i) => { e.next = extensions[i + 1]?.at ?? 0; });
  const fileSize = Math.ceil(end / 4) * 4;
  return {
    fileSize,
    byteLength: fileSize,
    offsets: {
      ofsText, ofsMeshes, ofsVertexArrays, ofsTriangles, ofsAdjacency, ofsJoints, ofsPoses, ofsAnims, ofsFrames, ofsBounds, ofsComment,
      ofsExtensions: extensions[0]?.at ?? 0,
    },
    vertexData,
    extensions,
    nanBits: [],
    filler: [],
    sectionLengths: lengths,
  };
}

/**
 * True when a document can be written with `layout`: its sections still have the lengths they
 * were read with, and the layout is self-consistent (every section after the header and inside
 * the file, the extension chain linking the records in order).
 */
export function iqmLayoutFits(document: IqmDocument, layout: IqmLayout, lengths = iqmSectionLengths(document)): boolean {
  if (layout.sectionLengths.length !== lengths.length || layout.sectionLengths.some((length, i) => length !== lengths[i])) return false;
  if (layout.vertexData.length !== document.vertexArrays.length || layout.extensions.length !== document.extensions.length) return false;
  if (!(layout.fileSize >= IQM_HEADER_SIZE && layout.fileSize <= layout.byteLength)) return false;
  const offsets = iqmSectionOffsets(layout);
  const inside = (at: number, length: number) => length === 0 || (at >= IQM_HEADER_SIZE && at + length <= layout.fileSize);
  if (!lengths.every((length, i) => inside(offsets[i]!, length))) return false;
  if (!layout.filler.every((run) => run.offset >= 0 && run.offset + run.bytes.length <= layout.byteLength)) return false;
  if (!layout.nanBits.every((nan) => nan.offset >= IQM_HEADER_SIZE && nan.offset + 4 <= layout.byteLength)) return false;
  const chain = [layout.offsets.ofsExtensions, ...layout.extensions.map((e) => e.next)];
  return layout.extensions.every((e, i) => chain[i] === e.at);
}
