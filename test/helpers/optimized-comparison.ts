// What a glTF viewer decodes of meshcodec's optimized GLB (`quantize: true, compress: 'meshopt'`),
// compared with the source Asset within README § glTF quantization's bounds. The decoded values
// come from outside (three.js in Chromium, test/browser-optimized.test.ts); this file knows only
// the glTF conventions the writer documents: one scene node per Asset mesh with triangles, in
// order; Z-up Assets turned Y-up, (x, y, z) → (x, z, −y); one position grid per static mesh (a
// step of largest extent / 65535), one shared by all skinned meshes; vertices renumbered by the
// meshopt reordering (so matched by value here, see matchVertices).
import type { Asset, Mesh } from '../../bindings/index.js';

/** One mesh as the viewer decoded it: positions where drawn (static: world; skinned: bind space at the rest pose), attributes as stored. */
export interface DecodedMesh {
  name: string;
  skinned: boolean;
  positions: number[];
  normals?: number[];
  tangents?: number[];
  uvs: number[][];
  colors?: number[];
  joints?: number[];
  weights?: number[];
  indices?: number[];
  textured: boolean;
}

/** An animation's rotation tracks as the viewer decoded them, in the order of the glTF's rotation channels. */
export interface DecodedAnimation {
  name: string;
  /** Rotation (quaternion), translation (position) and scale tracks, in three.js's order (the glTF's channels'). */
  tracks: { path: 'rotation' | 'translation' | 'scale'; times: number[]; values: number[] }[];
}

export interface DecodedAsset {
  meshes: DecodedMesh[];
  animations: DecodedAnimation[];
}

export interface MeshComparison {
  failures: string[];
  vertices: number;
  skinnedVertices: number;
  textured: number;
  /** Largest position error per axis, in steps of the mesh's grid (the bound is 1/2, plus float32 rounding for skinned meshes). */
  maxPositionSteps: number;
  /** For skinned meshes: the largest error beyond step / 2, over the fold's scale (what FOLD_ROUNDING bounds). */
  maxFoldRounding: number;
  /** Largest error of each compared attribute (uv0, uv1, normal, tangent, color, skin: a joint's weight), per component. */
  maxErrors: Record<string, number>;
  /** Normals and tangents more than 1 / 254 off in a component (the README's rare vectors, one step off). */
  rareUnitVectors: number;
}

export interface AnimationComparison {
  failures: string[];
  /** Keys compared, per path. */
  keys: Record<'rotation' | 'translation' | 'scale', number>;
  /** Largest error per component, per path (rotation: within 1 / 65,534; translation and scale: within one EXPONENTIAL filter step). */
  maxErrors: Record<'rotation' | 'translation' | 'scale', number>;
}

export interface OptimizedComparison {
  meshes: MeshComparison;
  animations: AnimationComparison;
}

/** Per component, README § glTF quantization. */
export const UV_UNORM16_BOUND = 1 / 131_070;

/**
 * A UV set's bound (README § glTF quantization, `uv`): unorm16 within 0–1; outside it, with
 * `compress: 'meshopt'`, the EXPONENTIAL filter at 24 bits: one step, 2^(E + 1 − 24), 2^E the power
 * of two above the set's largest magnitude (taken over both components: at most one step more).
 */
function uvBound(uv: ArrayLike<number>): number {
  let largest = 0;
  let within = true;
  for (let i = 0; i < uv.length; i++) {
    const v = uv[i]!;
    if (!(v >= 0 && v <= 1)) within = false;
    if (Number.isFinite(v)) largest = Math.max(largest, Math.abs(v));
  }
  return within ? UV_UNORM16_BOUND : largest > 0 ? 2 ** (Math.floor(Math.log2(largest)) + 2 - 24) : 0;
}
export const COLOR_UNORM8_BOUND = 1 / 510;
export const WEIGHT_UNORM8_BOUND = 2.5 / 255;
/** Normals and tangents at 8 bits: 1 / 254 per component; one step (1 / 127) for the rare vector whose nearest rounding would leave the validator's unit-length tolerance. */
export const UNIT_SNORM8_BOUND = 1 / 254;
export const UNIT_SNORM8_RARE_BOUND = 1 / 127;
/** "Rare": at most this share of a mesh's vertices may take the one-step bound. */
export const UNIT_RARE_SHARE = 0.01;
/** The validator's unit-length tolerance for vectors (README § glTF quantization). */
export const VECTOR3_UNIT_TOLERANCE = 0.00674;
export const ROTATION_SNORM16_BOUND = 1 / 65_534;
/**
 * Skinned positions also carry the float32 rounding of the inverse bind matrices the grid is
 * folded into: a few float32 ulps of the largest coordinate a bind-pose product goes through
 * (the positions' box and the joints' world translations).
 */
export const FOLD_ROUNDING = 2 ** -23;
/** Slack for the viewer's own float32 arithmetic (dequantizing normalized integers, track values). */
const F32 = 2 ** -23;

function toYUp(values: ArrayLike<number>, stride: number, turn: boolean): Float64Array {
  const out = Float64Array.from(values as ArrayLike<number>);
  if (turn) for (let i = 0; i + 2 < out.length; i += stride) [out[i + 1], out[i + 2]] = [out[i + 2]!, -out[i + 1]!];
  return out;
}

function finiteOrZero(values: Float64Array): Float64Array {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i]!)) values[i] = 0;
  return values;
}

function box(positions: Float64Array, into = { min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] }) {
  for (let i = 0; i < positions.length; i++) {
    const c = i % 3;
    into.min[c] = Math.min(into.min[c]!, positions[i]!);
    into.max[c] = Math.max(into.max[c]!, positions[i]!);
  }
  return into;
}

/** The grid step README § glTF quantization states: largest extent / 65535, as float32. */
function stepOf(b: { min: number[]; max: number[] }): number {
  const extent = Math.max(b.max[0]! - b.min[0]!, b.max[1]! - b.min[1]!, b.max[2]! - b.min[2]!);
  return extent > 0 ? Math.fround(extent / 65535) || Number.MIN_VALUE : 1;
}

function written(mesh: Mesh): boolean {
  return mesh.attributes.positions.length > 0 && mesh.indices.length >= 3;
}

function isSkinned(asset: Asset, mesh: Mesh): boolean {
  return (asset.skeleton?.joints.length ?? 0) > 0 && mesh.attributes.joints !== undefined && mesh.attributes.weights !== undefined;
}

/** The largest magnitude a bind-pose product goes through: the box's corners and every joint's world translation (summed up the hierarchy). */
function foldScale(asset: Asset, b: { min: number[]; max: number[] }): number {
  let scale = Math.max(...b.min.map(Math.abs), ...b.max.map(Math.abs));
  const joints = asset.skeleton?.joints ?? [];
  const reach: number[] = [];
  joints.forEach((joint, j) => {
    const own = Math.hypot(...joint.translation) * Math.max(...joint.scale.map(Math.abs), 1);
    reach[j] = own + (joint.parent >= 0 && joint.parent < j ? reach[joint.parent]! : 0);
    scale = Math.max(scale, reach[j]!);
  });
  return scale;
}

export function compareMeshes(asset: Asset, decoded: DecodedAsset): MeshComparison {
  const turn = asset.upAxis === 'z';
  const meshes = asset.meshes.filter(written);
  const result: MeshComparison = { failures: [], vertices: 0, skinnedVertices: 0, textured: 0, maxPositionSteps: 0, maxFoldRounding: 0, maxErrors: {}, rareUnitVectors: 0 };
  if (decoded.meshes.length !== meshes.length) {
    result.failures.push(`${decoded.meshes.length} meshes decoded, the Asset has ${meshes.length} with triangles`);
    return result;
  }
  const positionsOf = meshes.map((m) => finiteOrZero(toYUp(m.attributes.positions, 3, turn)));
  let skinBox: ReturnType<typeof box> | undefined;
  meshes.forEach((m, i) => { if (isSkinned(asset, m)) skinBox = box(positionsOf[i]!, skinBox); });
  const skinStep = skinBox ? stepOf(skinBox) : 1;
  const skinSlack = skinBox ? FOLD_ROUNDING * foldScale(asset, skinBox) : 0;
  const jointCount = asset.skeleton?.joints.length ?? 0;
  meshes.forEach((mesh, i) => {
    const d = decoded.meshes[i]!;
    const a = mesh.attributes;
    const label = `mesh ${i} (${mesh.name})`;
    const skinned = isSkinned(asset, mesh);
    if (d.skinned !== skinned) result.failures.push(`${label}: decoded ${d.skinned ? '' : 'not '}skinned`);
    const positions = positionsOf[i]!;
    const count = positions.length / 3;
    const own = box(positions);
    const step = skinned ? skinStep : stepOf(own);
    // Static meshes: the node's offset and scale are float32 printed with their shortest digits
    // (json-numbers.ts); a reader that keeps them in float64 is off by up to half a float32 ulp of
    // each, 2^-24 of the coordinates' magnitude and of the extent.
    const positionBound = step / 2 + (skinned ? skinSlack : 2 ** -24 * (Math.max(...own.min.map(Math.abs), ...own.max.map(Math.abs)) + step * 65535));
    const channels: Channel[] = [];
    const missing: string[] = [];
    const add = (channel: Omit<Channel, 'decoded'>, decodedValues: ArrayLike<number> | undefined) => {
      if (decodedValues) channels.push({ ...channel, decoded: decodedValues });
      else missing.push(channel.name);
    };
    (a.uvs ?? []).slice(0, 2).forEach((uv, set) => add({ name: `uv${set}`, components: 2, source: uv, bound: uvBound(uv) + F32 }, d.uvs[set]));
    if (a.normals) add({ name: 'normal', components: 3, source: expectedUnitVectors(toYUp(a.normals, 3, turn), 3), bound: UNIT_SNORM8_BOUND + F32, rareBound: UNIT_SNORM8_RARE_BOUND + F32 }, d.normals);
    if (a.tangents) add({ name: 'tangent', components: 4, source: expectedUnitVectors(toYUp(a.tangents, 4, turn), 4), bound: UNIT_SNORM8_BOUND + F32, rareBound: UNIT_SNORM8_RARE_BOUND + F32 }, d.tangents);
    if (a.colors) add({ name: 'color', components: 4, source: a.colors.map((v) => (v >= 0 ? Math.min(v, 1) : 0)), bound: COLOR_UNORM8_BOUND + F32 }, d.colors);
    if (skinned) {
      const sourceSkin = skinOf(a.joints!, a.weights!, jointCount, true);
      const decodedSkin = d.joints && d.weights ? skinOf(d.joints, d.weights, Infinity, false) : undefined;
      add({ name: 'skin', components: 8, source: interleave(a.joints!, a.weights!), bound: WEIGHT_UNORM8_BOUND + F32, error: (s, v) => skinDifference(sourceSkin[s]!, decodedSkin![v]!) }, decodedSkin && interleave(d.joints!, d.weights!));
    }
    const m = matchVertices({ positions, decoded: d.positions, bound: positionBound }, channels, Array.from(mesh.indices), d.indices);
    if (missing.length) m.failures.push(`not decoded: ${missing.join(', ')}`);
    channels.forEach((channel, c) => {
      result.maxErrors[channel.name] = Math.max(result.maxErrors[channel.name] ?? 0, m.maxErrors[c]!);
      if (channel.rareBound === undefined) return;
      const rare = m.errors[c]!.filter((e) => e > channel.bound).length;
      result.rareUnitVectors += rare;
      if (rare > UNIT_RARE_SHARE * count) m.failures.push(`${rare} of ${count} ${channel.name}s are more than 1 / 254 off in a component, more than the rare vectors README § glTF quantization allows`);
    });
    result.failures.push(...m.failures.map((f) => `${label}: ${f}`));
    result.vertices += count;
    if (skinned) result.skinnedVertices += count;
    if (d.textured) result.textured++;
    result.maxPositionSteps = Math.max(result.maxPositionSteps, m.maxPosition / step);
    if (skinned && skinSlack > 0) result.maxFoldRounding = Math.max(result.maxFoldRounding, (m.maxPosition - step / 2) / (skinSlack / FOLD_ROUNDING));
  });
  return result;
}

/**
 * Unit vectors as README § glTF quantization says they are written: one already on the snorm8
 * grid, within the validator's unit-length tolerance (and, for a tangent, w exactly ±1) as it is
 * (MeshSerializer2's normals); others normalised, a tangent's w its sign. Vectors the writer has to
 * repair (zero, not finite, far from unit length) are NaN: not compared.
 */
function expectedUnitVectors(values: Float64Array, stride: number): Float64Array {
  for (let v = 0; v < values.length; v += stride) {
    const length = Math.hypot(values[v]!, values[v + 1]!, values[v + 2]!);
    const onGrid = [0, 1, 2].every((c) => Math.abs(values[v + c]! * 127 - Math.round(values[v + c]! * 127)) <= 1e-3) && Math.abs(length - 1) <= VECTOR3_UNIT_TOLERANCE && (stride === 3 || Math.abs(values[v + 3]!) === 1);
    if (onGrid) continue;
    for (let c = 0; c < 3; c++) values[v + c] = length > 0.5 && length < 2 ? values[v + c]! / length : NaN;
    if (stride === 4) values[v + 3] = values[v + 3]! < 0 ? -1 : 1;
  }
  return values;
}

/** Each vertex's skin as joint → weight (weights summed per joint; a source's normalised to sum 1 over joints of the skeleton, a vertex without any bound wholly to its first joint). */
function skinOf(joints: ArrayLike<number>, weights: ArrayLike<number>, jointCount: number, normalise: boolean): Map<number, number>[] {
  const out: Map<number, number>[] = [];
  for (let v = 0; v < joints.length; v += 4) {
    const skin = new Map<number, number>();
    let sum = 0;
    for (let k = 0; k < 4; k++) {
      const w = weights[v + k]!;
      if (!(w > 0) || joints[v + k]! >= jointCount) continue;
      skin.set(joints[v + k]!, (skin.get(joints[v + k]!) ?? 0) + w);
      sum += w;
    }
    if (normalise) {
      if (!(sum > 0) || !Number.isFinite(sum)) skin.clear(), skin.set(joints[v]! < jointCount ? joints[v]! : 0, (sum = 1));
      for (const [joint, w] of skin) skin.set(joint, w / sum);
    }
    out.push(skin);
  }
  return out;
}

function skinDifference(a: Map<number, number>, b: Map<number, number>): number {
  let worst = 0;
  for (const joint of new Set([...a.keys(), ...b.keys()])) worst = Math.max(worst, Math.abs((a.get(joint) ?? 0) - (b.get(joint) ?? 0)));
  return worst;
}

function interleave(joints: ArrayLike<number>, weights: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let v = 0; v < joints.length; v += 4) for (let k = 0; k < 4; k++) out.push(joints[v + k]!, weights[v + k]!);
  return out;
}

/** A per-vertex attribute compared after matching: `components` values per vertex, within `bound` (or `rareBound` for a few). */
export interface Channel {
  name: string;
  components: number;
  source: ArrayLike<number>;
  decoded: ArrayLike<number>;
  bound: number;
  /** A looser bound a few vertices may take (README's rare unit vectors); the caller counts them. */
  rareBound?: number;
  /** The error of decoded vertex `d` against source vertex `s`, when not the largest difference of a component. */
  error?: (s: number, d: number) => number;
}

function maxDifference(a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number, components: number): number {
  let worst = 0;
  for (let c = 0; c < components; c++) {
    const x = a[i * components + c]!;
    if (Number.isNaN(x)) continue;
    const e = Math.abs(x - b[j * components + c]!);
    worst = e > worst || Number.isNaN(e) ? e : worst;
  }
  return worst;
}

/** A triangle's three vertex ids rotated to start at the least (the winding kept), as a key. */
function triangleKey(a: number, b: number, c: number): string {
  if (a <= b && a <= c) return `${a},${b},${c}`;
  if (b <= a && b <= c) return `${b},${c},${a}`;
  return `${c},${a},${b}`;
}

/**
 * Decoded vertices matched to source vertices by value: each decoded vertex must lie within
 * every bound (position and each channel) of some source vertex; then each decoded triangle must
 * be a source triangle whose corners, in order, lie within the bounds of its corners, as many
 * times as the source has it. Source vertices with equal values are one. Vertex counts must be
 * equal: the meshopt reordering renumbers vertices and keeps unreferenced ones. (Matching each
 * vertex to its single nearest source vertex fails on real meshes: two source vertices a
 * fraction of a quantization step apart, in position or normal, can swap which is nearer once
 * quantized; Box47, QBZ95_long and actor_00 have such.) The errors reported are those of the
 * candidate nearest in all values (in units of each bound).
 */
export function matchVertices(position: { positions: ArrayLike<number>; decoded: ArrayLike<number>; bound: number }, channels: Channel[], sourceIndices: ArrayLike<number>, decodedIndices: ArrayLike<number> | undefined): { failures: string[]; maxPosition: number; maxErrors: number[]; errors: number[][] } {
  const failures: string[] = [];
  const count = position.positions.length / 3;
  const out = { failures, maxPosition: 0, maxErrors: channels.map(() => 0), errors: channels.map((): number[] => []) };
  if (position.decoded.length !== position.positions.length) {
    failures.push(`${position.decoded.length / 3} vertices decoded, the Asset has ${count}`);
    return out;
  }
  const cell = Math.max(position.bound, Number.MIN_VALUE) * 2;
  const cellOf = (p: ArrayLike<number>, v: number) => [0, 1, 2].map((c) => Math.floor(p[v * 3 + c]! / cell));
  const grid = new Map<string, number[]>();
  const canonical = new Int32Array(count);
  const seen = new Map<string, number>();
  for (let v = 0; v < count; v++) {
    const key = cellOf(position.positions, v).join(',');
    const list = grid.get(key);
    if (list) list.push(v);
    else grid.set(key, [v]);
    const values = [position.positions, ...channels.map((c) => c.source)].map((array, k) => {
      const components = k === 0 ? 3 : channels[k - 1]!.components;
      return Array.from({ length: components }, (_, c) => array[v * components + c]).join(',');
    }).join(';');
    canonical[v] = seen.get(values) ?? (seen.set(values, v), v);
  }
  const errorOf = (channel: Channel, s: number, d: number) => (channel.error ? channel.error(s, d) : maxDifference(channel.source, s, channel.decoded, d, channel.components));
  // Every source vertex (as its canonical id) within every bound of each decoded vertex.
  const candidates: Set<number>[] = [];
  let unmatched = 0;
  for (let d = 0; d < count; d++) {
    const [x, y, z] = cellOf(position.decoded, d) as [number, number, number];
    const within = new Set<number>();
    let nearest = Infinity;
    let best = -1;
    let bestScore = Infinity;
    for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) for (let k = -1; k <= 1; k++) {
      for (const s of grid.get(`${x + i},${y + j},${z + k}`) ?? []) {
        const p = maxDifference(position.positions, s, position.decoded, d, 3);
        nearest = Math.min(nearest, p);
        if (!(p <= position.bound)) continue;
        let score = p / position.bound;
        let ok = true;
        for (const channel of channels) {
          const e = errorOf(channel, s, d);
          ok &&= e <= (channel.rareBound ?? channel.bound);
          score += e / channel.bound;
        }
        if (!ok) continue;
        within.add(canonical[s]!);
        if (score < bestScore) [best, bestScore] = [s, score];
      }
    }
    candidates.push(within);
    if (best < 0) {
      if (unmatched++ < 3) failures.push(`decoded vertex ${d} (${[0, 1, 2].map((c) => position.decoded[d * 3 + c]).join(', ')}) matches no Asset vertex within the bounds (nearest position ${nearest === Infinity ? 'beyond a step' : nearest})`);
      continue;
    }
    out.maxPosition = Math.max(out.maxPosition, maxDifference(position.positions, best, position.decoded, d, 3));
    channels.forEach((channel, c) => {
      const e = errorOf(channel, best, d);
      out.errors[c]!.push(e);
      out.maxErrors[c] = Math.max(out.maxErrors[c]!, e);
    });
  }
  if (unmatched > 3) failures.push(`${unmatched} decoded vertices match no Asset vertex`);
  if (unmatched > 0) return out;
  if (!decodedIndices || decodedIndices.length !== sourceIndices.length) {
    failures.push(`${decodedIndices ? decodedIndices.length : 'no'} indices decoded, the Asset has ${sourceIndices.length}`);
    return out;
  }
  // Source triangles (canonical corners), how many of each are left, and which ones each vertex starts (in any rotation).
  const left = new Map<string, number>();
  const byCorner = new Map<number, [number, number, number][]>();
  for (let t = 0; t + 2 < sourceIndices.length; t += 3) {
    const corners = [0, 1, 2].map((c) => canonical[sourceIndices[t + c]!]!) as [number, number, number];
    const key = triangleKey(...corners);
    if (!left.has(key)) for (let r = 0; r < 3; r++) {
      const rotated: [number, number, number] = [corners[r]!, corners[(r + 1) % 3]!, corners[(r + 2) % 3]!];
      const list = byCorner.get(rotated[0]);
      if (list) list.push(rotated);
      else byCorner.set(rotated[0], [rotated]);
    }
    left.set(key, (left.get(key) ?? 0) + 1);
  }
  // Each decoded triangle takes one source triangle left whose corners, in the same order, are
  // within the bounds of its corners (greedily: a wrong early pick among source triangles whose
  // vertices lie within a quantization step of each other could only show as a false failure).
  let missing = 0;
  for (let t = 0; t + 2 < decodedIndices.length; t += 3) {
    const [a, b, c] = [0, 1, 2].map((k) => candidates[decodedIndices[t + k]!]!) as [Set<number>, Set<number>, Set<number>];
    let found: string | undefined;
    for (const first of a) {
      for (const [, second, third] of byCorner.get(first) ?? []) {
        const key = triangleKey(first, second, third);
        if (b.has(second) && c.has(third) && left.get(key)! > 0) { found = key; break; }
      }
      if (found) break;
    }
    if (found) left.set(found, left.get(found)! - 1);
    else if (missing++ < 3) failures.push(`decoded triangle ${t / 3} (vertices ${[0, 1, 2].map((k) => decodedIndices[t + k]).join(', ')}) is no Asset triangle within the bounds (or one too many times)`);
  }
  if (missing > 3) failures.push(`${missing} decoded triangles are no Asset triangle`);
  return out;
}

/** The quaternion the writer quantizes for an Asset key (README § glTF quantization, `rotation`): the key itself within 2^-10 of unit length, else normalised (zero or not finite: the identity). */
function expectedRotation(q: number[]): number[] {
  const length = Math.hypot(...q);
  if (Math.abs(length - 1) <= 2 ** -10) return q;
  return length > 0 && Number.isFinite(length) ? q.map((v) => v / length) : [0, 0, 0, 1];
}

/**
 * An animation path as glTF names it, with its values per key and the bound README § glTF
 * quantization states for rotations. Translation and scale keys go through the EXPONENTIAL filter
 * at `TRANSLATION_BITS` bits of mantissa (the default with `compress: 'meshopt'`): their bound is
 * one step per animation, path and component (`filterSteps`).
 */
const PATHS = {
  rotation: { components: 4, bound: ROTATION_SNORM16_BOUND + F32, rest: [0, 0, 0, 1] },
  translation: { components: 3, bound: 0, rest: [0, 0, 0] },
  scale: { components: 3, bound: 0, rest: [1, 1, 1] },
} as const;
type Path = keyof typeof PATHS;

/** README § glTF quantization, `translation`: 24 bits of mantissa by default. */
const TRANSLATION_BITS = 24;

/**
 * One EXPONENTIAL filter step per component of a translation or scale path in one animation:
 * 2^(E + 1 − bits), 2^E the power of two above the largest magnitude of that component over the
 * animation's keys of that path (on glTF's axes), as README § glTF quantization states.
 */
function filterSteps(animation: Asset['animations'][number], path: 'translation' | 'scale', turn: boolean): number[] {
  const largest = [0, 0, 0];
  for (const track of animation.tracks) {
    const values = track[path];
    if (!values) continue;
    const keys = expectedKeys(values, path, turn);
    for (let i = 0; i < keys.length; i++) if (Number.isFinite(keys[i]!)) largest[i % 3] = Math.max(largest[i % 3]!, Math.abs(keys[i]!));
  }
  return largest.map((m) => (m > 0 ? 2 ** (Math.floor(Math.log2(m)) + 1 + 1 - TRANSLATION_BITS) : 0));
}

/** An Asset track's keys of `path` as the writer puts them on glTF's axes: Z-up turned Y-up ((x, y, z) → (x, z, −y); scales swap y and z), rotations as README § glTF quantization says they are rounded. */
function expectedKeys(values: Float32Array, path: Path, turn: boolean): Float64Array {
  if (path === 'scale') {
    const out = Float64Array.from(values);
    if (turn) for (let i = 0; i + 2 < out.length; i += 3) [out[i + 1], out[i + 2]] = [out[i + 2]!, out[i + 1]!];
    return out;
  }
  const out = toYUp(values, PATHS[path].components, turn);
  if (path === 'rotation') for (let i = 0; i < out.length; i += 4) out.set(expectedRotation(Array.from(out.subarray(i, i + 4))), i);
  return out;
}

/**
 * Every track three.js decoded (rotation, translation, scale, in the order of the glTF's
 * channels), against the Asset track of the same joint and key times; and every Asset track
 * that moves its joint off its rest value must have been decoded (a channel holding the rest
 * value is not written, by design).
 */
export function compareAnimations(asset: Asset, json: Record<string, any>, decoded: DecodedAsset): AnimationComparison {
  const result: AnimationComparison = { failures: [], keys: { rotation: 0, translation: 0, scale: 0 }, maxErrors: { rotation: 0, translation: 0, scale: 0 } };
  const turn = asset.upAxis === 'z';
  const skinJoints: number[] = json.skins?.[0]?.joints ?? [];
  const nodes: Record<string, any>[] = json.nodes ?? [];
  const jointOf = (node: number) => {
    const j = skinJoints.indexOf(node);
    if (j >= 0) return j;
    const bare = /^joint (\d+)$/.exec(nodes[node]?.name ?? '');
    return bare ? Number(bare[1]) : -1;
  };
  const nodeOf = (joint: number): number => (joint < skinJoints.length ? skinJoints[joint]! : nodes.findIndex((n) => n.name === `joint ${joint}`));
  const gltfAnimations: Record<string, any>[] = json.animations ?? [];
  if (decoded.animations.length !== gltfAnimations.length) result.failures.push(`${decoded.animations.length} animations decoded, the glTF has ${gltfAnimations.length}`);
  let next = 0;
  gltfAnimations.forEach((gltfAnimation, k) => {
    while (next < asset.animations.length && asset.animations[next]!.name !== gltfAnimation.name) next++;
    const animation = asset.animations[next++];
    const clip = decoded.animations[k];
    if (!animation || !clip) return void result.failures.push(`glTF animation ${k} (${gltfAnimation.name}) has no Asset animation or no decoded clip`);
    const label = `animation ${animation.name}`;
    const channels = (gltfAnimation.channels as Record<string, any>[]).filter((c) => c.target.path in PATHS);
    if (clip.tracks.length !== channels.length) result.failures.push(`${label}: ${clip.tracks.length} tracks decoded, ${channels.length} channels written`);
    const used = { rotation: new Set<number>(), translation: new Set<number>(), scale: new Set<number>() };
    const steps = { translation: filterSteps(animation, 'translation', turn), scale: filterSteps(animation, 'scale', turn) };
    const boundOf = (path: Path, c: number) => (path === 'rotation' ? PATHS.rotation.bound : steps[path][c]!);
    // A translation or scale channel that holds one value at every key is written with its first and last key only (README § glTF quantization).
    const constant = (values: Float64Array, path: Path) => path !== 'rotation' && values.every((v, i) => Math.abs(v - values[i % 3]!) <= boundOf(path, i % 3));
    const sameTimes = (candidate: { times: ArrayLike<number> }, times: number[]) => candidate.times.length === times.length && Array.prototype.every.call(candidate.times, (time: number, n: number) => time === times[n]);
    const endTimes = (candidate: { times: ArrayLike<number> }, times: number[]) => times.length === 2 && candidate.times.length > 2 && candidate.times[0] === times[0] && candidate.times[candidate.times.length - 1] === times[1];
    channels.forEach((channel, r) => {
      const track = clip.tracks[r];
      const path = channel.target.path as Path;
      const joint = jointOf(channel.target.node);
      if (track && track.path !== path) return void result.failures.push(`${label}: decoded track ${r} is a ${track.path} track, channel ${r} a ${path} channel`);
      const t = animation.tracks.findIndex((candidate, i) => !used[path].has(i) && candidate.joint === joint && candidate[path] !== undefined && track !== undefined
        && (sameTimes(candidate, track.times) || (endTimes(candidate, track.times) && constant(expectedKeys(candidate[path]!, path, turn), path))));
      if (t < 0 || !track) return void result.failures.push(`${label}: decoded ${path} track ${r} (joint ${joint}) has no Asset track with its key times`);
      used[path].add(t);
      const { components } = PATHS[path];
      const all = expectedKeys(animation.tracks[t]![path]!, path, turn);
      // A constant channel: its first and last keys.
      const expected = track.times.length === all.length / components ? all : Float64Array.of(...all.subarray(0, components), ...all.subarray(all.length - components));
      if (track.values.length !== expected.length) return void result.failures.push(`${label} joint ${joint}: ${track.values.length / components} ${path} keys decoded, the Asset has ${expected.length / components}`);
      for (let key = 0; key < expected.length; key += components) {
        let error = 0;
        let beyond = false;
        for (let c = 0; c < components; c++) {
          const e = Math.abs(expected[key + c]! - track.values[key + c]!);
          error = Math.max(error, e);
          if (!(e <= boundOf(path, c))) beyond = true;
        }
        result.maxErrors[path] = Math.max(result.maxErrors[path], error);
        if (beyond) result.failures.push(`${label} joint ${joint} ${path} key ${key / components}: decoded (${track.values.slice(key, key + components).join(', ')}), Asset (${Array.from(expected.subarray(key, key + components)).join(', ')})`);
      }
      result.keys[path] += expected.length / components;
    });
    animation.tracks.forEach((track, i) => {
      const node = nodeOf(track.joint);
      if (node < 0 || track.times.length === 0) return;
      for (const path of Object.keys(PATHS) as Path[]) {
        const values = track[path];
        if (used[path].has(i) || !values) continue;
        const rest: readonly number[] = nodes[node]?.[path] ?? PATHS[path].rest;
        const expected = path === 'rotation' ? toYUp(values, 4, turn) : expectedKeys(values, path, turn);
        const c = PATHS[path].components;
        let holdsRest = true;
        for (let key = 0; key < expected.length && holdsRest; key += c) {
          const length = path === 'rotation' ? Math.hypot(...expected.subarray(key, key + 4)) : 1;
          // A channel within half a filter step of its node's rest value at every key is left out (rotations: exactly the rest value).
          // The rest value as the writer had it: float32 (the JSON prints its shortest digits, which a reader may keep in float64).
          for (let k = 0; k < c; k++) holdsRest &&= path === 'rotation' ? Math.fround(expected[key + k]! / length) === Math.fround(rest[k]!) : Math.abs(expected[key + k]! - Math.fround(rest[k]!)) <= boundOf(path, k) / 2;
        }
        if (!holdsRest) result.failures.push(`${label}: Asset ${path} track ${i} (joint ${track.joint}) moves its joint but was not decoded`);
      }
    });
  });
  return result;
}
