// Bulk conversion with the built command: the corpus repeated to N files (hard links in a
// temporary folder), converted with `--jobs 1` (main thread) and `--jobs 2` (worker pool),
// interleaved, timing the whole process (start-up included). Files the build cannot read are
// left out. `npm run bench:bulk -- --to glb` reruns it for another target; `--max-kb 200` keeps
// only the corpus files up to 200 KB (a batch of small files).
//
// Besides the timed runs: each run's peak RSS (`/usr/bin/time`, the whole process, all threads);
// the per-file overhead, everything but decode and encode, as
//   (CPU s of the run − CPU s of a run over the first `jobs` files (start-up) − CPU s of decode and
//   encode of the remaining files, measured in this process on the same files) ÷ remaining files;
// and where the run's time goes, from a `--cpu-prof` run per --jobs (every thread's profile):
// decode, encode, reading, writing, worker messaging (piscina), garbage collection, the rest.
//
//   npm run bench:bulk -- [--to iqm] [--files 2000] [--rounds 2] [--jobs 1,2] [--max-kb N]
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { initSync } from '../bindings/kernels/backend.js';
import { unigineFormat } from '../bindings/formats/unigine/index.js';
import { nodeSiblingResolver } from '../bindings/node/sibling-resolver.js';
import { runConvertJob } from '../bindings/workers/convert-job.js';
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
    'max-kb': { type: 'string' },
    // Where the input and output folders go (default: the OS temporary folder). File creation
    // costs 0.17–0.7 ms of CPU on this machine's ext4 and 0.008 ms on tmpfs: --tmp /dev/shm
    // separates meshcodec's overhead from the file system's.
    tmp: { type: 'string' },
  },
});
const maxBytes = values['max-kb'] !== undefined ? Number(values['max-kb']) * 1000 : Infinity;
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
const usable = probe.filter((r) => r.ok && statSync(r.input).size <= maxBytes).map((r) => r.input);
const failing = probe.filter((r) => !r.ok).map((r) => r.input);
const tooLarge = probe.filter((r) => r.ok && statSync(r.input).size > maxBytes).map((r) => r.input);
const companions = corpusFiles(CORPUS).filter((f) => !probe.some((r) => r.input === f));
console.log(`${usable.length} corpus files convert to ${target}; left out: ${failing.map((f) => f.slice(CORPUS.length + 1)).join(', ') || 'none'}${tooLarge.length ? `; over ${values['max-kb']} KB: ${tooLarge.map((f) => f.slice(CORPUS.length + 1)).join(', ')}` : ''}`);

const work = mkdtempSync(join(values.tmp ?? tmpdir(), 'meshcodec-bulk-'));
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
  /** Peak resident memory of the process (all threads), MiB; NaN without /usr/bin/time. */
  peakRssMiB: number;
}
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const TIME = '/usr/bin/time';
const haveTime = existsSync(TIME);

/** One CLI run over `folder`, timed: wall and CPU seconds, and peak RSS (KiB) where /usr/bin/time exists. */
function timedRun(folder: string, jobs: number, nodeOptions: string[] = []): Run {
  const out = join(work, 'out');
  rmSync(out, { recursive: true, force: true });
  const rssFile = join(work, 'rss.txt');
  const args = [...nodeOptions, CLI, 'convert', folder, '--to', target, '--out-dir', out, '--jobs', String(jobs), '--quiet'];
  const cpu0 = childCpuSeconds();
  const t0 = performance.now();
  const r = haveTime
    ? spawnSync(TIME, ['-f', '%M', '-o', rssFile, process.execPath, ...args], { encoding: 'utf8', maxBuffer: 256 << 20 })
    : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 << 20 });
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`--jobs ${jobs} exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  const cpuSeconds = childCpuSeconds() - cpu0;
  const peakRssMiB = haveTime ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) / 1024 : NaN;
  return { jobs, seconds, cpuSeconds, peakRssMiB };
}

/** CPU seconds of decode and encode of each usable corpus file, in this process (warm, median of 5). */
function decodeEncodeSeconds(): Map<string, number> {
  const kernels = initSync();
  const cost = new Map<string, number>();
  for (const file of usable) {
    const job = { bytes: new Uint8Array(readFileSync(file)), inputPath: file, to: target };
    const resolver = nodeSiblingResolver(file);
    const samples: number[] = [];
    for (let i = 0; i < 7; i++) {
      const c0 = process.cpuUsage();
      const outcome = runConvertJob(job, kernels, resolver);
      const c = process.cpuUsage(c0);
      if (!outcome.ok) throw new Error(`${file}: ${outcome.error.message}`);
      if (i >= 2) samples.push((c.user + c.system) / 1e6);
    }
    cost.set(file, median(samples));
  }
  return cost;
}

/** Where a run's sampled time goes: every thread's --cpu-prof profile, by the nearest frame that names a part. */
function profileBreakdown(dir: string): Record<string, number> {
  const parts: Record<string, number> = { decode: 0, encode: 0, read: 0, write: 0, messaging: 0, gc: 0, other: 0 };
  const PART: Record<string, string> = { parseSync: 'decode', rewriteSync: 'decode', encodeSync: 'encode', encodeFiles: 'encode', readInputFileSync: 'read', readInputFile: 'read', writeFilesAtomic: 'write' };
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
      nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
      samples: number[];
      timeDeltas: number[];
    };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const partOf = new Map<number, string | undefined>();
    const classify = (id: number): string | undefined => {
      if (partOf.has(id)) return partOf.get(id);
      const frame = byId.get(id)!.callFrame;
      let part: string | undefined;
      if (frame.functionName === '(idle)' || frame.functionName === '(root)') part = undefined;
      else if (frame.functionName === '(garbage collector)') part = 'gc';
      else if (PART[frame.functionName]) part = PART[frame.functionName];
      else if (frame.url.includes('piscina')) part = 'messaging';
      else part = parent.has(id) ? classify(parent.get(id)!) : 'other';
      if (part === undefined && frame.functionName !== '(idle)' && frame.functionName !== '(root)') part = 'other';
      partOf.set(id, part);
      return part;
    };
    profile.samples.forEach((id, i) => {
      const leaf = byId.get(id)!.callFrame.functionName;
      if (leaf === '(idle)') return;
      const part = classify(id) ?? 'other';
      parts[part] = parts[part]! + (profile.timeDeltas[i + 1] ?? 0) / 1e6;
    });
  }
  return parts;
}

const runs: Run[] = [];
const overhead: { jobs: number; startCpuSeconds: number; decodeEncodeCpuSeconds: number; overheadMsPerFile: number; profileMsPerFile: Record<string, number> }[] = [];
const loadBefore = loadavg()[0]!;
let smallDecodeMs = NaN;
try {
  for (let round = 0; round < rounds; round++) {
    for (const jobs of jobCounts) {
      const run = timedRun(input, jobs);
      runs.push(run);
      console.log(`round ${round + 1}, --jobs ${jobs}: ${fmt(run.seconds)} s wall, ${fmt(run.cpuSeconds)} s CPU (${fmt(run.cpuSeconds / run.seconds)} cores), peak RSS ${fmt(run.peakRssMiB, 0)} MiB`);
    }
  }
  // Per-file overhead: start-up measured on a run over the first `jobs` files (so that the pool
  // starts as many threads), decode + encode of the rest measured in this process.
  const cost = decodeEncodeSeconds();
  const list = Array.from({ length: fileCount }, (_, i) => usable[i % usable.length]!);
  for (const jobs of jobCounts) {
    const start = join(work, `start-${jobs}`);
    for (const c of companions) {
      const copy = join(start, c.slice(CORPUS.length + 1));
      mkdirSync(dirname(copy), { recursive: true });
      copyFileSync(c, copy);
    }
    for (const f of list.slice(0, jobs)) {
      const copy = join(start, f.slice(CORPUS.length + 1));
      mkdirSync(dirname(copy), { recursive: true });
      if (!existsSync(copy)) copyFileSync(f, copy);
    }
    const startCpu = median([0, 1, 2].map(() => timedRun(start, jobs).cpuSeconds));
    const rest = list.slice(jobs);
    const decodeEncode = rest.reduce((sum, f) => sum + cost.get(f)!, 0);
    const runCpu = median(runs.filter((r) => r.jobs === jobs).map((r) => r.cpuSeconds));
    const profileDir = join(work, `profile-${jobs}`);
    timedRun(input, jobs, ['--cpu-prof', '--cpu-prof-dir', profileDir]);
    const parts = profileBreakdown(profileDir);
    overhead.push({
      jobs,
      startCpuSeconds: startCpu,
      decodeEncodeCpuSeconds: decodeEncode,
      overheadMsPerFile: ((runCpu - startCpu - decodeEncode) / rest.length) * 1000,
      profileMsPerFile: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, (v / fileCount) * 1000])),
    });
  }
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
const rows = jobCounts.map((jobs) => {
  const mine = runs.filter((r) => r.jobs === jobs);
  const seconds = median(mine.map((r) => r.seconds));
  const cpuSeconds = median(mine.map((r) => r.cpuSeconds));
  const peakRssMiB = median(mine.map((r) => r.peakRssMiB));
  // CPU seconds per wall second: how many cores the run actually got (2 at most here).
  return { jobs, seconds, cpuSeconds, coresUsed: cpuSeconds / seconds, filesPerSecond: fileCount / seconds, megabytesPerSecond: bytes / 1e6 / seconds, speedUp: baseline / seconds, peakRssMiB };
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
console.log(`\nPer-file overhead (everything but decode and encode), ms of CPU per file; decode of actor_00_idle.anim (27 KB), the bar: ${fmt(smallDecodeMs, 3)} ms\n`);
console.log(
  markdownTable(
    ['--jobs', 'overhead ms/file', 'start-up CPU s', 'decode+encode CPU s', 'profile: decode', 'encode', 'read', 'write', 'messaging', 'GC', 'rest'],
    overhead.map((o) => [o.jobs, fmt(o.overheadMsPerFile, 3), fmt(o.startCpuSeconds), fmt(o.decodeEncodeCpuSeconds), ...['decode', 'encode', 'read', 'write', 'messaging', 'gc', 'other'].map((k) => fmt(o.profileMsPerFile[k]!, 3))]),
  ),
);
const path = writeResults('bulk', { target, folder: values.tmp ?? tmpdir(), files: fileCount, bytes, maxBytes: Number.isFinite(maxBytes) ? maxBytes : undefined, corpusFiles: usable.length, leftOut: failing.map((f) => f.slice(CORPUS.length + 1)), rounds, loadAverage: { before: loadBefore, after: loadAfter }, runs, rows, overhead, smallDecodeMs });
console.log(`\nwrote ${path}`);
