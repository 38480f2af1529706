// apg number parsing: the numbers of coins.apg (its vertex blocks, 1836 × 12 values written as
// %.2f, %.3g with exponents and %f) repeated to at least 50 MB of text, parsed to float32 by the
// parseFloats kernel (wasm-simd, wasm-scalar; the text staged into WebAssembly memory and the
// floats copied out on every call, as the reader does), by its TypeScript twin, and by two
// parseFloat-based JavaScript readers. Runners are interleaved, round by round, so that the
// shared machine's slow moments fall on all of them. Run: npm run bench:apg
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { createKernelsSync, type BackendName } from '../bindings/index.js';
import { readApg } from '../bindings/formats/apg/index.js';
import { parseFloats as twinParseFloats } from '../bindings/kernels/js/parse-numbers.js';
import { fmt, machine, markdownTable, writeResults } from './harness.js';

const COINS = join(fileURLToPath(new URL('.', import.meta.url)), '../../shared/corpus/apg/coins.apg');
const TARGET_BYTES = 50 * 2 ** 20;
const ROUNDS = 7;

const source = new TextDecoder().decode(readFileSync(COINS));
const numbers = source.split('\n').filter((line) => line && !line.startsWith('@')).join('\n') + '\n';
const repeats = Math.ceil(TARGET_BYTES / numbers.length);
const text = new TextEncoder().encode(numbers.repeat(repeats));
const perCopy = readApg(new TextEncoder().encode(source)).vertexArrays.reduce((n, a) => n + a.values.length, 0);
const count = perCopy * repeats;
const dst = new Float32Array(count);

const kernels = Object.fromEntries((['wasm-simd', 'wasm-scalar'] as BackendName[]).map((b) => [b, createKernelsSync(b)]));

/** Best plain-JavaScript reading: one string, split on whitespace, parseFloat each, Math.fround. */
function splitParseFloat(bytes: Uint8Array, out: Float32Array): number {
  const tokens = new TextDecoder().decode(bytes).split(/\s+/);
  let n = 0;
  for (const token of tokens) if (token) out[n++] = parseFloat(token);
  return n;
}

/** A scanning reader as a C programmer would write it: find each token, parseFloat its substring. */
function scanParseFloat(bytes: Uint8Array, out: Float32Array): number {
  const s = new TextDecoder().decode(bytes);
  let n = 0;
  let i = 0;
  const end = s.length;
  while (i < end) {
    while (i < end && s.charCodeAt(i) <= 32) i++;
    if (i >= end) break;
    const start = i;
    while (i < end && s.charCodeAt(i) > 32) i++;
    out[n++] = parseFloat(s.slice(start, i));
  }
  return n;
}

const runners: { name: string; run: () => number }[] = [
  { name: 'kernel wasm-simd', run: () => kernels['wasm-simd']!.parseFloats(text, dst) },
  { name: 'kernel wasm-scalar', run: () => kernels['wasm-scalar']!.parseFloats(text, dst) },
  { name: 'twin (js backend)', run: () => twinParseFloats(text, dst) },
  { name: 'JS split + parseFloat', run: () => splitParseFloat(text, dst) },
  { name: 'JS scan + parseFloat', run: () => scanParseFloat(text, dst) },
];

// Every runner must read the same values before anything is timed.
const reference = new Float32Array(count);
twinParseFloats(text, reference);
for (const r of runners) {
  dst.fill(0);
  if (r.run() !== count || !dst.every((v, i) => Object.is(v, reference[i]))) throw new Error(`${r.name} does not read the same ${count} values`);
}

const samples = new Map<string, number[]>(runners.map((r) => [r.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const r of runners) {
    const t0 = performance.now();
    r.run();
    samples.get(r.name)!.push((performance.now() - t0) / 1000);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = new Map(runners.map((r) => [r.name, median(samples.get(r.name)!)]));
const bestJs = Math.min(seconds.get('JS split + parseFloat')!, seconds.get('JS scan + parseFloat')!);
const mb = text.length / 1e6;
const rows = runners.map((r) => {
  const s = seconds.get(r.name)!;
  return { runner: r.name, ms: s * 1e3, mbPerSecond: mb / s, millionNumbersPerSecond: count / s / 1e6, vsBestJs: bestJs / s };
});
console.log(`${mb.toFixed(1)} MB of text (coins.apg's numbers × ${repeats}), ${count} numbers, median of ${ROUNDS} interleaved rounds`);
console.log(markdownTable(['runner', 'ms', 'MB/s of text', 'M numbers/s', '× best JS'], rows.map((r) => [r.runner, fmt(r.ms, 1), fmt(r.mbPerSecond, 0), fmt(r.millionNumbersPerSecond, 1), fmt(r.vsBestJs)])));
console.log(JSON.stringify(machine()));
const path = writeResults('apg', { input: { file: 'coins.apg numbers', repeats, bytes: text.length, numbers: count, rounds: ROUNDS }, rows });
console.log(`wrote ${path}`);
