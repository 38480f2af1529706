// `convert --jobs N` over several files starts its worker threads before the inputs are expanded
// and the outputs planned, so that a worker's start-up (its isolate, the library's modules and
// the WebAssembly kernels: 60–70 ms of CPU, its first file 90–120 ms after the pool is made
// when the main thread has little else to do: two files, load 5)
// runs beside the main thread's walk, realpath(3) and stat of every input instead of after them.
//
// Measured (1,000 files up to 200 KB to GLB, tmpfs, --jobs 2, the 2-core machine shared at load
// 11–12, three interleaved pairs): with the pool made after planning (before this), the worker's
// first file began 180–474 ms after the main thread's first; made here, 39–119 ms after.
// Alternatives: starting a worker only once the number of files is
// known would keep the walk's time serial; starting one for every `convert` would make a
// one-file conversion pay for a worker it never uses (one file named, and no folder or glob, starts none).
//
// How many start early: at most EARLY_POOL_DEFAULTS.workers and the cores but one; the others of
// `--jobs N` start when the run hands them work (Piscina's minThreads below maxThreads), as they
// did before. Starting all N − 1 before the file count is known made a folder of 3 tubes cost
// 7.4 s and 747 MB of peak RSS with --jobs 50, 38.7 s and 2.7 GB with --jobs 200 (0.9 s and 97 MB
// with --jobs 3; 2-core machine shared at load 4–9), and on a many-core machine the default
// --jobs (every core) started a worker per core for any folder.
import { availableParallelism } from 'node:os';
import type { BackendChoice } from '../kernels/backend.js';
import { ConvertPool } from '../workers/convert-pool.js';
import { tierUpLaterForBatch } from './batch-tiering.js';
import { earlyPoolWanted } from './early-pool-wanted.js';

export { namesSeveralFiles } from './early-pool-wanted.js';

export const EARLY_POOL_DEFAULTS = {
  /** Workers started before the walk, at most (the cores but one bound them too). */
  workers: 3,
};

/** What decides a convert run's pool before its inputs are expanded. */
export interface EarlyPoolRequest {
  /** The built worker script; none: no pool. */
  workerUrl: URL | undefined;
  /** --jobs (converting threads, the main thread included). */
  jobs: number;
  backend: BackendChoice;
  /** FILES|DIRS|GLOBS as given. */
  args: readonly string[];
  /** Tasks queued per worker: 1 for a claimed batch, more when the main thread hands files out (convert.ts). */
  queued: number;
}

/**
 * A pool of `jobs − 1` worker threads for a run that may convert several files, or none, of
 * which EARLY_POOL_DEFAULTS.workers at most (and the cores but one) start now, the others when
 * the run hands them work. The run
 * adopts the pool when it needs as many threads or fewer, and closes it otherwise (convert.ts). V8's later
 * tier-up for a batch that fills the cores is set first, so that the workers start with it.
 */
export function startPoolEarly(request: EarlyPoolRequest): ConvertPool | undefined {
  if (!earlyPoolWanted(request.workerUrl, request.jobs, request.args)) return undefined;
  if (request.jobs >= availableParallelism()) tierUpLaterForBatch();
  const started = Math.max(1, Math.min(request.jobs - 1, availableParallelism() - 1, EARLY_POOL_DEFAULTS.workers));
  return new ConvertPool(request.workerUrl!, request.jobs - 1, request.backend, request.queued, started);
}
