// Rotation keys as the glTF writer stores them: turned to the output axes and scaled to unit
// length, in one pass into a new array. Two passes before (a turned copy, then the scaling in
// place over it) read and wrote every key twice: turnedCopy and unitQuaternions were 5–7 % of
// raylib_guy.iqm's optimized encode in a cpu profile. The arithmetic is the same, in the same
// order, so every stored float is the same. With `snorm`, the same pass also writes the keys as
// normalized int16 (what rotationsAsSnorm16 (now test/helpers/two-pass-references.ts) made, which read the source keys
// and these again in a third pass: 2.6 % of mrfixit.iqm's optimized encode).
import { UNIT_LENGTH_TOLERANCE } from './finite-values.js';
import { roundHalfUp } from './round-half-up.js';

/** unitQuaternionsOnAxes' counts: [replaced, rescaled]. */
export const QUATERNION_COUNTS = new Float64Array(2);

/**
 * xyzw keys turned Z-up → Y-up when `toYUp` ((x, y, z, w) → (x, z, −y, w)), each scaled to unit
 * length; a zero or non-finite one becomes the identity. `counts` gets how many were replaced and
 * how many were rescaled beyond the validator's tolerance (the caller warns). `snorm` (as long as
 * `source`) gets rotationsAsSnorm16(source, the result, toYUp). `out` (as long as `source`):
 * where the unit keys go, a new array by default.
 */
export function unitQuaternionsOnAxes(source: Float32Array, toYUp: boolean, counts: Float64Array, snorm?: Int16Array, out: Float32Array = new Float32Array(source.length)): Float32Array {
  unitQuaternionsLoop(source, toYUp, out, counts, snorm);
  return out;
}

/** The same in place (`data` already on the output axes: the bind pose's one rotation). */
export function unitQuaternionsInPlace(data: Float32Array, counts: Float64Array): Float32Array {
  unitQuaternionsLoop(data, false, data, counts, undefined);
  return data;
}

/**
 * The loop (`out` may be `source`: each key is read before it is written), in a function of its own (vertex-passes.ts says why: on-stack replaced code was
 * thrown away at the warnings after it, on every call).
 */
function unitQuaternionsLoop(source: Float32Array, toYUp: boolean, out: Float32Array, counts: Float64Array, snorm: Int16Array | undefined): number {
  let replaced = 0;
  let rescaled = 0;
  for (let i = 0; i + 3 < source.length; i += 4) {
    const sy = source[i + 1]!;
    const sz = source[i + 2]!;
    const x = source[i]!;
    // −y is exact in float32, as the turned copy stored it.
    const y = toYUp ? sz : sy;
    const z = toYUp ? -sy : sz;
    const q = source[i + 3]!;
    // In double precision the squares of float32 values can neither overflow nor underflow to 0
    // (Math.hypot, which guards against both, cost 7 % of a GLB encode).
    const length = Math.sqrt(x * x + y * y + z * z + q * q);
    if (length > 0 && Number.isFinite(length)) {
      if (Math.abs(length - 1) > UNIT_LENGTH_TOLERANCE) rescaled++;
      out[i] = x / length;
      out[i + 1] = y / length;
      out[i + 2] = z / length;
      out[i + 3] = q / length;
    } else {
      replaced++;
      out[i] = 0;
      out[i + 1] = 0;
      out[i + 2] = 0;
      out[i + 3] = 1;
    }
    if (snorm) {
      // A key within 2^-10 of unit length is stored as it is, others as made unit (rotationsAsSnorm16).
      const keep = Math.abs(length - 1) <= 2 ** -10;
      const sx = keep ? x : out[i]!;
      const sy2 = keep ? y : out[i + 1]!;
      const sz2 = keep ? z : out[i + 2]!;
      const sw = keep ? q : out[i + 3]!;
      snorm[i] = roundHalfUp((sx >= 1 ? 1 : sx <= -1 ? -1 : sx) * 32767);
      snorm[i + 1] = roundHalfUp((sy2 >= 1 ? 1 : sy2 <= -1 ? -1 : sy2) * 32767);
      snorm[i + 2] = roundHalfUp((sz2 >= 1 ? 1 : sz2 <= -1 ? -1 : sz2) * 32767);
      snorm[i + 3] = roundHalfUp((sw >= 1 ? 1 : sw <= -1 ? -1 : sw) * 32767);
    }
  }
  counts[0] = replaced;
  counts[1] = rescaled;
  return 0;
}
