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
  uvs: number[][];
  indices?: number[];
  textured: boolean;
}

/** An animation's rotation tracks as the viewer decoded them, in the order of the glTF's rotation channels. */
export interface DecodedAnimation {
  name: string;
  rotations: { times: number[]; values: number[] }[];
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
  maxUvError: number;
  maxNormalError: number;
  /** Normals more than 1 / 254 off in a component (the README's rare vectors, one step off). */
  normalsOverHalfStep: number;
}

export interface AnimationComparison {
  failures: string[];
  keys: number;
  maxRotationError: number;
}

export interface OptimizedComparison {
  meshes: MeshComparison;
  animations: AnimationComparison;
}

/** Per component, README § glTF quantization. */
export const UV_UNORM16_BOUND = 1 / 131_070;
/** Normals at 8 bits: 1 / 254 per component; one step (1 / 127) for the rare vector whose nearest rounding would leave the validator's unit-length tolerance. */
export const NORMAL_SNORM8_BOUND = 1 / 254;
export const NORMAL_SNORM8_RARE_BOUND = 1 / 127;
/** "Rare": at most this share of a mesh's vertices may take the one-step bound. */
export const NORMAL_RARE_SHARE = 0.01;
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
  const result: MeshComparison = { failures: [], vertices: 0, skinnedVertices: 0, textured: 0, maxPositionSteps: 0, maxFoldRounding: 0, maxUvError: 0, maxNormalError: 0, normalsOverHalfStep: 0 };
  if (decoded.meshes.length !== meshes.length) {
    result.failures.push(`${decoded.meshes.length} meshes decoded, the Asset has ${meshes.length} with triangles`);
    return result;
  }
  const positionsOf = meshes.map((m) => finiteOrZero(toYUp(m.attributes.positions, 3, turn)));
  let skinBox: ReturnType<typeof box> | undefined;
  meshes.forEach((m, i) => { if (isSkinned(asset, m)) skinBox = box(positionsOf[i]!, skinBox); });
  const skinStep = skinBox ? stepOf(skinBox) : 1;
  const skinSlack = skinBox ? FOLD_ROUNDING * foldScale(asset, skinBox) : 0;
  meshes.forEach((mesh, i) => {
    const d = decoded.meshes[i]!;
    const label = `mesh ${i} (${mesh.name})`;
    const skinned = isSkinned(asset, mesh);
    if (d.skinned !== skinned) result.failures.push(`${label}: decoded ${d.skinned ? '' : 'not '}skinned`);
    const positions = positionsOf[i]!;
    const own = box(positions);
    const step = skinned ? skinStep : stepOf(own);
    const positionBound = step / 2 + (skinned ? skinSlack : 1e-9 * Math.max(...own.min.map(Math.abs), ...own.max.map(Math.abs)));
    const uvSets = (mesh.attributes.uvs ?? []).slice(0, 2).map((uv) => Float64Array.from(uv));
    const uvBounds = uvSets.map((uv) => (uv.every((v) => v >= 0 && v <= 1) ? UV_UNORM16_BOUND + F32 : F32));
    const normals = mesh.attributes.normals ? toYUp(mesh.attributes.normals, 3, turn) : undefined;
    if (normals) for (let v = 0; v < normals.length; v += 3) {
      const length = Math.hypot(normals[v]!, normals[v + 1]!, normals[v + 2]!);
      // A vector already on the snorm8 grid and within the validator's tolerance is expected as it is
      // (MeshSerializer2's), others normalised; those the writer has to repair (zero, not finite) are not compared.
      const onGrid = [0, 1, 2].every((c) => Math.abs(normals[v + c]! * 127 - Math.round(normals[v + c]! * 127)) <= 1e-3) && Math.abs(length - 1) <= 0.00674;
      if (!onGrid) for (let c = 0; c < 3; c++) normals[v + c] = length > 0.5 && length < 2 ? normals[v + c]! / length : NaN;
    }
    const m = matchVertices(
      { positions, normals, uvs: uvSets, indices: Array.from(mesh.indices) },
      { positions: d.positions, normals: normals ? d.normals : undefined, uvs: d.uvs.slice(0, uvSets.length), indices: d.indices },
      { position: positionBound, normal: NORMAL_SNORM8_RARE_BOUND + F32, uvs: uvBounds },
    );
    const rare = m.errors.normals.filter((e) => e > NORMAL_SNORM8_BOUND + F32).length;
    if (rare > NORMAL_RARE_SHARE * (positions.length / 3)) m.failures.push(`${rare} of ${positions.length / 3} normals are more than 1 / 254 off (a component), more than the rare ones README § glTF quantization allows`);
    result.normalsOverHalfStep += rare;
    if (d.uvs.length < uvSets.length) m.failures.push(`${uvSets.length} UV sets in the Asset, ${d.uvs.length} decoded`);
    if (normals && !d.normals) m.failures.push('normals not decoded');
    result.failures.push(...m.failures.map((f) => `${label}: ${f}`));
    result.vertices += positions.length / 3;
    if (skinned) result.skinnedVertices += positions.length / 3;
    if (d.textured) result.textured++;
    result.maxPositionSteps = Math.max(result.maxPositionSteps, m.maxPosition / step);
    if (skinned && skinSlack > 0) result.maxFoldRounding = Math.max(result.maxFoldRounding, (m.maxPosition - step / 2) / (skinSlack / FOLD_ROUNDING));
    result.maxUvError = Math.max(result.maxUvError, m.maxUv);
    result.maxNormalError = Math.max(result.maxNormalError, m.maxNormal);
  });
  return result;
}

interface VertexSet {
  positions: ArrayLike<number>;
  normals?: ArrayLike<number>;
  uvs: ArrayLike<number>[];
  indices?: ArrayLike<number>;
}

function maxDifference(a: ArrayLike<number>, i: number, b: ArrayLike<number>, j: number, components: number): number {
  let worst = 0;
  for (let c = 0; c < components; c++) {
    const x = a[i * components + c]!;
    if (Number.isNaN(x)) continue;
    worst = Math.max(worst, Math.abs(x - b[j * components + c]!));
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
 * every bound (position, normal, UVs) of some source vertex; then each decoded triangle must be
 * a source triangle whose corners, in order, lie within the bounds of its corners, as many times
 * as the source has it. Source vertices with equal values are one. Vertex counts must be equal:
 * the meshopt reordering renumbers vertices and keeps unreferenced ones. (Matching each vertex to
 * its single nearest source vertex fails on real meshes: two source vertices a fraction of a
 * quantization step apart, in position or normal, can swap which is nearer once quantized.)
 */
export function matchVertices(source: VertexSet, decoded: VertexSet, bounds: { position: number; normal: number; uvs: number[] }): { failures: string[]; maxPosition: number; maxUv: number; maxNormal: number; errors: { normals: number[] } } {
  const failures: string[] = [];
  const count = source.positions.length / 3;
  const out = { failures, maxPosition: 0, maxUv: 0, maxNormal: 0, errors: { normals: [] as number[] } };
  if (decoded.positions.length !== source.positions.length) {
    failures.push(`${decoded.positions.length / 3} vertices decoded, the Asset has ${count}`);
    return out;
  }
  const cell = Math.max(bounds.position, Number.MIN_VALUE) * 2;
  const cellOf = (p: ArrayLike<number>, v: number) => [0, 1, 2].map((c) => Math.floor(p[v * 3 + c]! / cell));
  const grid = new Map<string, number[]>();
  const canonical = new Int32Array(count);
  const seen = new Map<string, number>();
  for (let v = 0; v < count; v++) {
    const key = cellOf(source.positions, v).join(',');
    const list = grid.get(key);
    if (list) list.push(v);
    else grid.set(key, [v]);
    const values = [...[0, 1, 2].map((c) => source.positions[v * 3 + c]), ...(source.normals ? [0, 1, 2].map((c) => source.normals![v * 3 + c]) : []), ...source.uvs.flatMap((uv) => [uv[v * 2], uv[v * 2 + 1]])].join(',');
    canonical[v] = seen.get(values) ?? (seen.set(values, v), v);
  }
  // Every source vertex (as its canonical id) within every bound of each decoded vertex.
  const candidates: Set<number>[] = [];
  let unmatched = 0;
  for (let d = 0; d < count; d++) {
    const [x, y, z] = cellOf(decoded.positions, d) as [number, number, number];
    const within = new Set<number>();
    let nearest = Infinity;
    let best = -1;
    let bestScore = Infinity;
    for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) for (let k = -1; k <= 1; k++) {
      for (const s of grid.get(`${x + i},${y + j},${z + k}`) ?? []) {
        const p = maxDifference(source.positions, s, decoded.positions, d, 3);
        nearest = Math.min(nearest, p);
        if (p > bounds.position) continue;
        let score = p / bounds.position;
        let ok = true;
        source.uvs.forEach((uv, set) => {
          const e = maxDifference(uv, s, decoded.uvs[set] ?? [], d, 2);
          ok &&= e <= bounds.uvs[set]!;
          score += e / bounds.uvs[set]!;
        });
        if (source.normals && decoded.normals) {
          const e = maxDifference(source.normals, s, decoded.normals, d, 3);
          ok &&= e <= bounds.normal;
          score += e / bounds.normal;
        }
        if (!ok) continue;
        within.add(canonical[s]!);
        if (score < bestScore) [best, bestScore] = [s, score];
      }
    }
    candidates.push(within);
    if (best < 0) {
      if (unmatched++ < 3) failures.push(`decoded vertex ${d} (${[0, 1, 2].map((c) => decoded.positions[d * 3 + c]).join(', ')}) matches no Asset vertex within the bounds (nearest position ${nearest === Infinity ? 'beyond a step' : nearest})`);
      continue;
    }
    // The errors reported are those of the vertex nearest in all values (in units of each bound) among those within the bounds.
    out.maxPosition = Math.max(out.maxPosition, maxDifference(source.positions, best, decoded.positions, d, 3));
    source.uvs.forEach((uv, set) => { out.maxUv = Math.max(out.maxUv, maxDifference(uv, best, decoded.uvs[set]!, d, 2)); });
    if (source.normals && decoded.normals) {
      const e = maxDifference(source.normals, best, decoded.normals, d, 3);
      out.errors.normals.push(e);
      out.maxNormal = Math.max(out.maxNormal, e);
    }
  }
  if (unmatched > 3) failures.push(`${unmatched} decoded vertices match no Asset vertex`);
  if (unmatched > 0) return out;
  const sourceIndices = source.indices!;
  const decodedIndices = decoded.indices;
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
 * Every rotation track three.js decoded, against the Asset track of the same joint and key
 * times; and every Asset rotation track that moves its joint off its rest rotation must have
 * been decoded (a track holding the rest rotation has no channel, by design).
 */
export function compareAnimations(asset: Asset, json: Record<string, any>, decoded: DecodedAsset): AnimationComparison {
  const result: AnimationComparison = { failures: [], keys: 0, maxRotationError: 0 };
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
    const channels = (gltfAnimation.channels as Record<string, any>[]).filter((c) => c.target.path === 'rotation');
    if (clip.rotations.length !== channels.length) result.failures.push(`${label}: ${clip.rotations.length} rotation tracks decoded, ${channels.length} channels written`);
    const used = new Set<number>();
    channels.forEach((channel, r) => {
      const track = clip.rotations[r];
      const joint = jointOf(channel.target.node);
      const t = animation.tracks.findIndex((candidate, i) => !used.has(i) && candidate.joint === joint && candidate.rotation !== undefined && track !== undefined && candidate.times.length === track.times.length && candidate.times.every((time, n) => time === track.times[n]));
      if (t < 0 || !track) return void result.failures.push(`${label}: decoded rotation track ${r} (joint ${joint}) has no Asset track with its key times`);
      used.add(t);
      const values = toYUp(animation.tracks[t]!.rotation!, 4, turn);
      for (let key = 0; key < values.length; key += 4) {
        const expected = expectedRotation(Array.from(values.subarray(key, key + 4)));
        const error = Math.max(...expected.map((v, c) => Math.abs(v - track.values[key + c]!)));
        result.maxRotationError = Math.max(result.maxRotationError, error);
        if (!(error <= ROTATION_SNORM16_BOUND + F32)) result.failures.push(`${label} joint ${joint} key ${key / 4}: decoded (${track.values.slice(key, key + 4).join(', ')}), Asset (${expected.join(', ')})`);
      }
      result.keys += values.length / 4;
    });
    animation.tracks.forEach((track, i) => {
      if (used.has(i) || !track.rotation || track.times.length === 0) return;
      const node = nodeOf(track.joint);
      if (node < 0) return;
      const rest = (nodes[node]?.rotation as number[] | undefined) ?? [0, 0, 0, 1];
      const values = toYUp(track.rotation, 4, turn);
      let holdsRest = true;
      for (let key = 0; key < values.length && holdsRest; key += 4) {
        const length = Math.hypot(...values.subarray(key, key + 4));
        holdsRest = [0, 1, 2, 3].every((c) => Math.fround(values[key + c]! / length) === Math.fround(rest[c]!));
      }
      if (!holdsRest) result.failures.push(`${label}: Asset rotation track ${i} (joint ${track.joint}) moves its joint but was not decoded`);
    });
  });
  return result;
}
