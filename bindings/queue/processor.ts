// The sandboxed processor (dist/queue-processor.js): give its path to a BullMQ Worker, which runs
// it in a worker thread (`useWorkerThreads: true`) or a child process per concurrent job:
//
//   new Worker(name, CONVERSION_PROCESSOR, { connection, useWorkerThreads: true, concurrency: 4 })
//
// Each thread converts on its own kernels (MESHCODEC_BACKEND: auto, wasm-simd, wasm-scalar, js)
// and returns the job's manifest entry; the Worker's own thread keeps renewing the job's lock
// while it converts.
import type { SandboxedJob } from 'bullmq';
import type { BackendChoice } from '../kernels/backend.js';
import { initSync } from '../kernels/backend.js';
import { runConvertJobOnDisk } from '../node/recording-resolver.js';
import { prepareConvertJob } from '../workers/convert-job.js';
import { packageVersion } from '../cli/version.js';
import type { ManifestEntry } from '../cli/manifest.js';
import { processConversion, type ConversionJobData } from './conversion-job.js';

const kernels = initSync({ backend: (process.env.MESHCODEC_BACKEND ?? 'auto') as BackendChoice });
const version = packageVersion(new URL(import.meta.url));

export default function convertQueued(job: SandboxedJob<ConversionJobData, ManifestEntry>): Promise<ManifestEntry> {
  return processConversion(job.data, {
    // prepareConvertJob: the job's format handlers (loaded on first need) and meshoptimizer.
    convert: async (j) => {
      await prepareConvertJob(j);
      return runConvertJobOnDisk(j, kernels);
    },
    version,
    progress: (percent) => job.updateProgress(percent),
  });
}
