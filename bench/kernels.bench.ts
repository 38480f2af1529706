// Times every generic kernel on wasm-simd, wasm-scalar and js at 1 M and 16 M components, with
// a TypedArray.set copy as the memory-bandwidth baseline, timed in the same interleaved rounds. Inputs and outputs live in each
// backend's own memory (a workspace), so the figures are the kernels', not the copies'.
// Bandwidth = (bytes read + bytes written) / second. Run: npm run bench [-- --quick]
import { createKernelsSync, type BackendName, type Kernels, type RawKernels } from '../bindings/index.js';
import { fmt, machine, markdownTable, scratch, timeInterleaved, writeResults, type Scratch } from './harness.js';
import { randomInts, rng } from '../test/helpers/backends.js';

const quick = process.argv.includes('--quick');
const SIZES = quick ? [1 << 20] : [1 << 20, 1 << 24];
const BACKENDS: BackendName[] = ['wasm-simd', 'wasm-scalar', 'js'];

interface KernelCase {
  name: string;
  /** Bytes read and written per component. */
  bytesIn: number;
  bytesOut: number;
  /** Allocates inputs and outputs in `ws` and returns the call to time. */
  setup(ws: Scratch, raw: RawKernels, n: number): () => unknown;
}

/** Uniform values in [-scale, scale): realistic data (edge values such as subnormals belong in the parity tests). */
function uniformFloats(length: number, seed: number, scale: number): Float32Array {
  const next = rng(seed);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = (next() * 2 - 1) * scale;
  return out;
}

const MIN3 = new Float32Array([-2, -1, 0]);
const SIZE3 = new Float32Array([4, 2, 1]);

function fill<T extends { set(a: ArrayLike<number>): void }>(target: T, source: ArrayLike<number>): T {
  target.set(source);
  return target;
}

const CASES: KernelCase[] = [
  {
    name: 'dequantize unorm16 (3 comp)', bytesIn: 2, bytesOut: 4,
    setup: (ws, raw, n) => {
      const q = fill(ws.u16(n), randomInts(Uint16Array, n, 1, 65535));
      const min = fill(ws.f32(3), MIN3), size = fill(ws.f32(3), SIZE3), dst = ws.f32(n);
      return () => raw.dequantizeUnorm16(q, 3, min, size, dst);
    },
  },
  {
    name: 'quantize unorm16 (3 comp, round)', bytesIn: 4, bytesOut: 2,
    setup: (ws, raw, n) => {
      const v = fill(ws.f32(n), uniformFloats(n, 2, 2));
      const min = fill(ws.f32(3), MIN3), size = fill(ws.f32(3), SIZE3), dst = ws.u16(n);
      return () => raw.quantizeUnorm16(v, 3, min, size, true, dst);
    },
  },
  {
    name: 'compress normals', bytesIn: 4, bytesOut: 2,
    setup: (ws, raw, n) => {
      const v = fill(ws.f32(n), uniformFloats(n, 3, 1)), dst = ws.u16(n);
      return () => raw.compressNormals(v, dst);
    },
  },
  {
    name: 'decompress normals', bytesIn: 2, bytesOut: 4,
    setup: (ws, raw, n) => {
      const u = fill(ws.u16(n), randomInts(Uint16Array, n, 4, 65535)), dst = ws.f32(n);
      return () => raw.decompressNormals(u, dst);
    },
  },
  {
    name: 'decode snorm8', bytesIn: 1, bytesOut: 4,
    setup: (ws, raw, n) => {
      const b = fill(ws.u8(n), randomInts(Uint8Array, n, 5, 255)), dst = ws.f32(n);
      return () => raw.decodeSnorm8(b, dst);
    },
  },
  {
    name: 'encode snorm8', bytesIn: 4, bytesOut: 1,
    setup: (ws, raw, n) => {
      const v = fill(ws.f32(n), uniformFloats(n, 6, 1)), dst = ws.u8(n);
      return () => raw.encodeSnorm8(v, dst);
    },
  },
  {
    name: 'decode snorm16', bytesIn: 2, bytesOut: 4,
    setup: (ws, raw, n) => {
      const s = fill(ws.i16(n), randomInts(Int16Array, n, 7, 32767, -32768)), dst = ws.f32(n);
      return () => raw.decodeSnorm16(s, dst);
    },
  },
  {
    name: 'encode snorm16', bytesIn: 4, bytesOut: 2,
    setup: (ws, raw, n) => {
      const v = fill(ws.f32(n), uniformFloats(n, 8, 1)), dst = ws.i16(n);
      return () => raw.encodeSnorm16(v, dst);
    },
  },
  {
    name: 'max index u32', bytesIn: 4, bytesOut: 0,
    setup: (ws, raw, n) => {
      const a = fill(ws.u32(n), randomInts(Uint32Array, n, 9, 1_000_000));
      return () => raw.maxIndexU32(a);
    },
  },
  {
    name: 'widen u16 -> u32', bytesIn: 2, bytesOut: 4,
    setup: (ws, raw, n) => {
      const a = fill(ws.u16(n), randomInts(Uint16Array, n, 10, 65535)), dst = ws.u32(n);
      return () => raw.widenU16ToU32(a, dst);
    },
  },
  {
    name: 'narrow u32 -> u16', bytesIn: 4, bytesOut: 2,
    setup: (ws, raw, n) => {
      const a = fill(ws.u32(n), randomInts(Uint32Array, n, 11, 65535)), dst = ws.u16(n);
      return () => raw.narrowU32ToU16(a, dst);
    },
  },
];

const kernelsByBackend = Object.fromEntries(BACKENDS.map((b) => [b, createKernelsSync(b)])) as Record<BackendName, Kernels>;
const GB = 1e9;
const rows: (string | number)[][] = [];
const results: Record<string, unknown>[] = [];

for (const n of SIZES) {
  const src = new Float32Array(n).fill(1.5);
  const dst = new Float32Array(n);
  const label = `${n / (1 << 20)} M`;
  for (const c of CASES) {
    // Every backend and the copy baseline in the same interleaved rounds.
    const spaces = BACKENDS.map((b) => scratch(kernelsByBackend[b], n * (c.bytesIn + c.bytesOut) + 256));
    let seconds: Record<string, number>;
    try {
      const runs: Record<string, () => unknown> = { copy: () => dst.set(src) };
      BACKENDS.forEach((b, i) => (runs[b] = c.setup(spaces[i]!, kernelsByBackend[b].raw, n)));
      seconds = timeInterleaved(runs, { minSeconds: quick ? 0.4 : 1.5 });
    } finally {
      for (const ws of spaces) ws.release();
    }
    const copyBandwidth = (2 * 4 * n) / seconds.copy! / GB;
    rows.push([label, c.name, 'TypedArray.set copy (f32)', fmt(seconds.copy! * 1000, 3), fmt(copyBandwidth), '1.00', '-']);
    results.push({ kernel: c.name, components: n, backend: 'memcpy', ms: seconds.copy! * 1000, gbPerSecond: copyBandwidth });
    for (const b of BACKENDS) {
      const s = seconds[b]!;
      const bandwidth = ((c.bytesIn + c.bytesOut) * n) / s / GB;
      const vsJs = seconds.js! / s;
      rows.push([label, c.name, b, fmt(s * 1000, 3), fmt(bandwidth), fmt(bandwidth / copyBandwidth), b === 'js' ? '1.00' : fmt(vsJs)]);
      results.push({ kernel: c.name, components: n, backend: b, ms: s * 1000, gbPerSecond: bandwidth, vsCopy: bandwidth / copyBandwidth, vsJs });
    }
  }
}

const m = machine();
console.log(`meshcodec kernel benchmark — ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}\n`);
console.log(markdownTable(['components', 'kernel', 'backend', 'ms', 'GB/s (read+write)', 'x copy', 'x js'], rows));
console.log(`\nwrote ${writeResults(quick ? 'kernels-quick' : 'latest', { benchmark: 'kernels', sizes: SIZES, results })}`);
