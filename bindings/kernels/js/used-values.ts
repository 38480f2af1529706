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
