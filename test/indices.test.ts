import { describe, expect, it } from 'vitest';
import { indexWidthFor, summarizeAsset, type Asset } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

describe('index-width selection (UNIGINE rule)', () => {
  it('uses 1 byte below 256 vertices, 2 below 65536, else 4', () => {
    expect([0, 1, 255, 256, 65535, 65536, 1e7].map(indexWidthFor)).toEqual([1, 1, 1, 2, 2, 4, 4]);
  });

  it('compactIndices picks that width on every backend and names an index out of range', () => {
    for (const b of BACKENDS) {
      const k = kernels[b];
      expect(k.compactIndices(new Uint32Array([0, 1, 254]), 255)).toBeInstanceOf(Uint8Array);
      expect(k.compactIndices(new Uint32Array([0, 300, 2]), 301)).toBeInstanceOf(Uint16Array);
      expect(k.compactIndices(new Uint32Array([0, 70000, 2]), 70001)).toBeInstanceOf(Uint32Array);
      expect(() => k.compactIndices(new Uint32Array([0, 1, 256]), 200)).toThrow('index 256 at position 2 is out of range for 200 vertices');
      expect(k.maxIndex(new Uint16Array([3, 9, 2]))).toBe(9);
      expect(k.maxIndex(new Uint32Array(0))).toBe(-1);
      expect(k.maxIndex(new Uint32Array([0xffffffff, 1]))).toBe(0xffffffff);
    }
  });
});

describe('Asset summary', () => {
  it('totals vertices, triangles, joints, animations and frames', () => {
    const asset: Asset = {
      source: 'test',
      meshes: [
        { name: 'a', attributes: { positions: new Float32Array(9) }, indices: new Uint8Array([0, 1, 2]) },
        { name: 'b', attributes: { positions: new Float32Array(12) }, indices: new Uint8Array([0, 1, 2, 0, 2, 3]) },
      ],
      skeleton: { joints: [{ name: 'root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }] },
      animations: [
        { name: 'walk', frameRate: 30, frameCount: 10, tracks: [] },
        { name: 'run', frameRate: 30, frameCount: 5, tracks: [] },
      ],
      warnings: [],
    };
    expect(summarizeAsset(asset)).toEqual({ meshes: 2, vertices: 7, triangles: 3, joints: 1, animations: 2, frames: 15 });
  });
});
