// TypeScript twins of assembly/quantize.ts. Math.fround after every operation reproduces the
// float32 arithmetic of the WebAssembly kernels bit for bit.
import { bitsOf, CANONICAL_NAN_BITS } from './float-bits.js';
const f = Math.fround;

/**
 * A NaN the arithmetic makes is written as 0x7fc00000 (through an integer view), as in the kernel.
 * q / 65535 is in [0, 1], so only a NaN or infinite min or size can make one: with finite
 * parameters the loop skips the test (testing every value measured 1.8–1.9× the plain loop, 3M values).
 */
export function dequantizeUnorm16(src: Uint16Array, components: number, min: Float32Array, size: Float32Array, dst: Float32Array): void {
  let finite = true;
  for (let c = 0; c < components; c++) finite &&= Number.isFinite(min[c]!) && Number.isFinite(size[c]!);
  if (finite) {
    for (let i = 0, c = 0; i < src.length; i++) {
      dst[i] = f(min[c]! + f(size[c]! * f(src[i]! / 65535)));
      if (++c === components) c = 0;
    }
    return;
  }
  const dstBits = bitsOf(dst);
  for (let i = 0, c = 0; i < src.length; i++) {
    const v = f(min[c]! + f(size[c]! * f(src[i]! / 65535)));
    if (v === v) dst[i] = v;
    else dstBits[i] = CANONICAL_NAN_BITS;
    if (++c === components) c = 0;
  }
}

export function quantizeUnorm16(src: Float32Array, components: number, min: Float32Array, size: Float32Array, round: boolean, dst: Uint16Array): void {
  const half = round ? 0.5 : 0;
  for (let i = 0, c = 0; i < src.length; i++) {
    dst[i] = clampToU16(f(f(f(f(src[i]! - min[c]!) / size[c]!) * 65535) + half));
    if (++c === components) c = 0;
  }
}

/** NaN -> 0; otherwise clamp to [0, 65535] and truncate (the Uint16Array store truncates). */
function clampToU16(x: number): number {
  if (x !== x) return 0;
  return x < 0 ? 0 : x > 65535 ? 65535 : x;
}

export function compressNormals(src: Float32Array, dst: Uint16Array): void {
  for (let i = 0; i < src.length; i++) {
    let n = src[i]!;
    if (n !== n) n = 0;
    dst[i] = clampToU16(f(f(f(n * 0.5) + 0.5) * 65535));
  }
}

export function decompressNormals(src: Uint16Array, dst: Float32Array): void {
  for (let i = 0; i < src.length; i++) dst[i] = f(f(f(src[i]! / 65535) * 2) - 1);
}

export function decodeSnorm8(src: Uint8Array, dst: Float32Array): void {
  for (let i = 0; i < src.length; i++) dst[i] = f((src[i]! - 128) / 127);
}

export function encodeSnorm8(src: Float32Array, dst: Uint8Array): void {
  for (let i = 0; i < src.length; i++) {
    let v = src[i]!;
    if (v !== v) v = 0;
    const x = f(f(v * 127) + 128);
    dst[i] = x < 0 ? 0 : x > 255 ? 255 : x;
  }
}

export function decodeSnorm16(src: Int16Array, dst: Float32Array): void {
  for (let i = 0; i < src.length; i++) dst[i] = f(src[i]! / 32767);
}

export function encodeSnorm16(src: Float32Array, dst: Int16Array): void {
  for (let i = 0; i < src.length; i++) {
    let v = src[i]!;
    if (v !== v) v = 0;
    const x = f(v * 32767);
    dst[i] = x < -32767 ? -32767 : x > 32767 ? 32767 : x;
  }
}

/** Twin of dequantizeUnorm16Signs: dequantizeUnorm16, each value's bits XORed with signs[c]. */
export function dequantizeUnorm16Signs(src: Uint16Array, components: number, min: Float32Array, size: Float32Array, signs: Uint32Array, dst: Float32Array): void {
  dequantizeUnorm16(src, components, min, size, dst);
  flipSigns(dst, components, signs);
}

/** Twin of decodeSnorm8Signs: decodeSnorm8, each value's bits XORed with signs[c]. */
export function decodeSnorm8Signs(src: Uint8Array, components: number, signs: Uint32Array, dst: Float32Array): void {
  decodeSnorm8(src, dst);
  flipSigns(dst, components, signs);
}

/** XORs the bits of each element's component c with signs[c]. */
function flipSigns(values: Float32Array, components: number, signs: Uint32Array): void {
  const bits = bitsOf(values);
  for (let c = 0; c < components; c++) {
    const sign = signs[c]!;
    if (sign) for (let i = c; i < bits.length; i += components) bits[i] = (bits[i]! ^ sign) >>> 0;
  }
}

/** One value with its bits XORed with `sign`: a negation for 0x80000000 (the only other use). */
function signed(value: number, sign: number, scratch: Float32Array, scratchBits: Uint32Array): number {
  if (sign === 0) return value;
  if (sign === 0x80000000) return -value;
  scratch[0] = value;
  scratchBits[0] = (scratchBits[0]! ^ sign) >>> 0;
  return scratch[0]!;
}

const scratch = new Float32Array(1);
const scratchBits = new Uint32Array(scratch.buffer);

/**
 * Twin of quantizeUnorm16Signs: quantizeUnorm16 of each value with its bits XORed with signs[c]
 * first. A NaN (whatever its sign) quantizes to 0, so a negation through a number is exact here.
 */
export function quantizeUnorm16Signs(src: Float32Array, components: number, min: Float32Array, size: Float32Array, signs: Uint32Array, round: boolean, dst: Uint16Array): void {
  const half = round ? 0.5 : 0;
  for (let i = 0, c = 0; i < src.length; i++) {
    const v = signed(src[i]!, signs[c]!, scratch, scratchBits);
    dst[i] = clampToU16(f(f(f(f(v - min[c]!) / size[c]!) * 65535) + half));
    if (++c === components) c = 0;
  }
}

/** Twin of encodeSnorm8Signs: encodeSnorm8 of each value with its bits XORed with signs[c] first (a NaN gives 128 either way). */
export function encodeSnorm8Signs(src: Float32Array, components: number, signs: Uint32Array, dst: Uint8Array): void {
  for (let i = 0, c = 0; i < src.length; i++) {
    let v = signed(src[i]!, signs[c]!, scratch, scratchBits);
    if (v !== v) v = 0;
    const x = f(f(v * 127) + 128);
    dst[i] = x < 0 ? 0 : x > 255 ? 255 : x;
    if (++c === components) c = 0;
  }
}

/** Twin of firstNonFiniteF32: four sums of v × 0 (0 while every value is finite), then a search only when one is not. */
export function firstNonFiniteF32(src: Float32Array): number {
  let p0 = 0, p1 = 0, p2 = 0, p3 = 0;
  const n = src.length;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    p0 += src[i]! * 0;
    p1 += src[i + 1]! * 0;
    p2 += src[i + 2]! * 0;
    p3 += src[i + 3]! * 0;
  }
  for (; i < n; i++) p0 += src[i]! * 0;
  if (p0 + p1 + p2 + p3 === 0) return -1;
  for (let k = 0; k < n; k++) if (!Number.isFinite(src[k]!)) return k;
  return -1;
}
