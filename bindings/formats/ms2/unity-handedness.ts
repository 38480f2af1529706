// Unity is left-handed with clockwise front faces; the Asset is right-handed with
// counter-clockwise ones. Mirroring x converts between them (positions, normals, tangent
// directions), the bitangent sign (tangent w) flips with the mirror, and so does the winding.
// Each step is its own inverse.

/**
 * Negates component `component` of every element of `stride` values, by flipping each value's
 * sign bit (an exact negation, NaN payloads kept). Alternatives, profiled on the speed bar's
 * 1 MB MeshSerializer2 encode (`node --cpu-prof`, bench/encode-profile.ts): `values[i] = -values[i]`
 * (each value widened to a double and narrowed back) 12.5 % of the profile; this int32 XOR on an
 * Int32Array view 9.7 %.
 */
export function negateEvery(values: Float32Array, stride: number, component: number): void {
  const bits = new Int32Array(values.buffer, values.byteOffset, values.length);
  const sign = 0x80000000 | 0;
  for (let i = component; i < bits.length; i += stride) bits[i] = bits[i]! ^ sign;
}

/** Reverses the winding of a triangle list in place. */
export function swapSecondAndThirdCorners(indices: Uint32Array): void {
  for (let i = 0; i + 2 < indices.length; i += 3) {
    const b = indices[i + 1]!;
    indices[i + 1] = indices[i + 2]!;
    indices[i + 2] = b;
  }
}
