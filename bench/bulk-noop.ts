// A build whose conversions cost nothing, for measuring the bulk CLI's own per-file cost (issue
// 22 item 5: everything but decode and encode). A copy of a tree's dist/ (beside its package.json
// and this checkout's node_modules) whose runConvertJob returns, right after detecting the source
// format, one constant output of NOOP_BYTES zero bytes under the name the GLB writer gives (the
// stem and `.glb`); the walk, plan, reads, detection, writes, reports, worker threads and event
// loop run as built. Its run over a batch less its run over one small file (start-up), divided by
// the files, is the overhead measured directly, where bench:bulk's formula subtracts start-up and
// decode + encode measured in other processes (three terms, each with the machine's noise).
// Used by bench/bulk.bench.ts and bench/bulk-before-after.mts (`--noop`).
import { copyFileSync, cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BENCH_ROOT } from './corpus-batch.js';

/** The constant output: the bulk batch's mean GLB (67.5 MB for its 1,000 files up to 200 KB). */
export const NOOP_BYTES = 67_500;

/** The copy of `cli` (a dist/cli.js) made under `folder`, its conversions constant; returns the copy's dist/cli.js. */
export function noopTree(cli: string, folder: string): string {
  cpSync(dirname(cli), join(folder, 'dist'), { recursive: true });
  copyFileSync(join(dirname(cli), '..', 'package.json'), join(folder, 'package.json'));
  symlinkSync(join(BENCH_ROOT, 'node_modules'), join(folder, 'node_modules'));
  // runConvertJob is in the chunk the CLI's conversions (and its worker threads) run.
  const chunk = join(folder, 'dist', 'cli-run.js');
  const text = readFileSync(chunk, 'utf8');
  const at = /function runConvertJob\(job, kernels, resolve\) \{\n\s*try \{\n\s*const source = [^\n]*\n/.exec(text);
  if (!at) throw new Error(`${chunk}: runConvertJob's opening not found: update the patch in bench/bulk-noop.ts`);
  const end = at.index + at[0].length;
  const constant = `globalThis.__meshcodecNoop ??= new Uint8Array(${NOOP_BYTES})`;
  const patch = `        return { ok: true, from: source.name, to: 'glb', files: [{ name: (job.outputStem ?? 'output') + '.glb', bytes: (${constant}) }], warnings: [], rewritten: false };\n`;
  writeFileSync(chunk, text.slice(0, end) + patch + text.slice(end));
  return join(folder, 'dist', 'cli.js');
}
