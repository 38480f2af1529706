// meshcodec/queue: bulk conversion driven by BullMQ on Redis. The producer adds one job per input
// file (enqueueConversions); workers convert them (startConversionWorker, or BullMQ's sandbox
// with CONVERSION_PROCESSOR) and each job returns its manifest entry. This entry point is the only
// part of the library that loads bullmq (and ioredis): `meshcodec` itself stays dependency-free.
export { enqueueConversions, conversionJobs, expandQueueInputs, addConversionJobs, ENQUEUE_DEFAULTS } from './enqueue.js';
export type { EnqueueOptions, EnqueueResult } from './enqueue.js';
export { processConversion, ConversionJobError, failureMessage, CONVERSION_PROGRESS } from './conversion-job.js';
export type { ConversionJobData, ProcessConversionOptions } from './conversion-job.js';
export { startConversionWorker, CONVERSION_PROCESSOR, QUEUE_WORKER_DEFAULTS } from './worker.js';
export type { ConversionWorkerOptions, ConversionWorkerRun } from './worker.js';
export { redisConnection } from './connection.js';
export { readManifest } from '../cli/manifest.js';
export type { ManifestEntry } from '../cli/manifest.js';
