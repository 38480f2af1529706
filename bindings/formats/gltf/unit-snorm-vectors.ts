// Quantized normals and tangents in one pass: the turn, the repair and the unit length of
// unitVectorsOnAxes and the snorm rounding of quantizedUnitVectors (vertex-passes.ts) done for
// each vertex in one loop, instead of one loop writing the unit vectors (at each vertex's
// place in the meshopt order) and a second reading the source again and the unit vectors back
// from those scattered places. Every value comes from the same operations in the same order
// (the unit vector is read back from where this loop just wrote it, as float32), so the bytes
// are the two passes' (test/unit-snorm-vectors.test.ts). Measured: snormUnitLoop, the second
// pass, was 12 % of Box47.mesh's optimized encode in a cpu profile (93,164 vertices, normals and
// tangents), unitNormalsLoop and unitTangentsLoop 2.4 and 3.2 %.
import { perpendicularTo } from '../../model/perpendicular-tangents.js';
import { UNIT_LENGTH_TOLERANCE } from './finite-values.js';
import { roundHalfUp } from './round-half-up.js';
import { VECTOR3_UNIT_TOLERANCE, type QuantizedAttribute } from './quantize-attributes.js';
import { nearestUnitRounding, onSnormGrid, unitSquaredRange, type UnitVectors } from './vertex-passes.js';

/**
 * unitVectorsOnAxes(source, stride, toYUp, normals, order) and quantizedUnitVectors(source, that
 * unit, stride, toYUp, bits, order), from one pass.
 */
export function unitSnormVectors(source: Float32Array, stride: 3 | 4, toYUp: boolean, bits: 8 | 16, normals?: Float32Array, order?: Uint32Array): { vectors: UnitVectors; quantized: QuantizedAttribute } {
  const unit = new Float32Array(source.length);
  const counts = new Float64Array(3);
  const count = source.length / stride;
  const top = bits === 16 ? 32767 : 127;
  const bytes = bits === 16 ? 2 : 1;
  const elementBytes = stride * bytes;
  const byteStride = (elementBytes + 3) & ~3;
  const slots = byteStride / bytes;
  const out = bits === 16 ? new Int16Array(count * slots) : new Int8Array(count * slots);
  if (stride === 3) normalsLoop(source, toYUp, unit, counts, order, top, out, slots);
  else tangentsLoop(source, toYUp, unit, counts, normals, order, top, out, slots);
  return {
    vectors: { unit, replaced: counts[0]!, rescaled: counts[1]!, signs: counts[2]! },
    quantized: { array: out, byteStride: byteStride === elementBytes ? undefined : byteStride },
  };
}

/** Normals; counts: replaced, rescaled. A loop in a function of its own (vertex-passes.ts says why). */
function normalsLoop(source: Float32Array, toYUp: boolean, unit: Float32Array, counts: Float64Array, order: Uint32Array | undefined, top: number, out: Int8Array | Int16Array, slots: number): number {
  const chosen = new Float64Array(4);
  const limit = VECTOR3_UNIT_TOLERANCE * 0.99;
  const [lowest, highest] = unitSquaredRange(top);
  for (let i = 0, v = 0; i < source.length; i += 3, v++) {
    const d = order ? order[v]! : v;
    const o = d * 3;
    const x = source[i]!;
    const sy = source[i + 1]!;
    const sz = source[i + 2]!;
    const y = toYUp ? sz : sy;
    const z = toYUp ? -sy : sz;
    // In double precision the squares of float32 values cannot overflow.
    const length = Math.sqrt(x * x + y * y + z * z);
    if (length > 0 && length < Infinity) {
      if (Math.abs(length - 1) > UNIT_LENGTH_TOLERANCE) counts[1] = counts[1]! + 1;
      unit[o] = x / length;
      unit[o + 1] = y / length;
      unit[o + 2] = z / length;
    } else {
      counts[0] = counts[0]! + 1;
      unit[o + 2] = 1;
    }
    // A source vector on the snorm grid and of unit length is rounded as it is, others their unit vector.
    const keep = onSnormGrid(x, top) && onSnormGrid(y, top) && onSnormGrid(z, top) && Math.abs(length - 1) <= limit;
    const ux = keep ? x : unit[o]!;
    const uy = keep ? y : unit[o + 1]!;
    const uz = keep ? z : unit[o + 2]!;
    const qx = roundHalfUp((ux >= 1 ? 1 : ux <= -1 ? -1 : ux) * top);
    const qy = roundHalfUp((uy >= 1 ? 1 : uy <= -1 ? -1 : uy) * top);
    const qz = roundHalfUp((uz >= 1 ? 1 : uz <= -1 ? -1 : uz) * top);
    const at = d * slots;
    out[at] = qx;
    out[at + 1] = qy;
    out[at + 2] = qz;
    const squared = qx * qx + qy * qy + qz * qz;
    if (squared < lowest || squared > highest) {
      chosen[0] = ux;
      chosen[1] = uy;
      chosen[2] = uz;
      nearestUnitRounding(out, at, chosen, top);
    }
  }
  return 0;
}

/** Tangents (xyz and the handedness w); counts: replaced, rescaled, signs. `normals`: the unit normals, already in the output order. */
function tangentsLoop(source: Float32Array, toYUp: boolean, unit: Float32Array, counts: Float64Array, normals: Float32Array | undefined, order: Uint32Array | undefined, top: number, out: Int8Array | Int16Array, slots: number): number {
  const chosen = new Float64Array(4);
  const limit = VECTOR3_UNIT_TOLERANCE * 0.99;
  const [lowest, highest] = unitSquaredRange(top);
  for (let i = 0, v = 0; i < source.length; i += 4, v++) {
    const d = order ? order[v]! : v;
    const o = d * 4;
    const x = source[i]!;
    const sy = source[i + 1]!;
    const sz = source[i + 2]!;
    const y = toYUp ? sz : sy;
    const z = toYUp ? -sy : sz;
    const length = Math.sqrt(x * x + y * y + z * z);
    if (length > 0 && length < Infinity) {
      if (Math.abs(length - 1) > UNIT_LENGTH_TOLERANCE) counts[1] = counts[1]! + 1;
      unit[o] = x / length;
      unit[o + 1] = y / length;
      unit[o + 2] = z / length;
    } else {
      counts[0] = counts[0]! + 1;
      const p = normals ? perpendicularTo(normals[d * 3], normals[d * 3 + 1], normals[d * 3 + 2]) : perpendicularTo();
      unit[o] = p[0];
      unit[o + 1] = p[1];
      unit[o + 2] = p[2];
    }
    const w0 = source[i + 3]!;
    const sign = w0 < 0 ? -1 : 1;
    if (w0 !== sign) counts[2] = counts[2]! + 1;
    unit[o + 3] = sign;
    const keep = onSnormGrid(x, top) && onSnormGrid(y, top) && onSnormGrid(z, top) && Math.abs(w0) === 1 && Math.abs(length - 1) <= limit;
    const ux = keep ? x : unit[o]!;
    const uy = keep ? y : unit[o + 1]!;
    const uz = keep ? z : unit[o + 2]!;
    const uw = keep ? w0 : unit[o + 3]!;
    const qx = roundHalfUp((ux >= 1 ? 1 : ux <= -1 ? -1 : ux) * top);
    const qy = roundHalfUp((uy >= 1 ? 1 : uy <= -1 ? -1 : uy) * top);
    const qz = roundHalfUp((uz >= 1 ? 1 : uz <= -1 ? -1 : uz) * top);
    const at = d * slots;
    out[at] = qx;
    out[at + 1] = qy;
    out[at + 2] = qz;
    out[at + 3] = roundHalfUp((uw >= 1 ? 1 : uw <= -1 ? -1 : uw) * top);
    const squared = qx * qx + qy * qy + qz * qz;
    if (squared < lowest || squared > highest) {
      chosen[0] = ux;
      chosen[1] = uy;
      chosen[2] = uz;
      nearestUnitRounding(out, at, chosen, top);
    }
  }
  return 0;
}
