import { mkdirSync, writeFileSync } from 'node:fs';
import type { Kernels } from '../bindings/kernels/kernels.js';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');

export interface Timing {
  /** Median seconds per run. */
  seconds: number;
  runs: number;
}

/**
 * Times `fn`: warms up, then runs until `minSeconds` have passed (at least `minRuns` runs) and
 * returns the median. One process, one machine: compare ratios, not absolute numbers.
 */
export function time(fn: () => unknown, { minSeconds = 0.5, minRuns = 5, warmup = 2 } = {}): Timing {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < minRuns || performance.now() - start < minSeconds * 1000) {
    const t0 = performance.now();
    fn();
    samples.push((performance.now() - t0) / 1000);
    if (samples.length > 10_000) break;
  }
  samples.sort((a, b) => a - b);
  return { seconds: samples[Math.floor(samples.length / 2)]!, runs: samples.length };
}

/**
 * Times several functions interleaved: each round runs every one once, in turn, so that a slow
 * spell of a shared machine falls on all of them alike. Median seconds per name.
 */
export function timeInterleaved(fns: Record<string, () => unknown>, { minSeconds = 1, minRounds = 5, maxRounds = 2000, warmup = 1 } = {}): Record<string, number> {
  const names = Object.keys(fns);
  for (let i = 0; i < warmup; i++) for (const name of names) fns[name]!();
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const start = performance.now();
  for (let round = 0; round < maxRounds && (round < minRounds || performance.now() - start < minSeconds * 1000); round++) {
    for (const name of names) {
      const t0 = performance.now();
      fns[name]!();
      samples[name]!.push((performance.now() - t0) / 1000);
    }
  }
  return Object.fromEntries(names.map((n) => {
    const sorted = samples[n]!.sort((a, b) => a - b);
    return [n, sorted[Math.floor(sorted.length / 2)]!];
  }));
}

export function machine(): { cpu: string; cores: number; memoryGiB: number; node: string; platform: string } {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

/** Prints rows as an aligned Markdown table (paste-able into the README). */
export function markdownTable(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, c) => Math.max(...cells.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((v, c) => v.padEnd(widths[c]!)).join(' | ')} |`;
  return [line(cells[0]!), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.slice(1).map(line)].join('\n');
}

export function writeResults(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(path, JSON.stringify({ date: new Date().toISOString(), machine: machine(), ...(data as object) }, null, 2) + '\n');
  return path;
}

export const fmt = (n: number, digits = 2): string => n.toFixed(digits);

/**
 * Arrays carved one after another out of a single workspace array of `bytes` bytes, for
 * benchmarks that time kernels on data already in a backend's memory. Nothing else may grow
 * that memory while the views are in use (benchmarks call raw kernels on these arrays only).
 */
export interface Scratch {
  u8(n: number): Uint8Array;
  u16(n: number): Uint16Array;
  i16(n: number): Int16Array;
  u32(n: number): Uint32Array;
  f32(n: number): Float32Array;
  release(): void;
}

export function scratch(kernels: Kernels, bytes: number): Scratch {
  const ws = kernels.workspace({ block: ['u8', bytes] });
  const block = ws.arrays.block;
  let used = 0;
  const take = <T>(ctor: new (buffer: ArrayBufferLike, offset: number, length: number) => T, size: number, n: number): T => {
    const at = Math.ceil(used / 16) * 16;
    if (at + n * size > bytes) throw new RangeError(`bench scratch: ${bytes} bytes are not enough`);
    used = at + n * size;
    return new ctor(block.buffer, block.byteOffset + at, n);
  };
  return {
    u8: (n) => take(Uint8Array, 1, n),
    u16: (n) => take(Uint16Array, 2, n),
    i16: (n) => take(Int16Array, 2, n),
    u32: (n) => take(Uint32Array, 4, n),
    f32: (n) => take(Float32Array, 4, n),
    release: () => ws.release(),
  };
}
