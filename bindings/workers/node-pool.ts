// `meshcodec/worker` under Node: the same decode pool on worker_threads, sized to
// os.availableParallelism(). Idle threads do not keep the process alive.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { DecodePool, type DecodePoolOptions, type PoolWorker } from './pool-core.js';
import type { DecodeResponse } from './pool-messages.js';

export * from './pool-core.js';

function spawnThread(onResponse: (response: DecodeResponse) => void, onFailure: (error: Error) => void): PoolWorker {
  const worker = new Worker(new URL('./node-pool-worker.js', import.meta.url), { name: 'meshcodec-decode' });
  worker.on('message', onResponse);
  worker.on('error', (error) => onFailure(new Error(`meshcodec: decode worker failed: ${error.message}`)));
  worker.on('messageerror', () => onFailure(new Error('meshcodec: a decode result could not be received from the worker')));
  worker.unref();
  return {
    post: (request, transfer) => worker.postMessage(request, transfer),
    terminate: () => void worker.terminate(),
    setBusy: (busy) => (busy ? worker.ref() : worker.unref()),
  };
}

/** A pool of worker threads, os.availableParallelism() of them unless `size` says otherwise. */
export function createDecodePool(options: DecodePoolOptions = {}): DecodePool {
  return new DecodePool(spawnThread, options.size ?? availableParallelism(), options);
}
