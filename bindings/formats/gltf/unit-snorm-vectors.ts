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
//
// The loop itself is now the `snormNormals` / `snormTangents` kernel (assembly/gltf-opt-snorm-vectors.ts,
// its TypeScript twin bindings/kernels/js/gltf-opt-snorm-vectors.ts: the loops that were here).
// Measured on Box47.mesh's 71,742-vertex mesh in the meshopt order (one interleaved loop, shared
// 2-core machine, load 7–8): the TypeScript loop 1.10 ms (normals) / 1.34 ms (tangents), the
// SIMD kernel with its staging 0.68 / 0.78 ms; the scalar build 1.19 / 1.39 (the js twin, the
// small-input path, is the old loop). Tangents of zero or non-finite length are replaced here.
import { perpendicularTo } from '../../model/perpendicular-tangents.js';
import { UNIT_LENGTH_TOLERANCE } from './finite-values.js';
import { roundHalfUp } from './round-half-up.js';
import { VECTOR3_UNIT_TOLERANCE, type QuantizedAttribute } from './quantize-attributes.js';
import { nearestUnitRounding, unitSquaredRange, type UnitVectors } from './vertex-passes.js';
import { writerInt16, writerInt8 } from './writer-arena.js';
import type { Kernels } from '../../kernels/kernels.js';
import type { WriterScratch } from './writer-scratch.js';

/** What unitVectorsOnAxes counts (its unit vectors are not kept), and the snorm attribute. */
export interface UnitSnormVectors {
  vectors: Omit<UnitVectors, 'unit'>;
  quantized: QuantizedAttribute;
}

/**
 * unitVectorsOnAxes(source, stride, toYUp, unit normals, order)'s counts and
 * quantizedUnitVectors(source, its unit vectors, stride, toYUp, bits, order), from one pass: the
 * `snormNormals` / `snormTangents` kernel on `kernels`, then here the rare tangents whose length is
 * zero or not finite (replaced by a unit vector perpendicular to their unit normal).
 * `normals`: for tangents, the mesh's normals as the Asset has them (source order). `scratch`:
 * where the snorm array goes (the writer's), else the writer arena.
 */
export function unitSnormVectors(kernels: Kernels, source: Float32Array, stride: 3 | 4, toYUp: boolean, bits: 8 | 16, normals?: Float32Array, order?: Uint32Array, scratch?: WriterScratch): UnitSnormVectors {
  const count = Math.floor(source.length / stride);
  const top = bits === 16 ? 32767 : 127;
  // The kernels write every slot (padding too), so the writer's scratch (not zeroed, kept between
  // encodes) serves: no fresh backing store per attribute (writer-scratch.ts says what those cost).
  const out = scratch ? (bits === 16 ? scratch.int16(count * 4) : int8View(scratch.uint8(count * 4))) : bits === 16 ? writerInt16(count * 4) : writerInt8(count * 4);
  const [lowest, highest] = unitSquaredRange(top);
  const limit = VECTOR3_UNIT_TOLERANCE * 0.99;
  let replaced = 0;
  if (stride === 3) {
    if (kernels.raw.snormNormals(source, toYUp, top, UNIT_LENGTH_TOLERANCE, limit, lowest, highest, order, out, COUNTS) < 0) badOrder();
    replaced = COUNTS[0]!;
  } else {
    // Only the first `listed` entries are read: scratch (not zeroed) serves.
    const list = scratch ? scratch.uint32(count) : new Uint32Array(count);
    const listed = kernels.raw.snormTangents(source, toYUp, top, UNIT_LENGTH_TOLERANCE, limit, lowest, highest, order, out, COUNTS, list);
    if (listed < 0) badOrder();
    for (let k = 0; k < listed; k++) replaceTangent(source, list[k]!, toYUp, normals, order, top, lowest, highest, out);
    replaced = listed;
  }
  const elementBytes = stride * (bits === 16 ? 2 : 1);
  const byteStride = (elementBytes + 3) & ~3;
  return {
    vectors: { replaced, rescaled: COUNTS[1]!, signs: COUNTS[2]! },
    quantized: { array: out, byteStride: byteStride === elementBytes ? undefined : byteStride },
  };
}

const COUNTS = new Uint32Array(3);

function int8View(bytes: Uint8Array): Int8Array {
  return new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}


function badOrder(): never {
  throw new RangeError('meshcodec: unitSnormVectors order names a vertex past the vertex count');
}

/**
 * Tangent v (its length zero or not finite) replaced by a unit vector perpendicular to its unit
 * normal, w its sign, rounded to snorm at its place (the kernels' rounding, nearest unit length
 * where the rounding leaves the tolerance).
 */
function replaceTangent(source: Float32Array, v: number, toYUp: boolean, normals: Float32Array | undefined, order: Uint32Array | undefined, top: number, lowest: number, highest: number, out: Int8Array | Int16Array): void {
  const p = normals ? perpendicularToNormal(normals, v, toYUp) : perpendicularTo();
  const ux = Math.fround(p[0]);
  const uy = Math.fround(p[1]);
  const uz = Math.fround(p[2]);
  const w0 = source[v * 4 + 3]!;
  const uw = w0 < 0 ? -1 : 1;
  const qx = roundHalfUp((ux >= 1 ? 1 : ux <= -1 ? -1 : ux) * top);
  const qy = roundHalfUp((uy >= 1 ? 1 : uy <= -1 ? -1 : uy) * top);
  const qz = roundHalfUp((uz >= 1 ? 1 : uz <= -1 ? -1 : uz) * top);
  const at = (order ? order[v]! : v) * 4;
  out[at] = qx;
  out[at + 1] = qy;
  out[at + 2] = qz;
  out[at + 3] = uw * top;
  const squared = qx * qx + qy * qy + qz * qz;
  if (squared < lowest || squared > highest) nearestUnitRounding(out, at, Float64Array.of(ux, uy, uz, 0), top);
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
