// Bulk conversion with the built command: the corpus repeated to N files (hard links in a
// temporary folder), converted with `--jobs 1` (main thread) and `--jobs 2` (worker pool),
// interleaved, timing the whole process (start-up included). Files the build cannot read are
// left out. `npm run bench:bulk -- --to glb` reruns it for another target.
//
//   npm run bench:bulk -- [--to iqm] [--files 2000] [--rounds 2] [--jobs 1,2]
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fmt, machine, markdownTable, writeResults } from './harness.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');

const { values } = parseArgs({
  options: {
    to: { type: 'string', default: 'iqm' },
    files: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '2' },
    jobs: { type: 'string', default: '1,2' },
  },
});
const target = values.to;
const fileCount = Number(values.files);
const rounds = Number(values.rounds);
const jobCounts = values.jobs.split(',').map(Number);

if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build`);
if (!existsSync(CORPUS)) throw new Error(`corpus not found at ${CORPUS}`);

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 256 << 20 });
}

function corpusFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? corpusFiles(join(folder, e.name)) : [join(folder, e.name)]));
}

// The corpus files this build converts to the target without error (the walk takes only files
// with a known extension; companions such as Transport Fever's .msh.blob are linked beside them).
const probeOut = mkdtempSync(join(tmpdir(), 'meshcodec-bulk-probe-'));
// --json writes JSON Lines: one object per file, then a summary line.
const probe = cli(['convert', CORPUS, '--to', target, '--out-dir', probeOut, '--json', '--quiet', '--jobs', '1'])
  .stdout.split('\n')
  .filter((line) => line.startsWith('{"input"'))
  .map((line) => JSON.parse(line) as { input: string; ok: boolean });
rmSync(probeOut, { recursive: true, force: true });
const usable = probe.filter((r) => r.ok).map((r) => r.input);
const failing = probe.filter((r) => !r.ok).map((r) => r.input);
const companions = corpusFiles(CORPUS).filter((f) => !probe.some((r) => r.input === f));
console.log(`${usable.length} corpus files convert to ${target}; left out: ${failing.map((f) => f.slice(CORPUS.length + 1)).join(', ') || 'none'}`);

const work = mkdtempSync(join(tmpdir(), 'meshcodec-bulk-'));
const input = join(work, 'in');
const place = (source: string, round: number) => {
  const copy = join(input, `r${round}`, source.slice(CORPUS.length + 1));
  mkdirSync(dirname(copy), { recursive: true });
  try {
    linkSync(source, copy);
  } catch {
    copyFileSync(source, copy);
  }
  return statSync(copy).size;
};
let bytes = 0;
for (let i = 0; i < fileCount; i++) {
  const round = Math.floor(i / usable.length);
  if (i % usable.length === 0) for (const c of companions) place(c, round);
  bytes += place(usable[i % usable.length]!, round);
}

/** CPU seconds (user + system) of the children this process has waited for (Linux; 0 elsewhere). */
function childCpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

interface Run {
  jobs: number;
  seconds: number;
  /** The run's CPU time, all threads: on a shared machine, wall time alone hides contention. */
  cpuSeconds: number;
}
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const runs: Run[] = [];
const loadBefore = loadavg()[0]!;
try {
  for (let round = 0; round < rounds; round++) {
    for (const jobs of jobCounts) {
      const out = join(work, 'out');
      rmSync(out, { recursive: true, force: true });
      const cpu0 = childCpuSeconds();
      const t0 = performance.now();
      const r = cli(['convert', input, '--to', target, '--out-dir', out, '--jobs', String(jobs), '--quiet']);
      const seconds = (performance.now() - t0) / 1000;
      if (r.status !== 0) throw new Error(`--jobs ${jobs} exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
      const cpuSeconds = childCpuSeconds() - cpu0;
      runs.push({ jobs, seconds, cpuSeconds });
      console.log(`round ${round + 1}, --jobs ${jobs}: ${fmt(seconds)} s wall, ${fmt(cpuSeconds)} s CPU (${fmt(cpuSeconds / seconds)} cores)`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const baseline = median(runs.filter((r) => r.jobs === jobCounts[0]).map((r) => r.seconds));
const rows = jobCounts.map((jobs) => {
  const mine = runs.filter((r) => r.jobs === jobs);
  const seconds = median(mine.map((r) => r.seconds));
  const cpuSeconds = median(mine.map((r) => r.cpuSeconds));
  // CPU seconds per wall second: how many cores the run actually got (2 at most here).
  return { jobs, seconds, cpuSeconds, coresUsed: cpuSeconds / seconds, filesPerSecond: fileCount / seconds, megabytesPerSecond: bytes / 1e6 / seconds, speedUp: baseline / seconds };
});

const m = machine();
const loadAfter = loadavg()[0]!;
console.log(`\n1-minute load average: ${fmt(loadBefore)} before, ${fmt(loadAfter)} after (${machine().cores} cores; other work on the machine slows both runs)`);
console.log(`\n${fileCount} files (${fmt(bytes / 1e6, 1)} MB, the corpus repeated) -> ${target}; ${m.cpu}, ${m.cores} cores, Node ${m.node}; median of ${rounds} interleaved run(s)\n`);
console.log(
  markdownTable(
    ['--jobs', 'seconds', 'CPU s', 'cores used', 'files/s', 'MB/s (input)', 'speed-up'],
    rows.map((r) => [r.jobs, fmt(r.seconds), fmt(r.cpuSeconds), fmt(r.coresUsed), fmt(r.filesPerSecond, 0), fmt(r.megabytesPerSecond, 1), `${fmt(r.speedUp)}×`]),
  ),
);
const path = writeResults('bulk', { target, files: fileCount, bytes, corpusFiles: usable.length, leftOut: failing.map((f) => f.slice(CORPUS.length + 1)), rounds, loadAverage: { before: loadBefore, after: loadAfter }, runs, rows });
console.log(`\nwrote ${path}`);
