// The queue worker's defaults, in a module of their own so that the CLI's help shows them without loading bullmq.
import type { BackendChoice } from '../kernels/backend.js';

export const QUEUE_WORKER_DEFAULTS = {
  /** Jobs converted at once (and converting threads). */
  concurrency: 1,
  /** How long a job's lock holds without renewal (ms): a dead worker's job is free again after about this long. */
  lockDuration: 30_000,
  /** How often this worker looks for jobs whose worker died (ms). */
  stalledInterval: 15_000,
  /** How often a job may be taken back from a dead worker before it fails (BullMQ's maxStalledCount). */
  maxStalledCount: 2,
  backend: 'auto' as BackendChoice,
  /** With untilEmpty: how often the queue's counts are read (ms). */
  drainPoll: 250,
};
