// `meshcodec/worker` in browsers (and any runtime with module Workers): a decode pool of module
// workers. By default the worker script is the package's browser-pool-worker.js, found beside
// this module through import.meta.url. The default worker below is written literally as
// Worker(URL(relative path, import.meta.url), { type: 'module' }), the shape Vite and webpack 5
// recognise, so they bundle the worker script with no configuration (keep it in that shape). Bundlers that keep the URL
// but do not copy the file (esbuild) take `workerUrl` (where the application put the script) or
// `createWorker` (any way of starting it); the README gives each bundler's recipe and
// test/bundlers.test.ts builds and runs them.
// Alternative not taken: a self-contained worker script that an esbuild user copies as one file.
// dist/browser-pool-worker.js is 353 bytes importing the shared library chunk (858 kB, the
// WebAssembly inlined); self-contained, it would ship that chunk a second time in the tarball,
// and Vite and webpack, which bundle the worker anyway, gain nothing from it.
// (Vite 8 / webpack 5.112 builds of a one-line page: a 384 kB / 374 KiB worker either way.)
import { DecodePool, type DecodePoolOptions, type PoolWorker } from './pool-core.js';
import type { DecodeResponse } from './pool-messages.js';

export * from './pool-core.js';

/** An event a module worker reports: a message (`data`) or an error (`message`). */
export interface ModuleWorkerEvent {
  readonly data?: unknown;
  readonly message?: string;
  preventDefault(): void;
}

/**
 * What the pool needs of a worker from `createWorker`: a DOM `Worker` is one. (Declared here rather
 * than as `Worker` so that the types compile without the DOM library.)
 */
export interface ModuleWorker {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: ModuleWorkerEvent) => void): void;
  terminate(): void;
}

export interface BrowserDecodePoolOptions extends DecodePoolOptions {
  /**
   * Where the worker script (the package's `dist/browser-pool-worker.js`, bundled by the
   * application) is served; started as a module worker. Default: beside this module.
   */
  workerUrl?: string | URL;
  /** Starts one worker running that script, for setups a URL cannot express; wins over `workerUrl`. */
  createWorker?: () => ModuleWorker;
}

const WORKER_NAME = 'meshcodec-decode';

function startModuleWorker(options: BrowserDecodePoolOptions): ModuleWorker {
  if (options.createWorker) return options.createWorker();
  if (options.workerUrl !== undefined) return new Worker(options.workerUrl, { type: 'module', name: WORKER_NAME });
  return new Worker(new URL('./browser-pool-worker.js', import.meta.url), { type: 'module', name: 'meshcodec-decode' });
}

function spawner(options: BrowserDecodePoolOptions) {
  return (onResponse: (response: DecodeResponse) => void, onFailure: (error: Error) => void): PoolWorker => {
    const worker = startModuleWorker(options);
    worker.addEventListener('message', (event) => onResponse(event.data as DecodeResponse));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      onFailure(new Error(`meshcodec: decode worker failed: ${event.message || 'its script did not load'}`));
    });
    worker.addEventListener('messageerror', () => onFailure(new Error('meshcodec: a decode result could not be received from the worker')));
    return {
      post: (request, transfer) => worker.postMessage(request, transfer),
      terminate: () => worker.terminate(),
    };
  };
}

/** A pool of module workers, `navigator.hardwareConcurrency` of them unless `size` says otherwise. */
export function createDecodePool(options: BrowserDecodePoolOptions = {}): DecodePool {
  const size = options.size ?? (globalThis.navigator?.hardwareConcurrency || 4);
  return new DecodePool(spawner(options), size, options);
}
