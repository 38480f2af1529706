// Child of bench/bulk.bench.ts (run as `node --import tsx`): decode + encode of a bulk batch's
// files in one fresh process, with the readers and writers of the build the CLI runs (its
// dist/index.js: the same bundle, so that V8 meets the same code), each file converted as the
// CLI's runConvertJob does (the same-format rewrite, the conversion's reader and writer options,
// companions read from disk by the reader), but with the inputs read beforehand and nothing
// written. It says what the conversions themselves cost in a batch, so that the
// CLI's run can be split into its parts:
// - the first pass, cold: a fresh isolate interprets, then optimizes (V8's compiles on its own
//   threads, counted) the readers and the writer, as the CLI's run over the same files does;
// - warm passes after it: the conversions alone, at the speed a long batch tends to.
// CPU by thread from /proc/thread-self/stat (Linux; Node 20 has no per-thread CPU call), and of
// the whole process (process.cpuUsage: V8's compile and GC threads too).
//
//   node --import tsx bench/bulk-in-process.ts DIST_INDEX_JS LIST.json TARGET [WARM_PASSES]   → JSON on stdout
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveConversion } from '../bindings/cli/conversion-options.js';
import { nodeSiblingResolver } from '../bindings/node/sibling-resolver.js';

/** CPU seconds of one pass: this thread's, and the process's (all threads). */
export interface PassCpu {
  main: number;
  all: number;
}

/** What the child prints: the cold first pass and the warm ones after it. */
export interface InProcessCpu {
  files: number;
  cold: PassCpu;
  warm: PassCpu[];
}

const threadSeconds = () => {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const processSeconds = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

const [indexJs, listFile, target, warmPassesArg] = process.argv.slice(2);
const lib = (await import(pathToFileURL(resolve(indexJs!)).href)) as typeof import('../bindings/index.js');
const files = JSON.parse(readFileSync(listFile!, 'utf8')) as string[];
const warmPasses = Number(warmPassesArg ?? 4);
const kernels = lib.initSync();
const out = lib.formatByName(target!)!;
const jobs = files.map((inputPath) => ({ bytes: new Uint8Array(readFileSync(inputPath)), inputPath }));
/** One file, as runConvertJob converts it with no conversion flag (bindings/workers/convert-job.ts). */
const convert = (bytes: Uint8Array, inputPath: string): void => {
  const source = lib.detectFormat(bytes, inputPath)!;
  if (source === out && out.rewriteSync) {
    out.rewriteSync(bytes, { kernels });
    return;
  }
  const conversion = resolveConversion({}, source.name, out.name);
  const asset = source.parseSync(bytes, { ...conversion.read, kernels, fileName: inputPath, resolve: nodeSiblingResolver(inputPath) });
  const options = { ...conversion.write, kernels };
  const name = 'out' + (out.outputExtension?.(asset, options) ?? out.extensions[0] ?? '');
  if (out.encodeFiles) out.encodeFiles(asset, name, { ...options, fileName: name });
  else out.encodeSync(asset, { ...options, fileName: name });
};
const pass = (): PassCpu => {
  const t0 = threadSeconds();
  const p0 = processSeconds();
  for (const job of jobs) convert(job.bytes, job.inputPath);
  return { main: threadSeconds() - t0, all: processSeconds() - p0 };
};
const cold = pass();
const warm = Array.from({ length: warmPasses }, pass);
process.stdout.write(JSON.stringify({ files: files.length, cold, warm } satisfies InProcessCpu));
