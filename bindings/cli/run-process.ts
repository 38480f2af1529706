// The CLI's run in a process, after bin.ts has read its arguments: built as CommonJS
// (dist/cli-main.cjs, rollup.config.mjs) and loaded by bin.ts with `require`, so that the CLI
// and its own copy of the library load through Node's CommonJS loader instead of its ESM loader.
//
// Measured (Node 20, shared 2-core machine, 15 fresh processes interleaved, medians): loading the
// library through `require` (dist/index.cjs) 71.3 ms against `import` (dist/index.js) 77.2 ms, an
// empty file 50.0 against 52.9: the ESM loader reads each module through fs/promises, links
// every named export and evaluates asynchronously. Alternatives: the ESM CLI sharing the
// library chunk with dist/index.js (round six: no second copy of the library in dist/, 6 ms more
// a run), or a CommonJS bin (dist/cli.cjs: 3 ms less again, but `bin` and every script and test
// naming dist/cli.js would change, and --version would load the loader it skips).
import { mainThreadTemporaries, removePartialFiles } from './atomic-write.js';
import { runCli } from './main.js';
import { processIO } from './stdio.js';

/** Runs the CLI with the process's arguments and streams; resolves to the exit code. */
export function runProcess(argv: string[], version: string, workerUrl: URL): Promise<number> {
  // An interrupted run leaves no half-written outputs (nor their temporary files) behind, and
  // always ends: the signal is raised again with its default action, which ends the process at
  // once (exit status 128 + signal: 130, 143), where process.exit() would first wait for every
  // thread of libuv's pool, forever if one is blocked in a system call. (Before this module is
  // loaded there are no temporaries, and a signal's default action is the same end.)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      removePartialFiles();
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    });
  }
  mainThreadTemporaries();
  return runCli(argv, { io: processIO(), version, workerUrl });
}
