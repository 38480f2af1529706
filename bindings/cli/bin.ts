// The CLI's entry (dist/cli.js). It loads nothing but version.ts before it has read its
// arguments: `--version` alone is answered from package.json at once (a fresh process's
// start-up: 84 → 48 ms), and everything else imports the CLI (main.ts, and through it the library)
// then. Alternatives measured (medians of fresh processes, shared 2-core machine): static imports
// of everything (the round-six entry) paid the library's and the worker pool's modules for every
// run; answering `--help` early too would need the format registry, that is the library, anyway;
// the CLI's run built as CommonJS (required from here: Node's CommonJS loader is quicker than its
// ESM loader) took a one-file convert from 107.1 to 102.7 ms (medians of 21 interleaved
// processes, load 1.8–2.4) but needs its own copy of the library and its WebAssembly in dist/
// (1.49 MB), a third, which the package's one copy per module system (test/package.test.ts)
// refuses: not kept.
import { packageVersion } from './version.js';

// An interrupted run leaves no half-written outputs (nor their temporary files) behind, and
// always ends: the signal is raised again with its default action, which ends the process at
// once (exit status 128 + signal: 130, 143), where process.exit() would first wait for every
// thread of libuv's pool, forever if one is blocked in a system call. Before atomic-write.ts is
// loaded there are no temporaries to remove.
let removePartialFiles: (() => void) | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    removePartialFiles?.();
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
}

// This file is dist/cli.js: the worker script and package.json are found relative to it.
const argv = process.argv.slice(2);
const version = packageVersion(new URL(import.meta.url));
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // As processIO does: a closed stdout (`meshcodec --version | true`) ends the run quietly.
  process.stdout.on('error', () => undefined);
  process.stdout.write(`meshcodec ${version}\n`);
} else {
  const [{ runCli }, { processIO }, atomicWrite] = await Promise.all([import('./main.js'), import('./stdio.js'), import('./atomic-write.js')]);
  removePartialFiles = atomicWrite.removePartialFiles;
  atomicWrite.mainThreadTemporaries();
  process.exitCode = await runCli(argv, {
    io: processIO(),
    version,
    workerUrl: new URL('./convert-worker.js', import.meta.url),
  });
}
