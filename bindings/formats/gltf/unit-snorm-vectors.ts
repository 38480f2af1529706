// Quantized normals and tangents in one pass: the turn, the repair and the unit length of
// unitVectorsOnAxes and the snorm rounding of quantizedUnitVectors (now test/helpers/two-pass-references.ts) done for
// each vertex in one loop, instead of one loop writing the unit vectors (at each vertex's
// place in the meshopt order) and a second reading the source again and the unit vectors back
// from those scattered places. Every value comes from the same operations in the same order
// (each unit component rounded to float32 with Math.fround, as the unit array stored it), so the
// bytes are the two passes' (test/unit-snorm-vectors.test.ts). No unit array is made: for a
// small mesh it was, past 64 bytes, a buffer of its own, the largest cost of the call in a cpu
// profile of editor_viewcube.mesh (26 meshes of 4–12 vertices); a tangent that needs its
// vertex's unit normal (to replace a zero or non-finite tangent) computes it from the normals. Measured: snormUnitLoop, the second
// pass, was 12 % of Box47.mesh's optimized encode in a cpu profile (93,164 vertices, normals and
// tangents), unitNormalsLoop and unitTangentsLoop 2.4 and 3.2 %.
import { perpendicularTo } from '../../model/perpendicular-tangents.js';
import { UNIT_LENGTH_TOLERANCE } from './finite-values.js';
import { roundHalfUp } from './round-half-up.js';
import { VECTOR3_UNIT_TOLERANCE, type QuantizedAttribute } from './quantize-attributes.js';
import { nearestUnitRounding, onSnormGrid, unitSquaredRange, type UnitVectors } from './vertex-passes.js';
import { writerInt16, writerInt8 } from './writer-arena.js';

/** What unitVectorsOnAxes counts (its unit vectors are not kept), and the snorm attribute. */
export interface UnitSnormVectors {
  vectors: Omit<UnitVectors, 'unit'>;
  quantized: QuantizedAttribute;
}

/**
 * unitVectorsOnAxes(source, stride, toYUp, unit normals, order)'s counts and
 * quantizedUnitVectors(source, its unit vectors, stride, toYUp, bits, order), from one pass.
 * `normals`: for tangents, the mesh's normals as the Asset has them (source order).
 */
export function unitSnormVectors(source: Float32Array, stride: 3 | 4, toYUp: boolean, bits: 8 | 16, normals?: Float32Array, order?: Uint32Array): UnitSnormVectors {
  const counts = new Float64Array(3);
  const count = source.length / stride;
  const top = bits === 16 ? 32767 : 127;
  const bytes = bits === 16 ? 2 : 1;
  const elementBytes = stride * bytes;
  const byteStride = (elementBytes + 3) & ~3;
  const slots = byteStride / bytes;
  const out = bits === 16 ? writerInt16(count * slots) : writerInt8(count * slots);
  if (stride === 3) normalsLoop(source, toYUp, counts, order, top, out, slots);
  else tangentsLoop(source, toYUp, counts, normals, order, top, out, slots);
  return {
    vectors: { replaced: counts[0]!, rescaled: counts[1]!, signs: counts[2]! },
    quantized: { array: out, byteStride: byteStride === elementBytes ? undefined : byteStride },
  };
}

/** Normals; counts: replaced, rescaled. A loop in a function of its own (vertex-passes.ts says why). */
function normalsLoop(source: Float32Array, toYUp: boolean, counts: Float64Array, order: Uint32Array | undefined, top: number, out: Int8Array | Int16Array, slots: number): number {
  const chosen = new Float64Array(4);
  const limit = VECTOR3_UNIT_TOLERANCE * 0.99;
  const [lowest, highest] = unitSquaredRange(top);
  for (let i = 0, v = 0; i < source.length; i += 3, v++) {
    const d = order ? order[v]! : v;
    const x = source[i]!;
    const sy = source[i + 1]!;
    const sz = source[i + 2]!;
    const y = toYUp ? sz : sy;
    const z = toYUp ? -sy : sz;
    // In double precision the squares of float32 values cannot overflow.
    const length = Math.sqrt(x * x + y * y + z * z);
    // The unit vector as float32 (+Z for a zero or non-finite one).
    let nx = 0, ny = 0, nz = 1;
    if (length > 0 && length < Infinity) {
      if (Math.abs(length - 1) > UNIT_LENGTH_TOLERANCE) counts[1] = counts[1]! + 1;
      nx = Math.fround(x / length);
      ny = Math.fround(y / length);
      nz = Math.fround(z / length);
    } else {
      counts[0] = counts[0]! + 1;
    }
    // A source vector on the snorm grid and of unit length is rounded as it is, others their unit vector.
    const keep = onSnormGrid(x, top) && onSnormGrid(y, top) && onSnormGrid(z, top) && Math.abs(length - 1) <= limit;
    const ux = keep ? x : nx;
    const uy = keep ? y : ny;
    const uz = keep ? z : nz;
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

/** Tangents (xyz and the handedness w); counts: replaced, rescaled, signs. `normals`: the source normals (source order). */
function tangentsLoop(source: Float32Array, toYUp: boolean, counts: Float64Array, normals: Float32Array | undefined, order: Uint32Array | undefined, top: number, out: Int8Array | Int16Array, slots: number): number {
  const chosen = new Float64Array(4);
  const limit = VECTOR3_UNIT_TOLERANCE * 0.99;
  const [lowest, highest] = unitSquaredRange(top);
  for (let i = 0, v = 0; i < source.length; i += 4, v++) {
    const d = order ? order[v]! : v;
    const x = source[i]!;
    const sy = source[i + 1]!;
    const sz = source[i + 2]!;
    const y = toYUp ? sz : sy;
    const z = toYUp ? -sy : sz;
    const length = Math.sqrt(x * x + y * y + z * z);
    let tx: number, ty: number, tz: number;
    if (length > 0 && length < Infinity) {
      if (Math.abs(length - 1) > UNIT_LENGTH_TOLERANCE) counts[1] = counts[1]! + 1;
      tx = Math.fround(x / length);
      ty = Math.fround(y / length);
      tz = Math.fround(z / length);
    } else {
      counts[0] = counts[0]! + 1;
      const p = normals ? perpendicularToNormal(normals, v, toYUp) : perpendicularTo();
      tx = Math.fround(p[0]);
      ty = Math.fround(p[1]);
      tz = Math.fround(p[2]);
    }
    const w0 = source[i + 3]!;
    const sign = w0 < 0 ? -1 : 1;
    if (w0 !== sign) counts[2] = counts[2]! + 1;
    const keep = onSnormGrid(x, top) && onSnormGrid(y, top) && onSnormGrid(z, top) && Math.abs(w0) === 1 && Math.abs(length - 1) <= limit;
    const ux = keep ? x : tx;
    const uy = keep ? y : ty;
    const uz = keep ? z : tz;
    const uw = keep ? w0 : sign;
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

/**
 * A unit vector perpendicular to source vertex `v`'s unit normal, that normal made as
 * unitVectorsOnAxes makes it (turned, divided by its length and stored as float32; +Z when zero
 * or non-finite): the tangent repair's, without the unit normals' array.
 */
function perpendicularToNormal(normals: Float32Array, v: number, toYUp: boolean): [number, number, number] {
  const x = normals[v * 3]!;
  const sy = normals[v * 3 + 1]!;
  const sz = normals[v * 3 + 2]!;
  const y = toYUp ? sz : sy;
  const z = toYUp ? -sy : sz;
  const length = Math.sqrt(x * x + y * y + z * z);
  if (!(length > 0 && length < Infinity)) return perpendicularTo(0, 0, 1);
  return perpendicularTo(Math.fround(x / length), Math.fround(y / length), Math.fround(z / length));
}
