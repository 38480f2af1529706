// Review of round six (weldSharedIndices): its raw contract, like weldIndexStreams', lets dstTuples
// be `streams` itself (the UNIGINE reader welds in place, and on a corner whose cindex differs
// from its tindex it puts the cindices back from the tindices it left untouched). Called with
// arrays outside WebAssembly memory (plain typed arrays, not a workspace's), the wasm backends
// staged `streams` twice, once as the input and once as an output never filled in, and copied the
// output copy back whole: every element the kernel did not write came back as whatever the arena
// held (the tindices were lost), where the TypeScript twin leaves them as they were. The reader
// itself uses workspace arrays, so its Assets were the same; the raw kernels were not.
// Every backend must leave the same array, whatever memory the caller's arrays are in.
import { describe, expect, it } from 'vitest';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { weldHashCapacity } from '../bindings/kernels/weld-streams.js';

const kernels = allKernels();

/** Leaves junk in the arena's scratch (what an earlier staged call leaves there). */
function dirtyArena(backend: (typeof BACKENDS)[number]): void {
  const junk = new Uint32Array(4096);
  kernels[backend].raw.widenU16ToU32(new Uint16Array(4096).fill(0xbeef), junk);
}

const CASES: [string, number[], number[]][] = [
  ['every corner shared', [0, 1, 2, 2, 3, 1, 4, 0], [0, 1, 2, 2, 3, 1, 4, 0]],
  ['corner 4 differs', [0, 1, 2, 2, 3, 1, 4, 0], [0, 1, 2, 2, 9, 1, 4, 0]],
  ['corner 0 differs', [5, 1, 2], [0, 1, 2]],
  ['out of range', [0, 1, 12, 2], [0, 1, 12, 2]],
];

describe('kernels called in place with arrays outside WebAssembly memory', () => {
  for (const [name, c, t] of CASES) {
    it(`weldSharedIndices, dstTuples = streams (${name}): the same streams, indices and result on every backend`, () => {
      const results = BACKENDS.map((backend) => {
        dirtyArena(backend);
        const streams = Uint32Array.from([...c, ...t]);
        const table = new Uint32Array(10);
        const indices = new Uint32Array(c.length);
        const identity = new Uint32Array(1);
        const result = kernels[backend].raw.weldSharedIndices(streams, 10, 10, table, indices, streams, identity);
        return { backend, result, streams: Array.from(streams), indices: result >= 0 ? Array.from(indices) : [], identity: result >= 0 ? identity[0] : -1 };
      });
      for (const r of results) expect({ ...r, backend: '' }, r.backend).toEqual({ ...results[results.length - 1]!, backend: '' });
      // The twin's: the tindices untouched, whatever happened to the cindices.
      expect(results[results.length - 1]!.streams.slice(c.length)).toEqual(t);
    });

    it(`weldIndexStreams, dstTuples = streams (${name}): the same streams, indices and result on every backend`, () => {
      const results = BACKENDS.map((backend) => {
        dirtyArena(backend);
        const streams = Uint32Array.from([...c, ...t]);
        const table = new Uint32Array(10 + weldHashCapacity(c.length, 2));
        const indices = new Uint32Array(c.length);
        const result = kernels[backend].raw.weldIndexStreams(streams, 2, Uint32Array.from([10, 10]), 1, table, indices, streams);
        return { backend, result, streams: Array.from(streams), indices: result >= 0 ? Array.from(indices) : [] };
      });
      for (const r of results) expect({ ...r, backend: '' }, r.backend).toEqual({ ...results[results.length - 1]!, backend: '' });
    });
  }
});
