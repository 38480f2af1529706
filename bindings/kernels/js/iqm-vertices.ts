// TypeScript twin of assembly/iqm-vertices.ts.
import type { IndexArray } from '../../model/asset.js';
import { bitsOf } from './float-bits.js';

type Components = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array | Uint32Array | Float32Array | Float64Array;

const HALF = 6;
/** Largest value of each integer format (byte, ubyte, short, ushort, int, uint). */
const FORMAT_MAX = [127, 255, 32767, 65535, 2147483647, 4294967295];
const SIGNED = [true, false, true, false, true, false];

/** IEEE 754 binary16 bits to a number (exact). */
export function halfToFloat(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa ? NaN : sign * Infinity;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

/** One component as the kernel converts it (before the float32 store). */
function componentOf(src: Components, i: number, format: number, normalized: boolean): number {
  const raw = src[i]!;
  // A float64 NaN becomes the one quiet NaN (its payload after demotion is left open by WebAssembly).
  if (raw !== raw) return NaN;
  if (format === HALF) return halfToFloat(raw);
  if (!normalized || format > HALF) return raw;
  const q = raw / FORMAT_MAX[format]!;
  return SIGNED[format] ? Math.max(q, -1) : q;
}

export function iqmComponentsToFloat32(src: Components, format: number, normalized: boolean, srcSize: number, dstSize: number, fill: number, dst: Float32Array): void {
  const vertexCount = dst.length / dstSize;
  if (srcSize === dstSize) {
    const count = dst.length;
    if (format === HALF) {
      for (let i = 0; i < count; i++) dst[i] = halfToFloat(src[i]!);
    } else if (!normalized || format > HALF) {
      if (src instanceof Float64Array) for (let i = 0; i < count; i++) dst[i] = componentOf(src, i, format, false);
      else dst.set(src.length === count ? src : src.subarray(0, count));
    } else {
      const max = FORMAT_MAX[format]!;
      if (SIGNED[format]) for (let i = 0; i < count; i++) dst[i] = Math.max(src[i]! / max, -1);
      else for (let i = 0; i < count; i++) dst[i] = src[i]! / max;
    }
    return;
  }
  const kept = Math.min(srcSize, dstSize);
  // float32 components are moved as bits: a float32 read into a number quiets a signalling NaN.
  const srcBits = src instanceof Float32Array ? bitsOf(src) : undefined;
  const dstBits = bitsOf(dst);
  for (let v = 0; v < vertexCount; v++) {
    const from = v * srcSize;
    const to = v * dstSize;
    if (srcBits) for (let c = 0; c < kept; c++) dstBits[to + c] = srcBits[from + c]!;
    else for (let c = 0; c < kept; c++) dst[to + c] = componentOf(src, from + c, format, normalized);
    for (let c = kept; c < dstSize; c++) dst[to + c] = c === dstSize - 1 ? fill : 0;
  }
}

export function iqmJointIndices(src: Components, format: number, srcSize: number, limit: number, dst: Uint16Array): number {
  const vertexCount = dst.length / 4;
  const kept = Math.min(srcSize, 4);
  const integers = format < HALF;
  let bad = 0;
  for (let v = 0; v < vertexCount; v++) {
    const from = v * srcSize;
    const to = v * 4;
    for (let c = 0; c < kept; c++) {
      // Floats go through float32 first, as the Asset stores them.
      const value = integers ? src[from + c]! : Math.fround(componentOf(src, from + c, format, false));
      if (value >= 0 && value < limit && (integers || Number.isInteger(value))) dst[to + c] = value;
      else {
        dst[to + c] = 0;
        bad++;
      }
    }
    for (let c = kept; c < 4; c++) dst[to + c] = 0;
  }
  return bad;
}

export function windIqmTriangles(src: Uint32Array, first: number, vertexCount: number, dst: IndexArray): number {
  for (let t = 0; t + 2 < src.length; t += 3) {
    const a = (src[t]! - first) >>> 0, b = (src[t + 1]! - first) >>> 0, c = (src[t + 2]! - first) >>> 0;
    if (a >= vertexCount) return t;
    if (c >= vertexCount) return t + 2;
    if (b >= vertexCount) return t + 1;
    dst[t] = a;
    dst[t + 1] = c;
    dst[t + 2] = b;
  }
  return -1;
}

export function iqmClockwiseTriangles(src: IndexArray, base: number, dst: Uint32Array): void {
  for (let t = 0; t + 2 < src.length; t += 3) {
    dst[t] = src[t]! + base;
    dst[t + 1] = src[t + 2]! + base;
    dst[t + 2] = src[t + 1]! + base;
  }
}
