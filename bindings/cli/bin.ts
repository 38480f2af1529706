import { removePartialFiles } from './atomic-write.js';
import { runCli } from './main.js';
import { processIO } from './stdio.js';
import { packageVersion } from './version.js';

// An interrupted run leaves no half-written outputs (nor their temporary files) behind, and
// always ends: the signal is raised again with its default action, which ends the process at
// once (exit status 128 + signal: 130, 143), where process.exit() would first wait for every
// thread of libuv's pool, forever if one is blocked in a system call.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    removePartialFiles();
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
}

// This file is dist/cli.js: the worker script and package.json are found relative to it.
const exitCode = await runCli(process.argv.slice(2), {
  io: processIO(),
  version: packageVersion(new URL(import.meta.url)),
  workerUrl: new URL('./convert-worker.js', import.meta.url),
});
process.exitCode = exitCode;
