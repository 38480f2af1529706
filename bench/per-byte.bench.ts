// Whether a large file costs more per byte than a smaller one (issue 22: UNIGINE was 3.3 ms/MB at
// 10 MB and 7.0 at 100 MB): the generated tube at about 10 and 100 MB in one format, parsed on
// wasm-simd in alternation (one 100 MB parse, then ten 10 MB parses, per round), median ms per MB
// of each, and the WebAssembly memory one parse of each grows a fresh instance by.
// Run: tsx bench/per-byte.bench.ts [--format unigine] [--rounds 5]
import { parseArgs } from 'node:util';
import { createKernelsSync } from '../bindings/index.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { fmt, machine, writeResults } from './harness.js';

const { values } = parseArgs({ options: { format: { type: 'string', default: 'unigine' }, rounds: { type: 'string', default: '5' } } });
const format = FORMATS.find((f) => f.name === values.format)!;
const js = createKernelsSync('js');
const MB = 1e6;
const encode = (megabytes: number) => {
  const probe = format.encodeSync(tubeAsset({ rings: 64, segments: 64, frames: 4 }), { kernels: js }).length;
  return format.encodeSync(tubeAsset({ rings: Math.max(2, Math.round((64 * megabytes * MB) / probe)), segments: 64, frames: 4 }), { kernels: js });
};
const files = { small: encode(10), large: encode(100) };
const kernels = createKernelsSync('wasm-simd', 1 << 30);
const samples: Record<'small' | 'large', number[]> = { small: [], large: [] };
const parse = (bytes: Uint8Array) => {
  const t = performance.now();
  format.parseSync(bytes, { kernels });
  return (performance.now() - t) / (bytes.length / MB);
};
parse(files.small);
parse(files.large);
for (let round = 0; round < Number(values.rounds); round++) {
  samples.large.push(parse(files.large));
  for (let i = 0; i < 10; i++) samples.small.push(parse(files.small));
}
const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const memory = (bytes: Uint8Array) => {
  const fresh = createKernelsSync('wasm-simd', 1 << 30);
  const before = fresh.memoryBytes;
  format.parseSync(bytes, { kernels: fresh });
  return (fresh.memoryBytes - before) / bytes.length;
};
const m = machine();
const result = Object.fromEntries((['small', 'large'] as const).map((k) => [k, { fileMB: files[k].length / MB, msPerMB: median(samples[k]), wasmMemoryPerInputByte: memory(files[k]) }]));
console.log(`${format.name} per byte — ${m.cpu}, ${m.cores} cores, Node ${m.node}`);
for (const [k, r] of Object.entries(result)) console.log(`${k}: ${fmt(r.fileMB, 1)} MB, ${fmt(r.msPerMB, 2)} ms/MB (median), wasm memory ÷ input ${fmt(r.wasmMemoryPerInputByte, 2)}`);
console.log(`large ÷ small per byte: ${fmt(result.large!.msPerMB / result.small!.msPerMB, 2)}`);
console.log(`wrote ${writeResults(`per-byte-${format.name}`, { benchmark: 'per-byte', format: format.name, ...result })}`);
