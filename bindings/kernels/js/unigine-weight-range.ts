// Twin of assembly/unigine-weight-range.ts (see there for the contract).

/** The values of `src` outside 0..1, NaN included. */
export function countOutsideUnit(src: Float32Array): number {
  let inside = 0;
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    if (v >= 0 && v <= 1) inside++;
  }
  return src.length - inside;
}
