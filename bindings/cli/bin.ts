// The CLI's entry (dist/cli.js). It loads nothing but version.ts before it has read its
// arguments: `--version` alone is answered from package.json at once (a fresh process's
// start-up: 84 → 48 ms), and everything else requires the CLI (run-process.ts, built as
// CommonJS: dist/cli-main.cjs, see there why) then. Alternatives measured (medians of fresh
// processes, shared 2-core machine): static imports of everything (the round-six entry) paid the
// library's and the worker pool's modules for every run; answering `--help` early too would need
// the format registry, that is the library, anyway.
import { createRequire } from 'node:module';
import { packageVersion } from './version.js';

// This file is dist/cli.js: the worker script, the CLI's CommonJS build and package.json are found relative to it.
const argv = process.argv.slice(2);
const version = packageVersion(new URL(import.meta.url));
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // As processIO does: a closed stdout (`meshcodec --version | true`) ends the run quietly.
  process.stdout.on('error', () => undefined);
  process.stdout.write(`meshcodec ${version}\n`);
} else {
  const { runProcess } = createRequire(import.meta.url)('./cli-main.cjs') as typeof import('./run-process.js');
  process.exitCode = await runProcess(argv, version, new URL('./convert-worker.js', import.meta.url));
}
