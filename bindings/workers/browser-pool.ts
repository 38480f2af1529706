// `meshcodec/worker` in browsers (and any runtime with module Workers): a decode pool of module
// workers. The worker script is the bundle's browser-pool-worker.js, found beside this module
// through import.meta.url, so it loads with no configuration (bundlers that understand
// `new URL(…, import.meta.url)` copy it along).
import { DecodePool, type DecodePoolOptions, type PoolWorker } from './pool-core.js';
import type { DecodeResponse } from './pool-messages.js';

export * from './pool-core.js';

function spawnModuleWorker(onResponse: (response: DecodeResponse) => void, onFailure: (error: Error) => void): PoolWorker {
  const worker = new Worker(new URL('./browser-pool-worker.js', import.meta.url), { type: 'module', name: 'meshcodec-decode' });
  worker.onmessage = (event: MessageEvent<DecodeResponse>) => onResponse(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    onFailure(new Error(`meshcodec: decode worker failed: ${event.message || 'its script did not load'}`));
  };
  worker.onmessageerror = () => onFailure(new Error('meshcodec: a decode result could not be received from the worker'));
  return {
    post: (request, transfer) => worker.postMessage(request, transfer),
    terminate: () => worker.terminate(),
  };
}

/** A pool of module workers, `navigator.hardwareConcurrency` of them unless `size` says otherwise. */
export function createDecodePool(options: DecodePoolOptions = {}): DecodePool {
  const size = options.size ?? (globalThis.navigator?.hardwareConcurrency || 4);
  return new DecodePool(spawnModuleWorker, size, options);
}
