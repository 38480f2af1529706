// Unity is left-handed with clockwise front faces; the Asset is right-handed with
// counter-clockwise ones. Mirroring x converts between them (positions, normals, tangent
// directions), the bitangent sign (tangent w) flips with the mirror, and so does the winding.
// Each step is its own inverse.

/** Negates component `component` of every element of `stride` values. */
export function negateEvery(values: Float32Array, stride: number, component: number): void {
  for (let i = component; i < values.length; i += stride) values[i] = -values[i]!;
}

/** Reverses the winding of a triangle list in place. */
export function swapSecondAndThirdCorners(indices: Uint32Array): void {
  for (let i = 0; i + 2 < indices.length; i += 3) {
    const b = indices[i + 1]!;
    indices[i + 1] = indices[i + 2]!;
    indices[i + 2] = b;
  }
}
