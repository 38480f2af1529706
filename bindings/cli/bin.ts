import { removePartialFiles } from './atomic-write.js';
import { runCli } from './main.js';
import { processIO } from './stdio.js';
import { packageVersion } from './version.js';

// An interrupted run leaves no half-written outputs (nor their temporary files) behind.
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.once(signal, () => {
    removePartialFiles();
    process.exit(code);
  });
}

// This file is dist/cli.js: the worker script and package.json are found relative to it.
const exitCode = await runCli(process.argv.slice(2), {
  io: processIO(),
  version: packageVersion(new URL(import.meta.url)),
  workerUrl: new URL('./convert-worker.js', import.meta.url),
});
process.exitCode = exitCode;
