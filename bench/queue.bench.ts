// Queue throughput with the built command: the corpus repeated to N files (hard links, as
// bench:bulk makes them), converted by `meshcodec convert --jobs 1` (the local baseline) and
// through a BullMQ queue on a local redis-server (`queue add`, then 1 or 2 `queue work
// --until-empty` processes of one job at a time), interleaved. The queue's wall time runs from
// the workers' start to the last one's exit (`queue add` is timed apart); the per-job overhead is
// (one worker's seconds − convert --jobs 1's seconds) / files; and the queue alone: the same jobs
// through a processor that converts nothing, for the worker's and Redis's time per job.
//
//   npm run bench:queue -- [--to glb] [--files 1000] [--rounds 1]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_ROOT, CORPUS, runCli, probeSources, tileBatch, median } from './corpus-batch.js';
import { fmt, machine, markdownTable, writeResults } from './harness.js';

const ROOT = BENCH_ROOT;
const CLI = join(ROOT, 'dist', 'cli.js');

const { values } = parseArgs({ options: { to: { type: 'string', default: 'glb' }, files: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '1' } } });
const target = values.to;
const fileCount = Number(values.files);
const rounds = Number(values.rounds);
if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build`);
if (spawnSync('redis-server', ['--version']).status !== 0) {
  // bench:bulk chains this script: without Redis the other benchmarks' results still stand.
  console.log('queue benchmark skipped: redis-server is not installed (Debian: apt-get install redis-server)');
  process.exit(0);
}

const cli = (args: string[]) => runCli(CLI, args);

// The corpus files that convert (as bench:bulk takes them), repeated to fileCount, companions beside.
const { usable, companions } = probeSources(CLI, [CORPUS], target);
const work = mkdtempSync(join(tmpdir(), 'meshcodec-queue-bench-'));
const input = join(work, 'in');
const bytes = tileBatch(usable, companions, fileCount, input);

function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}
const exited = (child: ChildProcess) => new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

const port = await freePort();
const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
const url = `redis://127.0.0.1:${port}`;
await new Promise((r) => setTimeout(r, 500));

interface Run {
  mode: string;
  seconds: number;
  addSeconds?: number;
}
const runs: Run[] = [];
const loadBefore = loadavg()[0]!;
let queues = 0;
let noop = { jobs: 0, msPerJob: 0, workerCpuMsPerJob: 0, redisCpuMsPerJob: 0 };
try {
  for (let round = 0; round < rounds; round++) {
    for (const mode of ['convert --jobs 1', 'queue, 1 worker', 'queue, 2 workers']) {
      const out = join(work, 'out');
      rmSync(out, { recursive: true, force: true });
      if (mode.startsWith('convert')) {
        const t0 = performance.now();
        const r = cli(['convert', input, '--to', target, '--out-dir', out, '--jobs', '1', '--quiet']);
        if (r.status !== 0) throw new Error(`convert exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
        runs.push({ mode, seconds: (performance.now() - t0) / 1000 });
      } else {
        const queue = `bench-${queues++}`;
        const a0 = performance.now();
        const added = cli(['queue', 'add', input, '--to', target, '--out-dir', out, '--redis', url, '--queue', queue, '--quiet']);
        if (added.status !== 0) throw new Error(`queue add exited ${added.status}: ${added.stderr.slice(0, 2000)}`);
        const addSeconds = (performance.now() - a0) / 1000;
        const workers = mode.includes('2') ? 2 : 1;
        const t0 = performance.now();
        const children = Array.from({ length: workers }, () => spawn(process.execPath, [CLI, 'queue', 'work', '--redis', url, '--queue', queue, '--until-empty', '--quiet'], { stdio: 'ignore' }));
        const codes = await Promise.all(children.map(exited));
        if (codes.some((c) => c !== 0)) throw new Error(`a worker exited ${codes.join(', ')}`);
        runs.push({ mode, seconds: (performance.now() - t0) / 1000, addSeconds });
      }
      const last = runs[runs.length - 1]!;
      console.log(`round ${round + 1}, ${mode}: ${fmt(last.seconds)} s${last.addSeconds !== undefined ? ` (+ queue add ${fmt(last.addSeconds)} s)` : ''}`);
    }
  }
  // What the queue itself costs per job, without conversion: the same job data, a processor that
  // only reports the three progress steps and returns an entry-sized value, one job at a time.
  // The worker process's CPU and the Redis server's (INFO cpu) per job: Redis is one thread, so its
  // CPU per job bounds the jobs/s all machines together can get from one Redis.
  const { Queue, Worker } = await import('bullmq');
  const { Redis } = await import('ioredis');
  const sample = await (async () => {
    const { conversionJobs, expandQueueInputs } = await import('../bindings/queue/enqueue.js');
    return conversionJobs(expandQueueInputs(input), { to: target, outDir: join(work, 'out') });
  })();
  const client = new Redis(url, { maxRetriesPerRequest: null });
  const redisCpu = async () => {
    const info = await client.info('cpu');
    const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)![1]);
    return field('used_cpu_user') + field('used_cpu_sys');
  };
  const queueConnection = new Redis(url, { maxRetriesPerRequest: null });
  const workerConnection = new Redis(url, { maxRetriesPerRequest: null });
  const q = new Queue('noop', { connection: queueConnection });
  const { addConversionJobs } = await import('../bindings/queue/enqueue.js');
  const entry = { input: 'r0/x.mesh', size: 1, sha256: 'e'.repeat(64), options: { to: target }, version: '0.1.0', outputs: [{ name: 'r0/x.glb', sha256: 'e'.repeat(64) }] };
  await addConversionJobs(q, sample);
  const cpu0 = process.cpuUsage();
  const redis0 = await redisCpu();
  const t0 = performance.now();
  await new Promise<void>((done) => {
    let n = 0;
    const w = new Worker('noop', async (job) => {
      await job.updateProgress(10);
      await job.updateProgress(70);
      await job.updateProgress(100);
      return entry;
    }, { connection: workerConnection });
    w.on('completed', () => {
      if (++n === sample.length) void w.close().then(done);
    });
  });
  const noopSeconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  noop = { jobs: sample.length, msPerJob: (noopSeconds * 1000) / sample.length, workerCpuMsPerJob: (cpu.user + cpu.system) / 1000 / sample.length, redisCpuMsPerJob: ((await redisCpu()) - redis0) * 1000 / sample.length };
  await q.close();
  for (const c of [client, queueConnection, workerConnection]) c.disconnect();
} finally {
  redis.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}

const modes = [...new Set(runs.map((r) => r.mode))];
const rows = modes.map((mode) => {
  const mine = runs.filter((r) => r.mode === mode);
  const seconds = median(mine.map((r) => r.seconds));
  const add = mine[0]!.addSeconds !== undefined ? median(mine.map((r) => r.addSeconds!)) : undefined;
  return { mode, seconds, addSeconds: add, filesPerSecond: fileCount / seconds, megabytesPerSecond: bytes / 1e6 / seconds };
});
const local = rows.find((r) => r.mode.startsWith('convert'))!;
const one = rows.find((r) => r.mode === 'queue, 1 worker')!;
const overheadMs = ((one.seconds - local.seconds) / fileCount) * 1000;
const m = machine();
console.log(`\n${fileCount} files (${fmt(bytes / 1e6, 1)} MB, the corpus repeated) -> ${target}; ${m.cpu}, ${m.cores} cores, Node ${m.node}; median of ${rounds} interleaved round(s); load average ${fmt(loadBefore)} before, ${fmt(loadavg()[0]!)} after\n`);
console.log(
  markdownTable(
    ['run', 'seconds', 'queue add s', 'files/s', 'MB/s (input)'],
    rows.map((r) => [r.mode, fmt(r.seconds), r.addSeconds !== undefined ? fmt(r.addSeconds) : '', fmt(r.filesPerSecond, 0), fmt(r.megabytesPerSecond, 1)]),
  ),
);
console.log(`\n1 worker vs convert --jobs 1: ${fmt(overheadMs, 2)} ms per file (wall time on a shared machine: read with the queue-alone figures below)`);
console.log(
  `the queue alone (no conversion, ${noop.jobs} jobs of the same data, one at a time): ${fmt(noop.msPerJob, 2)} ms per job wall, ` +
    `${fmt(noop.workerCpuMsPerJob, 2)} ms worker CPU, ${fmt(noop.redisCpuMsPerJob, 3)} ms Redis CPU (one Redis: at most ~${fmt(1000 / noop.redisCpuMsPerJob, 0)} jobs/s over all workers)`,
);
console.log(`wrote ${writeResults('queue', { target, files: fileCount, bytes, rounds, runs, rows, overheadMs, noop })}`);
