// Two builds' bulk conversion, interleaved (issue 22 item 5): the bulk bench's batch (the corpus
// files up to --max-kb repeated to --files, bench/corpus-batch.ts) converted to GLB by `--before`'s
// dist/cli.js and this tree's, in turn, `--jobs 1` and `--jobs 2`, each run's wall time and CPU by
// thread (bench/thread-cpu-preload.cjs: main, workers, V8's own threads) and, with --trace, V8's
// optimizing compiles and bailouts (a run of its own, `--trace-opt --trace-deopt`, not timed).
// Medians over the rounds; on a shared machine the CPU seconds are the figures to read.
//
// `--after DIR` compares another tree in place of this one (two variants built elsewhere);
// `--jobs 1` runs one thread count only; `--no-force` writes as bench:bulk does (a fresh output
// folder, no --force: the final hard link refuses an existing file, no stat first) where the
// default passes --force (a stat per output, then a rename). The last columns are the spread
// (lowest and highest of the rounds) of the whole run's CPU.
//
// `--noop`: the CLI's own per-file cost, without decode and encode: each tree as bench/bulk-noop.ts
// copies it (its conversions a constant output, all else as built). Per tree, interleaved: that
// run over the batch and over its smallest file (start-up), and the overhead per file, (batch CPU
// − start-up CPU) ÷ (files − 1), all threads: what issue 22 item 5 holds below a 30 KB decode.
//
//   npx tsx bench/bulk-before-after.mts --before /tmp/old-tree [--after /tmp/other-tree] [--files 1000] [--max-kb 200] [--rounds 5] [--jobs 1,2] [--no-force] [--noop] [--tmp /dev/shm] [--trace]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_ROOT, CORPUS, probeSources, tileBatch } from './corpus-batch.js';
import { noopTree } from './bulk-noop.js';
import { nanosecondPreload } from './bulk-thread-ns.js';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string' },
    jobs: { type: 'string', default: '1,2' },
    'no-force': { type: 'boolean', default: false },
    files: { type: 'string', default: '1000' },
    'max-kb': { type: 'string', default: '200' },
    rounds: { type: 'string', default: '5' },
    tmp: { type: 'string' },
    trace: { type: 'boolean', default: false },
    noop: { type: 'boolean', default: false },
  },
});
if (!values.before) throw new Error('--before DIR (a tree with a built dist/cli.js) is required');
const TREES = { before: join(resolve(values.before), 'dist', 'cli.js'), after: join(values.after ? resolve(values.after) : BENCH_ROOT, 'dist', 'cli.js') };
const JOBS = values.jobs.split(',').map(Number);
const FORCE = values['no-force'] ? [] : ['--force'];
const probe = probeSources(TREES.after, [CORPUS], 'glb');
const usable = probe.usable.filter((r) => statSync(r.path).size <= Number(values['max-kb']) * 1000);
const work = mkdtempSync(join(values.tmp ?? tmpdir(), 'meshcodec-bulk-ab-'));
// CPU by thread in nanoseconds (schedstat) where the kernel has it: bench/bulk-thread-ns.ts.
const PRELOAD = nanosecondPreload(work);
const input = join(work, 'in');
const bytes = tileBatch(usable, probe.companions, Number(values.files), input);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

interface Run { wall: number; main: number; workers: number; v8: number; total: number }
function run(cli: string, jobs: number, folder = input): Run {
  const threadFile = join(work, 'threads.json');
  const out = join(work, 'out');
  rmSync(out, { recursive: true, force: true });
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['-r', PRELOAD, cli, 'convert', folder, '--to', 'glb', '--out-dir', out, '--jobs', String(jobs), ...FORCE, '--quiet'], { encoding: 'utf8', env: { ...process.env, MESHCODEC_THREAD_CPU: threadFile } });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${cli} failed: ${r.stderr.slice(0, 2000)}`);
  const t = JSON.parse(readFileSync(threadFile, 'utf8')) as { main: number; workers: number[]; v8: number; other: number };
  const workers = t.workers.reduce((a, b) => a + b, 0);
  return { wall, main: t.main, workers, v8: t.v8, total: t.main + workers + t.v8 + t.other };
}

function trace(cli: string): { compiles: number; functions: number; bailouts: number } {
  const out = join(work, 'out');
  rmSync(out, { recursive: true, force: true });
  const r = spawnSync(process.execPath, ['--trace-opt', '--trace-deopt', cli, 'convert', input, '--to', 'glb', '--out-dir', out, '--jobs', '1', '--force', '--quiet'], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const names = new Set<string>();
  let compiles = 0;
  for (const m of r.stdout.matchAll(/^\[completed compiling 0x[0-9a-f]+ <JSFunction (?:\S+ )?\(sfi = (0x[0-9a-f]+)\)/gm)) {
    compiles++;
    names.add(m[1]!);
  }
  return { compiles, functions: names.size, bailouts: (r.stdout.match(/^\[bailout \(kind/gm) ?? []).length };
}

try {
  console.log(`${Number(values.files)} files (${(bytes / 1e6).toFixed(1)} MB) to GLB, ${values.rounds} interleaved rounds${FORCE.length ? ', --force' : ''}; before ${TREES.before}, after ${TREES.after}`);
  const samples = new Map<string, Run[]>();
  const runTrees = values.noop ? { before: noopTree(TREES.before, join(work, 'before-noop')), after: noopTree(TREES.after, join(work, 'after-noop')) } : TREES;
  // --noop's start-up: the batch's smallest file alone (with its companions).
  const one = join(work, 'one');
  if (values.noop) tileBatch([[...usable].sort((a, b) => statSync(a.path).size - statSync(b.path).size)[0]!], probe.companions, 1, one);
  const oneRuns = new Map<string, Run[]>();
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const jobs of JOBS) {
      const order = (round + jobs) % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      for (const tree of order) {
        const key = `${tree} --jobs ${jobs}${values.noop ? ', decode + encode a constant' : ''}`;
        if (!samples.has(key)) samples.set(key, []);
        samples.get(key)!.push(run(runTrees[tree], jobs));
        if (values.noop) {
          if (!oneRuns.has(key)) oneRuns.set(key, []);
          oneRuns.get(key)!.push(run(runTrees[tree], jobs, one));
        }
      }
    }
  }
  console.log('| run | files/s | wall s | CPU s (all) | main | workers | V8 threads | CPU s, lowest–highest |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [key, runs] of samples) {
    const m = (f: (r: Run) => number) => median(runs.map(f));
    console.log(`| ${key} | ${(Number(values.files) / m((r) => r.wall)).toFixed(0)} | ${m((r) => r.wall).toFixed(3)} | ${m((r) => r.total).toFixed(2)} | ${m((r) => r.main).toFixed(2)} | ${m((r) => r.workers).toFixed(2)} | ${m((r) => r.v8).toFixed(2)} | ${Math.min(...runs.map((r) => r.total)).toFixed(2)}–${Math.max(...runs.map((r) => r.total)).toFixed(2)} |`);
  }
  // --noop: the CLI's overhead per file, each round's batch run less its start-up run.
  const files = Number(values.files);
  for (const [key, runs] of oneRuns) {
    const perFile = runs.map((o, i) => ((samples.get(key)![i]!.total - o.total) / (files - 1)) * 1000);
    console.log(`${key}: start-up ${(median(runs.map((r) => r.total)) * 1000).toFixed(1)} ms CPU; the CLI's overhead ${median(perFile).toFixed(3)} ms a file (${Math.min(...perFile).toFixed(3)}–${Math.max(...perFile).toFixed(3)})`);
  }
  // Each round's pair, after − before (interleaved, so that the load's drift cancels): median and spread.
  for (const jobs of JOBS) {
    const suffix = values.noop ? ', decode + encode a constant' : '';
    const before = samples.get(`before --jobs ${jobs}${suffix}`)!;
    const after = samples.get(`after --jobs ${jobs}${suffix}`)!;
    const pairs = (f: (r: Run) => number) => after.map((r, i) => f(r) - f(before[i]!));
    const show = (f: (r: Run) => number) => {
      const d = pairs(f);
      return `${(median(d) * 1000).toFixed(1)} ms (${(Math.min(...d) * 1000).toFixed(0)} to ${(Math.max(...d) * 1000).toFixed(0)})`;
    };
    console.log(`--jobs ${jobs}, after − before, paired by round: CPU (all) ${show((r) => r.total)}; main ${show((r) => r.main)}; workers ${show((r) => r.workers)}; V8 threads ${show((r) => r.v8)}`);
  }
  if (values.trace) for (const tree of ['before', 'after'] as const) console.log(`${tree}: ${JSON.stringify(trace(TREES[tree]))} (optimizing compiles, distinct functions, bailouts; --jobs 1)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
