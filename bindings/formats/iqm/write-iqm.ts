import { ByteWriter } from '../../io/byte-writer.js';
import { IQM_HEADER_FIELDS, IQM_HEADER_SIZE, IQM_MAGIC, type IqmDocument, type IqmHeaderField } from './iqm-document.js';
import { formatByteSize } from './vertex-formats.js';

/**
 * Writes a document as an IQM v2 file, in the reference compiler's section order, every
 * offset 4-aligned (vertex data aligned to its component size when larger), empty sections at
 * offset 0. Counts come from the document's arrays; `vertexCount` and `frameChannelCount`
 * are written as they are.
 */
export function writeIqm(document: IqmDocument): Uint8Array {
  const w = new ByteWriter(estimateSize(document));
  w.ascii(IQM_MAGIC);
  const header = new Map<IqmHeaderField, number>();
  w.bytes(new Uint8Array(IQM_HEADER_SIZE - IQM_MAGIC.length));
  const set = (field: IqmHeaderField, value: number) => header.set(field, value);
  const start = (alignment = 4) => w.align(alignment).offset;

  set('version', document.version);
  set('flags', document.flags);
  if (document.text.length) {
    set('numText', document.text.length);
    set('ofsText', start());
    w.bytes(document.text);
  }
  if (document.meshes.length) {
    set('numMeshes', document.meshes.length);
    set('ofsMeshes', start());
    for (const m of document.meshes) w.u32(m.name).u32(m.material).u32(m.firstVertex).u32(m.vertexCount).u32(m.firstTriangle).u32(m.triangleCount);
  }
  set('numVertexes', document.vertexCount);
  if (document.vertexArrays.length) {
    set('numVertexArrays', document.vertexArrays.length);
    set('ofsVertexArrays', start());
    const tableAt = w.offset;
    w.bytes(new Uint8Array(document.vertexArrays.length * 20));
    document.vertexArrays.forEach((array, i) => {
      const dataAt = array.data.length ? start(Math.max(4, formatByteSize(array.format))) : 0;
      w.typed(array.data);
      const o = tableAt + i * 20;
      w.patchU32(o, array.type).patchU32(o + 4, array.flags).patchU32(o + 8, array.format).patchU32(o + 12, array.size).patchU32(o + 16, dataAt);
    });
  }
  if (document.triangles.length) {
    set('numTriangles', document.triangles.length / 3);
    set('ofsTriangles', start());
    w.typed(document.triangles);
    if (document.adjacency) {
      set('ofsAdjacency', start());
      w.typed(document.adjacency);
    }
  }
  if (document.joints.length) {
    set('numJoints', document.joints.length);
    set('ofsJoints', start());
    for (const j of document.joints) {
      w.u32(j.name).i32(j.parent);
      for (const v of [...j.translate, ...j.rotate, ...j.scale]) w.f32(v);
    }
  }
  if (document.poses.length) {
    set('numPoses', document.poses.length);
    set('ofsPoses', start());
    for (const p of document.poses) w.i32(p.parent).u32(p.channelMask).typed(p.channelOffset).typed(p.channelScale);
  }
  if (document.anims.length) {
    set('numAnims', document.anims.length);
    set('ofsAnims', start());
    for (const a of document.anims) w.u32(a.name).u32(a.firstFrame).u32(a.frameCount).f32(a.frameRate).u32(a.flags);
  }
  set('numFrames', document.frameCount);
  set('numFrameChannels', document.frameChannelCount);
  if (document.frames.length) {
    set('ofsFrames', start());
    w.typed(document.frames);
  }
  if (document.bounds) {
    set('ofsBounds', start());
    w.typed(document.bounds);
  }
  if (document.comment.length) {
    set('numComment', document.comment.length);
    set('ofsComment', start());
    w.bytes(document.comment);
  }
  if (document.extensions.length) {
    set('numExtensions', document.extensions.length);
    let link: number = IQM_HEADER_FIELDS.ofsExtensions;
    for (const ext of document.extensions) {
      const at = start();
      w.patchU32(link, at);
      w.u32(ext.name).u32(ext.data.length).u32(ext.data.length ? at + 16 : 0).u32(0);
      w.bytes(ext.data);
      link = at + 12;
    }
  }
  // The last section ends on a 4-byte boundary too (frames padded to an even count of ushorts).
  w.align(4);
  set('filesize', w.offset);
  // ofsExtensions was linked above, as the head of the extension chain.
  for (const [field, value] of header) w.patchU32(IQM_HEADER_FIELDS[field], value);
  return w.finish();
}

function estimateSize(d: IqmDocument): number {
  let size = IQM_HEADER_SIZE + d.text.length + d.meshes.length * 24 + d.triangles.byteLength * 2 + d.joints.length * 48 + d.poses.length * 88;
  for (const a of d.vertexArrays) size += 28 + a.data.byteLength;
  size += d.anims.length * 20 + d.frames.byteLength + (d.bounds?.byteLength ?? 0) + d.comment.length;
  for (const e of d.extensions) size += 20 + e.data.length;
  return size + 64;
}
