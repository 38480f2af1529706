/** IQM vertex array types and component formats, and their typed-array storage. */
import type { Kernels } from '../../kernels/kernels.js';
import { getKernels } from '../../kernels/backend.js';

export { halfToFloat } from '../../kernels/js/iqm-vertices.js';

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

/**
 * `count` components at `offset` (any alignment) as the format's typed array (little-endian
 * host): a copy, or with `view` a view into `bytes` where the offset is aligned for the type.
 */
export function componentsFromBytes(bytes: Uint8Array, offset: number, count: number, format: IqmFormatCode, view = false): IqmComponentArray {
  const ctor = CONSTRUCTORS[format];
  const at = bytes.byteOffset + offset;
  if (view && at % ctor.BYTES_PER_ELEMENT === 0 && bytes.buffer instanceof ArrayBuffer) return new ctor(bytes.buffer, at, count);
  return new ctor(copyBytes(bytes, offset, count * ctor.BYTES_PER_ELEMENT).buffer, 0, count);
}

/** A copy in a fresh ArrayBuffer (Node's Buffer#slice would return a view into its pool). */
export function copyBytes(bytes: Uint8Array, offset: number, byteLength: number): Uint8Array<ArrayBuffer> {
  const copy = new Uint8Array(byteLength);
  copy.set(bytes.subarray(offset, offset + byteLength));
  return copy;
}

/**
 * `size` components per vertex to `components` float32 per vertex (extra ones dropped, missing
 * ones 0 but the last, which takes `fill`). `normalized` maps integer formats to [0, 1]
 * (unsigned) or [−1, 1] (signed, GL rules) as colors and blend weights need; otherwise integers
 * convert as values. Float32 data of the same size is copied as it is (bits kept). `out`
 * (vertexCount × components floats) receives the values instead of a new array.
 */
export function componentsToFloat32(data: IqmComponentArray, format: IqmFormatCode, normalized: boolean, kernels: Kernels = getKernels(), size = 1, components = size, fill = 0, out?: Float32Array): Float32Array {
  const vertexCount = Math.floor(data.length / size);
  if (format === IQM_FORMAT.float && size === components && !out) return (data as Float32Array).slice(0, vertexCount * size);
  out ??= new Float32Array(vertexCount * components);
  // Whole arrays as they are (a subarray is an object to make: at 30 kB, a few of them are a tenth of a parse).
  const whole = data.length === vertexCount * size ? data : data.subarray(0, vertexCount * size);
  if (format === IQM_FORMAT.float && size === components) {
    out.set(whole);
    return out;
  }
  kernels.raw.iqmComponentsToFloat32(whole, format, normalized, size, components, fill, out);
  return out;
}
