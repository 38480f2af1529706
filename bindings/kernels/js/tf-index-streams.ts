// TypeScript twin of assembly/tf-index-streams.ts.

function offsetIndices(src: Uint16Array | Uint32Array, base: number, limit: number, seen: Uint8Array, dst: Uint32Array): number {
  seen.fill(0, 0, limit);
  let used = 0;
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    dst[i] = v + base;
    if (v < limit && seen[v] === 0) {
      seen[v] = 1;
      used++;
    }
  }
  return used;
}

export function offsetIndicesU16(src: Uint16Array, base: number, limit: number, seen: Uint8Array, dst: Uint32Array): number {
  return offsetIndices(src, base, limit, seen, dst);
}

export function offsetIndicesU32(src: Uint32Array, base: number, limit: number, seen: Uint8Array, dst: Uint32Array): number {
  return offsetIndices(src, base, limit, seen, dst);
}

export function countUsedNarrowU16(src: Uint32Array, base: number, limit: number, seen: Uint8Array, dst: Uint16Array): number {
  seen.fill(0, 0, limit);
  for (let i = 0; i < src.length; i++) {
    const v = (src[i]! - base) >>> 0;
    if (v >= limit) return -(i + 1);
    dst[i] = v;
  }
  let used = 0;
  for (let i = 0; i < src.length; i++) {
    const v = dst[i]!;
    if (seen[v] === 0) {
      seen[v] = 1;
      used++;
    }
  }
  return used;
}
