import { ByteWriter } from '../../io/byte-writer.js';
import { IQM_HEADER_FIELDS, IQM_HEADER_SIZE, IQM_MAGIC, type IqmDocument, type IqmLayout } from './iqm-document.js';
import { canonicalIqmLayout, iqmLayoutFits, iqmSectionLengths, iqmSectionOffsets } from './iqm-layout.js';

/**
 * Writes a document as an IQM v2 file. A document read from a file keeps that file's layout
 * (`document.layout`: section offsets, order, padding and the bytes between sections), so that
 * read → write gives the same bytes, while its sections keep their lengths. Otherwise, and for
 * documents built from scratch, sections go in the reference compiler's order, every offset
 * 4-aligned (vertex data aligned to its component size when larger), empty sections at offset 0.
 * Counts come from the document's arrays; `vertexCount`, `frameCount` and `frameChannelCount`
 * are written as they are.
 */
export function writeIqm(document: IqmDocument): Uint8Array {
  const lengths = iqmSectionLengths(document);
  const kept = document.layout && iqmLayoutFits(document, document.layout, lengths) ? writeWithLayout(document, document.layout) : undefined;
  // A kept layout whose overlapping sections (arrays sharing data) no longer agree is dropped.
  return kept ?? (writeWithLayout(document, canonicalIqmLayout(document, lengths)) as Uint8Array);
}

/**
 * Writes a document into `out` (`layout.byteLength` bytes, zero where no section lies: its
 * other bytes need not be) under `layout`, which must be
 * the reference compiler's for it (canonicalIqmLayout: sections apart, nothing between them):
 * the header and tables straight into `out`, the arrays copied, except those already views of
 * `out` where the layout puts them (assetToIqmFile writes the bulk there). The bytes writeIqm
 * writes for the same document. Before (issue 22's fourth round), each table was built in a
 * ByteWriter of its own and copied, and every section checked against the others for overlaps
 * that a canonical layout cannot have: 11 % of the 1 MB speed-bar encode.
 */
export function writeIqmInto(document: IqmDocument, layout: IqmLayout, out: Uint8Array): Uint8Array {
  const d = document;
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  writeHeader(out, d, layout);
  const o = layout.offsets;
  const copy = (data: ArrayBufferView, at: number) => {
    if (data.byteLength === 0 || (data.buffer === out.buffer && data.byteOffset === out.byteOffset + at)) return;
    out.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), at);
  };
  copy(d.text, o.ofsText);
  let at = o.ofsMeshes;
  for (const m of d.meshes) {
    for (const v of [m.name, m.material, m.firstVertex, m.vertexCount, m.firstTriangle, m.triangleCount]) { view.setUint32(at, v, true); at += 4; }
  }
  at = o.ofsVertexArrays;
  d.vertexArrays.forEach((a, i) => {
    for (const v of [a.type, a.flags, a.format, a.size, layout.vertexData[i]!]) { view.setUint32(at, v, true); at += 4; }
    copy(a.data, layout.vertexData[i]!);
  });
  copy(d.triangles, o.ofsTriangles);
  if (d.triangles.length && d.adjacency) copy(d.adjacency, o.ofsAdjacency);
  at = o.ofsJoints;
  // Zeroed first: a joint of a document built by hand may list fewer bind values than the ten the
  // record holds (`out` is not zeroed: assetToIqmFile's is uninitialized memory).
  out.fill(0, at, at + d.joints.length * 48);
  const floats = (list: readonly number[]) => {
    for (let i = 0; i < list.length; i++, at += 4) view.setFloat32(at, list[i]!, true);
  };
  for (const j of d.joints) {
    view.setUint32(at, j.name, true);
    view.setInt32(at + 4, j.parent, true);
    at += 8;
    floats(j.translate);
    floats(j.rotate);
    floats(j.scale);
  }
  at = o.ofsPoses;
  // Float32Array to Float32Array: the bytes copied (a NaN's bits kept), no view made per pose (the
  // ten channels assetToIqmFile makes). The file's length is a multiple of 4, the table 4-aligned.
  const words = d.poses.length ? new Float32Array(out.buffer, out.byteOffset, out.byteLength >> 2) : undefined;
  for (const p of d.poses) {
    view.setInt32(at, p.parent, true);
    view.setUint32(at + 4, p.channelMask, true);
    words!.set(p.channelOffset, (at + 8) >> 2);
    words!.set(p.channelScale, (at + 48) >> 2);
    at += 88;
  }
  at = o.ofsAnims;
  for (const a of d.anims) {
    view.setUint32(at, a.name, true);
    view.setUint32(at + 4, a.firstFrame, true);
    view.setUint32(at + 8, a.frameCount, true);
    view.setFloat32(at + 12, a.frameRate, true);
    view.setUint32(at + 16, a.flags, true);
    at += 20;
  }
  copy(d.frames, o.ofsFrames);
  if (d.bounds) copy(d.bounds, o.ofsBounds);
  copy(d.comment, o.ofsComment);
  d.extensions.forEach((e, i) => {
    const { at: record, dataAt, next } = layout.extensions[i]!;
    view.setUint32(record, e.name, true);
    view.setUint32(record + 4, e.data.length, true);
    view.setUint32(record + 8, dataAt, true);
    view.setUint32(record + 12, next, true);
    copy(e.data, dataAt);
  });
  return out;
}

/** The file under `layout`, or undefined when two sections overlap with different bytes. */
function writeWithLayout(document: IqmDocument, layout: IqmLayout, out: Uint8Array = new Uint8Array(layout.byteLength)): Uint8Array | undefined {
  for (const run of layout.filler) out.set(run.bytes, run.offset);
  writeHeader(out, document, layout);
  const placed: Placed[] = [{ start: 0, end: IQM_HEADER_SIZE }];
  const offsets = iqmSectionOffsets(layout);
  const sections = sectionBytes(document, layout);
  // Bytes of the NaNs restored below: overlapping sections may disagree there only because one went through a number.
  const nanBytes = new Set<number>();
  for (const { offset } of layout.nanBits) for (let b = 0; b < 4; b++) nanBytes.add(offset + b);
  for (let i = 0; i < sections.length; i++) {
    const bytes = sections[i]!;
    if (bytes.length && !place(out, placed, offsets[i]!, bytes, nanBytes)) return undefined;
  }
  // Signalling NaNs the document still holds (as quiet NaNs: numbers cannot carry them) get their bits back.
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  for (const { offset, bits } of layout.nanBits) if (Number.isNaN(view.getFloat32(offset, true))) view.setUint32(offset, bits, true);
  return out;
}

/** A byte range of the output already written (the header, a section). */
interface Placed {
  start: number;
  end: number;
}

/** Copies `bytes` to `at`; false when it overlaps bytes already placed with different values (other than a NaN's, `nanBytes`). */
function place(out: Uint8Array, placed: Placed[], at: number, bytes: Uint8Array, nanBytes: Set<number>): boolean {
  const end = at + bytes.length;
  for (const range of placed) {
    // Only where sections overlap (arrays sharing their data) are bytes compared.
    for (let i = Math.max(range.start, at), stop = Math.min(range.end, end); i < stop; i++) if (out[i] !== bytes[i - at] && !nanBytes.has(i)) return false;
  }
  // Bytes already in place (a view of `out` where the layout puts them: writeIqmInto) stay.
  if (bytes.buffer !== out.buffer || bytes.byteOffset !== out.byteOffset + at) out.set(bytes, at);
  placed.push({ start: at, end });
  return true;
}

function writeHeader(out: Uint8Array, d: IqmDocument, layout: IqmLayout): void {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  for (let i = 0; i < IQM_MAGIC.length; i++) out[i] = IQM_MAGIC.charCodeAt(i);
  const fields: Record<keyof typeof IQM_HEADER_FIELDS, number> = {
    ...layout.offsets,
    version: d.version,
    filesize: layout.fileSize,
    flags: d.flags,
    numText: d.text.length,
    numMeshes: d.meshes.length,
    numVertexArrays: d.vertexArrays.length,
    numVertexes: d.vertexCount,
    numTriangles: d.triangles.length / 3,
    numJoints: d.joints.length,
    numPoses: d.poses.length,
    numAnims: d.anims.length,
    numFrames: d.frameCount,
    numFrameChannels: d.frameChannelCount,
    numComment: d.comment.length,
    numExtensions: d.extensions.length,
  };
  for (const [field, at] of Object.entries(IQM_HEADER_FIELDS)) view.setUint32(at, fields[field as keyof typeof fields], true);
}

/** Each section's bytes, in the order of `iqmSectionLengths`; tables point where `layout` says. */
function sectionBytes(d: IqmDocument, layout: IqmLayout): Uint8Array[] {
  const bytesOf = (data: ArrayBufferView) => new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const table = <T>(items: readonly T[], size: number, write: (w: ByteWriter, item: T, index: number) => void) => {
    const w = new ByteWriter(items.length * size);
    items.forEach((item, i) => write(w, item, i));
    return w.finish();
  };
  return [
    d.text,
    table(d.meshes, 24, (w, m) => w.u32(m.name).u32(m.material).u32(m.firstVertex).u32(m.vertexCount).u32(m.firstTriangle).u32(m.triangleCount)),
    table(d.vertexArrays, 20, (w, a, i) => w.u32(a.type).u32(a.flags).u32(a.format).u32(a.size).u32(layout.vertexData[i]!)),
    ...d.vertexArrays.map((a) => bytesOf(a.data)),
    bytesOf(d.triangles),
    d.triangles.length && d.adjacency ? bytesOf(d.adjacency) : new Uint8Array(0),
    table(d.joints, 48, (w, j) => {
      w.u32(j.name).i32(j.parent);
      for (const v of [...j.translate, ...j.rotate, ...j.scale]) w.f32(v);
    }),
    table(d.poses, 88, (w, p) => w.i32(p.parent).u32(p.channelMask).typed(p.channelOffset).typed(p.channelScale)),
    table(d.anims, 20, (w, a) => w.u32(a.name).u32(a.firstFrame).u32(a.frameCount).f32(a.frameRate).u32(a.flags)),
    bytesOf(d.frames),
    d.bounds ? bytesOf(d.bounds) : new Uint8Array(0),
    d.comment,
    ...d.extensions.flatMap((e, i) => {
      const { dataAt, next } = layout.extensions[i]!;
      return [table([e], 16, (w) => w.u32(e.name).u32(e.data.length).u32(dataAt).u32(next)), e.data];
    }),
  ];
}
