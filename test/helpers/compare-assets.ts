import { expect } from 'vitest';
import type { Asset } from '../../bindings/index.js';

/** Largest absolute difference between two arrays of equal length (NaN when the lengths differ). */
function largestMagnitude(values: ArrayLike<number>): number {
  let max = 1;
  for (let i = 0; i < values.length; i++) max = Math.max(max, Math.abs(values[i]!));
  return max;
}

export function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return NaN;
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

/** Largest difference between unit quaternions, q and −q being the same rotation. */
export function maxRotationDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return NaN;
  let max = 0;
  for (let i = 0; i < a.length; i += 4) {
    const dot = a[i]! * b[i]! + a[i + 1]! * b[i + 1]! + a[i + 2]! * b[i + 2]! + a[i + 3]! * b[i + 3]!;
    const la = Math.hypot(a[i]!, a[i + 1]!, a[i + 2]!, a[i + 3]!) || 1;
    const lb = Math.hypot(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!) || 1;
    max = Math.max(max, 1 - Math.abs(dot / (la * lb)));
  }
  return max;
}

/** Weights scaled to sum to 1 per vertex, zero-weight slots' joints cleared (how glTF stores a skin). */
function normalizedInfluences(joints: Uint16Array, weights: Float32Array): Map<string, number>[] {
  const out: Map<string, number>[] = [];
  for (let v = 0; v < joints.length; v += 4) {
    let sum = 0;
    for (let k = 0; k < 4; k++) sum += Math.max(0, weights[v + k]!);
    const m = new Map<string, number>();
    for (let k = 0; k < 4; k++) if (weights[v + k]! > 0) m.set(String(joints[v + k]), (m.get(String(joints[v + k])) ?? 0) + weights[v + k]! / sum);
    out.push(m);
  }
  return out;
}

/**
 * Checks what a glTF round trip must keep: mesh positions, normals, UVs, triangles, skin
 * influences (normalised), skeleton bind pose, animation key times and values.
 */
export function expectSameGeometryAndMotion(source: Asset, back: Asset, tolerance = 1e-5): void {
  const meshes = source.meshes.filter((m) => m.indices.length >= 3);
  expect(back.meshes.map((m) => m.name)).toEqual(meshes.map((m) => m.name));
  meshes.forEach((mesh, i) => {
    const other = back.meshes[i]!;
    const scale = largestMagnitude(mesh.attributes.positions);
    expect(maxDifference(other.attributes.positions, mesh.attributes.positions)).toBeLessThanOrEqual(tolerance * scale);
    expect(Array.from(other.indices)).toEqual(Array.from(mesh.indices));
    if (mesh.attributes.normals) expect(maxDifference(other.attributes.normals!, mesh.attributes.normals)).toBeLessThanOrEqual(1e-3);
    expect(other.attributes.uvs?.length ?? 0).toBe(mesh.attributes.uvs?.length ?? 0);
    (mesh.attributes.uvs ?? []).forEach((uv, s) => expect(maxDifference(other.attributes.uvs![s]!, uv)).toBe(0));
    expect(other.material).toBe(mesh.material);
    if (mesh.attributes.joints && mesh.attributes.weights && source.skeleton) {
      const expected = normalizedInfluences(mesh.attributes.joints, mesh.attributes.weights);
      const actual = normalizedInfluences(other.attributes.joints!, other.attributes.weights!);
      let worst = 0;
      expected.forEach((m, v) => {
        if (m.size === 0) return;
        for (const [joint, weight] of m) worst = Math.max(worst, Math.abs((actual[v]!.get(joint) ?? 0) - weight));
      });
      expect(worst).toBeLessThanOrEqual(1e-6);
    }
  });
  const joints = source.skeleton?.joints ?? [];
  if (joints.length) {
    expect(back.skeleton!.joints.map((j) => [j.name, j.parent])).toEqual(joints.map((j) => [j.name, j.parent]));
    back.skeleton!.joints.forEach((j, k) => {
      expect(maxDifference(j.translation, joints[k]!.translation)).toBeLessThanOrEqual(tolerance * largestMagnitude(joints[k]!.translation));
      expect(maxRotationDifference(j.rotation, joints[k]!.rotation)).toBeLessThanOrEqual(1e-6);
    });
  }
  expect(back.animations.map((a) => [a.name, a.frameCount])).toEqual(source.animations.map((a) => [a.name, a.frameCount]));
  source.animations.forEach((animation, a) => {
    const tracks = new Map(back.animations[a]!.tracks.map((t) => [t.joint, t]));
    for (const track of animation.tracks) {
      const other = tracks.get(track.joint);
      // A channel (or a whole track) that only holds the joint's bind pose may be left out: the
      // joint keeps its bind pose where an animation has no channel for it.
      // (Joints an animation-only file names without a skeleton are written as bare nodes at the identity.)
      const rest = source.skeleton?.joints[track.joint] ?? { translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] };
      const holdsRest = (values: Float32Array, bind: readonly number[] | undefined) => bind !== undefined && maxDifference(values, repeat(bind, values.length)) <= 1e-6 * Math.max(1, largestMagnitude(values));
      if (other) expect(maxDifference(other.times, track.times)).toBe(0);
      if (track.translation) {
        if (other?.translation) expect(maxDifference(other.translation, track.translation)).toBeLessThanOrEqual(tolerance * largestMagnitude(track.translation));
        else expect(holdsRest(track.translation, rest?.translation)).toBe(true);
      }
      if (track.rotation) {
        if (other?.rotation) expect(maxRotationDifference(other.rotation, track.rotation)).toBeLessThanOrEqual(1e-6);
        else expect(holdsRest(track.rotation, rest?.rotation)).toBe(true);
      }
      if (track.scale) {
        if (other?.scale) expect(maxDifference(other.scale, track.scale)).toBeLessThanOrEqual(tolerance);
        else expect(holdsRest(track.scale, rest?.scale)).toBe(true);
      }
    }
  });
}

/** `values` repeated to `length` numbers. */
function repeat(values: readonly number[], length: number): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = values[i % values.length]!;
  return out;
}
