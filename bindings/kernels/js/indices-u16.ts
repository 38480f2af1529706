// TypeScript twins of assembly/indices-u16.ts.

export function reverseWindingU16(src: Uint16Array, base: number, dst: Uint16Array): void {
  let i = 0;
  for (; i + 3 <= src.length; i += 3) {
    const first = src[i]!, second = src[i + 1]!, third = src[i + 2]!;
    dst[i] = first + base;
    dst[i + 1] = third + base;
    dst[i + 2] = second + base;
  }
  for (; i < src.length; i++) dst[i] = src[i]! + base;
}
