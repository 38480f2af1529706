// In-page decode throughput: the same files decoded by pools of each backend, one worker and
// all of them. Figures for the README; nothing asserts on them.
import { createDecodePool, type BackendChoice } from '../../bindings/workers/browser-pool.js';
import type { FileGroup } from './group-files.js';

export interface ThroughputRow {
  backend: string;
  workers: number;
  rounds: number;
  megabytes: number;
  seconds: number;
  megabytesPerSecond: number;
}

const BACKENDS: BackendChoice[] = ['wasm-simd', 'wasm-scalar', 'js'];

async function decodeRound(pool: ReturnType<typeof createDecodePool>, groups: FileGroup[]): Promise<number> {
  const results = await Promise.all(groups.map(({ main, companions }) => pool.decode({ name: main.name, bytes: main, companions: companions.map((c) => ({ name: c.name, bytes: c })) })));
  return results.reduce((sum, r) => sum + r.byteLength, 0);
}

/** Decodes `groups` (files that decode) `rounds` times per configuration, after one warm-up round. */
export async function measureThroughput(groups: FileGroup[], rounds = 3): Promise<ThroughputRow[]> {
  const all = navigator.hardwareConcurrency || 4;
  const rows: ThroughputRow[] = [];
  for (const backend of BACKENDS) {
    for (const workers of [...new Set([1, all])]) {
      const pool = createDecodePool({ backend, size: workers });
      try {
        await decodeRound(pool, groups);
        let bytes = 0;
        const started = performance.now();
        for (let round = 0; round < rounds; round++) bytes += await decodeRound(pool, groups);
        const seconds = (performance.now() - started) / 1000;
        rows.push({ backend, workers, rounds, megabytes: bytes / 1e6, seconds, megabytesPerSecond: bytes / 1e6 / seconds });
      } finally {
        pool.destroy();
      }
    }
  }
  return rows;
}
