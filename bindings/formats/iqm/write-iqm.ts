import { ByteWriter } from '../../io/byte-writer.js';
import { IQM_HEADER_SIZE, IQM_MAGIC, type IqmDocument } from './iqm-document.js';
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
  const header = new Array<number>(27).fill(0);
  w.bytes(new Uint8Array(IQM_HEADER_SIZE - IQM_MAGIC.length));
  const set = (field: number, value: number) => { header[(field - 16) / 4] = value; };
  const start = (alignment = 4) => w.align(alignment).offset;

  set(16, document.version);
  set(24, document.flags);
  if (document.text.length) {
    set(28, document.text.length);
    set(32, start());
    w.bytes(document.text);
  }
  if (document.meshes.length) {
    set(36, document.meshes.length);
    set(40, start());
    for (const m of document.meshes) w.u32(m.name).u32(m.material).u32(m.firstVertex).u32(m.vertexCount).u32(m.firstTriangle).u32(m.triangleCount);
  }
  set(48, document.vertexCount);
  if (document.vertexArrays.length) {
    set(44, document.vertexArrays.length);
    set(52, start());
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
    set(56, document.triangles.length / 3);
    set(60, start());
    w.typed(document.triangles);
    if (document.adjacency) {
      set(64, start());
      w.typed(document.adjacency);
    }
  }
  if (document.joints.length) {
    set(68, document.joints.length);
    set(72, start());
    for (const j of document.joints) {
      w.u32(j.name).i32(j.parent);
      for (const v of [...j.translate, ...j.rotate, ...j.scale]) w.f32(v);
    }
  }
  if (document.poses.length) {
    set(76, document.poses.length);
    set(80, start());
    for (const p of document.poses) w.i32(p.parent).u32(p.channelMask).typed(p.channelOffset).typed(p.channelScale);
  }
  if (document.anims.length) {
    set(84, document.anims.length);
    set(88, start());
    for (const a of document.anims) w.u32(a.name).u32(a.firstFrame).u32(a.frameCount).f32(a.frameRate).u32(a.flags);
  }
  set(92, document.frameCount);
  set(96, document.frameChannelCount);
  if (document.frames.length) {
    set(100, start());
    w.typed(document.frames);
  }
  if (document.bounds) {
    set(104, start());
    w.typed(document.bounds);
  }
  if (document.comment.length) {
    set(108, document.comment.length);
    set(112, start());
    w.bytes(document.comment);
  }
  if (document.extensions.length) {
    set(116, document.extensions.length);
    let link = 120;
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
  set(20, w.offset);
  header.forEach((value, i) => { if (i !== 26 || document.extensions.length === 0) w.patchU32(16 + i * 4, value); });
  return w.finish();
}

function estimateSize(d: IqmDocument): number {
  let size = IQM_HEADER_SIZE + d.text.length + d.meshes.length * 24 + d.triangles.byteLength * 2 + d.joints.length * 48 + d.poses.length * 88;
  for (const a of d.vertexArrays) size += 28 + a.data.byteLength;
  size += d.anims.length * 20 + d.frames.byteLength + (d.bounds?.byteLength ?? 0) + d.comment.length;
  for (const e of d.extensions) size += 20 + e.data.length;
  return size + 64;
}
