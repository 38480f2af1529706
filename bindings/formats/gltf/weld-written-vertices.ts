// Vertices whose every attribute is stored with the same bytes made one, after quantization:
// what `pruneUnread` does once the UV sets and tangents are gone (gltfpack welds the same way).
// Two vertices whose normals differ in float32 but round to the same snorm8 / octahedral bytes,
// and whose positions fall on the same grid point, decode to the same values: keeping one of
// them changes nothing a reader sees but the vertex count. Measured on actor_00.mesh at
// gltfpack's precision (bench/glb-breakdown.ts): no two of its 3,128 vertices are equal in
// float32, 2,375 remain once welded on the stored bytes (gltfpack -cc: 2,357, across its merged meshes).
//
// Keyed on what a reader decodes: the stored bytes, or for a filtered attribute (octahedral
// normals and tangents, exponential UVs) the filter's output as meshoptimizer's own decoder makes
// it (each filter decodes an element from its own bytes, given the view's fixed parameters), so an
// attribute kept float32 must match bit for bit. Two octahedral codes can decode to one int8
// vector (the decoder renormalizes and rounds to 8 bits): keyed on the codes, Box47.mesh at
// gltfpack's precision kept 77,463 vertices of which 622 decoded the same as another (gltfpack -cc:
// 76,950); keyed on the decoded bytes, 76,841. The alternative, the spec's decode written again in
// TypeScript, could round an edge case otherwise than the decoder every viewer uses; the round
// trip through the codec costs one encode and decode of the filtered stream (pruneUnread only).
// The first vertex of each kind is kept, in order: vertices numbered by first use stay so.
//
// Then, in the same pass (one gather of every attribute): triangles the weld leaves naming one
// vertex twice cover no area and draw nothing (Box47.mesh at gltfpack's precision: 90 of
// 76,303), and vertices no triangle names are drawn by nothing; both are left out, as gltfpack
// leaves them out of every mesh it writes (meshcodec only under pruneUnread, each warned). Unless
// no triangle would be left: a glTF accessor holds at least one element, so such a mesh is
// written whole. Done as a second pass over the indices and a second gather, they cost Box47.mesh's
// pruned encode 4–5 ms of 45; folded into the weld's renumbering, about 1 ms.
//
// The hash (FNV-1a) is public: positions chosen so their bytes share a window of the table make
// linear probing O(n²) (test/helpers/colliding-keys.ts). The probing counts its collision steps;
// past 32 × vertexCount + 4096 the kinds are found again by sorting (leadersBy, O(n log n)), with
// the same numbering: first vertex first, which no hash decides. Ordinary meshes never get there.
import { leadersBy } from '../../kernels/weld-sort.js';
import type { AccessorOptions, AccessorType, ComponentArray } from './gltf-builder.js';
import { meshoptDecoder, meshoptEncoder } from './meshopt-module.js';
import { gatherElements, scatterElements } from './move-elements.js';

/** A vertex accessor the writer holds back until the mesh's vertices are welded. */
export interface PendingAccessor {
  type: AccessorType;
  array: ComponentArray;
  options: AccessorOptions;
}

const COMPONENTS: Record<AccessorType, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };

function bytesOf(p: PendingAccessor): { bytes: Uint8Array; stride: number } {
  const stride = p.options.byteStride ?? COMPONENTS[p.type] * p.array.BYTES_PER_ELEMENT;
  return { bytes: p.options.filtered?.bytes ?? new Uint8Array(p.array.buffer, p.array.byteOffset, p.array.byteLength), stride };
}

/** The bytes a reader decodes from `p`: its own, or its filtered bytes through the codec and the filter's decode. */
function decodedBytesOf(p: PendingAccessor): { bytes: Uint8Array; stride: number } {
  const stored = bytesOf(p);
  const filtered = p.options.filtered;
  if (!filtered || filtered.filter === 'NONE' || stored.bytes.length === 0) return stored;
  const count = stored.bytes.length / stored.stride;
  const encoded = meshoptEncoder().encodeGltfBuffer(stored.bytes, count, stored.stride, 'ATTRIBUTES', 0);
  const bytes = new Uint8Array(stored.bytes.length);
  meshoptDecoder('gltf', undefined, 'a filtered vertex attribute').decodeGltfBuffer(bytes, count, stored.stride, encoded, 'ATTRIBUTES', filtered.filter);
  return { bytes, stride: stored.stride };
}

/** weldWrittenVertices' kinds (kind per vertex, first vertex per kind, the count returned) by sorting the vertices' bytes. */
function kindsBySort(streams: { bytes: Uint8Array; stride: number }[], vertexCount: number, kind: Uint32Array, first: Uint32Array): number {
  const leader = leadersBy(vertexCount, (a, b) => {
    for (const { bytes, stride } of streams) {
      for (let k = 0, x = a * stride, y = b * stride; k < stride; k++) if (bytes[x + k] !== bytes[y + k]) return bytes[x + k]! - bytes[y + k]!;
    }
    return 0;
  });
  let kinds = 0;
  for (let v = 0; v < vertexCount; v++) {
    const head = leader[v]!;
    if (head === v) {
      kind[v] = kinds;
      first[kinds++] = v;
    } else {
      kind[v] = kind[head]!;
    }
  }
  return kinds;
}

/** What weldWrittenVertices did: vertices made one with another, triangles and vertices left out. */
export interface WeldResult<T> {
  pending: PendingAccessor[];
  indices: T;
  /** Vertices made one with an earlier one. */
  welded: number;
  /** Triangles left out: two of their corners became one vertex. */
  degenerate: number;
  /** Distinct vertices left out: no kept triangle names them. */
  unused: number;
}

/**
 * `pending` (each `vertexCount` elements) and `indices` (a triangle list) with the vertices a
 * reader decodes alike made one, then the triangles left naming a vertex twice and the vertices
 * no triangle names left out (unless no triangle would be left): the accessors' arrays compacted,
 * the indices renumbered (same type). All counts 0 leave everything as it was.
 */
export function weldWrittenVertices<T extends Uint8Array | Uint16Array | Uint32Array>(pending: PendingAccessor[], indices: T, vertexCount: number): WeldResult<T> {
  const unchanged = { pending, indices, welded: 0, degenerate: 0, unused: 0 };
  const streams = pending.map(decodedBytesOf);
  if (streams.some((s) => s.bytes.length !== s.stride * vertexCount)) return unchanged;
  const equal = (a: number, b: number) => {
    for (const { bytes, stride } of streams) for (let k = 0, x = a * stride, y = b * stride; k < stride; k++) if (bytes[x + k] !== bytes[y + k]) return false;
    return true;
  };
  let size = 1;
  while (size < vertexCount * 2) size <<= 1;
  const table = new Int32Array(size).fill(-1);
  // kind[v]: the number of v's kind (0, 1, … in order of first vertex); first[kind]: that vertex.
  const kind = new Uint32Array(vertexCount);
  const first = new Uint32Array(vertexCount);
  let kinds = 0;
  let probes = 0;
  const budget = 32 * vertexCount + 4096;
  scan: for (let v = 0; v < vertexCount; v++) {
    let h = 0x811c9dc5;
    for (const { bytes, stride } of streams) for (let k = 0, at = v * stride; k < stride; k++) h = Math.imul(h ^ bytes[at + k]!, 0x01000193);
    let slot = (h ^ (h >>> 15)) & (size - 1);
    for (;;) {
      const at = table[slot]!;
      if (at < 0) {
        table[slot] = v;
        kind[v] = kinds;
        first[kinds++] = v;
        break;
      }
      if (equal(at, v)) {
        kind[v] = kind[at]!;
        break;
      }
      if (++probes > budget) break scan;
      slot = (slot + 1) & (size - 1);
    }
  }
  if (probes > budget) kinds = kindsBySort(streams, vertexCount, kind, first);
  // Indices through the kinds, triangles naming a kind twice left out (all kept if none would be left).
  const renumbered = new (indices.constructor as new (length: number) => T)(indices.length);
  let length = 0;
  for (let t = 0; t + 2 < indices.length; t += 3) {
    const a = kind[indices[t]!]!;
    const b = kind[indices[t + 1]!]!;
    const c = kind[indices[t + 2]!]!;
    if (a === b || b === c || a === c) continue;
    renumbered[length] = a;
    renumbered[length + 1] = b;
    renumbered[length + 2] = c;
    length += 3;
  }
  const dropTriangles = length > 0 && indices.length % 3 === 0;
  if (!dropTriangles) {
    length = indices.length;
    for (let i = 0; i < length; i++) renumbered[i] = kind[indices[i]!]!;
  }
  // The kinds kept: those a kept index names (every kind where no triangle is left out).
  const place = new Int32Array(kinds).fill(dropTriangles ? -1 : 0);
  for (let i = 0; i < length; i++) place[renumbered[i]!] = 0;
  let kept = 0;
  for (let k = 0; k < kinds; k++) if (place[k] === 0) first[kept] = first[k]!, (place[k] = kept++);
  const degenerate = (indices.length - length) / 3;
  const unused = kinds - kept;
  const welded = vertexCount - kinds;
  if (welded === 0 && degenerate === 0 && unused === 0) return unchanged;
  const out = (length === renumbered.length ? renumbered : (renumbered.slice(0, length) as T));
  for (let i = 0; i < length; i++) out[i] = place[out[i]!]!;
  return { pending: gatheredPending(pending, first.subarray(0, kept)), indices: out, welded, degenerate, unused };
}

/** Each accessor's elements `kept` (old vertex numbers, in their new order), filtered bytes alike. */
function gatheredPending(pending: PendingAccessor[], kept: Uint32Array): PendingAccessor[] {
  return pending.map((p) => {
    const { stride } = bytesOf(p);
    const slots = stride / p.array.BYTES_PER_ELEMENT;
    const array = new (p.array.constructor as new (length: number) => ComponentArray)(kept.length * slots);
    gatherElements(p.array, array, slots, kept);
    const options: AccessorOptions = { ...p.options };
    if (p.options.filtered) {
      const bytes = new Uint8Array(kept.length * stride);
      gatherElements(p.options.filtered.bytes, bytes, stride, kept);
      options.filtered = { ...p.options.filtered, bytes };
    }
    return { type: p.type, array, options };
  });
}

/** `pending`'s elements moved to their new places, out[remap[v]] = in[v] (a meshopt reorder of the welded mesh). */
export function remappedPending(pending: PendingAccessor[], remap: Uint32Array): PendingAccessor[] {
  return pending.map((p) => {
    const { stride } = bytesOf(p);
    const slots = stride / p.array.BYTES_PER_ELEMENT;
    const array = new (p.array.constructor as new (length: number) => ComponentArray)(p.array.length);
    scatterElements(p.array, array, slots, remap);
    const options: AccessorOptions = { ...p.options };
    if (p.options.filtered) {
      const bytes = new Uint8Array(p.options.filtered.bytes.length);
      scatterElements(p.options.filtered.bytes, bytes, stride, remap);
      options.filtered = { ...p.options.filtered, bytes };
    }
    return { type: p.type, array, options };
  });
}
