// TypeScript twin of assembly/used-values.ts.

export function countUsedValues(src: Uint32Array, limit: number, seen: Uint8Array): number {
  seen.fill(0, 0, limit);
  let used = 0;
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    if (v >= limit) return -(i + 1);
    if (seen[v] === 0) {
      seen[v] = 1;
      used++;
    }
  }
  return used;
}

export function spanU32(src: Uint32Array, dst: Uint32Array): void {
  let low = 0xffffffff, high = 0;
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    if (v < low) low = v;
    if (v > high) high = v;
  }
  dst[0] = low;
  dst[1] = high;
}

export function countUsedValuesFrom(src: Uint32Array, base: number, limit: number, seen: Uint8Array, rebased: Uint32Array): number {
  seen.fill(0, 0, limit);
  const write = rebased.length !== 0;
  let used = 0;
  for (let i = 0; i < src.length; i++) {
    const v = (src[i]! - base) >>> 0;
    if (v >= limit) return -(i + 1);
    if (write) rebased[i] = v;
    if (seen[v] === 0) {
      seen[v] = 1;
      used++;
    }
  }
  return used;
}
