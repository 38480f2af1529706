// weldSharedIndices (assembly/unigine-weld.ts and its twin) and weldCorners' use of it: while
// every corner's cindex equals its tindex, the same vertices, corner map and values as the general
// two-stream weldIndexStreams keyed by tindex, on every backend, in place over the streams (as the
// reader calls it) and with separate outputs; the identity flag exactly when vertex v's value is v;
// the same first out-of-range corner; and the first corner whose values differ reported as
// −(count + 1 + corner). weldCorners then starts the general weld over: the same result as the
// general kernel on the original streams, whichever corner differs first.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, randomInts, rng } from './helpers/backends.js';
import { weldHashCapacity } from '../bindings/kernels/weld-streams.js';
import type { Kernels } from '../bindings/kernels/kernels.js';
import { weldCorners } from '../bindings/formats/unigine/weld-corners.js';
import { surfaceSource } from '../bindings/formats/unigine/stored-arrays.js';
import type { UnigineSurface } from '../bindings/formats/unigine/mesh-document.js';

const kernels = allKernels();

interface Weld {
  result: number;
  indices: number[];
  values: number[][];
  identity?: number;
}

function layout(corners: number, limit1: number, inPlace: boolean) {
  return {
    streams: ['u32', 2 * corners],
    limits: ['u32', 2],
    table: ['u32', limit1 + weldHashCapacity(corners, 2)],
    indices: ['u32', corners],
    tuples: ['u32', inPlace ? 0 : 2 * corners],
    identity: ['u32', 1],
  } as const;
}

/** weldSharedIndices (shared) or weldIndexStreams keyed by stream 1 (general) over c then t. */
function weld(k: Kernels, which: 'shared' | 'general', c: Uint32Array, t: Uint32Array, limit0: number, limit1: number, inPlace: boolean): Weld {
  const corners = c.length;
  const ws = k.workspace(layout(corners, limit1, inPlace));
  try {
    const a = ws.arrays;
    a.streams.set(c);
    a.streams.set(t, corners);
    a.limits[0] = limit0;
    a.limits[1] = limit1;
    a.identity[0] = 7;
    const out = inPlace ? a.streams : a.tuples;
    const result = which === 'shared'
      ? k.raw.weldSharedIndices(a.streams, limit0, limit1, a.table, a.indices, out, a.identity)
      : k.raw.weldIndexStreams(a.streams, 2, a.limits, 1, a.table, a.indices, out);
    if (result < 0) return { result, indices: [], values: [] };
    const values = which === 'shared' ? [Array.from(out.subarray(0, result))] : [0, 1].map((s) => Array.from(out.subarray(s * corners, s * corners + result)));
    return { result, indices: Array.from(a.indices), values, ...(which === 'shared' ? { identity: a.identity[0] } : {}) };
  } finally {
    ws.release();
  }
}

/** `count` corners over `range` values, each value's first use in increasing order when `ordered`. */
function sharedStream(count: number, range: number, seed: number, ordered: boolean): Uint32Array {
  const s = randomInts(Uint32Array, count, seed, range - 1);
  if (!ordered) return s;
  const renamed = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    if (!renamed.has(s[i]!)) renamed.set(s[i]!, renamed.size);
    s[i] = renamed.get(s[i]!)!;
  }
  return s;
}

describe('weldSharedIndices', () => {
  it('welds corners whose two values are equal as the general two-stream weld does, on every backend', () => {
    for (const corners of [0, 1, 2, 3, 5, 17, 700]) {
      for (const range of [1, 3, 40, 5000]) {
        for (const ordered of [false, true]) {
          const seed = corners * 31 + range + (ordered ? 7 : 0);
          const s = sharedStream(corners, range, seed, ordered);
          const expected = weld(kernels.js, 'general', s, s, range, range, false);
          expect(expected.result).toBeGreaterThanOrEqual(0);
          const identity = expected.values[1]!.every((v, i) => v === i) ? 1 : 0;
          for (const backend of BACKENDS) {
            for (const inPlace of [false, true]) {
              const got = weld(kernels[backend], 'shared', s, s, range, range, inPlace);
              expect(got.result, `${backend} ${corners}/${range}`).toBe(expected.result);
              expect(got.indices).toEqual(expected.indices);
              expect(got.values[0]).toEqual(expected.values[0]);
              expect(got.values[0]).toEqual(expected.values[1]);
              expect(got.identity).toBe(identity);
            }
          }
        }
      }
    }
  });

  it('sets the identity flag only when every new value is the next vertex', () => {
    const ordered = Uint32Array.from([0, 1, 2, 2, 1, 3, 0, 4]);
    const late = Uint32Array.from([0, 2, 1, 2, 1, 3, 0, 4]);
    for (const backend of BACKENDS) {
      expect(weld(kernels[backend], 'shared', ordered, ordered, 5, 5, true).identity).toBe(1);
      expect(weld(kernels[backend], 'shared', late, late, 5, 5, true).identity).toBe(0);
    }
  });

  it('reports the first corner out of range, or the first whose values differ, on every backend', () => {
    const next = rng(91);
    for (let round = 0; round < 60; round++) {
      const corners = 1 + Math.floor(next() * 300);
      const range = 1 + Math.floor(next() * 50);
      const c = sharedStream(corners, range, round, round % 2 === 0);
      const t = c.slice();
      let limit0 = range;
      let limit1 = range;
      const at = Math.floor(next() * corners);
      const kind = round % 3;
      if (kind === 0) t[at] = (t[at]! + 1) % range === t[at] ? t[at]! + 1 : (t[at]! + 1) % range;
      if (kind === 1) c[at] = range + Math.floor(next() * 4);
      if (kind === 2) limit0 = Math.max(1, Math.floor(next() * range));
      if (next() < 0.3) limit1 = Math.max(1, range - 1);
      const general = weld(kernels.js, 'general', c, t, limit0, limit1, false);
      let firstOut = -1;
      let firstDiff = -1;
      for (let i = 0; i < corners; i++) {
        if (firstOut < 0 && (c[i]! >= limit0 || t[i]! >= limit1)) firstOut = i;
        if (firstDiff < 0 && c[i] !== t[i]) firstDiff = i;
      }
      const expected = firstOut >= 0 && (firstDiff < 0 || firstOut <= firstDiff) ? -(firstOut + 1) : firstDiff >= 0 ? -(corners + 1 + firstDiff) : general.result;
      if (firstOut >= 0) expect(general.result).toBe(-(firstOut + 1));
      for (const backend of BACKENDS) {
        for (const inPlace of [false, true]) {
          expect(weld(kernels[backend], 'shared', c, t, limit0, limit1, inPlace).result, `${backend} round ${round}`).toBe(expected);
        }
      }
    }
  });
});

describe('weldCorners', () => {
  /** A surface of just its index streams (what weldCorners reads). */
  const surface = (c: Uint32Array, t: Uint32Array) => ({ cindices: c, tindices: t } as unknown as UnigineSurface);

  it('gives the general weld of the original streams when a corner late in the surface has cindex ≠ tindex', () => {
    const next = rng(5);
    for (let round = 0; round < 24; round++) {
      const corners = 3 * (1 + Math.floor(next() * 200));
      const range = 2 + Math.floor(next() * 300);
      const c = sharedStream(corners, range, 1000 + round, round % 2 === 0);
      const t = c.slice();
      // cindex ≠ tindex from some corner on (none in a third of the rounds: the shared weld alone).
      const from = round % 3 === 0 ? corners : Math.floor(next() * corners);
      for (let i = from; i < corners; i++) if (next() < 0.5) c[i] = Math.floor(next() * range);
      const general = weld(kernels.js, 'general', c, t, range, range, false);
      for (const backend of BACKENDS) {
        const welded = weldCorners(kernels[backend], surfaceSource(surface(c, t), 'cindices'), surfaceSource(surface(c, t), 'tindices'), range, range);
        if (typeof welded === 'number') throw new Error(`corner ${welded} reported out of range`);
        expect(welded.vertexCount, `${backend} round ${round}`).toBe(general.result);
        expect(Array.from(welded.indices)).toEqual(general.indices);
        expect(Array.from(welded.coordinateOf)).toEqual(general.values[0]);
        expect(Array.from(welded.triangleVertexOf)).toEqual(general.values[1]);
        expect(welded.identity).toBe(general.values[1]!.every((v, i) => v === i) && general.values[0]!.every((v, i) => v === i) && general.result === range);
      }
    }
  });

  it('reports the first corner out of range whether or not an earlier corner has cindex ≠ tindex', () => {
    const c = Uint32Array.from([0, 1, 2, 2, 1, 0, 0, 2, 9]);
    const t = Uint32Array.from([0, 1, 2, 2, 1, 1, 0, 2, 1]);
    for (const backend of BACKENDS) {
      expect(weldCorners(kernels[backend], surfaceSource(surface(c, t), 'cindices'), surfaceSource(surface(c, t), 'tindices'), 3, 3)).toBe(8);
      const same = c.slice(0, 8);
      const bad = Uint32Array.from([...same, 3]);
      expect(weldCorners(kernels[backend], surfaceSource(surface(bad, bad), 'cindices'), surfaceSource(surface(bad, bad), 'tindices'), 3, 3)).toBe(8);
    }
  });
});
