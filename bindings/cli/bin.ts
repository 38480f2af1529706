import { runCli } from './main.js';
import { processIO } from './stdio.js';
import { packageVersion } from './version.js';

// This file is dist/cli.js: the worker script and package.json are found relative to it.
const exitCode = await runCli(process.argv.slice(2), {
  io: processIO(),
  version: packageVersion(new URL(import.meta.url)),
  workerUrl: new URL('./convert-worker.js', import.meta.url),
});
process.exitCode = exitCode;
