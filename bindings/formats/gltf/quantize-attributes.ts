// Quantized vertex attributes and rotation keys for the glTF writer (KHR_mesh_quantization).
//
// Alternatives, with what each cost:
// - Positions: a uniform scale in the mesh node (uint16, offset = the box's minimum, one step =
//   the largest extent / 65535) against a step per axis. A step per axis is finer on thin axes but
//   makes the node scale non-uniform, so normals and tangents would have to be stored pre-skewed
//   (and a flat mesh, extent 0 on one axis, has no such scale at all); the uniform step is what
//   gltfpack does. glTF ignores a skinned mesh's node transform, so skinned meshes share one grid
//   over all of them, folded into the skin's inverse bind matrices (IBM × grid); a grid per mesh
//   would need a skin per mesh. Keeping their positions float32, the first version, left
//   mrfixit's GLB 2.2× gltfpack's default output.
// - UVs: unorm16 when every value lies in 0–1; outside it they stay float32 (normalized int16 would
//   hold only −1–1, and a scale through KHR_texture_transform needs textures that reference it).
// - Normals and tangents: snorm8 by default (gltfpack's default). Rounding each component can
//   leave a vector up to √3 / 254 = 0.0068 off unit length, beyond the validator's Vector3
//   tolerance (0.00674): such a vector takes the other rounding of some components
//   (unit-snorm-vectors.ts; its two-pass reference test/helpers/two-pass-references.ts). Renormalising in float and rounding again would not converge.
// - Weights: unorm8 by default with the rounding error moved onto the largest weight, so that
//   every vertex's weights sum to exactly 255 (or 65535) as glTF requires; IQM's ubyte weights
//   come back exactly.
// - Rotation keys: normalized int16 only (8 bits can be 0.008 off unit length, beyond the
//   validator's tolerance); translation and scale keys stay float32.

import { MeshFormatError } from '../../io/errors.js';
import { roundHalfUp } from './round-half-up.js';
import { writerInt16, writerInt8, writerUint16, writerUint8 } from './writer-arena.js';

/** Bits per attribute ('float': kept float32). */
export interface GltfQuantizeOptions {
  /**
   * Positions as uint16 (or uint8) with the dequantization in the node's translation and uniform
   * scale. Default 16; 14 is gltfpack's default precision (uint16 on a 4× coarser grid, which
   * EXT_meshopt_compression codes smaller).
   */
  position?: 8 | 14 | 16 | 'float';
  /** Normals as snorm8 or snorm16; 'oct8': with compress 'meshopt', EXT_meshopt_compression's OCTAHEDRAL filter at 8 bits (gltfpack's precision; snorm8 without compression). Default 8. */
  normal?: 8 | 16 | 'oct8' | 'float';
  /** Tangents as snorm8 or snorm16 (w = ±1 exactly); 'oct8' as for normals. Default 8. */
  tangent?: 8 | 16 | 'oct8' | 'float';
  /**
   * UV sets whose values lie in 0–1 as unorm16 or unorm8 (others stay float32); 12: unorm16 on
   * every 16th step or a finer power of two (never coarser than gltfpack's 12 bits over the set's
   * range; within 8 / 65535 = 1.22e-4 at most). Default 16.
   */
  uv?: 8 | 12 | 16 | 'float';
  /** Vertex colours as unorm8 or unorm16. Default 8. */
  color?: 8 | 16 | 'float';
  /** Skin weights as unorm8 or unorm16, summing exactly to 1. Default 8. */
  weight?: 8 | 16 | 'float';
  /** Animation rotation keys as normalized int16; 12: with compress 'meshopt', EXT_meshopt_compression's QUATERNION filter at 12 bits (gltfpack's precision; snorm16 without compression). Default 16. */
  rotation?: 16 | 12 | 'float';
  /**
   * With `compress: 'meshopt'`: animation translation and scale keys through the EXPONENTIAL filter
   * keeping this many bits of mantissa (24: float32's own, one exponent per channel and component).
   * Without compression they stay float32 (glTF has no other type for them). Default 24.
   */
  translation?: 24 | 16 | 'float';
}

export const GLTF_QUANTIZE_DEFAULTS: Required<GltfQuantizeOptions> = { position: 16, normal: 8, tangent: 8, uv: 16, color: 8, weight: 8, rotation: 16, translation: 24 };

/**
 * Sources whose positions and UVs were 16-bit on a box per axis (MeshSerializer2): a uniform
 * position step or UVs over 0–1 would be coarser than the source on some axis, so by default
 * those stay float32 (an explicit number of bits still applies).
 */
const PER_AXIS_UNORM16_SOURCES = ['ms2'];

/**
 * The attributes `quantizeSettings` keeps float32 only because the source's own per-axis grid
 * would be coarser on a uniform one (PER_AXIS_UNORM16_SOURCES, no bits given): with compression
 * the writer stores those through the EXPONENTIAL filter at 24 bits instead, within one float32
 * ulp of the largest magnitude of each component, far finer than the source's 16-bit grid.
 */
export function sourcePrecisionFloats(option: boolean | GltfQuantizeOptions | undefined, source: string): { position: boolean; uv: boolean } {
  const given = option === true ? {} : option && typeof option === 'object' ? option : undefined;
  const perAxis = given !== undefined && PER_AXIS_UNORM16_SOURCES.includes(source);
  return { position: perAxis && given.position === undefined, uv: perAxis && given.uv === undefined };
}

/** The bits to write with, or undefined when the writer keeps every attribute float32. */
export function quantizeSettings(option: boolean | GltfQuantizeOptions | undefined, source: string, format: string): Required<GltfQuantizeOptions> | undefined {
  if (!option) return undefined;
  // `true` (what --optimize gives) is one of two settings made once: the object spread, the keys'
  // listing and the check ran on every optimized encode for the same answer. Frozen: every encode
  // shares it. Made again as for `{}` when GLTF_QUANTIZE_DEFAULTS (exported, settable at run time
  // as the other *_DEFAULTS) no longer holds what they were made from.
  if (option === true && defaultsUnchanged()) return PER_AXIS_UNORM16_SOURCES.includes(source) ? QUANTIZE_TRUE_PER_AXIS : QUANTIZE_TRUE;
  if (option !== true && typeof option !== 'object') throw new MeshFormatError({ code: 'BAD_OPTION', format }, `quantize must be true, false or bits per attribute, not ${String(option)}`);
  const given: GltfQuantizeOptions = option === true ? {} : option;
  for (const key of Object.keys(given)) {
    if (!(key in GLTF_QUANTIZE_DEFAULTS)) throw new MeshFormatError({ code: 'BAD_OPTION', format }, `quantize has no attribute '${key}' (it takes ${Object.keys(GLTF_QUANTIZE_DEFAULTS).join(', ')})`);
  }
  const settings = { ...GLTF_QUANTIZE_DEFAULTS, ...given };
  if (PER_AXIS_UNORM16_SOURCES.includes(source)) {
    if (given.position === undefined) settings.position = 'float';
    if (given.uv === undefined) settings.uv = 'float';
  }
  // The allowed values from a constant table, in GLTF_QUANTIZE_DEFAULTS' order: Object.entries
  // and an array per attribute were made on every optimized encode.
  for (const key of QUANTIZE_KEYS) {
    const allowed = ALLOWED_BITS[key];
    if (!allowed.includes(settings[key])) throw new MeshFormatError({ code: 'BAD_OPTION', format }, `quantize.${key} must be ${allowed.join(' or ')}, not ${String(settings[key])}`);
  }
  return settings;
}

/** Each attribute's allowed settings, as quantizeSettings' messages list them. */
const ALLOWED_BITS: Record<keyof GltfQuantizeOptions, readonly unknown[]> = {
  position: [8, 14, 16, 'float'],
  normal: [8, 16, 'oct8', 'float'],
  tangent: [8, 16, 'oct8', 'float'],
  uv: [8, 12, 16, 'float'],
  color: [8, 16, 'float'],
  weight: [8, 16, 'float'],
  rotation: [16, 12, 'float'],
  translation: [24, 16, 'float'],
};

const QUANTIZE_KEYS = Object.keys(GLTF_QUANTIZE_DEFAULTS) as (keyof GltfQuantizeOptions)[];

/** quantizeSettings(true, source) for every source but PER_AXIS_UNORM16_SOURCES, and for those. */
const QUANTIZE_TRUE: Required<GltfQuantizeOptions> = Object.freeze({ ...GLTF_QUANTIZE_DEFAULTS });
const QUANTIZE_TRUE_PER_AXIS: Required<GltfQuantizeOptions> = Object.freeze({ ...GLTF_QUANTIZE_DEFAULTS, position: 'float', uv: 'float' });

/** Whether GLTF_QUANTIZE_DEFAULTS still holds what QUANTIZE_TRUE was made from (eight loads, no allocation). */
function defaultsUnchanged(): boolean {
  for (const key of QUANTIZE_KEYS) if (GLTF_QUANTIZE_DEFAULTS[key] !== QUANTIZE_TRUE[key]) return false;
  return true;
}

/** A quantized vertex attribute: the array (padded so that elements start at multiples of 4 bytes) and its stride when padded. */
export interface QuantizedAttribute {
  array: Int8Array | Uint8Array | Int16Array | Uint16Array;
  byteStride?: number;
  /** The smallest and largest value per component, where the pass that wrote `array` found them (the accessor's min / max). */
  minMax?: { min: number[]; max: number[] };
}

export function layout(count: number, components: number, bytes: 1 | 2): { slots: number; byteStride?: number } {
  const elementBytes = components * bytes;
  const stride = (elementBytes + 3) & ~3;
  return { slots: stride / bytes, byteStride: stride === elementBytes ? undefined : stride };
}

/** A uniform position grid: p ≈ offset + q · step. */
export interface PositionGrid {
  offset: [number, number, number];
  step: number;
}

/** Per-axis minimum and maximum of xyz positions, widening `box` when given (several meshes on one grid). */
export function positionBox(positions: Float32Array, box = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] }): { min: number[]; max: number[] } {
  const { min, max } = box;
  for (let i = 0; i < positions.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      const v = positions[i + c]!;
      if (v < min[c]!) min[c] = v;
      if (v > max[c]!) max[c] = v;
    }
  }
  return box;
}

/** The grid over `box`: offset its minimum, step its largest extent / (2^bits − 1) as float32 (so that a node scale holds it exactly). */
export function positionGrid(box: { min: number[]; max: number[] }, bits: 8 | 14 | 16): PositionGrid {
  const { min, max } = box;
  const top = 2 ** bits - 1;
  const extent = Math.max(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!);
  let step = extent > 0 ? Math.fround(extent / top) || Number.MIN_VALUE : 1;
  // Rounded to float32 the step may fall short of spanning the box: by a few 1e-8 of it for normal
  // floats (the largest position clamps well within step / 2), but by far among float32's
  // subnormals (a box under about 1e-33), where the clamp went beyond step / 2: then one float32 up.
  while (extent - step * top > step / 2) step = nextFloat32Up(step);
  return { offset: [min[0]!, min[1]!, min[2]!], step };
}

const STEP_BITS = new Float32Array(1);
const STEP_WORD = new Uint32Array(STEP_BITS.buffer);

/** The next float32 above a positive finite float32 `value`. */
function nextFloat32Up(value: number): number {
  STEP_BITS[0] = value;
  STEP_WORD[0]! += 1;
  return STEP_BITS[0]!;
}

/**
 * Positions (xyz) on a uniform grid: q = round((p − offset) / step), p ≈ offset + q · step, the
 * grid the positions' own (positionGrid) unless one is given (skinned meshes share one, folded
 * into the inverse bind matrices). The largest error per axis is step / 2.
 */
export function quantizePositions(positions: Float32Array, bits: 8 | 14 | 16, grid = positionGrid(positionBox(positions), bits)): QuantizedAttribute & PositionGrid & { maxError: number } {
  const count = positions.length / 3;
  const top = 2 ** bits - 1;
  const { offset: min, step } = grid;
  const { slots, byteStride } = layout(count, 3, bits > 8 ? 2 : 1);
  const array = bits > 8 ? writerUint16(count * slots) : writerUint8(count * slots);
  const maxError = array instanceof Uint16Array ? gridLoop(positions, min, step, top, array, slots) : gridLoop(positions, min, step, top, array, slots);
  return { array, byteStride, offset: min, step, maxError };
}

/**
 * quantizePositions' loop, one component at a time with its offset in a local; gives the largest
 * error. Loops here do nothing after the loop but return a local (vertex-passes.ts says why).
 */
function gridLoop(positions: Float32Array, min: readonly number[], step: number, top: number, array: Uint8Array | Uint16Array, slots: number): number {
  const count = positions.length / 3;
  let maxError = 0;
  for (let c = 0; c < 3; c++) {
    const offset = min[c]!;
    for (let v = 0, i = c, at = c; v < count; v++, i += 3, at += slots) {
      const p = positions[i]!;
      const q = Math.min(top, Math.max(0, roundHalfUp((p - offset) / step)));
      array[at] = q;
      const error = Math.abs(offset + q * step - p);
      if (error > maxError) maxError = error;
    }
  }
  return maxError;
}

/** Values in −1–1 as normalized signed integers, `components` per element: q = round(v · (2^(bits−1) − 1)). */
export function quantizeSnorm(data: Float32Array, components: number, bits: 8 | 16): QuantizedAttribute {
  const count = data.length / components;
  const top = bits === 16 ? 32767 : 127;
  const { slots, byteStride } = layout(count, components, bits === 16 ? 2 : 1);
  const array = bits === 16 ? writerInt16(count * slots) : writerInt8(count * slots);
  snormLoop(data, components, top, array, slots);
  return { array, byteStride };
}

function snormLoop(data: Float32Array, components: number, top: number, array: Int8Array | Int16Array, slots: number): number {
  const count = data.length / components;
  for (let v = 0; v < count; v++) {
    for (let c = 0; c < components; c++) {
      const x = data[v * components + c]!;
      array[v * slots + c] = roundHalfUp((x >= 1 ? 1 : x <= -1 ? -1 : x) * top);
    }
  }
  return 0;
}

/** How far from 1 the Khronos validator lets a normal's or tangent's xyz length be (its Vector3 check; rotations get 0.00769). */
export const VECTOR3_UNIT_TOLERANCE = 0.00674;

/**
 * Values in 0–1 as normalized unsigned integers: q = round(v · (2^bits − 1)). 12 bits: unorm16 on
 * every `unit`-th step, q = unit · round(v · 65535 / unit) (65,535 where that passes it, for 1),
 * within unit / 131,070 of v, where unit is the power of two up to 16 at most 16 × the data's
 * smaller extent (twelveBitUnit): never coarser than 12 bits over the data's own range, gltfpack's
 * UV precision (65,535 is no multiple of 4,095, so unorm16 has no exact 12-bit grid). The low bits
 * always 0 are what EXT_meshopt_compression then codes smaller (README § Web-ready GLB against gltfpack).
 */
export function quantizeUnorm(data: Float32Array, components: number, bits: 8 | 12 | 16): QuantizedAttribute {
  const count = data.length / components;
  const wide = bits !== 8;
  const top = wide ? 65535 : 255;
  const unit = bits === 12 ? twelveBitUnit(data, components) : 1;
  const { slots, byteStride } = layout(count, components, wide ? 2 : 1);
  const array = wide ? writerUint16(count * slots) : writerUint8(count * slots);
  unormLoop(data, components, top, unit, array, slots);
  return { array, byteStride };
}

/** The loop of quantizeUnorm (a function of its own: vertex-passes.ts says why); unit 1 divides and multiplies exactly. */
function unormLoop(data: Float32Array, components: number, top: number, unit: number, array: Uint8Array | Uint16Array, slots: number): number {
  const count = data.length / components;
  for (let v = 0; v < count; v++) {
    for (let c = 0; c < components; c++) {
      const x = data[v * components + c]!;
      const q = roundHalfUp(((x >= 1 ? 1 : x > 0 ? x : 0) * top) / unit) * unit;
      array[v * slots + c] = q > top ? top : q;
    }
  }
  return 0;
}

/**
 * The unorm16 step multiple for 12-bit values: the largest power of two up to 16 whose half step,
 * unit / 131,070, is at most half a 12-bit step over the data's smaller extent, extent / 8,190
 * (1 when that extent is below 1/8).
 */
export function twelveBitUnit(data: Float32Array, components: number): number {
  let extent = Infinity;
  for (let c = 0; c < components; c++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = c; i < data.length; i += components) {
      if (data[i]! < lo) lo = data[i]!;
      if (data[i]! > hi) hi = data[i]!;
    }
    extent = Math.min(extent, hi - lo);
  }
  let unit = 16;
  while (unit > 1 && unit / 131070 > extent / 8190) unit /= 2;
  return unit;
}

/**
 * Skin weights (four per vertex, summing to 1) as unorm whose four values sum to exactly 2^bits − 1:
 * each rounded, the difference added to the largest. Each weight moves by at most 2.5 steps.
 */
export function quantizeWeights(weights: Float32Array, bits: 8 | 16): QuantizedAttribute {
  const top = bits === 16 ? 65535 : 255;
  const array = bits === 16 ? writerUint16(weights.length) : writerUint8(weights.length);
  weightsLoop(weights, top, array);
  return { array };
}

function weightsLoop(weights: Float32Array, top: number, array: Uint8Array | Uint16Array): number {
  for (let v = 0; v < weights.length; v += 4) {
    let sum = 0;
    let largest = v;
    for (let k = 0; k < 4; k++) {
      const q = roundHalfUp(weights[v + k]! * top);
      array[v + k] = q;
      sum += q;
      if (weights[v + k]! > weights[largest]!) largest = v + k;
    }
    array[largest] = array[largest]! + (top - sum);
  }
  return 0;
}

/**
 * The EXPONENTIAL filter's mantissa bits for a UV set outside 0–1 at `uv: 12` (one exponent per
 * component over the set): the fewest, from 12 up to 24, whose step 2^(E + 1 − bits) (2^E the
 * power of two above the component's largest magnitude) is at most half a 12-bit step over that
 * component's extent, extent / 8,190: never coarser than gltfpack's 12 bits over the set's range,
 * except where even 24 bits cannot reach it (a set far from zero for its extent, as UVs in
 * 1000–1000.01): the step is then one float32 ulp of the largest magnitude, as at the default.
 */
export function twelveBitExponentialBits(data: Float32Array, components: number): number {
  let bits = 12;
  for (let c = 0; c < components; c++) {
    let lo = Infinity;
    let hi = -Infinity;
    let largest = 0;
    for (let i = c; i < data.length; i += components) {
      const v = data[i]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
      if (Math.abs(v) > largest) largest = Math.abs(v);
    }
    if (!(largest > 0)) continue;
    const e = Math.floor(Math.log2(largest)) + 1;
    while (bits < 24 && 2 ** (e + 1 - bits) > (hi - lo) / 8190) bits++;
  }
  return bits;
}
