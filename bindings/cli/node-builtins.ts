// Node built-ins the CLI needs only on some paths, loaded on first use: node:crypto (2.5 ms of a
// fresh process: the manifest's and companions' digests, --shard), node:v8 (0.3 ms: a batch's
// tier-up budget) and node:worker_threads (0.5 ms: the thread id in temporaries' names). A
// static `import` loads them before the CLI has read its arguments; `require` (the CLI runs in
// Node only) loads them synchronously where they are first called, so synchronous code stays so.
// Alternative: dynamic `import()`, which would make every caller (sha256Hex per file of a batch,
// the temporaries' names) asynchronous.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let crypto: typeof import('node:crypto') | undefined;
let v8: typeof import('node:v8') | undefined;
let workerThreads: typeof import('node:worker_threads') | undefined;

/** node:crypto, loaded on the first call. */
export function nodeCrypto(): typeof import('node:crypto') {
  return (crypto ??= require('node:crypto') as typeof import('node:crypto'));
}

/** node:v8, loaded on the first call. */
export function nodeV8(): typeof import('node:v8') {
  return (v8 ??= require('node:v8') as typeof import('node:v8'));
}

/** node:worker_threads, loaded on the first call. */
export function nodeWorkerThreads(): typeof import('node:worker_threads') {
  return (workerThreads ??= require('node:worker_threads') as typeof import('node:worker_threads'));
}
