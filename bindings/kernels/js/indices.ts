// TypeScript twins of assembly/indices.ts.

export function maxIndexU32(src: Uint32Array): number {
  let best = 0;
  for (let i = 0; i < src.length; i++) if (src[i]! > best) best = src[i]!;
  return best;
}

export function widenU8ToU32(src: Uint8Array, dst: Uint32Array): void {
  dst.set(src);
}

export function widenU16ToU32(src: Uint16Array, dst: Uint32Array): void {
  dst.set(src);
}

export function narrowU32ToU16(src: Uint32Array, dst: Uint16Array): number {
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    if (v > 0xffff) return i;
    dst[i] = v;
  }
  return -1;
}

export function narrowU32ToU8(src: Uint32Array, dst: Uint8Array): number {
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    if (v > 0xff) return i;
    dst[i] = v;
  }
  return -1;
}
