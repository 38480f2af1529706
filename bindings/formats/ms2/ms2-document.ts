/**
 * MeshSerializer2 (Unity, 2009): a header, then optional quantized vertex arrays, then uint16
 * triangle indices. The document keeps every array at its stored type, bounds as stored
 * (min, max per axis), so that writing it gives back the same bytes.
 */

/** Bits of the header's vertex-format byte. */
export const MS2_FORMAT = { positions: 1, normals: 2, tangents: 4, uvs: 8 } as const;

/** The original reader refuses counts above this (the format's uint16 fields allow 65535). */
export const MS2_UNITY_READER_LIMIT = 64000;
/** Largest count the uint16 header fields hold. */
export const MS2_MAX_COUNT = 65535;
export const MS2_HEADER_BYTES = 5;

export interface Ms2Document {
  /** The header's vertex-format byte: bit 0 positions (required), 1 normals, 2 tangents, 3 UVs. */
  format: number;
  vertexCount: number;
  triangleCount: number;
  /** xmin, xmax, ymin, ymax, zmin, zmax (absent when vertexCount is 0). */
  positionBounds?: Float32Array;
  /** Three uint16 per vertex, over the bounds: v = q / 65535 * (max − min) + min. */
  positions: Uint16Array;
  /** Three bytes per vertex: v = (b − 128) / 127. Present when format bit 1 is set. */
  normals?: Uint8Array;
  /** Four bytes per vertex, as normals. Present when format bit 2 is set. */
  tangents?: Uint8Array;
  /** umin, umax, vmin, vmax (absent when vertexCount is 0 or there are no UVs). */
  uvBounds?: Float32Array;
  /** Two uint16 per vertex over the UV bounds. Present when format bit 3 is set. */
  uvs?: Uint16Array;
  /** Three per triangle. */
  indices: Uint16Array;
}

/** The byte size a file with these header fields has (the format has no magic: this is its only check). */
export function ms2ByteSize(vertexCount: number, triangleCount: number, format: number): number {
  let size = MS2_HEADER_BYTES + triangleCount * 6;
  if (vertexCount > 0) {
    size += 24 + vertexCount * 6;
    if (format & MS2_FORMAT.uvs) size += 16 + vertexCount * 4;
  }
  if (format & MS2_FORMAT.normals) size += vertexCount * 3;
  if (format & MS2_FORMAT.tangents) size += vertexCount * 4;
  return size;
}

/** Whether a format byte is one the original reader accepts (1..15 with bit 0 set). */
export function isValidMs2Format(format: number): boolean {
  return format >= 1 && format <= 15 && (format & MS2_FORMAT.positions) !== 0;
}
