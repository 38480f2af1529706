// Incremental reruns with the built command: the corpus files this build converts, repeated to N
// files (hard links in a temporary folder), converted once with --manifest, then again with
// --manifest --incremental over the same unchanged files (every one skipped: read and hashed,
// outputs read and hashed, nothing decoded), and for reference a first run without a manifest.
// The three runs alternate in each round; the whole process is timed, start-up included.
// `npm run bench:bulk` runs it after bench/bulk.bench.ts.
//
//   tsx bench/incremental.bench.ts [--to glb] [--files 1200] [--rounds 2] [--jobs 2]
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_ROOT, CORPUS, runCli, probeSources, tileBatch, median, childCpuSeconds } from './corpus-batch.js';
import { fmt, machine, markdownTable, writeResults } from './harness.js';

const ROOT = BENCH_ROOT;
const CLI = join(ROOT, 'dist', 'cli.js');

const { values } = parseArgs({
  options: {
    to: { type: 'string', default: 'glb' },
    files: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '2' },
    jobs: { type: 'string', default: '2' },
  },
});
const target = values.to;
const fileCount = Number(values.files);
const rounds = Number(values.rounds);
const jobs = values.jobs;

if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build`);
if (!existsSync(CORPUS)) throw new Error(`corpus not found at ${CORPUS}`);

const cli = (args: string[]) => runCli(CLI, args);

// The corpus files (and fixtures) this build converts to the target; companions are linked beside them.
const { usable, companions } = probeSources(CLI, [CORPUS, join(ROOT, 'fixtures')], target);
console.log(`${usable.length} corpus and fixture files convert to ${target}`);

const work = mkdtempSync(join(tmpdir(), 'meshcodec-incremental-'));
const input = join(work, 'in');
const bytes = tileBatch(usable, companions, fileCount, input);

type Kind = 'first run' | 'first run, --manifest' | 'rerun, --incremental';
const KINDS: Kind[] = ['first run', 'first run, --manifest', 'rerun, --incremental'];
interface Run {
  kind: Kind;
  seconds: number;
  cpuSeconds: number;
}

const runs: Run[] = [];
const loadBefore = loadavg()[0]!;
try {
  for (let round = 0; round < rounds; round++) {
    const out = join(work, 'out');
    const manifest = join(work, 'run.jsonl');
    for (const kind of KINDS) {
      // Each first run starts from nothing; the rerun follows the manifest run and finds its outputs.
      if (kind !== 'rerun, --incremental') {
        rmSync(out, { recursive: true, force: true });
        rmSync(manifest, { force: true });
      }
      const args = ['convert', input, '--to', target, '--out-dir', out, '--jobs', jobs, '--json'];
      if (kind !== 'first run') args.push('--manifest', manifest);
      if (kind === 'rerun, --incremental') args.push('--incremental');
      const cpu0 = childCpuSeconds();
      const t0 = performance.now();
      const r = cli(args);
      const seconds = (performance.now() - t0) / 1000;
      const cpuSeconds = childCpuSeconds() - cpu0;
      if (r.status !== 0) throw new Error(`${kind} exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
      const summary = (JSON.parse(r.stdout.trimEnd().split('\n').at(-1)!) as { summary: { converted: number; skipped?: number } }).summary;
      const expected = kind === 'rerun, --incremental' ? { converted: 0, skipped: fileCount } : { converted: fileCount };
      if (summary.converted !== expected.converted || (expected.skipped !== undefined && summary.skipped !== expected.skipped)) throw new Error(`${kind}: ${JSON.stringify(summary)}, expected ${JSON.stringify(expected)}`);
      runs.push({ kind, seconds, cpuSeconds });
      console.log(`round ${round + 1}, ${kind}: ${fmt(seconds)} s wall, ${fmt(cpuSeconds)} s CPU`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const baseline = median(runs.filter((r) => r.kind === 'first run, --manifest').map((r) => r.seconds));
const rows = KINDS.map((kind) => {
  const mine = runs.filter((r) => r.kind === kind);
  const seconds = median(mine.map((r) => r.seconds));
  return { kind, seconds, cpuSeconds: median(mine.map((r) => r.cpuSeconds)), filesPerSecond: fileCount / seconds, megabytesPerSecond: bytes / 1e6 / seconds, speedUp: baseline / seconds };
});
const m = machine();
const loadAfter = loadavg()[0]!;
console.log(`\n1-minute load average: ${fmt(loadBefore)} before, ${fmt(loadAfter)} after (${m.cores} cores, shared)`);
console.log(`\n${fileCount} files (${fmt(bytes / 1e6, 1)} MB) -> ${target}, --jobs ${jobs}; ${m.cpu}, Node ${m.node}; median of ${rounds} interleaved round(s)\n`);
console.log(
  markdownTable(
    ['run', 'seconds', 'CPU s', 'files/s', 'MB/s (input)', 'vs first run with manifest'],
    rows.map((r) => [r.kind, fmt(r.seconds), fmt(r.cpuSeconds), fmt(r.filesPerSecond, 0), fmt(r.megabytesPerSecond, 1), `${fmt(r.speedUp)}×`]),
  ),
);
const path = writeResults('incremental', { target, files: fileCount, bytes, jobs: Number(jobs), rounds, loadAverage: { before: loadBefore, after: loadAfter }, runs, rows });
console.log(`\nwrote ${path}`);
