// The glTF writer's two-pass forms of what it now does in one pass, kept as the references the
// fused passes are tested against (their bytes must be these): quantizedUnitVectors, the snorm
// rounding that read the unit vectors of unitVectorsOnAxes back (the writer's one pass is
// unit-snorm-vectors.ts), and rotationsAsSnorm16, the int16 rounding of rotation keys turned and
// normalised by an earlier pass (the writer's one pass is unit-quaternions.ts). Moved here from
// bindings/formats/gltf/vertex-passes.ts unchanged once the writer no longer called them.
import { roundHalfUp } from '../../bindings/formats/gltf/round-half-up.js';
import { VECTOR3_UNIT_TOLERANCE, type QuantizedAttribute } from '../../bindings/formats/gltf/quantize-attributes.js';
import { nearestUnitRounding, onSnormGrid, unitSquaredRange } from '../../bindings/formats/gltf/vertex-passes.js';

/**
 * The unit vectors as snorm of `bits` (stride 4 bytes per element: padded int8 VEC3 / int16 VEC3,
 * tight VEC4), what the writer stores for quantized normals and tangents: a source vector
 * (`source` turned as in unitVectorsOnAxes) already on the snorm grid, within the validator's
 * unit-length tolerance and, for a tangent, with w exactly ±1, is rounded as it is (so it comes
 * back on its own step); others are their `unit` values rounded. A rounded vector whose length
 * leaves the validator's tolerance takes, of the eight roundings of its components, the one
 * nearest unit length (quantize-attributes.ts's header says why).
 */
export function quantizedUnitVectors(source: Float32Array, unit: Float32Array, stride: 3 | 4, toYUp: boolean, bits: 8 | 16, order?: Uint32Array): QuantizedAttribute {
  const count = source.length / stride;
  const top = bits === 16 ? 32767 : 127;
  const bytes = bits === 16 ? 2 : 1;
  const elementBytes = stride * bytes;
  const byteStride = (elementBytes + 3) & ~3;
  const slots = byteStride / bytes;
  const out = bits === 16 ? new Int16Array(count * slots) : new Int8Array(count * slots);
  if (out instanceof Int16Array) snormUnitLoop(source, unit, stride, toYUp, top, out, slots, order);
  else snormUnitLoop(source, unit, stride, toYUp, top, out, slots, order);
  return { array: out, byteStride: byteStride === elementBytes ? undefined : byteStride };
}

/** `unit` is in the output order already; `source` in its own. */
function snormUnitLoop(source: Float32Array, unit: Float32Array, stride: 3 | 4, toYUp: boolean, top: number, out: Int8Array | Int16Array, slots: number, order: Uint32Array | undefined): number {
  const count = source.length / stride;
  const chosen = new Float64Array(4);
  const limit = VECTOR3_UNIT_TOLERANCE * 0.99;
  const [lowest, highest] = unitSquaredRange(top);
  const tangent = stride === 4;
  for (let v = 0, i = 0; v < count; v++, i += stride) {
    const d = order ? order[v]! : v;
    const u = d * stride;
    const at = d * slots;
    const sx = source[i]!;
    const sy = source[i + 1]!;
    const sz = source[i + 2]!;
    const y0 = toYUp ? sz : sy;
    const z0 = toYUp ? -sy : sz;
    const w0 = tangent ? source[i + 3]! : 0;
    const keep = onSnormGrid(sx, top) && onSnormGrid(y0, top) && onSnormGrid(z0, top) && (!tangent || Math.abs(w0) === 1)
      && Math.abs(Math.sqrt(sx * sx + y0 * y0 + z0 * z0) - 1) <= limit;
    // The unrolled components (a loop over `stride` per vertex cost a third of this loop).
    const x = keep ? sx : unit[u]!;
    const y = keep ? y0 : unit[u + 1]!;
    const z = keep ? z0 : unit[u + 2]!;
    const qx = roundHalfUp((x >= 1 ? 1 : x <= -1 ? -1 : x) * top);
    const qy = roundHalfUp((y >= 1 ? 1 : y <= -1 ? -1 : y) * top);
    const qz = roundHalfUp((z >= 1 ? 1 : z <= -1 ? -1 : z) * top);
    out[at] = qx;
    out[at + 1] = qy;
    out[at + 2] = qz;
    if (tangent) {
      const w = keep ? w0 : unit[u + 3]!;
      out[at + 3] = roundHalfUp((w >= 1 ? 1 : w <= -1 ? -1 : w) * top);
    }
    const squared = qx * qx + qy * qy + qz * qz;
    if (squared < lowest || squared > highest) {
      chosen[0] = x;
      chosen[1] = y;
      chosen[2] = z;
      nearestUnitRounding(out, at, chosen, top);
    }
  }
  return 0;
}

/**
 * Animation rotation keys as normalized int16 (x, y, z, w each q / 32767), what the writer stores
 * without compression filters: each key's own values turned to the output axes where they are
 * within 2^-10 of unit length (keys already on the snorm16 grid, as UNIGINE's, stay on their
 * step; rounding the normalised values instead moved 15 % of actor_00_idle.anim's rotation values
 * by one step), else its `normalised` value (already turned). One pass and one array; it was a
 * turned copy, a choice pass and a rounding pass.
 */
export function rotationsAsSnorm16(values: Float32Array, normalised: Float32Array, toYUp: boolean): Int16Array {
  const out = new Int16Array(values.length);
  rotationsLoop(values, normalised, toYUp, out);
  return out;
}

function rotationsLoop(values: Float32Array, normalised: Float32Array, toYUp: boolean, out: Int16Array): number {
  for (let i = 0; i + 3 < values.length; i += 4) {
    const x0 = values[i]!;
    const sy = values[i + 1]!;
    const sz = values[i + 2]!;
    const y0 = toYUp ? sz : sy;
    const z0 = toYUp ? -sy : sz;
    const w0 = values[i + 3]!;
    const keep = Math.abs(Math.sqrt(x0 * x0 + y0 * y0 + z0 * z0 + w0 * w0) - 1) <= 2 ** -10;
    const x = keep ? x0 : normalised[i]!;
    const y = keep ? y0 : normalised[i + 1]!;
    const z = keep ? z0 : normalised[i + 2]!;
    const w = keep ? w0 : normalised[i + 3]!;
    out[i] = roundHalfUp((x >= 1 ? 1 : x <= -1 ? -1 : x) * 32767);
    out[i + 1] = roundHalfUp((y >= 1 ? 1 : y <= -1 ? -1 : y) * 32767);
    out[i + 2] = roundHalfUp((z >= 1 ? 1 : z <= -1 ? -1 : z) * 32767);
    out[i + 3] = roundHalfUp((w >= 1 ? 1 : w <= -1 ? -1 : w) * 32767);
  }
  return 0;
}
