// Review of the glTF reader's copy plan (accessors.ts plannedFloats, small-arrays.ts): Asset
// arrays are views of shared blocks, so every array an Asset holds must cover memory of its own
// (mutating one never changes another, nor the input, nor another parse's), whatever accessors
// alias one another: one accessor read by two primitives or as two attributes, two accessors over
// the same bytes (FLOAT and index), sparse, normalized and strided ones. On every backend.
import { describe, expect, it } from 'vitest';
import { gltfFormat, glbFormat, type Asset } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

/** A .gltf (buffer as a data: URI) from its JSON and buffer bytes. */
function gltf(json: Record<string, unknown>, bin: Uint8Array): Uint8Array {
  const doc = { asset: { version: '2.0' }, ...json, buffers: [{ byteLength: bin.length, uri: `data:application/octet-stream;base64,${Buffer.from(bin).toString('base64')}` }] };
  return new TextEncoder().encode(JSON.stringify(doc));
}

/** A .glb from its JSON and BIN chunk. */
function glb(json: Record<string, unknown>, bin: Uint8Array): Uint8Array {
  const padded = new Uint8Array((bin.length + 3) & ~3);
  padded.set(bin);
  const text = new TextEncoder().encode(JSON.stringify({ asset: { version: '2.0' }, ...json, buffers: [{ byteLength: padded.length }] }));
  const jsonLength = (text.length + 3) & ~3;
  const out = new Uint8Array(12 + 8 + jsonLength + 8 + padded.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true); view.setUint32(4, 2, true); view.setUint32(8, out.length, true);
  view.setUint32(12, jsonLength, true); view.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jsonLength); out.set(text, 20);
  view.setUint32(20 + jsonLength, padded.length, true); view.setUint32(24 + jsonLength, 0x004e4942, true);
  out.set(padded, 28 + jsonLength);
  return out;
}

/**
 * Four vertices: positions (view 0), the same 48 bytes read as a second FLOAT accessor, indices
 * (u32, view 1) and the same bytes as a FLOAT SCALAR _EXTRA; UVs normalized u16 in a strided view;
 * a sparse NORMAL; two primitives (and two meshes) sharing the POSITION and index accessors.
 */
function aliasingDoc(): { json: Record<string, unknown>; bin: Uint8Array } {
  const bin = new Uint8Array(48 + 24 + 32 + 4 + 12);
  const f = new Float32Array(bin.buffer, 0, 12);
  f.set([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]);
  new Uint32Array(bin.buffer, 48, 6).set([0, 1, 2, 0, 2, 3]);
  const uv = new DataView(bin.buffer, 72, 32);
  for (let v = 0; v < 4; v++) { uv.setUint16(v * 8, v * 1000, true); uv.setUint16(v * 8 + 2, 65535 - v * 1000, true); }
  new Uint32Array(bin.buffer, 104, 1)[0] = 2; // sparse index
  new Float32Array(bin.buffer, 108, 3).set([0, 0, 1]); // sparse value
  const json = {
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: 48 },
      { buffer: 0, byteOffset: 48, byteLength: 24 },
      { buffer: 0, byteOffset: 72, byteLength: 32, byteStride: 8 },
      { buffer: 0, byteOffset: 104, byteLength: 4 },
      { buffer: 0, byteOffset: 108, byteLength: 12 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 4, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
      { bufferView: 1, componentType: 5125, count: 6, type: 'SCALAR' },
      { bufferView: 2, componentType: 5123, normalized: true, count: 4, type: 'VEC2' },
      { componentType: 5126, count: 4, type: 'VEC3', sparse: { count: 1, indices: { bufferView: 3, componentType: 5125 }, values: { bufferView: 4 } } },
      { bufferView: 0, componentType: 5126, count: 4, type: 'VEC3' },
      { bufferView: 1, componentType: 5126, count: 4, type: 'SCALAR' },
      { bufferView: 0, componentType: 5126, count: 4, type: 'VEC2' },
    ],
    meshes: [
      { primitives: [{ attributes: { POSITION: 0, NORMAL: 3, TEXCOORD_0: 2, TEXCOORD_1: 6, _EXTRA: 5 }, indices: 1 }, { attributes: { POSITION: 0, TEXCOORD_0: 6 }, indices: 1 }] },
      { primitives: [{ attributes: { POSITION: 0, NORMAL: 4, _EXTRA: 5 }, indices: 1 }] },
    ],
    nodes: [{ mesh: 0 }, { mesh: 1 }],
    scenes: [{ nodes: [0, 1] }],
  };
  return { json, bin };
}

type AnyArray = Float32Array | Uint8Array | Uint16Array | Uint32Array;

/** Every typed array an Asset holds (mesh attributes, indices, extras, targets, animation values). */
function arraysOf(asset: Asset): { label: string; array: AnyArray }[] {
  const out: { label: string; array: AnyArray }[] = [];
  asset.meshes.forEach((mesh, m) => {
    for (const [key, value] of Object.entries(mesh.attributes)) {
      if (Array.isArray(value)) value.forEach((a, i) => out.push({ label: `mesh ${m} ${key}[${i}]`, array: a }));
      else if (value) out.push({ label: `mesh ${m} ${key}`, array: value as AnyArray });
    }
    out.push({ label: `mesh ${m} indices`, array: mesh.indices });
    for (const [key, extra] of Object.entries(mesh.extras ?? {})) out.push({ label: `mesh ${m} extra ${key}`, array: extra.data });
    (mesh.targets ?? []).forEach((t, i) => { out.push({ label: `mesh ${m} target ${i} positions`, array: t.positions }); if (t.normals) out.push({ label: `mesh ${m} target ${i} normals`, array: t.normals }); });
  });
  asset.animations.forEach((animation, a) => animation.tracks.forEach((track, t) => {
    for (const path of ['translation', 'rotation', 'scale'] as const) if (track[path]) out.push({ label: `animation ${a} track ${t} ${path}`, array: track[path]! });
  }));
  return out;
}

/** Pairs of distinct arrays whose bytes overlap. */
function overlaps(arrays: { label: string; array: AnyArray }[]): string[] {
  const found: string[] = [];
  for (let i = 0; i < arrays.length; i++) {
    for (let j = i + 1; j < arrays.length; j++) {
      const a = arrays[i]!.array, b = arrays[j]!.array;
      if (a.buffer !== b.buffer || a.byteLength === 0 || b.byteLength === 0) continue;
      if (a.byteOffset < b.byteOffset + b.byteLength && b.byteOffset < a.byteOffset + a.byteLength) found.push(`${arrays[i]!.label} / ${arrays[j]!.label}`);
    }
  }
  return found;
}

describe('review5: Asset arrays from the read plan own their memory', () => {
  for (const backend of BACKENDS) {
    for (const [container, make, format] of [['gltf', gltf, gltfFormat], ['glb', glb, glbFormat]] as const) {
      it(`${backend} ${container}: aliasing accessors give disjoint arrays, apart from the input and from a second parse`, () => {
        const { json, bin } = aliasingDoc();
        const input = make(json, bin);
        const options = { kernels: kernels[backend] };
        const asset = format.parseSync(input, options);
        const other = format.parseSync(input, options);
        const arrays = arraysOf(asset);
        expect(arrays.length).toBeGreaterThan(10);
        expect(overlaps(arrays)).toEqual([]);
        // The plan shares blocks (else this test would check nothing).
        expect(new Set(arrays.map((a) => a.array.buffer)).size).toBeLessThan(arrays.length);
        for (const { label, array } of arrays) {
          expect(array.buffer, label).not.toBe(input.buffer);
          expect(array.byteOffset % array.BYTES_PER_ELEMENT, label).toBe(0);
        }
        const otherBuffers = new Set(arraysOf(other).map((a) => a.array.buffer));
        for (const { label, array } of arrays) expect(otherBuffers.has(array.buffer), label).toBe(false);
        // Mutating every array of the first Asset changes nothing of the second, nor another array of the first.
        const snapshot = arraysOf(other).map((a) => Array.from(a.array));
        const own = arrays.map((a) => Array.from(a.array));
        arrays.forEach(({ array }, i) => { array.fill(7); own[i] = Array.from(array); });
        expect(arraysOf(other).map((a) => Array.from(a.array))).toEqual(snapshot);
        expect(arrays.map((a) => Array.from(a.array))).toEqual(own);
        // The values read: normalized UVs, the sparse normal, the shared positions.
        const m0 = other.meshes[0]!;
        expect(Array.from(m0.attributes.uvs![0]!.subarray(0, 2))).toEqual([0, 1]);
        expect(Array.from(m0.attributes.normals!.subarray(6, 9))).toEqual([0, 0, 1]);
        expect(Array.from(other.meshes[1]!.attributes.positions)).toEqual(Array.from(m0.attributes.positions));
      });
    }
  }
});
