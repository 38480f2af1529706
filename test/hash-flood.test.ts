// The welds' hash tables on keys crafted to share one window of the table
// (test/helpers/colliding-keys.ts): each kernel stops hashing at its probe budget (a distinct
// return, the same corner on every backend: the TypeScript twins count the same steps), and the
// wrappers finish by sorting, with exactly the welds a naive reference gives. Also: the crafted
// inputs really are floods (a simulated linear-probing table over them steps far past the
// budget), and ordinary inputs never reach the budget.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { collidingPositions, collidingRows, collidingStreams, collidingUnigineMesh, tableSizeFor, weldHash, rowHash } from './helpers/colliding-keys.js';
import { unigineFormat } from '../bindings/formats/unigine/index.js';
import { weldHashCapacity, weldStreams } from '../bindings/kernels/weld-streams.js';
import { probeBudget } from '../bindings/kernels/js/probe-budget.js';
import { weldWrittenVertices } from '../bindings/formats/gltf/weld-written-vertices.js';
import type { Kernels } from '../bindings/kernels/kernels.js';

const kernels = allKernels();
const N = 12_000;

/** First-use numbering of equal keys, by a Map of their text: the welds' contract, no hashing of ours. */
function naiveWeld(keyOf: (i: number) => string, count: number): { indices: number[]; first: number[] } {
  const seen = new Map<string, number>();
  const indices: number[] = [];
  const first: number[] = [];
  for (let i = 0; i < count; i++) {
    const key = keyOf(i);
    let v = seen.get(key);
    if (v === undefined) {
      v = first.length;
      seen.set(key, v);
      first.push(i);
    }
    indices.push(v);
  }
  return { indices, first };
}

/** Collision steps of a plain linear-probing table of `size` slots over `slots` (all keys distinct). */
function simulatedSteps(slots: number[], size: number): number {
  const used = new Uint8Array(size);
  let steps = 0;
  for (const start of slots) {
    let s = start;
    while (used[s]) s = (s + 1) & (size - 1), steps++;
    used[s] = 1;
  }
  return steps;
}

/** Streams plus some repeats of earlier corners (so the weld has something to weld). */
function withRepeats(streams: Uint32Array[], seed: number): Uint32Array[] {
  const next = rng(seed);
  const n = streams[0]!.length;
  const picks = Array.from({ length: n >> 3 }, () => Math.floor(next() * n));
  return streams.map((s) => Uint32Array.from([...s, ...picks.map((p) => s[p]!)]));
}

/** The weld in a workspace (WebAssembly memory on the wasm backends: in place as the UNIGINE reader welds), raw kernel or wrapper. */
function weldOn(k: Kernels, streams: Uint32Array[], limits: number[], keyStream: number, inPlace: boolean, raw: boolean) {
  const streamCount = streams.length;
  const count = streams[0]!.length;
  const ws = k.workspace({
    streams: ['u32', streamCount * count],
    limits: ['u32', streamCount],
    table: ['u32', limits[keyStream]! + weldHashCapacity(count, streamCount)],
    indices: ['u32', count],
    tuples: ['u32', inPlace ? 0 : streamCount * count],
  } as const);
  try {
    const a = ws.arrays;
    streams.forEach((s, i) => a.streams.set(s, i * count));
    a.limits.set(limits);
    const out = inPlace ? a.streams : a.tuples;
    const args = [a.streams, streamCount, a.limits, keyStream, a.table, a.indices, out] as const;
    const result = raw ? k.raw.weldIndexStreams(...args) : k.weldIndexStreams(...args);
    // What is defined: the corners welded (all, or those before the stop) and their vertices' tuples.
    const welded = result >= 0 ? count : result < -count ? -result - 1 - count : 0;
    const indices = Array.from(a.indices.subarray(0, welded));
    const vertices = result >= 0 ? result : indices.reduce((m, v) => Math.max(m, v + 1), 0);
    const tuples = Array.from({ length: streamCount }, (_, s) => Array.from(out.subarray(s * count, s * count + vertices)));
    return { result, indices, tuples };
  } finally {
    ws.release();
  }
}

describe('weldIndexStreams on colliding tuples', () => {
  for (const [streamCount, keyStream] of [[2, 1], [2, 0], [3, 0]] as const) {
    const { streams: base, limits } = collidingStreams(N, streamCount, keyStream);
    const streams = withRepeats(base, streamCount * 7 + keyStream);
    const count = streams[0]!.length;

    it(`${streamCount} streams keyed by ${keyStream}: a flood without the budget`, () => {
      const size = weldHashCapacity(count, streamCount);
      const heads = new Set<number>();
      const slots: number[] = [];
      for (let i = 0; i < N; i++) {
        const tuple = streams.map((s) => s[i]!);
        if (!heads.has(tuple[keyStream]!)) heads.add(tuple[keyStream]!);
        else slots.push(weldHash(tuple) & (size - 1));
      }
      expect(simulatedSteps(slots, size)).toBeGreaterThan(10 * probeBudget(count));
    });

    it(`${streamCount} streams keyed by ${keyStream}: the kernels stop at the same corner with the same partial weld`, () => {
      const outs = BACKENDS.map((b) => weldOn(kernels[b], streams, limits, keyStream, false, true));
      const stopped = -outs[0]!.result - 1 - count;
      expect(stopped).toBeGreaterThan(0);
      expect(stopped).toBeLessThan(count);
      for (const out of outs.slice(1)) expect(out).toEqual(outs[0]);
    });

    for (const inPlace of [false, true]) {
      it(`${streamCount} streams keyed by ${keyStream}${inPlace ? ', in place' : ''}: the finished weld is the naive one on every backend`, () => {
        const expected = naiveWeld((i) => streams.map((s) => s[i]).join(','), count);
        for (const b of BACKENDS) {
          const out = weldOn(kernels[b], streams, limits, keyStream, inPlace, false);
          expect(out.result, b).toBe(expected.first.length);
          expect(out.indices, b).toEqual(expected.indices);
          for (let s = 0; s < streamCount; s++) expect(out.tuples[s], b).toEqual(expected.first.map((i) => streams[s]![i]!));
        }
      });
    }

    it(`${streamCount} streams keyed by ${keyStream}: a value out of range after the stop is found by the fallback`, () => {
      const bad = streams.map((s) => s.slice());
      bad[streamCount - 1]![count - 5] = limits[streamCount - 1]!;
      for (const b of BACKENDS) {
        expect(weldOn(kernels[b], bad, limits, keyStream, false, true).result, b).toBeLessThan(-count);
        expect(weldOn(kernels[b], bad, limits, keyStream, true, false).result, b).toBe(-(count - 5) - 1);
      }
    });
  }

  it('ordinary tuples never reach the budget', () => {
    const next = rng(5);
    const streams = [0, 1].map(() => Uint32Array.from({ length: 50_000 }, () => Math.floor(next() * 3000)));
    for (const b of BACKENDS) expect(weldOn(kernels[b], streams, [3000, 3000], 0, false, true).result, b).toBeGreaterThan(0);
  });
});

describe('weldVertices on colliding rows', () => {
  const stride = 3;
  const base = collidingRows(N, stride);
  const next = rng(11);
  const repeats = Array.from({ length: N >> 3 }, () => Math.floor(next() * N));
  const words = Uint32Array.from([...base, ...repeats.flatMap((r) => Array.from(base.subarray(r * stride, r * stride + stride)))]);
  const count = words.length / stride;

  it('a flood without the budget', () => {
    const size = tableSizeFor(count);
    expect(simulatedSteps(Array.from({ length: N }, (_, i) => rowHash(words, i * stride, stride) & (size - 1)), size)).toBeGreaterThan(10 * probeBudget(count));
  });

  it('the kernels give up (−1) on every backend, and the weld is the naive one', () => {
    const expected = naiveWeld((i) => Array.from(words.subarray(i * stride, i * stride + stride)).join(','), count);
    for (const b of BACKENDS) {
      const k = kernels[b];
      expect(k.raw.weldVertices(words, stride, new Uint32Array(tableSizeFor(count)), new Uint32Array(count), new Uint32Array(count)), b).toBe(-1);
      const welded = k.weldVertices(words, stride);
      expect(Array.from(welded.indices), b).toEqual(expected.indices);
      expect(Array.from(welded.first), b).toEqual(expected.first);
    }
  });
});

describe('weldWrittenVertices (pruneUnread) on colliding positions', () => {
  const base = collidingPositions(N);
  const next = rng(17);
  const extra = Array.from({ length: 3 * 700 }, () => Math.floor(next() * N));
  const positions = Float32Array.from([...base, ...extra.flatMap((r) => Array.from(base.subarray(r * 3, r * 3 + 3)))]);
  const count = positions.length / 3;
  // Triangles over distinct vertices: vertex i, then the vertices the repeats copy.
  const indices = Uint32Array.from({ length: count - (count % 3) }, (_, i) => i);

  it('the weld is the naive one (same kinds, same first vertices, same triangles)', () => {
    const bytes = new Uint8Array(positions.buffer);
    const expected = naiveWeld((i) => Array.from(bytes.subarray(i * 12, i * 12 + 12)).join(','), count);
    const out = weldWrittenVertices([{ type: 'VEC3', array: positions, options: {} }], indices, count);
    expect(out.welded).toBe(count - expected.first.length);
    const kept = out.pending[0]!.array as Float32Array;
    // Each kept triangle's corners decode to the positions of the original corners.
    const original = Array.from(indices).filter((_, c) => {
      const t = c - (c % 3);
      const k = [0, 1, 2].map((j) => expected.indices[indices[t + j]!]);
      return k[0] !== k[1] && k[1] !== k[2] && k[0] !== k[2];
    });
    expect(out.indices.length).toBe(original.length);
    for (let c = 0; c < original.length; c++) {
      expect(Array.from(kept.subarray(out.indices[c]! * 3, out.indices[c]! * 3 + 3))).toEqual(Array.from(positions.subarray(original[c]! * 3, original[c]! * 3 + 3)));
    }
  });
});

describe('a UNIGINE .mesh whose corners flood the weld', () => {
  const n = 15_000;
  const bytes = collidingUnigineMesh(n);
  const { streams } = collidingStreams(n, 2, 1);

  it('parses on every backend to one vertex per distinct (cindex, tindex) pair, first use first', () => {
    const expected = naiveWeld((i) => `${streams[0]![i]},${streams[1]![i]}`, n);
    for (const b of BACKENDS) {
      const asset = unigineFormat.parseSync(bytes, { kernels: kernels[b] });
      const mesh = asset.meshes![0]!;
      const position = mesh.attributes.positions;
      expect(position.length / 3, b).toBe(expected.first.length);
      expect(Array.from(mesh.indices!), b).toEqual(expected.indices);
      // Vertex v sits at its first corner's coordinate (x = cindex).
      expect(expected.first.every((c, v) => position[3 * v] === streams[0]![c]), b).toBe(true);
    }
  });
});

describe('weldStreams (the TF reader\'s weld, arrays outside WebAssembly memory) on colliding tuples', () => {
  const { streams: base } = collidingStreams(N, 3, 2);
  const streams = withRepeats(base, 23);
  const limits = streams.map((s) => s.reduce((m, v) => Math.max(m, v + 1), 1));
  const count = streams[0]!.length;

  it('the same welds as the naive reference on every backend (the kernel, keyed as weldStreams keys, stops at its budget)', () => {
    expect(limits[0]).toBeGreaterThan(limits[2]!);
    expect(weldOn(kernels.js, streams, limits, 0, false, true).result).toBeLessThan(-count);
    const expected = naiveWeld((i) => streams.map((s) => s[i]).join(','), count);
    for (const b of BACKENDS) {
      const welded = weldStreams(kernels[b], streams, limits);
      if (typeof welded === 'number') throw new Error(`${b}: corner ${welded} out of range`);
      expect(Array.from(welded.indices), b).toEqual(expected.indices);
      welded.tuples.forEach((t, s) => expect(Array.from(t), b).toEqual(expected.first.map((i) => streams[s]![i]!)));
    }
  });
});
