// Consuming a conversion queue: a BullMQ Worker whose processor reads each job's input, converts
// it on a pool of worker threads (the CLI's own pool: dist/convert-worker.js) and writes the
// outputs atomically. The Worker's thread only reads, hashes and writes, so it renews job locks
// on time however long a conversion takes, and `lockDuration` can stay short (a killed worker's
// jobs are taken over that much sooner).
//
// Alternatives (bench/queue-processors.bench.ts: 300 corpus files to GLB, one job at a time, two
// interleaved rounds on the shared 2-core machine): this pool 3.28 s, converting on the Worker's
// own thread 3.05 s, BullMQ's sandbox (`useWorkerThreads` with dist/queue-processor.js, exported
// as CONVERSION_PROCESSOR) 3.39 s: the same within this machine's noise. Speed does not decide
// it: converting on the Worker's own thread blocks lock renewal for the length of a conversion
// (a large file, or a loaded machine, and the job is taken for stalled and run twice), and the
// sandbox clones each job's data and result through the thread; the pool moves the bytes
// (transfer) and is the one `convert` uses, so the queue's outputs are the CLI's by construction.
import { fileURLToPath } from 'node:url';
import { Queue, Worker, type Job } from 'bullmq';
import type { BackendChoice } from '../kernels/backend.js';
import { initSync } from '../kernels/backend.js';
import { runConvertJobOnDisk } from '../node/recording-resolver.js';
import type { ManifestEntry } from '../cli/manifest.js';
import { ConvertPool } from '../workers/convert-pool.js';
import { prepareConvertJob, type ConvertJob, type ConvertJobOutcome } from '../workers/convert-job.js';
import { processConversion, type ConversionJobData, type ConversionJobError } from './conversion-job.js';
import { redisConnection } from './connection.js';
import { QUEUE_WORKER_DEFAULTS } from './worker-defaults.js';

export { QUEUE_WORKER_DEFAULTS };

/** The sandboxed processor's file (dist/queue-processor.js): `new Worker(name, CONVERSION_PROCESSOR, { useWorkerThreads: true, … })`. */
export const CONVERSION_PROCESSOR: string = fileURLToPath(new URL('./queue-processor.js', import.meta.url));


export interface ConversionWorkerOptions {
  redis: string;
  queue: string;
  concurrency?: number;
  lockDuration?: number;
  stalledInterval?: number;
  maxStalledCount?: number;
  backend?: BackendChoice;
  /** Stop once no job is waiting, delayed or active anywhere (a batch run). */
  untilEmpty?: boolean;
  /** The meshcodec version for the manifest entries. */
  version: string;
  /** The built worker script (dist/convert-worker.js); without it jobs convert on the Worker's thread. */
  workerUrl?: URL;
  /** Each job's manifest entry (a success once its outputs are written, or a failure's), before the job completes. */
  record?: (entry: ManifestEntry) => Promise<void> | void;
  /** Each finished job: its entry, or its error. */
  onJob?: (event: { job: Job<ConversionJobData>; entry?: ManifestEntry; error?: Error }) => void;
}

export interface ConversionWorkerRun {
  worker: Worker<ConversionJobData, ManifestEntry>;
  /** Resolves when the worker has stopped (with untilEmpty: once the queue is drained), with its counts. */
  done: Promise<{ completed: number; failed: number }>;
  /** Stops taking jobs, lets those in flight finish, and closes. */
  close(): Promise<void>;
}

/** The conversion of a job on this thread (the Worker's), for runs without the built pool. */
function convertHere(backend: BackendChoice): (job: ConvertJob) => Promise<ConvertJobOutcome> {
  const kernels = initSync({ backend });
  // prepareConvertJob: the job's format handlers (loaded on first need) and meshoptimizer.
  return async (job) => {
    await prepareConvertJob(job);
    return runConvertJobOnDisk(job, kernels);
  };
}

/** Starts a BullMQ Worker on `queue` that converts each job (see processConversion). */
export function startConversionWorker(options: ConversionWorkerOptions): ConversionWorkerRun {
  const settings = { ...QUEUE_WORKER_DEFAULTS, ...definedOnly(options) };
  const pool = options.workerUrl ? new ConvertPool(options.workerUrl, settings.concurrency, settings.backend) : undefined;
  const convert = pool ? (job: ConvertJob) => pool.run(job) : convertHere(settings.backend);
  const counts = { completed: 0, failed: 0 };
  // BullMQ leaves a client it was given open on close(): these two are closed here.
  const workerConnection = redisConnection(options.redis);
  const probeConnection = options.untilEmpty ? redisConnection(options.redis) : undefined;
  const worker = new Worker<ConversionJobData, ManifestEntry>(
    options.queue,
    (job) => processConversion(job.data, { convert, version: options.version, progress: (p) => job.updateProgress(p), ...(options.record ? { record: options.record } : {}) }),
    {
      connection: workerConnection,
      concurrency: settings.concurrency,
      lockDuration: settings.lockDuration,
      stalledInterval: settings.stalledInterval,
      maxStalledCount: settings.maxStalledCount,
    },
  );
  worker.on('completed', (job, entry) => {
    counts.completed++;
    options.onJob?.({ job, entry });
  });
  worker.on('failed', (job, error) => {
    // BullMQ says 'failed' for every failed attempt; one it retries (moved back to wait or
    // delayed, no finishedOn) is counted and reported when it ends, completed or failed.
    if (job && !job.finishedOn) return;
    counts.failed++;
    if (job) options.onJob?.({ job, error: error as ConversionJobError });
  });
  // A lost connection is retried by ioredis; the worker goes on once it is back.
  worker.on('error', () => undefined);

  let closing: Promise<void> | undefined;
  let stopped!: () => void;
  const done = new Promise<{ completed: number; failed: number }>((resolve) => {
    stopped = () => resolve({ ...counts });
  });
  const close = () => {
    closing ??= (async () => {
      clearInterval(timer);
      await worker.close();
      await pool?.close();
      await probe?.close();
      workerConnection.disconnect();
      probeConnection?.disconnect();
      stopped();
    })();
    return closing;
  };
  const probe = probeConnection ? new Queue(options.queue, { connection: probeConnection }) : undefined;
  let polling = false;
  const timer = setInterval(() => {
    if (!probe || polling) return;
    polling = true;
    probe
      .getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children')
      .then((c) => {
        if (Object.values(c).every((n) => n === 0)) void close();
      })
      .catch(() => undefined)
      .finally(() => {
        polling = false;
      });
  }, settings.drainPoll);
  if (!probe) clearInterval(timer);
  return { worker, done, close };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
