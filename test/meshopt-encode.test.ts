import { beforeAll, describe, expect, it } from 'vitest';
import { MeshFormatError } from '../bindings/index.js';
import {
  encodeMeshoptView,
  exponentialFilter,
  initMeshopt,
  meshoptFallbackBuffer,
  octahedralFilter,
  quaternionFilter,
  remapElements,
  reorderForMeshopt,
  type MeshoptViewSource,
} from '../bindings/formats/gltf/meshopt-encode.js';
import { decodeMeshoptView } from '../bindings/formats/gltf/meshopt-decode.js';
import { ExpansionBudget } from '../bindings/formats/gltf/expansion-budget.js';
import type { GltfInput } from '../bindings/formats/gltf/read-gltf.js';
import { rng } from './helpers/backends.js';

beforeAll(() => initMeshopt());

/** Our reader's decode of one encoded view, through a GltfInput holding only that view. */
function decodeBack(source: MeshoptViewSource, encoded: ReturnType<typeof encodeMeshoptView>): Uint8Array {
  const view = { buffer: 1, byteOffset: 0, byteLength: source.count * source.byteStride, ...(source.mode === 'ATTRIBUTES' ? { byteStride: source.byteStride } : {}), extensions: { EXT_meshopt_compression: encoded.extension } };
  const input: GltfInput = {
    json: { asset: { version: '2.0' }, buffers: [{ byteLength: encoded.bytes.length }, meshoptFallbackBuffer(view.byteLength)], bufferViews: [view] },
    buffers: [encoded.bytes, new Uint8Array(0)],
    bufferOffsets: [20, undefined],
    dataless: [false, true],
    jsonOffset: 0,
    inputBytes: encoded.bytes.length + 100,
  };
  return decodeMeshoptView(input, 0, view, view.extensions.EXT_meshopt_compression, new ExpansionBudget(input.inputBytes, 1024, 0), 'test');
}

function floats(count: number, seed: number, scale = 100): Float32Array {
  const next = rng(seed);
  return Float32Array.from({ length: count }, () => (next() - 0.5) * scale);
}

describe('EXT_meshopt_compression encode → our decode', () => {
  const cases: [string, () => MeshoptViewSource][] = [
    ['float positions (ATTRIBUTES, stride 12)', () => ({ bytes: new Uint8Array(floats(3 * 1000, 1).buffer), count: 1000, byteStride: 12, mode: 'ATTRIBUTES' })],
    ['int16 positions padded to stride 8', () => ({ bytes: new Uint8Array(Int16Array.from({ length: 4 * 777 }, (_, i) => (i * 37) % 65536 - 32768).buffer), count: 777, byteStride: 8, mode: 'ATTRIBUTES' })],
    ['uint16 triangles', () => ({ bytes: new Uint8Array(Uint16Array.from({ length: 900 }, (_, i) => (i * 7) % 300).buffer), count: 900, byteStride: 2, mode: 'TRIANGLES' })],
    ['uint32 triangles', () => ({ bytes: new Uint8Array(Uint32Array.from({ length: 600 }, (_, i) => (i * 11) % 70000).buffer), count: 600, byteStride: 4, mode: 'TRIANGLES' })],
    ['uint16 index sequence (INDICES)', () => ({ bytes: new Uint8Array(Uint16Array.from({ length: 101 }, (_, i) => i * 3).buffer), count: 101, byteStride: 2, mode: 'INDICES' })],
    ['animation times (ATTRIBUTES, stride 4)', () => ({ bytes: new Uint8Array(Float32Array.from({ length: 250 }, (_, i) => i / 30).buffer), count: 250, byteStride: 4, mode: 'ATTRIBUTES' })],
  ];
  for (const [name, make] of cases) {
    it(`${name}: identical bytes (triangles: the same triangles)`, () => {
      const source = make();
      const encoded = encodeMeshoptView(source, { buffer: 0, byteOffset: 0 });
      expect(encoded.extension).toEqual({ buffer: 0, byteOffset: 0, byteLength: encoded.bytes.length, byteStride: source.byteStride, count: source.count, mode: source.mode });
      const decoded = decodeBack(source, encoded);
      if (source.mode !== 'TRIANGLES') {
        expect(Buffer.from(decoded).equals(Buffer.from(source.bytes))).toBe(true);
        return;
      }
      // The index codec may rotate a triangle's corners (never its winding or the triangle order).
      const Indices = source.byteStride === 2 ? Uint16Array : Uint32Array;
      const [before, after] = [source.bytes, decoded].map((b) => new Indices(b.slice().buffer, 0, source.count));
      for (let t = 0; t < source.count; t += 3) {
        const rotations = [0, 1, 2].map((r) => [0, 1, 2].map((k) => before![t + ((k + r) % 3)]).join());
        expect(rotations).toContain([after![t], after![t + 1], after![t + 2]].join());
      }
    });
  }

  it('the OCTAHEDRAL filter decodes to unit vectors within its bits, QUATERNION to the rotation, EXPONENTIAL to the floats', () => {
    const count = 200;
    const next = rng(7);
    const unit = new Float32Array(count * 4);
    const quats = new Float32Array(count * 4);
    for (let i = 0; i < count; i++) {
      const v = [next() - 0.5, next() - 0.5, next() - 0.5];
      const n = Math.hypot(...v);
      unit.set([v[0]! / n, v[1]! / n, v[2]! / n, i % 2 ? 1 : -1], i * 4);
      const q = [next() - 0.5, next() - 0.5, next() - 0.5, next() - 0.5];
      const m = Math.hypot(...q);
      quats.set(q.map((x) => x / m), i * 4);
    }
    const oct = octahedralFilter(unit, count, 8, 16);
    const octBack = new Int16Array(decodeBack({ bytes: oct, count, byteStride: 8, mode: 'ATTRIBUTES', filter: 'OCTAHEDRAL' }, encodeMeshoptView({ bytes: oct, count, byteStride: 8, mode: 'ATTRIBUTES', filter: 'OCTAHEDRAL' })).buffer);
    const quat = quaternionFilter(quats, count, 16);
    const quatBack = new Int16Array(decodeBack({ bytes: quat, count, byteStride: 8, mode: 'ATTRIBUTES', filter: 'QUATERNION' }, encodeMeshoptView({ bytes: quat, count, byteStride: 8, mode: 'ATTRIBUTES', filter: 'QUATERNION' })).buffer);
    const values = floats(count * 3, 9, 1000);
    const exp = exponentialFilter(values, count, 12, 16);
    const expBack = new Float32Array(decodeBack({ bytes: exp, count, byteStride: 12, mode: 'ATTRIBUTES', filter: 'EXPONENTIAL' }, encodeMeshoptView({ bytes: exp, count, byteStride: 12, mode: 'ATTRIBUTES', filter: 'EXPONENTIAL' })).buffer);
    for (let i = 0; i < count; i++) {
      for (let c = 0; c < 3; c++) expect(Math.abs(octBack[i * 4 + c]! / 32767 - unit[i * 4 + c]!)).toBeLessThan(1e-3);
      expect(Math.sign(octBack[i * 4 + 3]!)).toBe(unit[i * 4 + 3]);
      // q and −q are one rotation.
      const dot = [0, 1, 2, 3].reduce((s, c) => s + (quatBack[i * 4 + c]! / 32767) * quats[i * 4 + c]!, 0);
      expect(Math.abs(dot)).toBeGreaterThan(1 - 1e-4);
      // SharedVector: one exponent per element, so the error is relative to its largest component.
      const largest = Math.max(...[0, 1, 2].map((c) => Math.abs(values[i * 3 + c]!)));
      for (let c = 0; c < 3; c++) expect(Math.abs(expBack[i * 3 + c]! - values[i * 3 + c]!)).toBeLessThanOrEqual(largest * 2 ** -14);
    }
  });

  it('reorderForMeshopt keeps every vertex and every triangle, numbering vertices in first-use order', () => {
    const next = rng(3);
    const vertexCount = 500;
    const indices = Uint32Array.from({ length: 3 * 600 }, () => Math.floor(next() * 450)); // 50+ vertices unused
    const positions = floats(vertexCount * 3, 4);
    const { indices: reordered, remap } = reorderForMeshopt(indices, vertexCount);
    expect([...remap].sort((a, b) => a - b)).toEqual([...Array(vertexCount).keys()]);
    const moved = new Float32Array(remapElements(new Uint8Array(positions.buffer), 12, remap).buffer);
    const triangle = (ix: ArrayLike<number>, p: Float32Array, t: number) => [0, 1, 2].map((k) => [...p.subarray(ix[t * 3 + k]! * 3, ix[t * 3 + k]! * 3 + 3)].join()).join('|');
    const before = new Set(Array.from({ length: 600 }, (_, t) => triangle(indices, positions, t)));
    const after = new Set(Array.from({ length: 600 }, (_, t) => triangle(reordered, moved, t)));
    expect(after).toEqual(before);
    // Fetch order: each new vertex number is at most one more than the largest seen so far.
    let seen = -1;
    for (const i of reordered) {
      expect(i).toBeLessThanOrEqual(seen + 1);
      seen = Math.max(seen, i);
    }
  });

  it('refuses what the extension does not allow, as MeshFormatError BAD_OPTION', () => {
    const bad: MeshoptViewSource[] = [
      { bytes: new Uint8Array(30), count: 10, byteStride: 3, mode: 'ATTRIBUTES' },
      { bytes: new Uint8Array(8), count: 4, byteStride: 2, mode: 'TRIANGLES' },
      { bytes: new Uint8Array(8), count: 2, byteStride: 4, mode: 'INDICES', filter: 'OCTAHEDRAL' },
      { bytes: new Uint8Array(16), count: 4, byteStride: 4, mode: 'ATTRIBUTES', filter: 'QUATERNION' },
      { bytes: new Uint8Array(15), count: 4, byteStride: 4, mode: 'ATTRIBUTES' },
    ];
    for (const source of bad) expect(() => encodeMeshoptView(source)).toThrowError(expect.objectContaining({ name: 'MeshFormatError', code: 'BAD_OPTION' }) as unknown as MeshFormatError);
    expect(() => reorderForMeshopt([0, 1, 7], 3)).toThrowError(/not a vertex/);
  });
});
