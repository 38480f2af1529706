// In-page decode throughput: the same files decoded by pools of each backend, one worker and
// all of them. The files are read into memory first, so that the figures are decoding and
// message passing (each job gets its own copy of the bytes, moved to the worker, and the Asset
// moved back), not the browser's file reading. Figures for the README; nothing asserts on them.
import { createDecodePool, type BackendChoice, type DecodeInput } from '../../bindings/workers/browser-pool.js';
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

interface InMemory {
  name: string;
  bytes: Uint8Array;
  companions: { name: string; bytes: Uint8Array }[];
}

async function readGroups(groups: FileGroup[]): Promise<InMemory[]> {
  const read = async (file: File) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  return Promise.all(groups.map(async (g) => ({ ...(await read(g.main)), companions: await Promise.all(g.companions.map(read)) })));
}

/** A job's own copy of the bytes (the pool moves it to the worker). */
function copyOf(file: InMemory): DecodeInput {
  return { name: file.name, bytes: file.bytes.slice(), companions: file.companions.map((c) => ({ name: c.name, bytes: c.bytes.slice() })) };
}

/** Queues every file `rounds` times at once (so that every worker has work); resolves to the bytes decoded. */
async function decodeAll(pool: ReturnType<typeof createDecodePool>, files: InMemory[], rounds: number): Promise<number> {
  const jobs = Array.from({ length: rounds }, () => files).flat();
  const results = await Promise.all(jobs.map((file) => pool.decode(copyOf(file))));
  return results.reduce((sum, r) => sum + r.byteLength, 0);
}

/** Decodes `groups` (files that decode) `rounds` times per configuration, after a warm-up round on every worker. */
export async function measureThroughput(groups: FileGroup[], rounds = 4): Promise<ThroughputRow[]> {
  const files = await readGroups(groups);
  const all = navigator.hardwareConcurrency || 4;
  const rows: ThroughputRow[] = [];
  for (const backend of BACKENDS) {
    for (const workers of [...new Set([1, all])]) {
      const pool = createDecodePool({ backend, size: workers });
      try {
        await decodeAll(pool, files, workers);
        const started = performance.now();
        const bytes = await decodeAll(pool, files, rounds);
        const seconds = (performance.now() - started) / 1000;
        rows.push({ backend, workers, rounds, megabytes: bytes / 1e6, seconds, megabytesPerSecond: bytes / 1e6 / seconds });
      } finally {
        pool.destroy();
      }
    }
  }
  return rows;
}
