import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { BackendChoice } from '../kernels/backend.js';
import type { BatchFile, BatchResult, BatchSettings } from '../cli/convert-batch.js';
import type { ConvertJob, ConvertJobOutcome } from './convert-job.js';
import type { ConvertWorkerData } from './convert-worker.js';

/**
 * A worker's share of a batch (bindings/cli/convert-batch.ts): it claims units of `files` from
 * the shared counters `claim`, its own kinds first, until none is left, writes their outputs itself and posts each
 * file's result on `port`; `partials` is its PartialRegistry's buffer.
 */
export interface BatchTask {
  kind: 'batch';
  files: BatchFile[];
  units: number[][];
  /** Unit indexes by kind, and the kinds this worker claims from, its own first (bindings/cli/batch-affinity.ts). */
  kinds: number[][];
  order: number[];
  /** One Int32 per kind. */
  claim: SharedArrayBuffer;
  partials: SharedArrayBuffer;
  settings: BatchSettings;
  /** Every input of the run read from disk (never overwritten; their device:inode taken on first need: InputIdentities). */
  inputPaths: readonly string[];
  port: MessagePort;
}

/** What a batch worker posts: one file's result (its index in `files`), then, last, the stale temporaries it removed. */
export type BatchMessage = { file: number; result: BatchResult } | { done: true; staleRemoved: string[] };

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
  /** Worker threads, and tasks handed to each at once (the constructor's arguments). */
  readonly threads: number;
  readonly queued: number;

  /**
   * `workerUrl`: the built worker script (dist/convert-worker.js). `queued`: tasks handed to each
   * worker at once (it runs them in turn): the next one is already in the worker's own queue when
   * one ends, so that a worker never waits for a main thread busy converting a file of its own.
   * Measured with three 10 ms tasks while the main thread computed for 60 ms: handed one at a
   * time, the second started at 80 ms (after the main thread); handed three, they ran at 4–46 ms.
   * `started`: workers started at once (default all); the others start when a task waits for one.
   */
  constructor(workerUrl: URL, threads: number, backend: BackendChoice, queued = 1, started = threads) {
    this.threads = threads;
    this.queued = queued;
    const workerData: ConvertWorkerData = { backend };
    // `started` workers now, the others (up to `threads`) when tasks wait for one (early-pool.ts).
    this.pool = new Piscina({ filename: workerUrl.href, minThreads: Math.min(started, threads), maxThreads: threads, idleTimeout: Infinity, workerData, concurrentTasksPerWorker: queued });
  }

  /** Worker threads started so far (`started` at first, up to `threads`). */
  get running(): number {
    return this.pool.threads.length;
  }

  run(job: PoolJob): Promise<PoolOutcome> {
    let bytes = job.bytes;
    if (!bytes) return this.pool.run(job) as Promise<PoolOutcome>;
    // A copy of its own (a Node Buffer's slice() is a view: of the shared pool for a small one).
    if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) bytes = new Uint8Array(bytes);
    return this.pool.run({ ...job, bytes }, { transferList: [bytes.buffer as ArrayBuffer] }) as Promise<PoolOutcome>;
  }

  /**
   * Runs one batch task on a worker: `onResult` gets each file's result as it arrives; resolves
   * to the stale temporaries the worker removed once it has claimed and finished its last file,
   * rejects when the worker dies (the file it had claimed then has no result).
   */
  runBatch(task: Omit<BatchTask, 'kind' | 'port'>, onResult: (file: number, result: BatchResult) => void): Promise<string[]> {
    const { port1, port2 } = new MessageChannel();
    return new Promise<string[]>((resolve, reject) => {
      port1.on('message', (message: BatchMessage) => {
        if ('result' in message) return onResult(message.file, message.result);
        port1.close();
        resolve(message.staleRemoved);
      });
      const full: BatchTask = { kind: 'batch', ...task, port: port2 };
      this.pool.run(full, { transferList: [port2] }).catch((e: unknown) => {
        port1.close();
        reject(e);
      });
    });
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
