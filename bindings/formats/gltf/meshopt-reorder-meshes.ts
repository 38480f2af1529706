/**
 * The meshes of a file reordered for EXT_meshopt_compression (reorderCheckedForMeshopt's vertex
 * cache and vertex fetch order) by ONE call into meshoptimizer per run of small meshes: their
 * triangle lists back to back, each mesh's vertices numbered after the previous meshes', then cut
 * apart again.
 *
 * Why one call: a file of many small meshes paid meshoptimizer's JavaScript wrapper per mesh (two
 * heap allocations, copies in and out, a remap array, a pass over the indices; editor_viewcube.mesh:
 * 26 meshes of 4–12 vertices, the reorder 10 % of its optimized encode). The meshes share no vertex,
 * so the strip-order optimizer only leaves a mesh when none of its triangles is left (its cache
 * holds that mesh's vertices; a dead end takes the first triangle not yet written, in input order),
 * and each mesh comes out as it would alone: its triangles in the same order, its vertices
 * numbered as their first use, after the earlier meshes' (the fetch remap). What the code checks
 * is a necessary condition of that: each mesh's triangles must be one run, in mesh order, on a
 * range of new vertex numbers of its own that holds every vertex of the mesh the remap numbers;
 * when not, every mesh is reordered alone (the same result as before this file existed). Equality
 * with each mesh's own reorder follows from the algorithm as above, and is tested on random meshes
 * (test/meshopt-reorder-meshes.test.ts, test/review6b-joined-reorder.test.ts), not checked per call.
 *
 * Measured against a call per mesh: every output byte-identical (bench/optimize-hashes.ts, 1,566
 * outputs), meshoptimizer's reorder calls for editor_viewcube.mesh 26 → 1 and its writer 1.06×
 * faster (bench/optimize-before-after.mts, one interleaved run on the shared 2-core machine, load 8).
 */
import { fillRemap, reorderCheckedForMeshopt, type MeshoptReorder } from './meshopt-encode.js';
import { meshoptEncoder } from './meshopt-module.js';
import { writerUint32 } from './writer-arena.js';

/** One mesh's triangle list (whole triangles, each index below `vertexCount`: validateAsset checked them). */
export interface CheckedTriangles {
  indices: Uint8Array | Uint16Array | Uint32Array;
  vertexCount: number;
}

/**
 * Meshes of at most JOINED_REORDER_MESH_MAX_INDICES indices are joined, in runs of at most
 * JOINED_REORDER_MAX_INDICES (a larger mesh is reordered alone): the call's fixed cost (about a
 * microsecond) is what joining saves, which matters for small meshes only, while cutting a run
 * apart costs a few passes over its indices and vertices; and a run this size keeps
 * meshoptimizer's working memory what one such mesh would need, whatever the file.
 */
export const JOINED_REORDER_MAX_INDICES = 65536;
export const JOINED_REORDER_MESH_MAX_INDICES = 3072;

/** reorderCheckedForMeshopt of each mesh, in one meshoptimizer call per run of small meshes where the result is the same. */
export function reorderCheckedMeshesForMeshopt(meshes: readonly CheckedTriangles[]): MeshoptReorder[] {
  const out: MeshoptReorder[] = [];
  for (let from = 0; from < meshes.length; ) {
    let to = from + 1;
    const first = meshes[from]!.indices.length;
    if (first <= JOINED_REORDER_MESH_MAX_INDICES) {
      for (let indices = first; to < meshes.length && meshes[to]!.indices.length <= JOINED_REORDER_MESH_MAX_INDICES && indices + meshes[to]!.indices.length <= JOINED_REORDER_MAX_INDICES; to++) indices += meshes[to]!.indices.length;
    }
    for (const r of joinedRun(from === 0 && to === meshes.length ? meshes : meshes.slice(from, to))) out.push(r);
    from = to;
  }
  return out;
}

/** One run of meshes reordered by one call (each alone where that would not give each mesh its own result). */
function joinedRun(meshes: readonly CheckedTriangles[]): MeshoptReorder[] {
  let indexTotal = 0;
  let vertexTotal = 0;
  for (const m of meshes) {
    indexTotal += m.indices.length;
    vertexTotal += m.vertexCount;
  }
  // One mesh gains nothing from the joined call (nor can vertex numbers pass uint32's).
  if (meshes.length < 2 || vertexTotal >= 0xffffffff) return eachAlone(meshes);
  const joined = writerUint32(indexTotal);
  for (let k = 0, at = 0, base = 0; k < meshes.length; k++) {
    const { indices, vertexCount } = meshes[k]!;
    offsetInto(joined, at, indices, base);
    at += indices.length;
    base += vertexCount;
  }
  const [used, unique] = meshoptEncoder().reorderMesh(joined, true, true);
  const out = cutApart(meshes, joined, used, unique);
  return out ?? eachAlone(meshes);
}

function eachAlone(meshes: readonly CheckedTriangles[]): MeshoptReorder[] {
  const out: MeshoptReorder[] = [];
  for (const m of meshes) out.push(reorderCheckedForMeshopt(m.indices, m.vertexCount));
  return out;
}

/** target[at + i] = indices[i] + base. */
function offsetInto(target: Uint32Array, at: number, indices: Uint8Array | Uint16Array | Uint32Array, base: number): number {
  if (base === 0) target.set(indices, at);
  else for (let i = 0; i < indices.length; i++) target[at + i] = indices[i]! + base;
  return 0;
}

/**
 * Each mesh's reorder from the joined one (`joined` renumbered in place, `used` the joined remap,
 * `unique` the vertices it numbers), or undefined when the meshes did not come out one after the
 * other, each on its own range of new numbers (then the joined result is not each mesh's own).
 */
function cutApart(meshes: readonly CheckedTriangles[], joined: Uint32Array, used: Uint32Array, unique: number): MeshoptReorder[] | undefined {
  const out: MeshoptReorder[] = [];
  let previousHigh = -1;
  for (let k = 0, at = 0, base = 0; k < meshes.length; k++) {
    const { indices, vertexCount } = meshes[k]!;
    const end = at + indices.length;
    // The run of this mesh's place in the output: its new numbers must start right after the
    // previous mesh's and stay in [low, high].
    const low = previousHigh + 1;
    const high = highestFrom(joined, at, end, low);
    if (high < 0) return undefined;
    // Every vertex of this mesh that the remap numbers is numbered in [low, high]: so no triangle
    // of the run belongs to another mesh (each new number is one vertex of one mesh).
    if (!numberedWithin(used, base, Math.min(base + vertexCount, used.length), low, high)) return undefined;
    const count = high - low + 1;
    const own = joined.subarray(at, end);
    if (low > 0) for (let i = 0; i < own.length; i++) own[i] = own[i]! - low;
    out.push({ indices: own, remap: meshRemap(used, base, vertexCount, low, count) });
    previousHigh = high;
    at = end;
    base += vertexCount;
  }
  return previousHigh + 1 === unique ? out : undefined;
}

/** The largest of values[from..to), or −1 when one is below `low` (or the run is empty). */
function highestFrom(values: Uint32Array, from: number, to: number, low: number): number {
  let high = -1;
  for (let i = from; i < to; i++) {
    const v = values[i]!;
    if (v < low) return -1;
    if (v > high) high = v;
  }
  return high;
}

/** Whether used[from..to) are each unused (0xffffffff) or within [low, high]. */
function numberedWithin(used: Uint32Array, from: number, to: number, low: number, high: number): boolean {
  for (let v = from; v < to; v++) {
    const u = used[v]!;
    if (u !== 0xffffffff && (u < low || u > high)) return false;
  }
  return true;
}

/** One mesh's remap: its used vertices' joined numbers less `low`, the others numbered after its `count` used ones, in order (as reorderCheckedForMeshopt numbers them). */
function meshRemap(used: Uint32Array, base: number, vertexCount: number, low: number, count: number): Uint32Array {
  const remap = new Uint32Array(vertexCount);
  const mine = used.subarray(Math.min(base, used.length), Math.min(base + vertexCount, used.length));
  if (low === 0) fillRemap(remap, mine, count);
  else fillShiftedRemap(remap, mine, low, count);
  return remap;
}

/** fillRemap of `used` numbers less `low`. */
function fillShiftedRemap(remap: Uint32Array, used: Uint32Array, low: number, count: number): number {
  let next = count;
  let v = 0;
  for (; v < used.length; v++) {
    const u = used[v]!;
    remap[v] = u !== 0xffffffff ? u - low : next++;
  }
  for (; v < remap.length; v++) remap[v] = next++;
  return next;
}
