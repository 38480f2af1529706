// The three ways a worker can run meshcodec/queue's jobs, one job at a time, on the same files:
// startConversionWorker with the CLI's thread pool (what `queue work` runs), the same converting
// on the Worker's own thread, and BullMQ's sandbox with CONVERSION_PROCESSOR in a worker thread.
// Interleaved rounds, median; needs `npm run build` (the pool's and the sandbox's scripts).
//
//   npx tsx bench/queue-processors.bench.ts [--files 300] [--rounds 2]
import { spawn, spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { fmt, markdownTable } from './harness.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');
const { values } = parseArgs({ options: { files: { type: 'string', default: '300' }, rounds: { type: 'string', default: '2' } } });
const fileCount = Number(values.files);
if (spawnSync('redis-server', ['--version']).status !== 0) {
  console.log('skipped: redis-server is not installed');
  process.exit(0);
}
const q = (await import(pathToFileURL(join(ROOT, 'dist', 'queue.js')).href)) as typeof import('../bindings/queue/index.js');
const { Queue, Worker } = await import('bullmq');

const all = (folder: string): string[] => readdirSync(folder, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? all(join(folder, e.name)) : [join(folder, e.name)]));
const work = mkdtempSync(join(tmpdir(), 'meshcodec-queue-processors-'));
const input = join(work, 'in');
const sources = all(CORPUS);
for (let round = 0; (round === 0 || q.expandQueueInputs(input).files.length < fileCount); round++) {
  for (const s of sources) {
    const to = join(input, `r${round}`, s.slice(CORPUS.length + 1));
    mkdirSync(dirname(to), { recursive: true });
    linkSync(s, to);
  }
}
const port = await new Promise<number>((done) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => done(port));
  });
});
const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
const url = `redis://127.0.0.1:${port}`;
await new Promise((r) => setTimeout(r, 500));

let n = 0;
async function fill(out: string): Promise<{ name: string; count: number }> {
  const name = `p${n++}`;
  const connection = q.redisConnection(url);
  const queue = new Queue(name, { connection });
  const jobs = q.conversionJobs(q.expandQueueInputs(input), { to: 'glb', outDir: out }).slice(0, fileCount);
  await q.addConversionJobs(queue, jobs);
  await queue.close();
  connection.disconnect();
  return { name, count: jobs.length };
}

const modes: Record<string, (name: string, count: number) => Promise<void>> = {
  'thread pool (queue work)': async (name) => {
    await q.startConversionWorker({ redis: url, queue: name, untilEmpty: true, version: 'bench', workerUrl: pathToFileURL(join(ROOT, 'dist', 'convert-worker.js')) }).done;
  },
  "the Worker's own thread": async (name) => {
    await q.startConversionWorker({ redis: url, queue: name, untilEmpty: true, version: 'bench' }).done;
  },
  'BullMQ sandbox (useWorkerThreads)': async (name, count) => {
    const connection = q.redisConnection(url);
    await new Promise<void>((done) => {
      let seen = 0;
      const w = new Worker(name, q.CONVERSION_PROCESSOR, { connection, useWorkerThreads: true });
      const one = () => {
        if (++seen === count) void w.close().then(() => done());
      };
      w.on('completed', one);
      w.on('failed', one);
    });
    connection.disconnect();
  },
};

const times: Record<string, number[]> = {};
let count = 0;
try {
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const [mode, run] of Object.entries(modes)) {
      const out = join(work, 'out');
      rmSync(out, { recursive: true, force: true });
      const filled = await fill(out);
      count = filled.count;
      const t0 = performance.now();
      await run(filled.name, filled.count);
      (times[mode] ??= []).push((performance.now() - t0) / 1000);
      console.log(`round ${round + 1}, ${mode}: ${fmt(times[mode]!.at(-1)!)} s`);
    }
  }
} finally {
  redis.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[(s.length >> 1) - 1]! + s[s.length >> 1]!) / 2;
};
console.log(`\n${count} files -> glb, one job at a time, median of ${values.rounds} interleaved round(s), load average ${fmt(loadavg()[0]!)}\n`);
console.log(markdownTable(['processor', 'seconds', 'files/s'], Object.entries(times).map(([mode, t]) => [mode, fmt(median(t)), fmt(count / median(t), 0)])));
