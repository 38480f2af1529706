// TypeScript twin of assembly/tangent-check.ts.

/** The index of the first tangent (4 floats each, whole tangents only) that is not usable, or −1. */
export function firstUnusableTangent(src: Float32Array): number {
  const bits = new Uint32Array(src.buffer, src.byteOffset, src.length & ~3);
  for (let k = 0; k < bits.length; k += 4) {
    const x = bits[k]!, y = bits[k + 1]!, z = bits[k + 2]!, w = bits[k + 3]!;
    if ((x & 0x7f800000) === 0x7f800000 || (y & 0x7f800000) === 0x7f800000 || (z & 0x7f800000) === 0x7f800000 || (w & 0x7f800000) === 0x7f800000) return k >> 2;
    if (((x | y | z) & 0x7fffffff) === 0 || (w & 0x7fffffff) === 0) return k >> 2;
  }
  return -1;
}
