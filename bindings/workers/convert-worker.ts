// A piscina worker: one task = one ConvertJob (its bytes transferred in), the encoded files
// transferred back. rollup builds it to dist/convert-worker.js beside dist/cli.js.
import { move, transferableSymbol, valueSymbol, workerData } from 'piscina';
import { initSync } from '../kernels/backend.js';
import type { BackendChoice } from '../kernels/backend.js';
import { runConvertJobOnDisk } from '../node/recording-resolver.js';
import { readInputFileSync } from '../cli/read-input.js';
import { listPartialsIn, removedStalePartials } from '../cli/atomic-write.js';
import { claimByKind } from '../cli/batch-affinity.js';
import { convertBatchFile } from '../cli/convert-batch.js';
import { PartialRegistry } from '../cli/partial-registry.js';
import { InputIdentities } from '../cli/claim-targets.js';
import { errorInfo } from '../io/error-info.js';
import { prepareConvertJob } from './convert-job.js';
import { loadAllFormats } from '../formats/format-index.js';
import type { BatchMessage, BatchTask, PoolJob, PoolOutcome } from './convert-pool.js';

export interface ConvertWorkerData {
  backend: BackendChoice;
}

const kernels = initSync({ backend: (workerData as ConvertWorkerData).backend });
// Every format's handler (format-index.ts): a worker's files may be of any format, and it reads them
// synchronously (readInputFileSync refuses a head by its format's reader only when it is loaded).
await loadAllFormats();

/** A share of a batch: units claimed from the shared counters (its own kinds first) until none is left, outputs written here. */
async function runBatch(task: BatchTask): Promise<null> {
  listPartialsIn(new PartialRegistry(task.partials));
  try {
    const claim = new Int32Array(task.claim);
    const writer = { inputIds: new InputIdentities(task.inputPaths), written: new Set<string>() };
    for (let unit = claimByKind(claim, task.kinds, task.order); unit >= 0; unit = claimByKind(claim, task.kinds, task.order)) {
      for (const file of task.units[unit]!) {
        let result = convertBatchFile(task.files[file]!, task.settings, kernels, writer);
        if (result instanceof Promise) result = await result;
        task.port.postMessage({ file, result } satisfies BatchMessage);
      }
    }
    task.port.postMessage({ done: true, staleRemoved: [...removedStalePartials()] } satisfies BatchMessage);
  } finally {
    listPartialsIn(undefined);
    task.port.close();
  }
  return null;
}

/** A task: one file (PoolJob: its outputs sent back), or a share of a batch (BatchTask). */
export default function convert(task: PoolJob | BatchTask): Promise<unknown> {
  return 'kind' in task && task.kind === 'batch' ? runBatch(task) : convertJob(task as PoolJob);
}

async function convertJob(job: PoolJob): Promise<unknown> {
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
    if (file.bytes.byteOffset !== 0 || file.bytes.byteLength !== file.bytes.buffer.byteLength) file.bytes = new Uint8Array(file.bytes);
    buffers.add(file.bytes.buffer as ArrayBuffer);
  }
  // move() marks the wrapper so that piscina transfers the buffers with the outcome.
  return move({ [transferableSymbol]: [...buffers], [valueSymbol]: outcome } as unknown as Parameters<typeof move>[0]);
}
