/**
 * What EXT_meshopt_compression allows in a compressed bufferView, shared by the encoder
 * (meshopt-encode.ts) and the reader (meshopt-decode.ts) so that both hold the same rules:
 * ATTRIBUTES with a byteStride that is a multiple of 4 up to 256; TRIANGLES with a count that is
 * a multiple of 3 and 2- or 4-byte indices; INDICES with 2- or 4-byte indices; filters only on
 * ATTRIBUTES (OCTAHEDRAL on 4 or 8 bytes, QUATERNION on 8, EXPONENTIAL on multiples of 4).
 */
export const EXT_MESHOPT_COMPRESSION = 'EXT_meshopt_compression';

export const MESHOPT_MODES = ['ATTRIBUTES', 'TRIANGLES', 'INDICES'] as const;
export type MeshoptMode = (typeof MESHOPT_MODES)[number];

export const MESHOPT_FILTERS = ['NONE', 'OCTAHEDRAL', 'QUATERNION', 'EXPONENTIAL'] as const;
export type MeshoptFilter = (typeof MESHOPT_FILTERS)[number];

/** The extension object of a compressed bufferView. */
export interface MeshoptViewExtension {
  /** The buffer holding the compressed bytes (not the fallback buffer the view itself names). */
  buffer: number;
  byteOffset: number;
  /** Compressed bytes. */
  byteLength: number;
  /** Bytes per element once decoded. */
  byteStride: number;
  /** Elements once decoded (decoded bytes = count × byteStride). */
  count: number;
  mode: MeshoptMode;
  /** Omitted when NONE. */
  filter?: MeshoptFilter;
}

/** Why this mode / filter / stride / count cannot be a compressed view, or undefined when it can. */
export function meshoptViewProblem(mode: MeshoptMode, filter: MeshoptFilter, byteStride: number, count: number): string | undefined {
  if (!Number.isSafeInteger(count) || count < 0) return `count ${count} is not a non-negative integer`;
  if (!Number.isSafeInteger(byteStride) || byteStride < 1) return `byteStride ${byteStride} is not a positive integer`;
  if (mode === 'ATTRIBUTES') {
    if (byteStride % 4 !== 0 || byteStride > 256) return `byteStride ${byteStride} of an ATTRIBUTES view must be a multiple of 4 up to 256`;
    if (filter === 'OCTAHEDRAL' && byteStride !== 4 && byteStride !== 8) return `the OCTAHEDRAL filter needs a byteStride of 4 or 8, not ${byteStride}`;
    if (filter === 'QUATERNION' && byteStride !== 8) return `the QUATERNION filter needs a byteStride of 8, not ${byteStride}`;
    return undefined;
  }
  if (filter !== 'NONE') return `filter ${filter} is only allowed with mode ATTRIBUTES, not ${mode}`;
  if (byteStride !== 2 && byteStride !== 4) return `byteStride ${byteStride} of a ${mode} view must be 2 or 4`;
  if (mode === 'TRIANGLES' && count % 3 !== 0) return `count ${count} of a TRIANGLES view is not a multiple of 3`;
  return undefined;
}
