import { sampleChannel, type Asset } from '../../bindings/index.js';

/**
 * How far a decoded Asset (a gltfpack or meshcodec output read back) is from its source, for
 * outputs that may reorder, weld or merge vertices and meshes (gltfpack does all three), so
 * vertices cannot be matched by index:
 * - position: the symmetric Hausdorff distance between the two vertex sets (every vertex's
 *   distance to the nearest vertex of the other side, the largest of these);
 * - uv: for each vertex, the smallest UV difference (largest component) to a vertex of the other
 *   side lying within the position error (+1e-6) of it, the largest of these (a seam's vertices
 *   share a position and differ in UV, so the nearest position alone would not do);
 * - rotation: for each animation track of the decoded Asset (joint matched by name, animation by
 *   name, else by order), the angle in radians between its key rotations and the source's
 *   rotation sampled at the same times, the largest of these.
 * NaN where a side has nothing to compare (no UVs, no animation).
 */
export interface AssetError {
  position: number;
  uv: number;
  rotation: number;
}

interface Points {
  positions: Float32Array;
  uvs: Float32Array | undefined;
}

function pool(asset: Asset): Points {
  const count = asset.meshes.reduce((sum, m) => sum + m.attributes.positions.length / 3, 0);
  const positions = new Float32Array(count * 3);
  const withUvs = asset.meshes.length > 0 && asset.meshes.every((m) => m.attributes.uvs?.[0]);
  const uvs = withUvs ? new Float32Array(count * 2) : undefined;
  let at = 0;
  for (const mesh of asset.meshes) {
    positions.set(mesh.attributes.positions, at * 3);
    if (uvs) uvs.set(mesh.attributes.uvs![0]!, at * 2);
    at += mesh.attributes.positions.length / 3;
  }
  return { positions, uvs };
}

/** A uniform grid over B's positions for nearest-neighbour and radius queries. */
class Grid {
  private readonly cells = new Map<string, number[]>();
  constructor(private readonly positions: Float32Array, readonly cell: number) {
    for (let i = 0; i < positions.length / 3; i++) {
      const key = this.key(positions[i * 3]!, positions[i * 3 + 1]!, positions[i * 3 + 2]!);
      let list = this.cells.get(key);
      if (!list) this.cells.set(key, (list = []));
      list.push(i);
    }
  }
  private key(x: number, y: number, z: number): string {
    return `${Math.floor(x / this.cell)},${Math.floor(y / this.cell)},${Math.floor(z / this.cell)}`;
  }
  /** Indices within `radius` of (x, y, z). */
  within(x: number, y: number, z: number, radius: number, visit: (i: number, distance: number) => void): void {
    const r = Math.ceil(radius / this.cell);
    if (r > 8) {
      for (let i = 0; i < this.positions.length / 3; i++) {
        const d = Math.hypot(this.positions[i * 3]! - x, this.positions[i * 3 + 1]! - y, this.positions[i * 3 + 2]! - z);
        if (d <= radius) visit(i, d);
      }
      return;
    }
    const [cx, cy, cz] = [Math.floor(x / this.cell), Math.floor(y / this.cell), Math.floor(z / this.cell)];
    for (let dx = -r; dx <= r; dx++) for (let dy = -r; dy <= r; dy++) for (let dz = -r; dz <= r; dz++) {
      for (const i of this.cells.get(`${cx + dx},${cy + dy},${cz + dz}`) ?? []) {
        const d = Math.hypot(this.positions[i * 3]! - x, this.positions[i * 3 + 1]! - y, this.positions[i * 3 + 2]! - z);
        if (d <= radius) visit(i, d);
      }
    }
  }
  /** Distance to the nearest point (growing the search a few times, then looking at every point). */
  nearest(x: number, y: number, z: number): number {
    for (let radius = this.cell; radius <= this.cell * 8; radius *= 2) {
      let best = Infinity;
      this.within(x, y, z, radius, (_, d) => { best = Math.min(best, d); });
      if (best <= radius) return best;
    }
    let best = Infinity;
    for (let i = 0; i < this.positions.length / 3; i++) best = Math.min(best, Math.hypot(this.positions[i * 3]! - x, this.positions[i * 3 + 1]! - y, this.positions[i * 3 + 2]! - z));
    return best;
  }
}

function extent(positions: Float32Array): number {
  let size = 0;
  for (let c = 0; c < 3; c++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = c; i < positions.length; i += 3) { lo = Math.min(lo, positions[i]!); hi = Math.max(hi, positions[i]!); }
    if (hi > lo) size = Math.max(size, hi - lo);
  }
  return size || 1;
}

function oneWay(a: Points, b: Points, bGrid: Grid, radius: number | undefined): number {
  let worst = 0;
  for (let i = 0; i < a.positions.length / 3; i++) {
    const [x, y, z] = [a.positions[i * 3]!, a.positions[i * 3 + 1]!, a.positions[i * 3 + 2]!];
    if (radius === undefined) {
      worst = Math.max(worst, bGrid.nearest(x, y, z));
      continue;
    }
    let best = Infinity;
    bGrid.within(x, y, z, radius, (j) => {
      const d = Math.max(Math.abs(a.uvs![i * 2]! - b.uvs![j * 2]!), Math.abs(a.uvs![i * 2 + 1]! - b.uvs![j * 2 + 1]!));
      best = Math.min(best, d);
    });
    worst = Math.max(worst, best);
  }
  return worst;
}

export function assetError(source: Asset, decoded: Asset): AssetError {
  const a = pool(source);
  const b = pool(decoded);
  let position = NaN;
  let uv = NaN;
  if (a.positions.length && b.positions.length) {
    const cell = extent(a.positions) / 64;
    const gridA = new Grid(a.positions, cell);
    const gridB = new Grid(b.positions, cell);
    position = Math.max(oneWay(a, b, gridB, undefined), oneWay(b, a, gridA, undefined));
    if (a.uvs && b.uvs) {
      const radius = position + 1e-6;
      uv = Math.max(oneWay(a, b, gridB, radius), oneWay(b, a, gridA, radius));
    }
  }
  return { position, uv, rotation: rotationError(source, decoded) };
}

function rotationError(source: Asset, decoded: Asset): number {
  const sourceJoints = new Map((source.skeleton?.joints ?? []).map((j, i) => [j.name, i]));
  const decodedJoints = decoded.skeleton?.joints ?? [];
  let worst = NaN;
  decoded.animations.forEach((animation, index) => {
    const original = source.animations.find((s) => s.name === animation.name) ?? source.animations[index];
    if (!original) return;
    for (const track of animation.tracks) {
      if (!track.rotation) continue;
      const joint = sourceJoints.get(decodedJoints[track.joint]?.name ?? '');
      const match = original.tracks.find((t) => t.joint === joint && t.rotation);
      if (!match) continue;
      const expected = sampleChannel(match.times, match.rotation!, 4, track.times);
      for (let k = 0; k < track.times.length; k++) {
        let dot = 0;
        let normE = 0;
        let normD = 0;
        for (let c = 0; c < 4; c++) { dot += expected[k * 4 + c]! * track.rotation[k * 4 + c]!; normE += expected[k * 4 + c]! ** 2; normD += track.rotation[k * 4 + c]! ** 2; }
        const angle = 2 * Math.acos(Math.min(1, Math.abs(dot) / Math.sqrt(normE * normD)));
        worst = Number.isNaN(worst) ? angle : Math.max(worst, angle);
      }
    }
  });
  return worst;
}
