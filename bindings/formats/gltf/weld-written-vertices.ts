// Vertices whose every attribute is stored with the same bytes made one, after quantization:
// what `pruneUnread` does once the UV sets and tangents are gone (gltfpack welds the same way).
// Two vertices whose normals differ in float32 but round to the same snorm8 / octahedral bytes,
// and whose positions fall on the same grid point, decode to the same values: keeping one of
// them changes nothing a reader sees but the vertex count. Measured on actor_00.mesh at
// gltfpack's precision (bench/glb-breakdown.ts): no two of its 3,128 vertices are equal in
// float32, 2,375 remain once welded on the stored bytes (gltfpack -cc: 2,357, across its merged meshes).
//
// Keyed on the stored bytes (a filter's output where there is one: each filter decodes an element
// from its own bytes, given the view's fixed parameters), so an attribute kept float32 must match
// bit for bit. The first vertex of each kind is kept, in order: vertices numbered by first use
// stay so.
import type { AccessorOptions, AccessorType, ComponentArray } from './gltf-builder.js';
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

/**
 * `pending` (each `vertexCount` elements) and `indices` with the vertices of equal stored bytes
 * made one: the accessors' arrays compacted, the indices renumbered (same type). `welded`: how
 * many vertices went; 0 leaves everything as it was.
 */
export function weldWrittenVertices<T extends Uint8Array | Uint16Array | Uint32Array>(pending: PendingAccessor[], indices: T, vertexCount: number): { pending: PendingAccessor[]; indices: T; welded: number } {
  const streams = pending.map(bytesOf);
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
  const keptList = Uint32Array.from(kept);
  const out = pending.map((p, i) => {
    const { stride } = streams[i]!;
    const slots = stride / p.array.BYTES_PER_ELEMENT;
    const array = new (p.array.constructor as new (length: number) => ComponentArray)(kept.length * slots);
    gatherElements(p.array, array, slots, keptList);
    const options: AccessorOptions = { ...p.options };
    if (p.options.filtered) {
      const bytes = new Uint8Array(kept.length * stride);
      gatherElements(p.options.filtered.bytes, bytes, stride, keptList);
      options.filtered = { ...p.options.filtered, bytes };
    }
    return { type: p.type, array, options };
  });
  const renumbered = new (indices.constructor as new (length: number) => T)(indices.length);
  for (let i = 0; i < indices.length; i++) renumbered[i] = remap[indices[i]!]!;
  return { pending: out, indices: renumbered, welded };
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
