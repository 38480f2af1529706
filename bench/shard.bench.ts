// What static shards cost and give: the corpus files and fixtures this build converts, repeated to
// N files (hard links), converted by the built command once whole and once as `--shard I/S` for
// every I, one after another (as S machines would run them side by side), each with --jobs 1.
// Every shard lists the whole tree and hashes every path, then converts its part: the sum of the
// shards' times against the whole run's is that overhead, and the slowest shard bounds the wall
// time S machines would take. The whole run and the shards alternate in each round.
// `npm run bench:bulk` runs it after bench/incremental.bench.ts.
//
//   tsx bench/shard.bench.ts [--to glb] [--files 1200] [--shards 4] [--rounds 1]
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

const cli = (args: string[]) => runCli(CLI, args);

const { usable, companions } = probeSources(CLI, [CORPUS, join(ROOT, 'fixtures')], target);
const work = mkdtempSync(join(tmpdir(), 'meshcodec-shard-'));
const input = join(work, 'in');
const bytes = tileBatch(usable, companions, fileCount, input);

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
