// The twins' side of the NaN-payload rule (assembly/canonical-nan.ts): a float a kernel only moves
// keeps its bits, so it is copied as a uint32 (a float32 read into a number may lose a signalling
// NaN's bits, depending on the JIT); a NaN a kernel computes is written as CANONICAL_NAN_BITS.

/** The one quiet NaN every computed NaN is written as. */
export const CANONICAL_NAN_BITS = 0x7fc00000;

/** The bits of a Float32Array's elements, as a view of the same memory. */
export function bitsOf(values: Float32Array): Uint32Array {
  return new Uint32Array(values.buffer, values.byteOffset, values.length);
}
