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

/**
 * `pending` (each `vertexCount` elements) and `indices` with the vertices a reader decodes alike
 * made one: the accessors' arrays compacted, the indices renumbered (same type). `welded`: how
 * many vertices went; 0 leaves everything as it was.
 */
export function weldWrittenVertices<T extends Uint8Array | Uint16Array | Uint32Array>(pending: PendingAccessor[], indices: T, vertexCount: number): { pending: PendingAccessor[]; indices: T; welded: number } {
  const streams = pending.map(decodedBytesOf);
  if (streams.some((s) => s.bytes.length !== s.stride * vertexCount)) return { pending, indices, welded: 0 };
  const equal = (a: number, b: number) => {
    for (const { bytes, stride } of streams) for (let k = 0, x = a * stride, y = b * stride; k < stride; k++) if (bytes[x + k] !== bytes[y + k]) return false;
    return true;
  };
  let size = 1;
  while (size < vertexCount * 2) size <<= 1;
  const table = new Int32Array(size).fill(-1);
  const remap = new Uint32Array(vertexCount);
  const kept: number[] = [];
  for (let v = 0; v < vertexCount; v++) {
    let h = 0x811c9dc5;
    for (const { bytes, stride } of streams) for (let k = 0, at = v * stride; k < stride; k++) h = Math.imul(h ^ bytes[at + k]!, 0x01000193);
    let slot = (h ^ (h >>> 15)) & (size - 1);
    for (;;) {
      const at = table[slot]!;
      if (at < 0) {
        table[slot] = v;
        remap[v] = kept.length;
        kept.push(v);
        break;
      }
      if (equal(at, v)) {
        remap[v] = remap[at]!;
        break;
      }
      slot = (slot + 1) & (size - 1);
    }
  }
  const welded = vertexCount - kept.length;
  if (welded === 0) return { pending, indices, welded };
  const renumbered = new (indices.constructor as new (length: number) => T)(indices.length);
  for (let i = 0; i < indices.length; i++) renumbered[i] = remap[indices[i]!]!;
  return { pending: gatheredPending(pending, Uint32Array.from(kept)), indices: renumbered, welded };
}

/**
 * `pending` and `indices` without the vertices no index names (pruneUnread: nothing draws them;
 * gltfpack leaves them out too), the others kept in order. `dropped`: how many went.
 */
export function withoutUnreferencedVertices<T extends Uint8Array | Uint16Array | Uint32Array>(pending: PendingAccessor[], indices: T, vertexCount: number): { pending: PendingAccessor[]; indices: T; dropped: number } {
  const remap = new Int32Array(vertexCount).fill(-1);
  for (let i = 0; i < indices.length; i++) remap[indices[i]!] = 0;
  const kept: number[] = [];
  for (let v = 0; v < vertexCount; v++) if (remap[v] === 0) remap[v] = kept.push(v) - 1;
  const dropped = vertexCount - kept.length;
  if (dropped === 0 || pending.some((p) => bytesOf(p).bytes.length !== bytesOf(p).stride * vertexCount)) return { pending, indices, dropped: 0 };
  const renumbered = new (indices.constructor as new (length: number) => T)(indices.length);
  for (let i = 0; i < indices.length; i++) renumbered[i] = remap[indices[i]!]!;
  return { pending: gatheredPending(pending, Uint32Array.from(kept)), indices: renumbered, dropped };
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
