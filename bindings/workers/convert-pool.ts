import { Piscina } from 'piscina';
import type { BackendChoice } from '../kernels/backend.js';
import type { ConvertJob, ConvertJobOutcome } from './convert-job.js';
import type { ConvertWorkerData } from './convert-worker.js';

/** Worker threads that run ConvertJobs; each job's bytes are transferred to the worker, not copied. */
export class ConvertPool {
  private readonly pool: Piscina;

  /** `workerUrl`: the built worker script (dist/convert-worker.js). */
  constructor(workerUrl: URL, threads: number, backend: BackendChoice) {
    const workerData: ConvertWorkerData = { backend };
    this.pool = new Piscina({ filename: workerUrl.href, minThreads: threads, maxThreads: threads, idleTimeout: Infinity, workerData });
  }

  run(job: ConvertJob): Promise<ConvertJobOutcome> {
    let bytes = job.bytes;
    if (bytes.byteOffset !== 0 || bytes.byteLength !== bytes.buffer.byteLength) bytes = bytes.slice();
    return this.pool.run({ ...job, bytes }, { transferList: [bytes.buffer as ArrayBuffer] }) as Promise<ConvertJobOutcome>;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
