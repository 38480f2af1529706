// `meshcodec/worker` under Node: the same decode pool on worker_threads, sized to
// os.availableParallelism(). Idle threads do not keep the process alive. It takes the browser
// pool's options (one `meshcodec/worker` type for both): `workerUrl` names the thread's script
// (the package's dist/node-pool-worker.js, for applications bundled for Node); `createWorker`
// makes module Workers, which Node does not have, so it is refused.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { BrowserDecodePoolOptions } from './browser-pool.js';
import { DecodePool, type PoolWorker } from './pool-core.js';
import type { DecodeResponse } from './pool-messages.js';

export * from './pool-core.js';

const spawner = (workerUrl: string | URL | undefined) => (onResponse: (response: DecodeResponse) => void, onFailure: (error: Error) => void): PoolWorker => {
  const worker = new Worker(workerUrl ?? new URL('./node-pool-worker.js', import.meta.url), { name: 'meshcodec-decode' });
  worker.on('message', onResponse);
  worker.on('error', (error) => onFailure(new Error(`meshcodec: decode worker failed: ${error.message}`)));
  worker.on('messageerror', () => onFailure(new Error('meshcodec: a decode result could not be received from the worker')));
  worker.unref();
  return {
    post: (request, transfer) => worker.postMessage(request, transfer),
    terminate: () => void worker.terminate(),
    setBusy: (busy) => (busy ? worker.ref() : worker.unref()),
  };
};

/** A pool of worker threads, os.availableParallelism() of them unless `size` says otherwise. */
export function createDecodePool(options: BrowserDecodePoolOptions = {}): DecodePool {
  if (options.createWorker) throw new TypeError('meshcodec: createWorker makes module Workers, which Node does not have; under Node give workerUrl (the path or file: URL of node-pool-worker.js)');
  return new DecodePool(spawner(options.workerUrl), options.size ?? availableParallelism(), options);
}
