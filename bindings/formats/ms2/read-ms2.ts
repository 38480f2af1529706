import { ByteReader } from '../../io/byte-reader.js';
import { getKernels } from '../../kernels/backend.js';
import type { Kernels } from '../../kernels/kernels.js';
import { isMs2 } from './ms2-signature.js';
import { isValidMs2Format, ms2ByteSize, MS2_FORMAT, type Ms2Document } from './ms2-document.js';

export { isMs2 };

/**
 * Reads a MeshSerializer2 file into its document. Every array is checked against the bytes
 * left before it is read, every index against the vertex count, and bytes after the indices
 * are refused (a format without magic gives no other sign of a wrong file). `kernels` find the
 * largest index (default: getKernels()).
 */
export function readMs2(bytes: Uint8Array, kernels: Kernels = getKernels()): Ms2Document {
  const r = new ByteReader(bytes, 'ms2');
  const vertexCount = r.u16('vertex count');
  const triangleCount = r.u16('triangle count');
  const format = r.u8('vertex format');
  if (!isValidMs2Format(format)) r.fail('BAD_VALUE', `vertex format ${format} is not 1..15 with bit 0 (positions) set`, 4);

  let positionBounds: Float32Array | undefined;
  let uvBounds: Float32Array | undefined;
  if (vertexCount > 0) {
    r.need(24, 'position bounds');
    positionBounds = floatsAsStored(r.bytesView(24, 'position bounds'));
  }
  r.needCount(vertexCount * 3, 2, 'positions');
  const positions = r.u16Array(vertexCount * 3, 'positions');
  const normals = format & MS2_FORMAT.normals ? r.bytesCopy(r.needCount(vertexCount, 3, 'normals'), 'normals') : undefined;
  const tangents = format & MS2_FORMAT.tangents ? r.bytesCopy(r.needCount(vertexCount, 4, 'tangents'), 'tangents') : undefined;
  let uvs: Uint16Array | undefined;
  if (format & MS2_FORMAT.uvs) {
    if (vertexCount > 0) {
      uvBounds = floatsAsStored(r.bytesView(16, 'UV bounds'));
    }
    r.needCount(vertexCount * 2, 2, 'UVs');
    uvs = r.u16Array(vertexCount * 2, 'UVs');
  }
  const indicesAt = r.offset;
  r.needCount(triangleCount * 3, 2, 'triangle indices');
  const indices = r.u16Array(triangleCount * 3, 'triangle indices');
  // The largest index by kernel; the loop that names the first bad one only runs when there is one.
  if (kernels.maxIndex(indices) >= vertexCount) {
    for (let i = 0; i < indices.length; i++) if (indices[i]! >= vertexCount) indexOutOfRange(r, indices[i]!, i, vertexCount, indicesAt + i * 2);
  }
  if (r.remaining > 0) r.fail('TRAILING_DATA', `${r.remaining} bytes follow the last triangle (the header promises ${ms2ByteSize(vertexCount, triangleCount, format)} bytes)`);
  return {
    format,
    vertexCount,
    triangleCount,
    positions,
    indices,
    ...(positionBounds ? { positionBounds } : {}),
    ...(normals ? { normals } : {}),
    ...(tangents ? { tangents } : {}),
    ...(uvBounds ? { uvBounds } : {}),
    ...(uvs ? { uvs } : {}),
  };
}

/** Float32 values with their stored bits (a NaN's payload included), copied out of the input. */
function floatsAsStored(bytes: Uint8Array): Float32Array {
  const out = new Float32Array(bytes.length / 4);
  new Uint8Array(out.buffer).set(bytes);
  return out;
}

/** Raised outside the index loop: a message built inside a hot loop, even on a path never taken, slows it down. */
function indexOutOfRange(r: ByteReader, index: number, corner: number, vertexCount: number, offset: number): never {
  return r.fail('BAD_INDEX', `index ${index} of corner ${corner} is out of range for ${vertexCount} vertices`, offset);
}
