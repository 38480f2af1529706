// Time of the welds' hash tables on crafted keys (and of parsing a crafted UNIGINE .mesh) (test/helpers/colliding-keys.ts: every key's
// slot in the table's first sixteenth) at n = 10k, 40k, 160k, wasm-simd backend: before the
// probe budget each 4× n cost about 16× (O(n²)); with it, about 4× (the sort fallback).
// Runs in a tree without Kernels.weldIndexStreams too (then the raw kernel, as the readers called it).
// Run: npx tsx bench/hash-flood.ts [--sizes 10000,40000] [--only streams|unigine|rows|written]
import { parseArgs } from 'node:util';
import { createKernelsSync } from '../bindings/index.js';
import { weldHashCapacity } from '../bindings/kernels/weld-streams.js';
import { weldWrittenVertices } from '../bindings/formats/gltf/weld-written-vertices.js';
import { collidingPositions, collidingRows, collidingStreams, collidingUnigineMesh } from '../test/helpers/colliding-keys.js';
import { unigineFormat } from '../bindings/formats/unigine/index.js';

const { values } = parseArgs({ options: { sizes: { type: 'string' }, only: { type: 'string' }, backend: { type: 'string' } } });
const sizes = (values.sizes ?? '10000,40000,160000').split(',').map(Number);
const kernels = createKernelsSync((values.backend ?? 'wasm-simd') as 'wasm-simd');
const time = (f: () => unknown): number => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

const cases: Record<string, (n: number) => () => unknown> = {
  streams: (n) => {
    const { streams, limits } = collidingStreams(n, 2, 1);
    return () => {
      const packed = new Uint32Array(2 * n);
      packed.set(streams[0]!);
      packed.set(streams[1]!, n);
      const table = new Uint32Array(limits[1]! + weldHashCapacity(n, 2));
      const indices = new Uint32Array(n);
      const args = [packed, 2, Uint32Array.from(limits), 1, table, indices, packed] as const;
      const k = kernels as unknown as { weldIndexStreams?: (...a: typeof args) => number };
      return k.weldIndexStreams ? k.weldIndexStreams(...args) : kernels.raw.weldIndexStreams(...args);
    };
  },
  unigine: (n) => {
    const bytes = collidingUnigineMesh(n - (n % 3));
    return () => unigineFormat.parseSync(bytes, { kernels });
  },
  rows: (n) => {
    const words = collidingRows(n, 3);
    return () => kernels.weldVertices(words, 3);
  },
  written: (n) => {
    const positions = collidingPositions(n);
    const indices = new Uint32Array(n - (n % 3)).map((_, i) => i);
    return () => weldWrittenVertices([{ type: 'VEC3', array: positions, options: {} }], indices, n);
  },
};

for (const [name, make] of Object.entries(cases)) {
  if (values.only && values.only !== name) continue;
  const line: string[] = [];
  for (const n of sizes) line.push(`n=${n}: ${time(make(n)).toFixed(0)} ms`);
  console.log(`${name.padEnd(8)} ${line.join('  ')}`);
}
