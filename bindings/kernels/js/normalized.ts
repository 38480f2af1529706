// TypeScript twins of assembly/normalized.ts.

export function decodeNormalizedI8(src: Int8Array, step: number, components: number, dst: Float32Array): void {
  let o = 0;
  for (let at = 0; o < dst.length; at += step) for (let c = 0; c < components; c++) dst[o++] = Math.max(src[at + c]! / 127, -1);
}

export function decodeNormalizedU8(src: Uint8Array, step: number, components: number, dst: Float32Array): void {
  let o = 0;
  for (let at = 0; o < dst.length; at += step) for (let c = 0; c < components; c++) dst[o++] = src[at + c]! / 255;
}

export function decodeNormalizedI16(src: Int16Array, step: number, components: number, dst: Float32Array): void {
  let o = 0;
  for (let at = 0; o < dst.length; at += step) for (let c = 0; c < components; c++) dst[o++] = Math.max(src[at + c]! / 32767, -1);
}

export function decodeNormalizedU16(src: Uint16Array, step: number, components: number, dst: Float32Array): void {
  let o = 0;
  for (let at = 0; o < dst.length; at += step) for (let c = 0; c < components; c++) dst[o++] = src[at + c]! / 65535;
}
