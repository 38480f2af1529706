import { Piscina } from 'piscina';
import type { BackendChoice } from '../kernels/backend.js';
import type { ConvertJob, ConvertJobOutcome } from './convert-job.js';
import type { ConvertWorkerData } from './convert-worker.js';

/**
 * A job for the pool: with `bytes`, they are transferred to the worker (not copied); without,
 * the worker reads `inputPath` itself (the CLI's rules: regular files only, the head decides
 * first), so that the main thread neither reads the file nor moves its bytes.
 */
export type PoolJob = Omit<ConvertJob, 'bytes'> & { bytes?: Uint8Array };

/** A pool job's outcome, with the size of the input the worker read. */
export type PoolOutcome = ConvertJobOutcome & { inputBytes: number };

/** Worker threads that run ConvertJobs. */
export class ConvertPool {
  private readonly pool: Piscina;

  /**
   * `workerUrl`: the built worker script (dist/convert-worker.js). `queued`: tasks handed to each
   * worker at once (it runs them in turn): the next one is already in the worker's own queue when
   * one ends, so that a worker never waits for a main thread busy converting a file of its own.
   * Measured with three 10 ms tasks while the main thread computed for 60 ms: handed one at a
   * time, the second started at 80 ms (after the main thread); handed three, they ran at 4–46 ms.
   */
  constructor(workerUrl: URL, threads: number, backend: BackendChoice, queued = 1) {
    const workerData: ConvertWorkerData = { backend };
    this.pool = new Piscina({ filename: workerUrl.href, minThreads: threads, maxThreads: threads, idleTimeout: Infinity, workerData, concurrentTasksPerWorker: queued });
  }

  run(job: PoolJob): Promise<PoolOutcome> {
    let bytes = job.bytes;
    if (!bytes) return this.pool.run(job) as Promise<PoolOutcome>;
    if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) bytes = bytes.slice();
    return this.pool.run({ ...job, bytes }, { transferList: [bytes.buffer as ArrayBuffer] }) as Promise<PoolOutcome>;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
