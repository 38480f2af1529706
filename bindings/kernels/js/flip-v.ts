// TypeScript twin of assembly/flip-v.ts.

/** dst[2k] = src[2k], dst[2k + 1] = 1 − src[2k + 1], a NaN with its quiet bit set (dst may be src). */
export function flipV(src: Float32Array, dst: Float32Array): void {
  const from = new Uint32Array(src.buffer, src.byteOffset, src.length);
  const to = new Uint32Array(dst.buffer, dst.byteOffset, dst.length);
  for (let i = 0; i + 1 < src.length; i += 2) {
    to[i] = from[i]!;
    const v = src[i + 1]!;
    if (v !== v) to[i + 1] = from[i + 1]! | 0x00400000;
    else dst[i + 1] = 1 - v;
  }
  if (src.length & 1) to[src.length - 1] = from[src.length - 1]!;
}
