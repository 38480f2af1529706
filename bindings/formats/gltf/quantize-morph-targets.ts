// Morph targets under `quantize` (KHR_mesh_quantization allows a target's POSITION as byte / short,
// normalized or not, and its NORMAL / TANGENT as normalized byte / short).
//
// Displacements go on the mesh's own position grid: glTF adds the weighted displacement to the
// stored position before the node transform (or, skinned, before the inverse bind matrices that
// carry the grid), so a displacement stored as a whole number of grid steps Δ reads back as
// Δ · step. Δ is the displaced position's grid point less the position's own,
// round((p + d − offset) / step) − q, so that a reader's p + d (weight 1) is within step / 2 per
// axis, as the positions are (the displacement itself within one step).
// Alternatives measured (optimized GLB bytes): Δ = round(d / step) puts the displaced position
// within one step, twice the positions' bound, for no byte less (AnimatedMorphCube.gltf at
// gltfpack's precision with pruneUnread 2,632 both ways; a 2,600-vertex tube with displacements
// of 0.003 / 0.3, `--optimize`, 28,372 / 36,068 both ways); normalized shorts with a scale cannot
// be had (a target has no transform of its own: the node's is the positions' step, so normalized
// values would move a vertex by one step at most).
// The type is the narrowest that holds every Δ of the target: int8 where all are within −128..127
// (the tube's small displacements: 28,372 bytes, as int16 30,252), else int16 (AnimatedMorphCube's
// at 14 bits reach 16,311 steps); a target beyond int16 (a displacement longer than 32,767 steps:
// at 16 bits, half the mesh's largest extent) stays float32 in grid steps, compressed through the
// EXPONENTIAL filter at 24 bits, warned; a static mesh with a displacement of more steps than
// float32 holds keeps float32 positions (targetBeyondFloatSteps), warned.
//
// Normal deltas as snorm8 / snorm16 at the bits `quantize.normal` gives normals ('oct8': snorm8, the
// OCTAHEDRAL filter is for unit vectors, not deltas), each component within 1 / 254 (1 / 65,534)
// of its own; a delta of unit vectors can reach ±2 per component, which snorm cannot hold: such a
// target's normal deltas stay float32 (warned). Compressed, both go through EXT_meshopt_compression
// without a filter (the vertex codec on the integers), as the other integer vertex streams do.
import type { MorphTarget } from '../../model/asset.js';
import { roundHalfUp } from './round-half-up.js';
import { quantizeSnorm, type PositionGrid, type QuantizedAttribute } from './quantize-attributes.js';

/** A target's displacements in whole grid steps, with the largest error of a displaced position (p + d) as a reader decodes it. */
export interface GridDisplacements {
  attribute: QuantizedAttribute;
  maxError: number;
}

/**
 * The displacements `d` (xyz per vertex, on the output axes) of a target of a mesh whose positions
 * `p` were quantized to `base` on `grid` (quantizePositions: `base.array` holds q with its padding
 * stride), as Δ = round((p + d − offset) / step) − q in int8 or int16 (padded to 4 bytes per vertex);
 * undefined when some Δ is beyond int16 (or not finite).
 */
export function gridDisplacements(positions: Float32Array, base: QuantizedAttribute, grid: PositionGrid, displacements: Float32Array): GridDisplacements | undefined {
  const count = positions.length / 3;
  const steps = new Float64Array(count * 3);
  const range = stepsLoop(positions, base, grid, displacements, steps);
  if (!(range[0]! >= -32768 && range[1]! <= 32767)) return undefined;
  const narrow = range[0]! >= -128 && range[1]! <= 127;
  // Three components padded to four: 4 bytes per vertex as int8, 8 as int16 (glTF's 4-byte vertex alignment).
  const array = narrow ? new Int8Array(count * 4) : new Int16Array(count * 4);
  for (let v = 0; v < count; v++) for (let c = 0; c < 3; c++) array[v * 4 + c] = steps[v * 3 + c]!;
  return { attribute: { array, byteStride: narrow ? 4 : 8 }, maxError: range[2]! };
}

/**
 * gridDisplacements' loop: every Δ into `steps`; gives [smallest Δ, largest Δ, largest error of
 * offset + (q + Δ) · step against p + d]. One loop of its own (vertex-passes.ts says why).
 */
function stepsLoop(positions: Float32Array, base: QuantizedAttribute, grid: PositionGrid, displacements: Float32Array, steps: Float64Array): [number, number, number] {
  const count = positions.length / 3;
  const slots = (base.byteStride ?? 3 * base.array.BYTES_PER_ELEMENT) / base.array.BYTES_PER_ELEMENT;
  const { offset, step } = grid;
  let lo = 0;
  let hi = 0;
  let maxError = 0;
  for (let v = 0; v < count; v++) {
    for (let c = 0; c < 3; c++) {
      const q = base.array[v * slots + c]!;
      const displaced = positions[v * 3 + c]! + displacements[v * 3 + c]!;
      const delta = roundHalfUp((displaced - offset[c]!) / step) - q;
      if (!Number.isFinite(delta)) return [NaN, NaN, NaN];
      steps[v * 3 + c] = delta;
      if (delta < lo) lo = delta;
      if (delta > hi) hi = delta;
      const error = Math.abs(offset[c]! + (q + delta) * step - displaced);
      if (error > maxError) maxError = error;
    }
  }
  return [lo, hi, maxError];
}

/**
 * Normal deltas (xyz per vertex, on the output axes) as snorm8 / snorm16, each component within
 * 1 / (2 · (2^(bits−1) − 1)) of its own; undefined when a component is outside −1..1 (or not
 * finite): snorm cannot hold it.
 */
export function snormDeltas(deltas: Float32Array, bits: 8 | 16): QuantizedAttribute | undefined {
  for (let i = 0; i < deltas.length; i++) if (!(deltas[i]! >= -1 && deltas[i]! <= 1)) return undefined;
  return quantizeSnorm(deltas, 3, bits);
}

/**
 * The first target (its name) with a finite displacement component whose count of grid steps
 * (|d| / step) is beyond float32's range, or undefined: a grid that fine cannot carry the target
 * even as float32 steps (a hostile 1e30 displacement of a mesh 1e-5 wide), so the mesh keeps float32 positions.
 */
export function targetBeyondFloatSteps(targets: readonly MorphTarget[], step: number): string | undefined {
  const largest = FLOAT32_MAX * step;
  for (const target of targets) {
    const d = target.positions;
    for (let i = 0; i < d.length; i++) if (Math.abs(d[i]!) > largest && Number.isFinite(d[i]!)) return target.name;
  }
  return undefined;
}

/** The largest finite float32. */
export const FLOAT32_MAX = 3.4028234663852886e38;
