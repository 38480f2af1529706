// startConversionWorker's counts and onJob against a real Redis: BullMQ emits 'failed' for every
// failed attempt, also one it retries. A job whose first attempt fails recoverably (a converting
// thread that died; here the manifest append throws once) and whose retry completes is ONE
// completed job: not counted failed (which made `queue work --until-empty` exit 1 with every
// job completed), and not reported as a failure through onJob (`--json` printed ok:false for it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManifestEntry } from '../bindings/cli/manifest.js';
import { conversionJobs, expandQueueInputs, addConversionJobs } from '../bindings/queue/enqueue.js';
import { redisConnection } from '../bindings/queue/connection.js';
import { startConversionWorker } from '../bindings/queue/worker.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { BACKENDS } from './helpers/backends.js';
import { testTempDir } from './helpers/temp-dir.js';
import { freePort } from './helpers/free-port.js';

const haveRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!haveRedis) console.warn('[meshcodec tests] queue retry test skipped: redis-server is not installed (Debian: apt-get install redis-server)');

describe.skipIf(!haveRedis)('queue worker: a job retried after a recoverable failure', () => {
  let redis: ChildProcess | undefined;
  let url = '';
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    url = `redis://127.0.0.1:${port}`;
    const client = redisConnection(url);
    await client.ping();
    client.disconnect();
  });
  afterAll(async () => {
    if (!redis || redis.exitCode !== null) return;
    const gone = new Promise((done) => redis!.once('exit', done));
    redis.kill('SIGKILL');
    await gone;
  });

  for (const backend of BACKENDS) {
    it(`${backend}: counts one completed job, none failed, and reports only its completion`, async () => {
      const { Queue } = await import('bullmq');
      const name = `retry-${backend}`;
      const connection = redisConnection(url);
      const queue = new Queue(name, { connection });
      const out = testTempDir('queue-retry');
      await addConversionJobs(queue, conversionJobs(expandQueueInputs(join(FIXTURES_DIR, 'tube.iqm')), { to: 'glb', outDir: out }));
      let appends = 0;
      const events: { ok: boolean }[] = [];
      const recorded: ManifestEntry[] = [];
      const run = startConversionWorker({
        redis: url,
        queue: name,
        backend,
        version: 'test',
        untilEmpty: true,
        record: (entry) => {
          if (appends++ === 0) throw new Error('the manifest could not be appended to (once)');
          recorded.push(entry);
        },
        onJob: ({ entry }) => events.push({ ok: entry !== undefined }),
      });
      const counts = await run.done;
      await queue.close();
      connection.disconnect();
      expect(recorded.map((e) => e.input)).toEqual(['tube.iqm']);
      expect(counts).toEqual({ completed: 1, failed: 0 });
      expect(events).toEqual([{ ok: true }]);
    }, 30_000);
  }
  it('a bad input still counts one failed job and reports it once', async () => {
    const { Queue } = await import('bullmq');
    const { writeFileSync } = await import('node:fs');
    const name = 'retry-bad';
    const connection = redisConnection(url);
    const queue = new Queue(name, { connection });
    const dir = testTempDir('queue-retry-bad');
    const bad = join(dir, 'bad.iqm');
    writeFileSync(bad, Buffer.concat([Buffer.from('INTERQUAKEMODEL\0'), Buffer.alloc(120, 0xff)]));
    await addConversionJobs(queue, conversionJobs(expandQueueInputs(bad), { to: 'glb', outDir: join(dir, 'out') }));
    const events: { ok: boolean }[] = [];
    const run = startConversionWorker({ redis: url, queue: name, version: 'test', untilEmpty: true, onJob: ({ entry }) => events.push({ ok: entry !== undefined }) });
    const counts = await run.done;
    await queue.close();
    connection.disconnect();
    expect(counts).toEqual({ completed: 0, failed: 1 });
    expect(events).toEqual([{ ok: false }]);
  }, 30_000);
  it('queue work --json names a failed job as the manifest does (x.iqm#2 for a second x.iqm)', async () => {
    const { Queue } = await import('bullmq');
    const { mkdirSync, readFileSync, writeFileSync } = await import('node:fs');
    const { readManifest } = await import('../bindings/cli/manifest.js');
    const { cli } = await import('./helpers/cli-in-process.js');
    const name = 'names-bad';
    const dir = testTempDir('queue-names');
    const roots = [join(dir, 'a'), join(dir, 'b')];
    for (const root of roots) {
      mkdirSync(root);
      writeFileSync(join(root, 'x.iqm'), Buffer.concat([Buffer.from('INTERQUAKEMODEL\0'), Buffer.alloc(120, 0xff)]));
    }
    const connection = redisConnection(url);
    const queue = new Queue(name, { connection });
    await addConversionJobs(queue, conversionJobs(expandQueueInputs(roots), { to: 'glb', outDir: join(dir, 'out') }));
    await queue.close();
    connection.disconnect();
    const manifest = join(dir, 'work.jsonl');
    const r = await cli(['queue', 'work', '--redis', url, '--queue', name, '--until-empty', '--json', '--manifest', manifest]);
    expect(r.code).toBe(1);
    const named = r.lines.map((l) => l.input as string).sort();
    expect(named).toEqual(['x.iqm', 'x.iqm#2']);
    expect([...readManifest(readFileSync(manifest, 'utf8')).keys()].sort()).toEqual(named);
  }, 30_000);
  it('queue work names a failed input once on stderr: `x.iqm: error: CODE (format @offset): message`', async () => {
    const { Queue } = await import('bullmq');
    const { writeFileSync } = await import('node:fs');
    const { cli } = await import('./helpers/cli-in-process.js');
    const name = 'stderr-bad';
    const dir = testTempDir('queue-stderr');
    writeFileSync(join(dir, 'x.iqm'), Buffer.concat([Buffer.from('INTERQUAKEMODEL\0'), Buffer.alloc(120, 0xff)]));
    const connection = redisConnection(url);
    const queue = new Queue(name, { connection });
    await addConversionJobs(queue, conversionJobs(expandQueueInputs(join(dir, 'x.iqm')), { to: 'glb', outDir: join(dir, 'out') }));
    await queue.close();
    connection.disconnect();
    const r = await cli(['queue', 'work', '--redis', url, '--queue', name, '--until-empty']);
    expect(r.code).toBe(1);
    const failures = r.err.split('\n').filter((l) => l.includes('error:'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^x\.iqm: error: [A-Z_]+ \(iqm @\d+\): /);
    expect(failures[0]!.split('x.iqm')).toHaveLength(2);
  }, 30_000);

  it('a job another worker took and let stall past maxStalledCount is counted failed by the worker that fails it', async () => {
    const { Queue, Worker } = await import('bullmq');
    const name = 'stalled-out';
    const connection = redisConnection(url);
    const queue = new Queue(name, { connection });
    const out = testTempDir('queue-stalled');
    await addConversionJobs(queue, conversionJobs(expandQueueInputs(join(FIXTURES_DIR, 'tube.iqm')), { to: 'glb', outDir: out }));
    // A worker that takes the job and dies at once: a manual Worker renews no lock.
    const deadConnection = redisConnection(url);
    const dead = new Worker(name, null, { connection: deadConnection, lockDuration: 300 });
    expect(await dead.getNextJob('dead-token')).toBeDefined();
    const events: { ok: boolean }[] = [];
    const run = startConversionWorker({ redis: url, queue: name, version: 'test', untilEmpty: true, lockDuration: 300, stalledInterval: 200, maxStalledCount: 0, onJob: ({ entry }) => events.push({ ok: entry !== undefined }) });
    const counts = await run.done;
    await dead.close();
    deadConnection.disconnect();
    await queue.close();
    connection.disconnect();
    expect(counts).toEqual({ completed: 0, failed: 1 });
    expect(events).toEqual([{ ok: false }]);
  }, 30_000);
});
