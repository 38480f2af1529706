import { ByteWriter } from '../../io/byte-writer.js';
import { MeshFormatError } from '../../io/errors.js';
import { isValidMs2Format, ms2ByteSize, MS2_FORMAT, MS2_MAX_COUNT, type Ms2Document } from './ms2-document.js';

/** Writes a document as stored: the same document read from a file gives back its bytes. */
export function writeMs2(document: Ms2Document): Uint8Array {
  const { format, vertexCount, triangleCount } = document;
  checkDocument(document);
  const w = new ByteWriter(ms2ByteSize(vertexCount, triangleCount, format));
  w.u16(vertexCount).u16(triangleCount).u8(format);
  if (vertexCount > 0) w.typed(document.positionBounds!);
  w.typed(document.positions);
  if (format & MS2_FORMAT.normals) w.typed(document.normals!);
  if (format & MS2_FORMAT.tangents) w.typed(document.tangents!);
  if (format & MS2_FORMAT.uvs) {
    if (vertexCount > 0) w.typed(document.uvBounds!);
    w.typed(document.uvs!);
  }
  w.typed(document.indices);
  return w.finish();
}

function checkDocument(d: Ms2Document): void {
  const fail = (detail: string): never => {
    throw new MeshFormatError({ code: 'BAD_COUNT', format: 'ms2' }, detail);
  };
  if (!isValidMs2Format(d.format)) throw new MeshFormatError({ code: 'BAD_VALUE', format: 'ms2' }, `vertex format ${d.format} is not 1..15 with bit 0 (positions) set`);
  if (!(d.vertexCount >= 0 && d.vertexCount <= MS2_MAX_COUNT)) fail(`${d.vertexCount} vertices: MeshSerializer2 holds at most ${MS2_MAX_COUNT}`);
  if (!(d.triangleCount >= 0 && d.triangleCount <= MS2_MAX_COUNT)) fail(`${d.triangleCount} triangles: MeshSerializer2 holds at most ${MS2_MAX_COUNT}`);
  const expect = (name: string, array: ArrayLike<number> | undefined, length: number) => {
    if ((array?.length ?? 0) !== length) fail(`${name} has ${array?.length ?? 0} values, the header needs ${length}`);
  };
  const has = (bit: number) => (d.format & bit) !== 0;
  const n = d.vertexCount;
  expect('positionBounds', d.positionBounds, n > 0 ? 6 : 0);
  expect('positions', d.positions, n * 3);
  expect('normals', d.normals, has(MS2_FORMAT.normals) ? n * 3 : 0);
  expect('tangents', d.tangents, has(MS2_FORMAT.tangents) ? n * 4 : 0);
  expect('uvBounds', d.uvBounds, has(MS2_FORMAT.uvs) && n > 0 ? 4 : 0);
  expect('uvs', d.uvs, has(MS2_FORMAT.uvs) ? n * 2 : 0);
  expect('indices', d.indices, d.triangleCount * 3);
}
