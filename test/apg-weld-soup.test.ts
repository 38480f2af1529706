// apgToAsset welds the soup in one workspace (to-asset.ts, weldSoup): the same mesh as a naive
// weld on every backend, for an ordinary soup and for rows crafted to collide in the weld's hash
// (the kernel gives up and the sort finishes), NaN payloads and −0 kept apart from 0.
import { describe, expect, it } from 'vitest';
import { apgToAsset } from '../bindings/formats/apg/to-asset.js';
import type { ApgDocument } from '../bindings/formats/apg/apg-document.js';
import { allKernels, BACKENDS, floatBits, NAN_BITS, rng } from './helpers/backends.js';
import { collidingRows, tableSizeFor } from './helpers/colliding-keys.js';

const kernels = allKernels();

function naive(bits: Uint32Array, stride: number) {
  const seen = new Map<string, number>();
  const indices: number[] = [];
  const first: number[] = [];
  for (let v = 0; v < bits.length / stride; v++) {
    const key = Array.from(bits.subarray(v * stride, v * stride + stride)).join(',');
    let at = seen.get(key);
    if (at === undefined) {
      at = first.length;
      seen.set(key, at);
      first.push(v);
    }
    indices.push(at);
  }
  return { indices, positions: Uint32Array.from(first.flatMap((v) => Array.from(bits.subarray(v * stride, v * stride + stride)))) };
}

function check(bits: Uint32Array) {
  const doc: ApgDocument = { header: "@Anton's test", vertexCount: bits.length / 3, vertexArrays: [{ name: 'vp', components: 3, values: new Float32Array(bits.buffer.slice(0)) }], animations: [] };
  const expected = naive(bits, 3);
  for (const backend of BACKENDS) {
    const mesh = apgToAsset(doc, { kernels: kernels[backend] }).meshes[0]!;
    expect(Array.from(mesh.indices), backend).toEqual(expected.indices);
    expect(floatBits(mesh.attributes.positions), backend).toEqual(expected.positions);
  }
}

describe('apg soup weld', () => {
  it('an ordinary soup with repeats, NaN payloads, −0 and 0', () => {
    const next = rng(4);
    const pool = [0, 0x80000000, ...NAN_BITS, 0x3f800000, 0x40000000, 0xbf800000];
    check(Uint32Array.from({ length: 3 * 3 * 400 }, () => pool[Math.floor(next() * pool.length)]!));
  });

  it('rows crafted to collide: the kernel gives up, the sort finishes, the same weld', () => {
    const n = 12_000;
    const base = collidingRows(n, 3);
    const next = rng(5);
    const repeats = Array.from({ length: 1_500 }, () => Math.floor(next() * n));
    const bits = Uint32Array.from([...base, ...repeats.flatMap((r) => Array.from(base.subarray(r * 3, r * 3 + 3)))]);
    const count = bits.length / 3;
    expect(kernels.js.raw.weldVertices(bits, 3, new Uint32Array(tableSizeFor(count)), new Uint32Array(count), new Uint32Array(count))).toBe(-1);
    check(bits);
  });

  it('no whole triangle: an empty mesh', () => {
    for (const backend of BACKENDS) {
      const doc: ApgDocument = { header: "@Anton's test", vertexCount: 2, vertexArrays: [{ name: 'vp', components: 3, values: new Float32Array(6) }], animations: [] };
      const mesh = apgToAsset(doc, { kernels: kernels[backend] }).meshes[0]!;
      expect(mesh.indices.length, backend).toBe(0);
      expect(mesh.attributes.positions.length, backend).toBe(0);
    }
  });
});
