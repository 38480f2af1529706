/**
 * glTF forbids NaN and infinities in accessors and node transforms (and JSON cannot hold them:
 * they would be written as null). The writer repairs them rather than refusing the Asset: every
 * replaced value is counted in a warning, so a file converted with a stray NaN still opens, and
 * the user is told how many values changed.
 *
 * Alternatives considered: refusing the Asset (a MeshFormatError naming its path) loses a whole
 * conversion for one bad vertex of a real file (BoxWithInfinites has 4); clamping infinities to
 * ±FLT_MAX keeps the sign but gives accessor bounds of 3.4e38 that break every viewer's framing.
 * Replacing with the neutral value (0, or a scale of 1) costs one pass over each array.
 */

/** How far from 1 a length may be and still count as unit: the Khronos validator's tolerance (2/255, for 8-bit quantized data). */
export const UNIT_LENGTH_TOLERANCE = 0.00769;

/** Replaces every non-finite value of `data` with `fill`, in place; returns how many were replaced. */
export function replaceNonFinite(data: Float32Array, fill: number): number {
  let replaced = 0;
  for (let i = 0; i < data.length; i++) {
    if (!Number.isFinite(data[i]!)) {
      data[i] = fill;
      replaced++;
    }
  }
  return replaced;
}

/** `replaceNonFinite`, with a warning naming what was repaired when anything was. */
export function repairNonFinite(data: Float32Array, fill: number, what: string, warn: (message: string) => void): Float32Array {
  const replaced = replaceNonFinite(data, fill);
  if (replaced) warn(nonFiniteMessage(what, replaced, fill));
  return data;
}

/** The warning for `replaced` values of `what` that were not finite and were written as `fill`. */
export function nonFiniteMessage(what: string, replaced: number, fill: number): string {
  return `${what}: ${replaced} values not finite in float32 (NaN, infinity or beyond ±3.4e38; glTF forbids them) were written as ${fill}`;
}
