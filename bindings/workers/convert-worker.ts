// A piscina worker: one task = one ConvertJob (its bytes transferred in), the encoded files
// transferred back. rollup builds it to dist/convert-worker.js beside dist/cli.js.
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { initSync } from '../kernels/backend.js';
import type { BackendChoice } from '../kernels/backend.js';
import { runConvertJobOnDisk } from '../node/recording-resolver.js';
import { readInputFileSync } from '../cli/read-input.js';
import { errorInfo } from '../io/error-info.js';
import { prepareConvertJob } from './convert-job.js';
import type { PoolJob, PoolOutcome } from './convert-pool.js';

export interface ConvertWorkerData {
  backend: BackendChoice;
}

const kernels = initSync({ backend: (workerData as ConvertWorkerData).backend });

export default async function convert(job: PoolJob): Promise<unknown> {
  let bytes = job.bytes;
  if (!bytes) {
    try {
      bytes = readInputFileSync(job.inputPath, { format: job.from });
    } catch (e) {
      return { ok: false, error: errorInfo(e), inputBytes: 0 } satisfies PoolOutcome;
    }
  }
  const local = { ...job, bytes };
  await prepareConvertJob(local);
  const outcome: PoolOutcome = { ...runConvertJobOnDisk(local, kernels), inputBytes: bytes.byteLength };
  if (!outcome.ok) return outcome;
  const buffers = new Set<ArrayBuffer>();
  for (const file of outcome.files) {
    // A view into a larger buffer (or WebAssembly memory) is copied so that only its own bytes move.
    if (file.bytes.byteOffset !== 0 || file.bytes.byteLength !== file.bytes.buffer.byteLength) file.bytes = file.bytes.slice();
    buffers.add(file.bytes.buffer as ArrayBuffer);
  }
  // move() marks the wrapper so that piscina transfers the buffers with the outcome.
  return move({ [transferableSymbol]: [...buffers], [valueSymbol]: outcome } as unknown as Parameters<typeof move>[0]);
}
