// What static shards cost and give: the corpus files and fixtures this build converts, repeated to
// N files (hard links), converted by the built command once whole and once as `--shard I/S` for
// every I, one after another (as S machines would run them side by side), each with --jobs 1.
// Every shard lists the whole tree and hashes every path, then converts its part: the sum of the
// shards' times against the whole run's is that overhead, and the slowest shard bounds the wall
// time S machines would take. The whole run and the shards alternate in each round.
// `npm run bench:bulk` runs it after bench/incremental.bench.ts.
//
//   tsx bench/shard.bench.ts [--to glb] [--files 1200] [--shards 4] [--rounds 1]
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fmt, machine, markdownTable, writeResults } from './harness.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');

const { values } = parseArgs({
  options: {
    to: { type: 'string', default: 'glb' },
    files: { type: 'string', default: '1000' },
    shards: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '1' },
  },
});
const target = values.to;
const fileCount = Number(values.files);
const shards = Number(values.shards);
const rounds = Number(values.rounds);

if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build`);
if (!existsSync(CORPUS)) throw new Error(`corpus not found at ${CORPUS}`);

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 256 << 20 });
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(folder, e.name)) : [join(folder, e.name)]));
}

const usable: { root: string; path: string }[] = [];
const companions: { root: string; path: string }[] = [];
for (const root of [CORPUS, join(ROOT, 'fixtures')]) {
  const probeOut = mkdtempSync(join(tmpdir(), 'meshcodec-shard-probe-'));
  const lines = cli(['convert', root, '--to', target, '--out-dir', probeOut, '--json', '--quiet', '--jobs', '1'])
    .stdout.trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { input?: string; ok?: boolean });
  rmSync(probeOut, { recursive: true, force: true });
  const read = new Set(lines.map((l) => l.input));
  for (const l of lines) if (l.ok && l.input) usable.push({ root, path: l.input });
  for (const path of filesUnder(root)) if (!read.has(path) && !path.endsWith('.ts') && !path.endsWith('.md')) companions.push({ root, path });
}

const work = mkdtempSync(join(tmpdir(), 'meshcodec-shard-'));
const input = join(work, 'in');
let bytes = 0;
for (let i = 0; i < fileCount; i++) {
  const round = Math.floor(i / usable.length);
  const place = (source: { root: string; path: string }) => {
    const copy = join(input, `r${round}`, relative(dirname(source.root), source.path));
    mkdirSync(dirname(copy), { recursive: true });
    try {
      linkSync(source.path, copy);
    } catch {
      copyFileSync(source.path, copy);
    }
    return statSync(copy).size;
  };
  if (i % usable.length === 0) for (const c of companions) place(c);
  bytes += place(usable[i % usable.length]!);
}

function childCpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

/** One timed conversion: wall and CPU seconds and the number of files it converted. */
function timed(extra: string[]): { seconds: number; cpuSeconds: number; files: number } {
  const out = join(work, 'out');
  rmSync(out, { recursive: true, force: true });
  const cpu0 = childCpuSeconds();
  const t0 = performance.now();
  const r = cli(['convert', input, '--to', target, '--out-dir', out, '--jobs', '1', '--json', ...extra]);
  const seconds = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  const summary = (JSON.parse(r.stdout.trimEnd().split('\n').at(-1)!) as { summary: { converted: number } }).summary;
  return { seconds, cpuSeconds: childCpuSeconds() - cpu0, files: summary.converted };
}

interface Round {
  whole: { seconds: number; cpuSeconds: number };
  parts: { seconds: number; cpuSeconds: number; files: number }[];
}
const results: Round[] = [];
const loadBefore = loadavg()[0]!;
try {
  for (let round = 0; round < rounds; round++) {
    const whole = timed([]);
    if (whole.files !== fileCount) throw new Error(`the whole run converted ${whole.files} of ${fileCount}`);
    const parts = Array.from({ length: shards }, (_, i) => timed(['--shard', `${i}/${shards}`]));
    const total = parts.reduce((s, p) => s + p.files, 0);
    if (total !== fileCount) throw new Error(`the shards converted ${total} of ${fileCount}`);
    results.push({ whole, parts });
    console.log(`round ${round + 1}: whole ${fmt(whole.seconds)} s; shards ${parts.map((p) => `${p.files} files ${fmt(p.seconds)} s`).join(', ')}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const whole = median(results.map((r) => r.whole.seconds));
const wholeCpu = median(results.map((r) => r.whole.cpuSeconds));
const sum = median(results.map((r) => r.parts.reduce((s, p) => s + p.seconds, 0)));
const sumCpu = median(results.map((r) => r.parts.reduce((s, p) => s + p.cpuSeconds, 0)));
const slowest = median(results.map((r) => Math.max(...r.parts.map((p) => p.seconds))));
const partFiles = results[0]!.parts.map((p) => p.files);
const m = machine();
const loadAfter = loadavg()[0]!;
console.log(`\n1-minute load average: ${fmt(loadBefore)} before, ${fmt(loadAfter)} after (${m.cores} cores, shared)`);
console.log(`\n${fileCount} files (${fmt(bytes / 1e6, 1)} MB) -> ${target}, --jobs 1, ${shards} shards of ${partFiles.join(', ')} files; ${m.cpu}, Node ${m.node}; median of ${rounds} round(s)\n`);
console.log(
  markdownTable(
    ['run', 'seconds', 'CPU s', 'files/s'],
    [
      ['whole', fmt(whole), fmt(wholeCpu), fmt(fileCount / whole, 0)],
      [`${shards} shards, one after another (sum)`, fmt(sum), fmt(sumCpu), fmt(fileCount / sum, 0)],
      [`${shards} shards side by side (slowest shard)`, fmt(slowest), '', fmt(fileCount / slowest, 0)],
    ],
  ),
);
console.log(`\nsharding overhead: ${fmt(((sumCpu - wholeCpu) / wholeCpu) * 100, 1)}% CPU; ${shards} machines: ${fmt(whole / slowest)}× one`);
const path = writeResults('shard', { target, files: fileCount, bytes, shards, rounds, partFiles, loadAverage: { before: loadBefore, after: loadAfter }, results });
console.log(`\nwrote ${path}`);
