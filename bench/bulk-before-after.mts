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
//   npx tsx bench/bulk-before-after.mts --before /tmp/old-tree [--after /tmp/other-tree] [--files 1000] [--max-kb 200] [--rounds 5] [--jobs 1,2] [--no-force] [--tmp /dev/shm] [--trace]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_ROOT, CORPUS, probeSources, tileBatch } from './corpus-batch.js';

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
  },
});
if (!values.before) throw new Error('--before DIR (a tree with a built dist/cli.js) is required');
const TREES = { before: join(resolve(values.before), 'dist', 'cli.js'), after: join(values.after ? resolve(values.after) : BENCH_ROOT, 'dist', 'cli.js') };
const JOBS = values.jobs.split(',').map(Number);
const FORCE = values['no-force'] ? [] : ['--force'];
const probe = probeSources(TREES.after, [CORPUS], 'glb');
const usable = probe.usable.filter((r) => statSync(r.path).size <= Number(values['max-kb']) * 1000);
const work = mkdtempSync(join(values.tmp ?? tmpdir(), 'meshcodec-bulk-ab-'));
// CPU by thread as bench/thread-cpu-preload.cjs takes it, but from /proc/…/schedstat (nanoseconds
// on CPU) where the kernel has it: /proc/…/stat counts 10 ms ticks, coarser than the differences
// this compares (tens of ms over a run of about a second).
const PRELOAD = existsSync('/proc/self/schedstat') ? join(work, 'thread-ns-preload.cjs') : join(BENCH_ROOT, 'bench', 'thread-cpu-preload.cjs');
if (PRELOAD.startsWith(work)) {
  writeFileSync(
    PRELOAD,
    readFileSync(join(BENCH_ROOT, 'bench', 'thread-cpu-preload.cjs'), 'utf8')
      .replace("fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')", "fs.readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8')")
      .replace("const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');", '')
      .replace('cpu.set(tid, (Number(fields[11]) + Number(fields[12])) * tick);', "cpu.set(tid, Number(stat.split(' ')[0]) / 1e9);"),
  );
  if (!readFileSync(PRELOAD, 'utf8').includes('schedstat')) throw new Error('bench/thread-cpu-preload.cjs changed: update the schedstat copy in bench/bulk-before-after.mts');
}
const input = join(work, 'in');
const bytes = tileBatch(usable, probe.companions, Number(values.files), input);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

interface Run { wall: number; main: number; workers: number; v8: number; total: number }
function run(cli: string, jobs: number): Run {
  const threadFile = join(work, 'threads.json');
  const out = join(work, 'out');
  rmSync(out, { recursive: true, force: true });
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['-r', PRELOAD, cli, 'convert', input, '--to', 'glb', '--out-dir', out, '--jobs', String(jobs), ...FORCE, '--quiet'], { encoding: 'utf8', env: { ...process.env, MESHCODEC_THREAD_CPU: threadFile } });
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
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const jobs of JOBS) {
      const order = (round + jobs) % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      for (const tree of order) {
        const key = `${tree} --jobs ${jobs}`;
        if (!samples.has(key)) samples.set(key, []);
        samples.get(key)!.push(run(TREES[tree], jobs));
      }
    }
  }
  console.log('| run | files/s | wall s | CPU s (all) | main | workers | V8 threads | CPU s, lowest–highest |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [key, runs] of samples) {
    const m = (f: (r: Run) => number) => median(runs.map(f));
    console.log(`| ${key} | ${(Number(values.files) / m((r) => r.wall)).toFixed(0)} | ${m((r) => r.wall).toFixed(3)} | ${m((r) => r.total).toFixed(2)} | ${m((r) => r.main).toFixed(2)} | ${m((r) => r.workers).toFixed(2)} | ${m((r) => r.v8).toFixed(2)} | ${Math.min(...runs.map((r) => r.total)).toFixed(2)}–${Math.max(...runs.map((r) => r.total)).toFixed(2)} |`);
  }
  // Each round's pair, after − before (interleaved, so that the load's drift cancels): median and spread.
  for (const jobs of JOBS) {
    const before = samples.get(`before --jobs ${jobs}`)!;
    const after = samples.get(`after --jobs ${jobs}`)!;
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
