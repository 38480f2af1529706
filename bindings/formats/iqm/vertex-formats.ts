/** IQM vertex array types and component formats, and their typed-array storage. */

export const IQM_VERTEX_TYPE = {
  position: 0,
  texcoord: 1,
  normal: 2,
  tangent: 3,
  blendIndexes: 4,
  blendWeights: 5,
  color: 6,
} as const;

/** Types at or above this name a custom array: the name is at offset `type − IQM_CUSTOM` in the text table. */
export const IQM_CUSTOM = 0x10;

export const IQM_VERTEX_TYPE_NAMES = ['position', 'texcoord', 'normal', 'tangent', 'blendindexes', 'blendweights', 'color'] as const;

export const IQM_FORMAT = {
  byte: 0,
  ubyte: 1,
  short: 2,
  ushort: 3,
  int: 4,
  uint: 5,
  half: 6,
  float: 7,
  double: 8,
} as const;

export type IqmFormatCode = (typeof IQM_FORMAT)[keyof typeof IQM_FORMAT];

export const IQM_FORMAT_NAMES = ['byte', 'ubyte', 'short', 'ushort', 'int', 'uint', 'half', 'float', 'double'] as const;

/** Component storage per format; half floats are kept as their raw 16-bit patterns. */
export type IqmComponentArray = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

const CONSTRUCTORS = [Int8Array, Uint8Array, Int16Array, Uint16Array, Int32Array, Uint32Array, Uint16Array, Float32Array, Float64Array] as const;

export function isIqmFormat(format: number): format is IqmFormatCode {
  return Number.isInteger(format) && format >= 0 && format < CONSTRUCTORS.length;
}

export function formatByteSize(format: IqmFormatCode): number {
  return CONSTRUCTORS[format].BYTES_PER_ELEMENT;
}

/** A copy of `byteLength` bytes at `offset` (any alignment) as the format's typed array (little-endian host). */
export function componentsFromBytes(bytes: Uint8Array, offset: number, count: number, format: IqmFormatCode): IqmComponentArray {
  const ctor = CONSTRUCTORS[format];
  return new ctor(copyBytes(bytes, offset, count * ctor.BYTES_PER_ELEMENT).buffer, 0, count);
}

/** A copy in a fresh ArrayBuffer (Node's Buffer#slice would return a view into its pool). */
export function copyBytes(bytes: Uint8Array, offset: number, byteLength: number): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(byteLength);
  copy.set(bytes.subarray(offset, offset + byteLength));
  return copy;
}

/** IEEE 754 binary16 bits to a number (exact). */
export function halfToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa ? NaN : sign * Infinity;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/**
 * Components to float32. `normalized` maps integer formats to [0, 1] (unsigned) or [−1, 1]
 * (signed, GL rules) as colors and blend weights need; otherwise integers convert as values.
 */
export function componentsToFloat32(data: IqmComponentArray, format: IqmFormatCode, normalized: boolean): Float32Array {
  const out = new Float32Array(data.length);
  if (format === IQM_FORMAT.half) {
    for (let i = 0; i < data.length; i++) out[i] = halfToFloat(data[i]!);
    return out;
  }
  if (!normalized || format === IQM_FORMAT.float || format === IQM_FORMAT.double) {
    out.set(data);
    return out;
  }
  const max = [127, 255, 32767, 65535, 2147483647, 4294967295][format]!;
  const signed = format === IQM_FORMAT.byte || format === IQM_FORMAT.short || format === IQM_FORMAT.int;
  for (let i = 0; i < data.length; i++) out[i] = signed ? Math.max(data[i]! / max, -1) : data[i]! / max;
  return out;
}
