// TypeScript twins of assembly/index-range.ts.

export function maxIndexU16(src: Uint16Array): number {
  let best = 0;
  for (let i = 0; i < src.length; i++) if (src[i]! > best) best = src[i]!;
  return best;
}

export function maxIndexU8(src: Uint8Array): number {
  let best = 0;
  for (let i = 0; i < src.length; i++) if (src[i]! > best) best = src[i]!;
  return best;
}
