// The glTF writer's per-vertex work on positions, normals, tangents and UV sets, one pass per
// attribute: the turn to the output axes, the repair of non-finite values, the unit-length checks
// and the choice of what to quantize, done in the loop that reads each vertex once.
//
// Alternatives, measured on Box47.mesh (93,164 vertices with normals, tangents and one UV set)
// through `--optimize` (bench/optimize-encode.bench.ts, one interleaved run on the shared 2-core
// machine): the separate passes (a copy turned Y-up, a unit-length pass, a second turned copy for
// the source-grid check, the snorm rounding, the validator-tolerance check; per UV set a copy, a
// repair pass, a flip pass and a range pass) were half of the encode in the profile (README § GLB
// encode), a third after fusing them here: each attribute read once and written once before
// quantization. The plain writer's normals in the source's order go through a kernel
// (unitNormalsOnAxes, assembly/gltf-unit-normals.ts: with SIMD 25.7 against 47.8 µs for 9,305
// normals, the copies into and out of WebAssembly memory included; the scalar build 42.5), and
// so do its positions (positionsOnAxesWith, assembly/gltf-positions.ts: 11.1 against 46.1 µs,
// scalar 26.0; 0.6 against 1.1 at 200 vertices); one interleaved loop each on the shared 2-core
// machine at load 8–11), and its UV sets (uvsForOutputWith, assembly/gltf-uvs.ts: 7.3 against
// 117.6 µs for 9,305 flipped pairs, scalar 23.2; 0.5 against 1.1 at 200), and its tangents up to
// the first one to replace (unitTangentsOnAxes, assembly/gltf-unit-tangents.ts: 25.4 against 58.6
// µs for 9,305, scalar 44.1; 0.9 against 1.3 at 200). The replacements (perpendicularTo, with
// Math.hypot) and every pass with a reorder are still these TypeScript loops.
//
// Each loop is a function of its own that returns a local and does nothing after the loop: V8
// optimizes a long loop while it runs (on-stack replacement) and, in Node 20, threw that code away
// on reaching code after the loop that had never run (an object built, a count stored), on every
// call, so a call ran mostly in the interpreter (positions of Box47.mesh: 30 ns a vertex in the
// writer against 8 ns alone; --trace-deopt showed one deopt per call).
//
// Each pass takes the array to write into (every element written: the writer's scratch, which is
// not zero-filled, writer-scratch.ts), a new one by default.
//
// With `order` (EXT_meshopt_compression's vertex reorder: order[v] is vertex v's new number)
// each pass reads vertex v and writes it at order[v], so the reorder costs no pass of its own
// (meshopt-order.ts copied every attribute to its new order first: 5 % of Box47.mesh's encode).
//
// Every function gives the same float32 values, in the same order of operations, as the passes it
// replaces (test/gltf-vertex-passes.test.ts checks them against those passes one by one), so the
// writer's output is byte for byte what it was.
import { perpendicularTo } from '../../model/perpendicular-tangents.js';
import { UNIT_LENGTH_TOLERANCE } from './finite-values.js';
import { roundHalfUp } from './round-half-up.js';
import { VECTOR3_UNIT_TOLERANCE } from './quantize-attributes.js';
import { writerFloat32 } from './writer-arena.js';
import type { Kernels } from '../../kernels/kernels.js';

/** A vertex attribute turned to the output axes, with what was changed to make it valid glTF. */
export interface UnitVectors {
  /** xyz (and a tangent's w) of every vertex, unit length, on the output axes. */
  unit: Float32Array;
  /** Zero-length or non-finite vectors replaced (+Z for normals; perpendicular to the normal for tangents). */
  replaced: number;
  /** Lengths off 1 by more than the validator's tolerance, normalised. */
  rescaled: number;
  /** Tangent w values other than ±1 written as their sign. */
  signs: number;
}

/**
 * Normals (3 floats each) or tangents (4: xyz and the handedness w), turned Z-up → Y-up when
 * `toYUp` ((x, y, z) → (x, z, −y)) and scaled to unit length, into a new array. A zero or
 * non-finite normal becomes +Z; such a tangent becomes a unit vector perpendicular to its
 * vertex's unit normal (`normals`, +X without them); a tangent's w becomes its sign (+1 when zero
 * or NaN).
 */
export function unitVectorsOnAxes(source: Float32Array, stride: 3 | 4, toYUp: boolean, normals?: Float32Array, order?: Uint32Array, unit = new Float32Array(source.length)): UnitVectors {
  const counts = new Float64Array(3);
  if (stride === 3) unitNormalsLoop(source, toYUp, unit, counts, order);
  else unitTangentsLoop(source, toYUp, unit, counts, normals, order);
  return { unit, replaced: counts[0]!, rescaled: counts[1]!, signs: counts[2]! };
}

const NORMAL_COUNTS = new Uint32Array(2);

/**
 * unitVectorsOnAxes for normals (stride 3) on `kernels`: the `unitNormals` kernel when they are
 * written in the source's order (assembly/gltf-unit-normals.ts: the same bits; with SIMD, 25.7
 * against 47.8 µs for the speed bar's 9,305 normals, staging included, in one interleaved loop on
 * the shared 2-core machine; the scalar build 42.5), else the TypeScript loop (the reorder of
 * EXT_meshopt_compression, where it writes vertex v at order[v]).
 */
export function unitNormalsOnAxes(kernels: Kernels, source: Float32Array, toYUp: boolean, order?: Uint32Array, unit = new Float32Array(source.length)): UnitVectors {
  if (order) return unitVectorsOnAxes(source, 3, toYUp, undefined, order, unit);
  kernels.raw.unitNormals(source, toYUp, UNIT_LENGTH_TOLERANCE, unit, NORMAL_COUNTS);
  return { unit, replaced: NORMAL_COUNTS[0]!, rescaled: NORMAL_COUNTS[1]!, signs: 0 };
}

const TANGENT_COUNTS = new Uint32Array(2);

/**
 * unitVectorsOnAxes for tangents (stride 4) on `kernels`: the `unitTangents` kernel up to the
 * first tangent to replace (assembly/gltf-unit-tangents.ts), the TypeScript loop from it on (its
 * replacement, perpendicular to the normal, uses Math.hypot) and for a reorder.
 */
export function unitTangentsOnAxes(kernels: Kernels, source: Float32Array, toYUp: boolean, normals?: Float32Array, order?: Uint32Array, unit = new Float32Array(source.length)): UnitVectors {
  if (order) return unitVectorsOnAxes(source, 4, toYUp, normals, order, unit);
  const done = kernels.raw.unitTangents(source, toYUp, UNIT_LENGTH_TOLERANCE, unit, TANGENT_COUNTS);
  const counts = Float64Array.of(0, TANGENT_COUNTS[0]!, TANGENT_COUNTS[1]!);
  if (done * 4 < source.length) unitTangentsLoop(source, toYUp, unit, counts, normals, undefined, done);
  return { unit, replaced: counts[0]!, rescaled: counts[1]!, signs: counts[2]! };
}

/** unitVectorsOnAxes for normals; counts: replaced, rescaled. */
function unitNormalsLoop(source: Float32Array, toYUp: boolean, unit: Float32Array, counts: Float64Array, order: Uint32Array | undefined): number {
  for (let i = 0, v = 0; i < source.length; i += 3, v++) {
    const o = order ? order[v]! * 3 : i;
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
      // Every element written: `unit` may be scratch (writer-scratch.ts), not zero-filled.
      unit[o] = 0;
      unit[o + 1] = 0;
      unit[o + 2] = 1;
    }
  }
  return 0;
}

/** unitVectorsOnAxes for tangents, from vertex `from` on; counts: replaced, rescaled, signs. */
function unitTangentsLoop(source: Float32Array, toYUp: boolean, unit: Float32Array, counts: Float64Array, normals: Float32Array | undefined, order: Uint32Array | undefined, from = 0): number {
  for (let i = from * 4, v = from; i < source.length; i += 4, v++) {
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
      // `normals` are the unit normals, already in the output order.
      const p = normals ? perpendicularTo(normals[d * 3], normals[d * 3 + 1], normals[d * 3 + 2]) : perpendicularTo();
      unit[o] = p[0];
      unit[o + 1] = p[1];
      unit[o + 2] = p[2];
    }
    const w = source[i + 3]!;
    const sign = w < 0 ? -1 : 1;
    if (w !== sign) counts[2] = counts[2]! + 1;
    unit[o + 3] = sign;
  }
  return 0;
}

const SQUARED_RANGES = new Map<number, [number, number]>();

/**
 * The squared lengths L (whole numbers: sums of squared snorm integers) for which
 * |√L / top − 1| ≤ the validator's tolerance × 0.99, computed in float64 as the check always was:
 * an interval, since √, ÷ top and − 1 are each monotonic, so its two ends found once by bisection
 * make the check two integer comparisons per vector instead of a square root and a division.
 */
export function unitSquaredRange(top: number): [number, number] {
  let range = SQUARED_RANGES.get(top);
  if (!range) {
    const limit = VECTOR3_UNIT_TOLERANCE * 0.99;
    const within = (squared: number) => Math.abs(Math.sqrt(squared) / top - 1) <= limit;
    // Lowest: the first L in [0, top²] within (top² is: √ gives top exactly).
    let lo = 0, hi = top * top;
    while (lo < hi) { const mid = Math.floor((lo + hi) / 2); if (within(mid)) hi = mid; else lo = mid + 1; }
    const lowest = lo;
    // Highest: the last L in [top², 4·top²] within.
    lo = top * top;
    hi = 4 * top * top;
    while (lo < hi) { const mid = Math.ceil((lo + hi) / 2); if (within(mid)) lo = mid; else hi = mid - 1; }
    range = [lowest, lo];
    SQUARED_RANGES.set(top, range);
  }
  return range;
}

/** Whether a float32 component is a whole number of snorm steps (within 1e-3 of one) inside −1–1. */
export function onSnormGrid(value: number, top: number): boolean {
  const steps = value * top;
  return Math.abs(steps - roundHalfUp(steps)) <= 1e-3 && Math.abs(steps) <= top;
}

/** Of the eight roundings (floor or floor + 1 per component) of `chosen`'s xyz, the one nearest unit length, written at `at` (the current rounding kept on ties). */
export function nearestUnitRounding(out: Int8Array | Int16Array, at: number, chosen: Float64Array, top: number): void {
  const lengthError = (x: number, y: number, z: number) => Math.abs(Math.sqrt(x * x + y * y + z * z) / top - 1);
  let bx = out[at]!, by = out[at + 1]!, bz = out[at + 2]!;
  let bestError = lengthError(bx, by, bz);
  const fx = Math.floor(Math.max(-1, Math.min(1, chosen[0]!)) * top);
  const fy = Math.floor(Math.max(-1, Math.min(1, chosen[1]!)) * top);
  const fz = Math.floor(Math.max(-1, Math.min(1, chosen[2]!)) * top);
  for (let mask = 0; mask < 8; mask++) {
    const cx = Math.max(-top, Math.min(top, fx + (mask & 1)));
    const cy = Math.max(-top, Math.min(top, fy + ((mask >> 1) & 1)));
    const cz = Math.max(-top, Math.min(top, fz + ((mask >> 2) & 1)));
    const error = lengthError(cx, cy, cz);
    if (error < bestError) {
      bx = cx;
      by = cy;
      bz = cz;
      bestError = error;
    }
  }
  out[at] = bx;
  out[at + 1] = by;
  out[at + 2] = bz;
}

/**
 * A copy of `stride` floats per element with the xyz turned Z-up → Y-up, (x, y, z) → (x, z, −y),
 * or with `swap` (scale factors follow their axes) (x, y, z) → (x, z, y); other components as
 * they are. One pass (a copy, then a turn in place, was two). `out` (as long as `source`, not
 * `source`): where to write them, a new array by default.
 */
export function turnedCopy(source: Float32Array, stride: number, swap: boolean, out: Float32Array = new Float32Array(source.length)): Float32Array {
  if (stride === 3) turn3Loop(source, out, swap);
  else turnLoop(source, out, stride, swap);
  return out;
}

function turn3Loop(source: Float32Array, out: Float32Array, swap: boolean): number {
  for (let i = 0; i + 2 < source.length; i += 3) {
    const y = source[i + 1]!;
    out[i] = source[i]!;
    out[i + 1] = source[i + 2]!;
    out[i + 2] = swap ? y : -y;
  }
  return 0;
}

function turnLoop(source: Float32Array, out: Float32Array, stride: number, swap: boolean): number {
  out.set(source);
  for (let i = 0; i + 2 < source.length; i += stride) {
    const y = source[i + 1]!;
    out[i + 1] = source[i + 2]!;
    out[i + 2] = swap ? y : -y;
  }
  return 0;
}

/** Positions (xyz) on the output axes, non-finite values as 0, with their per-axis box. */
export interface PositionsOnAxes {
  positions: Float32Array;
  /** Values not finite in float32, written as 0. */
  replaced: number;
  box: { min: number[]; max: number[] };
}

/** Positions turned Z-up → Y-up when `toYUp`, non-finite values replaced by 0, and their box, in one pass. */
export function positionsOnAxes(source: Float32Array, toYUp: boolean, order?: Uint32Array, positions = new Float32Array(source.length)): PositionsOnAxes {
  const replaced = positionsLoop(source, toYUp, positions, order);
  return { positions, replaced, box: { min: [loopMinX, loopMinY, loopMinZ], max: [loopMaxX, loopMaxY, loopMaxZ] } };
}

const POSITION_BOX = new Float32Array(6);

/**
 * positionsOnAxes on `kernels`: the `positionsOnAxes` kernel when written in the source's order
 * (assembly/gltf-positions.ts: the same values, count and box), else the TypeScript loop.
 */
export function positionsOnAxesWith(kernels: Kernels, source: Float32Array, toYUp: boolean, order?: Uint32Array, positions = new Float32Array(source.length)): PositionsOnAxes {
  if (order) return positionsOnAxes(source, toYUp, order, positions);
  const replaced = kernels.raw.positionsOnAxes(source, toYUp, positions, POSITION_BOX);
  const b = POSITION_BOX;
  return { positions, replaced, box: { min: [b[0]!, b[1]!, b[2]!], max: [b[3]!, b[4]!, b[5]!] } };
}

/** positionsLoop's box (min xyz, max xyz), read by positionsOnAxes right after the call. */
let loopMinX = 0, loopMinY = 0, loopMinZ = 0, loopMaxX = 0, loopMaxY = 0, loopMaxZ = 0;
const POSITIVE_INFINITY = Infinity;
const NEGATIVE_INFINITY = -Infinity;

/**
 * positionsOnAxes' loop: the count of values replaced; the box (kept in locals, not read and
 * written through an array per vertex: the six loads and stores could not be kept in registers)
 * into the module's loop* variables.
 *
 * Nothing before or after the loop needs V8 type feedback: it starts from module constants (not a
 * negation) and leaves the box in module variables (no keyed or named store), so code V8 compiles
 * while the first call is still in its loop (on-stack replacement, before the function has run to
 * its end once) has nothing to bail out on. With a box array read at entry and written at exit it
 * did, in one of two runs of the optimize bench's order: the replacement code kept in V8's cache
 * bailed out at the first store after the loop on every later call ("Insufficient type feedback
 * for generic keyed access", 101 bailouts in SerializedMesh.data's 100 encodes, each about 0.15 ms
 * of the deoptimizer in a 1 ms encode).
 */
function positionsLoop(source: Float32Array, toYUp: boolean, positions: Float32Array, order: Uint32Array | undefined): number {
  let replaced = 0;
  let x0 = POSITIVE_INFINITY, y0 = POSITIVE_INFINITY, z0 = POSITIVE_INFINITY, x1 = NEGATIVE_INFINITY, y1 = NEGATIVE_INFINITY, z1 = NEGATIVE_INFINITY;
  for (let i = 0, v = 0; i + 2 < source.length; i += 3, v++) {
    const o = order ? order[v]! * 3 : i;
    let x = source[i]!;
    const sy = source[i + 1]!;
    const sz = source[i + 2]!;
    let y = toYUp ? sz : sy;
    let z = toYUp ? -sy : sz;
    if (!Number.isFinite(x)) { x = 0; replaced++; }
    if (!Number.isFinite(y)) { y = 0; replaced++; }
    if (!Number.isFinite(z)) { z = 0; replaced++; }
    positions[o] = x;
    positions[o + 1] = y;
    positions[o + 2] = z;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
    if (z < z0) z0 = z;
    if (z > z1) z1 = z;
  }
  loopMinX = x0;
  loopMinY = y0;
  loopMinZ = z0;
  loopMaxX = x1;
  loopMaxY = y1;
  loopMaxZ = z1;
  return replaced;
}

/** A UV set as written: a copy with non-finite values as 0 and, with `flipV`, v → 1 − v; whether every value then lies in 0–1. */
export function uvsForOutput(source: Float32Array, flipV: boolean, order?: Uint32Array, uvs = new Float32Array(source.length)): { uvs: Float32Array; replaced: number; inUnitRange: boolean } {
  const outside = new Float64Array(1);
  const replaced = order ? uvOrderLoop(source, flipV, uvs, outside, order) : uvLoop(source, flipV, uvs, outside);
  return { uvs, replaced, inUnitRange: outside[0] === 0 };
}

const UV_OUTSIDE = new Uint32Array(1);

/**
 * uvsForOutput on `kernels`: the `uvsForOutput` kernel in the source's order (assembly/gltf-uvs.ts),
 * the `uvsForOutputOrdered` kernel in a vertex order (assembly/gltf-opt-uvs.ts: pair v at
 * order[v]; the TypeScript loop it replaced was 2.0 % of Box47.mesh's optimized encode, 93,164
 * pairs). Both give what uvsForOutput gives, bit for bit (test/gltf-uvs-kernel-parity.test.ts,
 * test/gltf-opt-uvs-kernel-parity.test.ts).
 */
export function uvsForOutputWith(kernels: Kernels, source: Float32Array, flipV: boolean, order?: Uint32Array, uvs = new Float32Array(source.length)): { uvs: Float32Array; replaced: number; inUnitRange: boolean } {
  const replaced = order ? kernels.raw.uvsForOutputOrdered(source, flipV, order, uvs, UV_OUTSIDE) : kernels.raw.uvsForOutput(source, flipV, uvs, UV_OUTSIDE);
  if (replaced < 0) throw new RangeError('meshcodec: uvsForOutputWith order names a vertex past the vertex count');
  return { uvs, replaced, inUnitRange: UV_OUTSIDE[0] === 0 };
}

/** uvsForOutput's loop: gives the count of values replaced; `outside[0]` counts values outside 0–1. */
function uvLoop(source: Float32Array, flipV: boolean, uvs: Float32Array, outside: Float64Array): number {
  let replaced = 0;
  // Counted in a local, stored once after the loop (positionsLoop says why).
  let out = outside[0]!;
  for (let i = 0; i < source.length; i++) {
    let value = source[i]!;
    if (!Number.isFinite(value)) {
      value = 0;
      replaced++;
    }
    if (flipV && (i & 1) === 1) value = Math.fround(1 - value);
    uvs[i] = value;
    if (!(value >= 0 && value <= 1)) out++;
  }
  outside[0] = out;
  return replaced;
}

/** uvLoop writing vertex v's pair at order[v]. */
function uvOrderLoop(source: Float32Array, flipV: boolean, uvs: Float32Array, outside: Float64Array, order: Uint32Array): number {
  let replaced = 0;
  let out = outside[0]!;
  for (let i = 0, v = 0; i + 1 < source.length; i += 2, v++) {
    let u = source[i]!;
    let w = source[i + 1]!;
    if (!Number.isFinite(u)) {
      u = 0;
      replaced++;
    }
    if (!Number.isFinite(w)) {
      w = 0;
      replaced++;
    }
    if (flipV) w = Math.fround(1 - w);
    const o = order[v]! * 2;
    uvs[o] = u;
    uvs[o + 1] = w;
    if (!(u >= 0 && u <= 1) || !(w >= 0 && w <= 1)) out++;
  }
  outside[0] = out;
  return replaced;
}
