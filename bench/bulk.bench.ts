// Bulk conversion with the built command: the corpus repeated to N files (hard links in a
// temporary folder), converted with `--jobs 1` (main thread) and `--jobs 2` (worker pool),
// interleaved, timing the whole process (start-up included). Files the build cannot read are
// left out. `npm run bench:bulk -- --to glb` reruns it for another target; `--max-kb 200` keeps
// only the corpus files up to 200 KB (a batch of small files).
//
// Besides the timed runs: each run's peak RSS (`/usr/bin/time`, the whole process, all threads);
// the per-file overhead, everything but start-up and decode + encode at warm speed, as
//   (CPU s of the run − CPU s of a run over one small file (start-up) − CPU s of a warm pass of
//   decode + encode over the batch in a fresh process, bench/bulk-in-process.ts, measured once
//   per round beside the runs) ÷ files,
// split into decode + encode's own JIT warm-up over the batch (that process's cold first pass
// less its warm one) and the rest, the CLI's work; and its parts, each timed alone on the same
// files: reading the inputs, writing a run's outputs again, a worker's result message. (Until
// round six the overhead was the run less a run over the first round, taken as start-up and
// warm-up, less decode + encode measured in the bench's own process: V8 keeps compiling for the
// whole batch, so the first round held a fraction of the warm-up, and that in-process figure,
// taken before the code was warm, was 0.62 s where a warm pass takes 0.27–0.35 s.)
// Since round seven the CLI's share is also measured directly: the same runs with a build whose
// conversions return a constant output (bench/bulk-noop.ts), over the batch and over its smallest
// file, (batch CPU − that start-up) ÷ files: column "the CLI, measured directly".
// each run's CPU by thread (main, workers, V8's own threads; bench/thread-cpu-preload.cjs) and the
// speed-up ceiling it implies: the first row's wall time (or, for an idle machine, its main
// thread's CPU) ÷ (this row's CPU ÷ its busy cores), and the same had the added threads cost
// nothing (this row's CPU no more than the first row's).
//
//   npm run bench:bulk -- [--to glb] [--files 1000] [--rounds 2] [--jobs 1,2] [--max-kb N]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { writeFilesAtomic } from '../bindings/cli/atomic-write.js';
import { readInputFileSync } from '../bindings/cli/read-input.js';
import { parseArgs } from 'node:util';
import { initSync } from '../bindings/kernels/backend.js';
import { unigineFormat } from '../bindings/formats/unigine/index.js';
import { batchPath, BENCH_ROOT, CORPUS, filesUnder, runCli, probeSources, tileBatch, median, childCpuSeconds, type BatchSource } from './corpus-batch.js';
import { fmt, machine, markdownTable, writeResults } from './harness.js';
import { noopTree } from './bulk-noop.js';
import { nanosecondPreload } from './bulk-thread-ns.js';
import type { InProcessCpu } from './bulk-in-process.js';

const ROOT = BENCH_ROOT;
let CLI = join(ROOT, 'dist', 'cli.js');

const { values } = parseArgs({
  options: {
    to: { type: 'string', default: 'glb' },
    files: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '2' },
    jobs: { type: 'string', default: '1,2' },
    'max-kb': { type: 'string' },
    // Where the input and output folders go (default: the OS temporary folder). File creation
    // costs 0.17–0.7 ms of CPU on this machine's ext4 and 0.008 ms on tmpfs: --tmp /dev/shm
    // separates meshcodec's overhead from the file system's.
    tmp: { type: 'string' },
    // Another build's command (an older checkout's dist/cli.js), to compare before and after.
    cli: { type: 'string' },
  },
});
if (values.cli) CLI = resolve(values.cli);
const maxBytes = values['max-kb'] !== undefined ? Number(values['max-kb']) * 1000 : Infinity;
const target = values.to;
const fileCount = Number(values.files);
const rounds = Number(values.rounds);
const jobCounts = values.jobs.split(',').map(Number);

if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build`);
if (!existsSync(CORPUS)) throw new Error(`corpus not found at ${CORPUS}`);

const cli = (args: string[]) => runCli(CLI, args);

// The corpus files this build converts to the target without error (the walk takes only files
// with a known extension; companions such as Transport Fever's .msh.blob are linked beside them).
const probe = probeSources(CLI, [CORPUS], target);
const usable = probe.usable.filter((r) => statSync(r.path).size <= maxBytes);
const tooLarge = probe.usable.filter((r) => statSync(r.path).size > maxBytes);
const named = (sources: BatchSource[]) => sources.map((r) => r.path.slice(CORPUS.length + 1)).join(', ');
console.log(`${usable.length} corpus files convert to ${target}; left out: ${named(probe.failing) || 'none'}${tooLarge.length ? `; over ${values['max-kb']} KB: ${named(tooLarge)}` : ''}`);
const failing = probe.failing.map((r) => r.path);

const work = mkdtempSync(join(values.tmp ?? tmpdir(), 'meshcodec-bulk-'));
const input = join(work, 'in');
const bytes = tileBatch(usable, probe.companions, fileCount, input);

interface Run {
  jobs: number;
  seconds: number;
  /** The run's CPU time, all threads: on a shared machine, wall time alone hides contention. */
  cpuSeconds: number;
  /** Peak resident memory of the process (all threads), MiB; NaN without /usr/bin/time. */
  peakRssMiB: number;
  /** CPU seconds by thread (bench/thread-cpu-preload.cjs; NaN off Linux): the main thread, each worker, V8's own threads. */
  threads: ThreadCpu;
}

interface ThreadCpu {
  main: number;
  workers: number[];
  v8: number;
  other: number;
}

const PRELOAD = join(ROOT, 'bench', 'thread-cpu-preload.cjs');

const TIME = '/usr/bin/time';
const haveTime = existsSync(TIME);

/** One CLI run over `folder`, timed: wall and CPU seconds, and peak RSS (KiB) where /usr/bin/time exists. */
function timedRun(folder: string, jobs: number, nodeOptions: string[] = [], cliPath = CLI, preload = PRELOAD): Run {
  const out = join(work, 'out');
  rmSync(out, { recursive: true, force: true });
  const rssFile = join(work, 'rss.txt');
  const threadFile = join(work, 'threads.json');
  rmSync(threadFile, { force: true });
  const args = [...nodeOptions, '-r', preload, cliPath, 'convert', folder, '--to', target, '--out-dir', out, '--jobs', String(jobs), '--quiet'];
  const cpu0 = childCpuSeconds();
  const t0 = performance.now();
  const r = haveTime
    ? spawnSync(TIME, ['-f', '%M', '-o', rssFile, process.execPath, ...args], { encoding: 'utf8', maxBuffer: 256 << 20, env: { ...process.env, MESHCODEC_THREAD_CPU: threadFile } })
    : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 << 20, env: { ...process.env, MESHCODEC_THREAD_CPU: threadFile } });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`--jobs ${jobs} exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  const cpuSeconds = childCpuSeconds() - cpu0;
  const peakRssMiB = haveTime ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) / 1024 : NaN;
  const threads: ThreadCpu = existsSync(threadFile) ? (JSON.parse(readFileSync(threadFile, 'utf8')) as ThreadCpu) : { main: NaN, workers: [], v8: NaN, other: NaN };
  return { jobs, seconds, cpuSeconds, peakRssMiB, threads };
}

/**
 * The batch's decode + encode in a fresh process (bench/bulk-in-process.ts, the same conversions
 * as the CLI's, inputs read beforehand, nothing written): a cold first pass, its V8 compiles
 * counted, then warm passes. Measured beside the runs, once per round.
 */
function inProcessCpu(files: string[]): InProcessCpu {
  const listFile = join(work, 'in-process.json');
  writeFileSync(listFile, JSON.stringify(files));
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'bulk-in-process.ts'), join(dirname(CLI), 'index.js'), listFile, target, '4'], { encoding: 'utf8', maxBuffer: 16 << 20 });
  if (r.status !== 0) throw new Error(`bench/bulk-in-process.ts exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  return JSON.parse(r.stdout) as InProcessCpu;
}

/** Process CPU seconds (all threads) that `body` takes. */
async function cpuOf(body: () => unknown): Promise<number> {
  const c0 = process.cpuUsage();
  await body();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e6;
}

/**
 * The overhead's parts, each timed alone in this process (CPU, all threads) on the batch's own
 * files, ms per file: reading (the CLI's reader, the inputs), writing (the CLI's atomic writer, the
 * outputs of the last run written again, in the same folder kind), and a worker's result message
 * (each file's result line posted on a MessagePort, as a claimed batch's worker does, with the
 * worker doing nothing else).
 */
async function overheadParts(list: string[], outBytes: Uint8Array[]): Promise<{ read: number; write: number; message: number }> {
  const read = await cpuOf(() => {
    for (const f of list) readInputFileSync(f, { format: undefined });
  });
  // The outputs a run wrote (the GLBs are about twice their inputs' size), written again.
  const out = join(work, 'parts-out');
  const write = await cpuOf(async () => {
    for (let i = 0; i < outBytes.length; i++) await writeFilesAtomic([{ path: join(out, `d${i % 40}`, `f${i}.glb`), bytes: outBytes[i]! }], false);
  });
  rmSync(out, { recursive: true, force: true });
  // A claimed batch's message per file (bindings/cli/convert-batch.ts): a worker posts each file's
  // result line (no output bytes) on a MessagePort; the main thread receives it.
  const poster = join(work, 'result-poster.mjs');
  writeFileSync(
    poster,
    'export default ({ port, inputs }) => new Promise((done) => { inputs.forEach((input, file) => port.postMessage({ file, result: { input, ok: true, outputs: [input + ".glb"], from: "unigine", to: "glb", bytesIn: 27223, bytesOut: 30000, rewritten: false, warnings: [] } })); port.postMessage({ done: true }); port.close(); done(null); });\n',
  );
  const pool = new Piscina({ filename: pathToFileURL(poster).href, minThreads: 1, maxThreads: 1, idleTimeout: Infinity });
  // Both the last message and the task's own end are awaited: destroying the pool while a task
  // is still settling rejects it (an unhandled ThreadTermination ended the run before).
  const postAll = async (inputs: string[]) => {
    const { port1, port2 } = new MessageChannel();
    const received = new Promise<void>((done) => {
      port1.on('message', (m: { done?: boolean }) => {
        if (!m.done) return;
        port1.close();
        done();
      });
    });
    await Promise.all([received, pool.run({ port: port2, inputs }, { transferList: [port2] })]);
  };
  await postAll(list.slice(0, 50)); // the worker started and warm
  const message = await cpuOf(() => postAll(list));
  await pool.destroy();
  const perFile = (seconds: number) => (seconds / list.length) * 1000;
  return { read: perFile(read), write: perFile(write), message: perFile(message) };
}

const runs: Run[] = [];
/** The in-process decode + encode of the batch, once per round, beside the runs. */
const inProcessRuns: InProcessCpu[] = [];
const list = Array.from({ length: fileCount }, (_, i) => batchPath(input, usable[i % usable.length]!, Math.floor(i / usable.length)));
const overhead: { jobs: number; runCpuSeconds: number; startCpuSeconds: number; coldCpuSeconds: number; warmCpuSeconds: number; overheadMsPerFile: number; warmUpMsPerFile: number; cliMsPerFile: number; directMsPerFile: number }[] = [];
let parts = { read: NaN, write: NaN, message: NaN };
const loadBefore = loadavg()[0]!;
let smallDecodeMs = NaN;
try {
  for (let round = 0; round < rounds; round++) {
    for (const jobs of jobCounts) {
      const run = timedRun(input, jobs);
      runs.push(run);
      console.log(`round ${round + 1}, --jobs ${jobs}: ${fmt(run.seconds)} s wall, ${fmt(run.cpuSeconds)} s CPU (${fmt(run.cpuSeconds / run.seconds)} cores), peak RSS ${fmt(run.peakRssMiB, 0)} MiB`);
    }
    inProcessRuns.push(inProcessCpu(list));
  }
  // Per-file overhead: everything but start-up (a run over one small file) and decode + encode
  // at warm speed (in a fresh process, after a cold pass), split into decode + encode's own JIT
  // warm-up over this batch (that process's cold pass less its warm one: V8 keeps compiling for
  // the whole batch, 36 optimizing compiles over the first 30 files, 198 over 1,000) and the rest:
  // the CLI's own work (reading, writing, planning, reporting; with --jobs N the other isolates'
  // start-up and warm-up, messages).
  // The last run's outputs, for the write part (before the start-up runs replace them).
  const lastOutputs = filesUnder(join(work, 'out')).map((f) => new Uint8Array(readFileSync(f)));
  const one = join(work, 'one');
  const smallest = [...usable].sort((a, b) => statSync(a.path).size - statSync(b.path).size)[0]!;
  tileBatch([smallest], probe.companions, 1, one);
  const cold = median(inProcessRuns.map((r) => r.cold.all));
  const warm = median(inProcessRuns.map((r) => Math.min(...r.warm.map((w) => w.all))));
  // The CLI measured directly: its conversions a constant output (bench/bulk-noop.ts), the batch
  // against its smallest file, interleaved, median of 3; CPU of all threads in nanoseconds
  // (bench/bulk-thread-ns.ts: the 10 ms ticks of the other columns would be 0.01 ms a file here).
  // A build without dist/cli-run.js (before round seven's chunks) cannot be patched: its column is NaN.
  let noopCli: string | undefined;
  try {
    noopCli = noopTree(CLI, join(work, 'noop'));
  } catch (e) {
    console.log(`the CLI, measured directly: not for this build (${(e as Error).message})`);
  }
  const nsPreload = nanosecondPreload(work);
  const allThreads = (r: Run) => r.threads.main + r.threads.workers.reduce((a, b) => a + b, 0) + r.threads.v8 + r.threads.other;
  const direct = new Map<number, number>();
  for (const jobs of jobCounts) {
    const pairs = noopCli ? [0, 1, 2].map(() => allThreads(timedRun(input, jobs, [], noopCli, nsPreload)) - allThreads(timedRun(one, jobs, [], noopCli, nsPreload))) : [NaN];
    direct.set(jobs, (median(pairs) / (fileCount - 1)) * 1000);
  }
  for (const jobs of jobCounts) {
    const startCpu = median([0, 1, 2].map(() => timedRun(one, jobs).cpuSeconds));
    const runCpu = median(runs.filter((r) => r.jobs === jobs).map((r) => r.cpuSeconds));
    const perFile = (seconds: number) => (seconds / fileCount) * 1000;
    overhead.push({
      jobs,
      runCpuSeconds: runCpu,
      startCpuSeconds: startCpu,
      coldCpuSeconds: cold,
      warmCpuSeconds: warm,
      overheadMsPerFile: perFile(runCpu - startCpu - warm),
      warmUpMsPerFile: perFile(cold - warm),
      cliMsPerFile: perFile(runCpu - startCpu - cold),
      directMsPerFile: direct.get(jobs)!,
    });
  }
  parts = await overheadParts(list, lastOutputs);
  // The bar the overhead is held to: decode of a ~30 KB file (the speed bar's actor_00_idle.anim).
  const small = join(CORPUS, 'unigine', 'actor_00_idle.anim');
  if (existsSync(small)) {
    const bytesSmall = new Uint8Array(readFileSync(small));
    const kernels = initSync();
    const samples: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      unigineFormat.parseSync(bytesSmall, { kernels, fileName: small });
      if (i >= 10) samples.push(performance.now() - t0);
    }
    smallDecodeMs = median(samples);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const baseline = median(runs.filter((r) => r.jobs === jobCounts[0]).map((r) => r.seconds));
const baselineMain = median(runs.filter((r) => r.jobs === jobCounts[0]).map((r) => r.threads.main));
const baselineCpu = median(runs.filter((r) => r.jobs === jobCounts[0]).map((r) => r.cpuSeconds));
const rows = jobCounts.map((jobs) => {
  const mine = runs.filter((r) => r.jobs === jobs);
  const seconds = median(mine.map((r) => r.seconds));
  const cpuSeconds = median(mine.map((r) => r.cpuSeconds));
  const peakRssMiB = median(mine.map((r) => r.peakRssMiB));
  const threads = {
    main: median(mine.map((r) => r.threads.main)),
    workers: median(mine.map((r) => r.threads.workers.reduce((a, b) => a + b, 0))),
    v8: median(mine.map((r) => r.threads.v8)),
  };
  // The most --jobs N could gain over the first row with every core busy from start to end:
  // its CPU spread over min(N, cores) cores, against the first row's wall time. A ceiling below
  // the target means the CPU N threads spend (their isolates' start-up, JIT warm-up and compiles,
  // V8's threads that a lone converting thread leaves on an idle core) already rules it out.
  // On a loaded machine the first row's wall time is stretched by others' work; its main
  // thread's CPU (what its wall time is on an idle machine when V8's threads take the other
  // core) gives the ceiling an idle machine would see.
  const busyCores = Math.min(jobs, machine().cores);
  const ceiling = baseline / (cpuSeconds / busyCores);
  const ceilingIdle = baselineMain / (cpuSeconds / busyCores);
  // The same if this row spent no more CPU than the first row in all (its added threads' start-up,
  // warm-up and compiles free): what the first row's V8 threads, already on another core, leave.
  const ceilingFree = baselineMain / (baselineCpu / busyCores);
  // CPU seconds per wall second: how many cores the run actually got (2 at most here).
  return { jobs, seconds, cpuSeconds, coresUsed: cpuSeconds / seconds, filesPerSecond: fileCount / seconds, megabytesPerSecond: bytes / 1e6 / seconds, speedUp: baseline / seconds, ceiling, ceilingIdle, ceilingFree, peakRssMiB, threads };
});
const rss1 = rows[0]!.peakRssMiB;

const m = machine();
const loadAfter = loadavg()[0]!;
console.log(`\n1-minute load average: ${fmt(loadBefore)} before, ${fmt(loadAfter)} after (${machine().cores} cores; other work on the machine slows both runs)`);
console.log(`\n${fileCount} files (${fmt(bytes / 1e6, 1)} MB, the corpus repeated${Number.isFinite(maxBytes) ? `, files up to ${values['max-kb']} KB` : ''}, in ${values.tmp ?? tmpdir()}) -> ${target}; ${m.cpu}, ${m.cores} cores, Node ${m.node}; median of ${rounds} interleaved run(s)\n`);
console.log(
  markdownTable(
    ['--jobs', 'seconds', 'CPU s', 'cores used', 'files/s', 'MB/s (input)', 'speed-up', 'peak RSS MiB', 'RSS per added thread MiB'],
    rows.map((r) => [r.jobs, fmt(r.seconds), fmt(r.cpuSeconds), fmt(r.coresUsed), fmt(r.filesPerSecond, 0), fmt(r.megabytesPerSecond, 1), `${fmt(r.speedUp)}×`, fmt(r.peakRssMiB, 0), r.jobs > jobCounts[0]! ? fmt((r.peakRssMiB - rss1) / (r.jobs - jobCounts[0]!), 0) : '—']),
  ),
);
console.log(
  `\nCPU seconds by thread (bench/thread-cpu-preload.cjs), and the speed-up ceiling: the first row's wall time ÷ (this row's CPU ÷ its busy cores); ` +
    `idle: the same with the first row's main-thread CPU for its wall time (what an idle machine gives when V8's threads run on the other core); ` +
    `added threads free: the idle ceiling had this row spent no more CPU than the first (its added isolates' start-up, warm-up and compiles costing nothing)\n`,
);
console.log(
  markdownTable(
    ['--jobs', 'main thread', 'workers', "V8's threads (compiles, GC)", 'ceiling', 'ceiling, idle', 'ceiling, idle, added threads free'],
    rows.map((r, i) => [r.jobs, fmt(r.threads.main), r.jobs > 1 ? fmt(r.threads.workers) : '—', fmt(r.threads.v8), i > 0 ? `${fmt(r.ceiling)}×` : '—', i > 0 ? `${fmt(r.ceilingIdle)}×` : '—', i > 0 ? `${fmt(r.ceilingFree)}×` : '—']),
  ),
);
console.log(
  `\nPer-file overhead (everything but start-up and decode + encode at warm speed), ms of CPU per file, all threads; decode of actor_00_idle.anim (27 KB), the bar: ${fmt(smallDecodeMs, 3)} ms. ` +
    `Decode + encode of the batch in a fresh process (bench/bulk-in-process.ts): ${fmt(overhead[0]?.coldCpuSeconds ?? NaN)} s cold (one pass), ${fmt(overhead[0]?.warmCpuSeconds ?? NaN)} s warm. ` +
    `The CLI, measured directly: a build whose conversions return a constant output (bench/bulk-noop.ts), its run over the batch less its run over the smallest file, ÷ files (median of 3)\n`,
);
console.log(
  markdownTable(
    ['--jobs', 'run CPU s', 'start-up CPU s (one file)', 'overhead ms/file', 'of which: decode + encode JIT warm-up (one isolate)', 'the CLI (the rest)', 'the CLI, measured directly', 'its parts alone: read', 'write', 'worker result message'],
    overhead.map((o) => [o.jobs, fmt(o.runCpuSeconds), fmt(o.startCpuSeconds), fmt(o.overheadMsPerFile, 3), fmt(o.warmUpMsPerFile, 3), fmt(o.cliMsPerFile, 3), fmt(o.directMsPerFile, 3), fmt(parts.read, 3), fmt(parts.write, 3), o.jobs > 1 ? fmt(parts.message, 3) : '—']),
  ),
);
const path = writeResults('bulk', { target, folder: values.tmp ?? tmpdir(), files: fileCount, bytes, maxBytes: Number.isFinite(maxBytes) ? maxBytes : undefined, corpusFiles: usable.length, leftOut: failing.map((f) => f.slice(CORPUS.length + 1)), rounds, loadAverage: { before: loadBefore, after: loadAfter }, runs, rows, overhead, overheadParts: parts, smallDecodeMs });
console.log(`\nwrote ${path}`);
