// meshcodec/queue: the job processor on its own (all three backends, no Redis), then the built
// CLI against a real redis-server: `queue add`, two `queue work` processes on 200+ files from
// fixtures and the corpus, one killed with SIGKILL mid-run, and the outputs, manifest and job
// records compared with `meshcodec convert` of the same files.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, type ManifestEntry } from '../bindings/cli/manifest.js';
import { processConversion, ConversionJobError, type ConversionJobData } from '../bindings/queue/conversion-job.js';
import { conversionJobs, expandQueueInputs } from '../bindings/queue/enqueue.js';
import { runConvertJob } from '../bindings/workers/convert-job.js';
import { readInputFileSync } from '../bindings/cli/read-input.js';
import { errorInfo } from '../bindings/io/error-info.js';
import { nodeSiblingResolver } from '../bindings/node/sibling-resolver.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { makeTempDir, removeTempDir, testTempDir } from './helpers/temp-dir.js';
import { freePort } from './helpers/free-port.js';

const ROOT = resolve(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');
const FIXTURES = join(ROOT, 'fixtures');
const kernels = allKernels();

const PARTIAL = /^\..+\.\d+-\d+(-[0-9a-f]{8})?\.partial$/;

/** Every file under `folder`, relative, '/' separated, sorted. */
function filesUnder(folder: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const e of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, e.name);
      if (e.isDirectory()) walk(path);
      else out.push(relative(folder, path).split('\\').join('/'));
    }
  };
  if (existsSync(folder)) walk(folder);
  return out.sort();
}

describe('processConversion (the job processor, without Redis)', () => {
  for (const backend of BACKENDS) {
    const convert = (j: Parameters<typeof runConvertJob>[0]) => runConvertJob(j, kernels[backend], nodeSiblingResolver(j.inputPath));

    it(`${backend}: writes the outputs convert plans, returns the manifest entry, and a rerun keeps identical outputs`, async () => {
      const out = testTempDir('queue-proc');
      const [data] = conversionJobs(expandQueueInputs(join(FIXTURES, 'tube.iqm')), { to: 'glb', outDir: out }) as [ConversionJobData];
      const steps: number[] = [];
      const entry = await processConversion(data, { convert, version: 'test', progress: (p) => void steps.push(p) });
      expect(steps).toEqual([10, 70, 100]);
      expect(entry.input).toBe('tube.iqm');
      expect(entry.outputs?.map((o) => o.name)).toEqual(['tube.glb']);
      const written = readFileSync(join(out, 'tube.glb'));
      expect(entry.outputs![0]!.sha256).toBe(createHash('sha256').update(written).digest('hex'));
      // A retry after the worker died having written the output: the same bytes are kept, no OUTPUT_EXISTS.
      expect(await processConversion(data, { convert, version: 'test' })).toEqual(entry);
      // Other bytes under the output's name are not the job's: refused, unrecoverably.
      writeFileSync(join(out, 'tube.glb'), 'someone else');
      const failure = await processConversion(data, { convert, version: 'test' }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ConversionJobError);
      expect((failure as ConversionJobError).name).toBe('UnrecoverableError');
      expect((failure as ConversionJobError).info.code).toBe('OUTPUT_EXISTS');
      expect(readFileSync(join(out, 'tube.glb'), 'utf8')).toBe('someone else');
      expect(filesUnder(out)).toEqual(['tube.glb']);
    });

    it(`${backend}: a bad input fails once with its MeshFormatError's code and offset, recorded, nothing written`, async () => {
      const dir = testTempDir('queue-bad');
      const bad = join(dir, 'bad.iqm');
      writeFileSync(bad, Buffer.concat([Buffer.from('INTERQUAKEMODEL\0'), Buffer.alloc(120, 0xff)]));
      const [data] = conversionJobs(expandQueueInputs(bad), { to: 'glb', outDir: join(dir, 'out') }) as [ConversionJobData];
      const recorded: ManifestEntry[] = [];
      const failure = (await processConversion(data, { convert, version: 'test', record: (e) => void recorded.push(e) }).catch((e: unknown) => e)) as ConversionJobError;
      expect(failure).toBeInstanceOf(ConversionJobError);
      const reference = runConvertJob({ bytes: readFileSync(bad), inputPath: bad, to: 'glb' }, kernels[backend]);
      expect(reference.ok).toBe(false);
      if (reference.ok) return;
      expect(failure.info).toEqual(reference.error);
      expect(failure.message).toContain(reference.error.code);
      expect(recorded).toHaveLength(1);
      expect(recorded[0]!.error).toEqual(reference.error);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    });

    it(`${backend}: a bad input whose manifest line cannot be written still fails once with its own error`, async () => {
      const dir = testTempDir('queue-bad-record');
      const bad = join(dir, 'bad.iqm');
      writeFileSync(bad, Buffer.concat([Buffer.from('INTERQUAKEMODEL\0'), Buffer.alloc(120, 0xff)]));
      const [data] = conversionJobs(expandQueueInputs(bad), { to: 'glb', outDir: join(dir, 'out') }) as [ConversionJobData];
      for (const record of [() => { throw new Error('disk full'); }, () => Promise.reject(new Error('disk full'))]) {
        const failure = await processConversion(data, { convert, version: 'test', record }).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(ConversionJobError);
        expect((failure as ConversionJobError).name).toBe('UnrecoverableError');
        expect((failure as ConversionJobError).info.format).toBe('iqm');
      }
    });

    it(`${backend}: a file removed after listing is enqueued by path (no raw file-system error), and its job fails with the reader's error`, async () => {
      const dir = testTempDir('queue-gone');
      const gone = join(dir, 'gone.iqm');
      writeFileSync(gone, readFileSync(join(FIXTURES, 'tube.iqm')));
      const inputs = expandQueueInputs(gone);
      rmSync(gone);
      const [data] = conversionJobs(inputs, { to: 'glb', outDir: join(dir, 'out'), inlineUnder: 1 << 20 }) as [ConversionJobData];
      expect(data.base64).toBeUndefined();
      const failure = await processConversion(data, { convert, version: 'test' }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ConversionJobError);
      const reference = (() => {
        try {
          readInputFileSync(gone);
        } catch (e) {
          return errorInfo(e).code;
        }
      })();
      expect(reference).toBeDefined();
      expect((failure as ConversionJobError).info.code).toBe(reference);
    });

    it(`${backend}: an input carried as base64 converts to the same bytes as by path`, async () => {
      const out = testTempDir('queue-inline');
      const inputs = expandQueueInputs(join(FIXTURES, 'tube.iqm'));
      const [byPath] = conversionJobs(inputs, { to: 'glb', outDir: join(out, 'a'), flags: { 'flip-v': true } }) as [ConversionJobData];
      const [inline] = conversionJobs(inputs, { to: 'glb', outDir: join(out, 'b'), flags: { 'flip-v': true }, inlineUnder: 1 << 20 }) as [ConversionJobData];
      expect(inline.base64).toBeDefined();
      expect(byPath.base64).toBeUndefined();
      const a = await processConversion(byPath, { convert, version: 'test' });
      const b = await processConversion({ ...inline, path: join(out, 'nowhere', 'tube.iqm') }, { convert, version: 'test' });
      expect(b).toEqual(a);
      expect(readFileSync(join(out, 'b', 'tube.glb')).equals(readFileSync(join(out, 'a', 'tube.glb')))).toBe(true);
    });
  }

  it('conversionJobs names inputs as convert --manifest does: a second input at the same path under another root is NAME#2', async () => {
    const dir = testTempDir('queue-names');
    for (const root of ['a', 'b']) {
      mkdirSync(join(dir, root), { recursive: true });
      linkSync(join(FIXTURES, 'tube.iqm'), join(dir, root, 'tube.iqm'));
    }
    const jobs = conversionJobs(expandQueueInputs([join(dir, 'a'), join(dir, 'b')]), { to: 'glb', outDir: join(dir, 'out') });
    expect(jobs.map((j) => [j.relative, j.input, j.stem])).toEqual([
      ['tube.iqm', undefined, 'tube.iqm'],
      ['tube.iqm', 'tube.iqm#2', 'tube-2.iqm'],
    ]);
    const convert = (j: Parameters<typeof runConvertJob>[0]) => runConvertJob(j, kernels.js, nodeSiblingResolver(j.inputPath));
    const entries = await Promise.all(jobs.map((j) => processConversion(j, { convert, version: 'test' })));
    expect(entries.map((e) => [e.input, e.outputs?.[0]?.name])).toEqual([['tube.iqm', 'tube.iqm.glb'], ['tube.iqm#2', 'tube-2.iqm.glb']]);
    if (!haveCli) return; // the built CLI is the reference
    expect(cli(['convert', join(dir, 'a'), join(dir, 'b'), '--to', 'glb', '--out-dir', join(dir, 'local'), '--manifest', join(dir, 'local.jsonl'), '--quiet']).status).toBe(0);
    expect([...readManifest(readFileSync(join(dir, 'local.jsonl'), 'utf8')).keys()].sort()).toEqual(['tube.iqm', 'tube.iqm#2']);
    expect(filesUnder(join(dir, 'local'))).toEqual(jobs.map((j) => `${j.stem}.glb`).sort());
  });

  it('conversionJobs refuses what convert refuses: an unknown target, a flag the target does not take', () => {
    const inputs = expandQueueInputs(join(FIXTURES, 'tube.iqm'));
    expect(() => conversionJobs(inputs, { to: 'nope' })).toThrow(/unknown format 'nope'/);
    expect(() => conversionJobs(inputs, { to: 'iqm', flags: { 'up-axis': 'y' } })).toThrow(/--up-axis does not apply to iqm → iqm/);
    expect(() => conversionJobs(inputs, { to: 'glb', from: 'nope' })).toThrow(/unknown format 'nope'/);
  });
});

// ---------------------------------------------------------------------------------------------

const redisServer = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
const haveRedis = redisServer.status === 0;
const haveCli = existsSync(CLI);
const skipWhy = !haveRedis ? 'redis-server is not installed (Debian: apt-get install redis-server)' : !haveCli ? `${CLI} is missing (npm run build)` : !existsSync(CORPUS) ? `no corpus at ${CORPUS}` : '';
if (skipWhy) console.warn(`[meshcodec tests] queue tests against Redis skipped: ${skipWhy}`);

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => (child.exitCode !== null || child.signalCode !== null ? done(child.exitCode) : child.once('exit', (code) => done(code))));
}

describe.skipIf(!haveCli)('meshcodec queue: usage, and a Redis that does not answer', () => {
  it('usage errors exit 2 naming the problem; an unreachable Redis exits 1 at once, saying so', async () => {
    const none = cli(['queue']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('meshcodec queue add');
    expect(cli(['queue', '--help']).stdout).toContain('--until-empty');
    expect(cli(['help', 'queue']).stdout).toContain('--concurrency N');
    const cases: [string[], RegExp][] = [
      [['queue', 'frob'], /unknown queue command 'frob'/],
      [['queue', 'add', FIXTURES, '--to', 'glb', '--queue', 'q'], /needs --redis URL/],
      [['queue', 'add', FIXTURES, '--to', 'glb', '--redis', 'redis://127.0.0.1:1'], /needs --queue NAME/],
      [['queue', 'add', FIXTURES, '--redis', 'redis://127.0.0.1:1', '--queue', 'q'], /needs --to NAME/],
      [['queue', 'add', FIXTURES, '--to', 'nope', '--redis', 'redis://127.0.0.1:1', '--queue', 'q'], /unknown format 'nope'/],
      [['queue', 'add', '-', '--to', 'glb', '--redis', 'redis://127.0.0.1:1', '--queue', 'q'], /standard input/],
      [['queue', 'work', '--to', 'glb', '--redis', 'redis://127.0.0.1:1', '--queue', 'q'], /queue work does not take --to/],
      [['queue', 'work', '--concurrency', '0', '--redis', 'redis://127.0.0.1:1', '--queue', 'q'], /--concurrency takes a whole number of at least 1, not '0'/],
      [['queue', 'add', FIXTURES, '--to', 'glb', '--concurrency', '2', '--redis', 'redis://127.0.0.1:1', '--queue', 'q'], /queue add does not take --concurrency/],
    ];
    for (const [args, message] of cases) {
      const r = cli(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe('');
    }
    const port = await freePort(); // nothing listens there
    for (const args of [['queue', 'work', '--until-empty'], ['queue', 'add', FIXTURES, '--to', 'glb']]) {
      const r = cli([...args, '--redis', `redis://127.0.0.1:${port}`, '--queue', 'q']);
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`cannot reach Redis at redis://127.0.0.1:${port}: .*ECONNREFUSED`));
    }
  });
});

describe.skipIf(skipWhy !== '')('queue on a real Redis: two workers, one killed', () => {
  let redis: ChildProcess;
  let url = '';
  let work = '';
  /** Worker processes started by a test: killed in afterAll if a failed test left them running. */
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    url = `redis://127.0.0.1:${port}`;
    // Ready when it answers PING.
    const { Redis } = await import('ioredis');
    const client = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: () => 50 });
    await client.ping();
    client.disconnect();
    work = makeTempDir('queue-redis');
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    redis?.kill('SIGKILL');
    if (redis) await exited(redis);
    if (work) removeTempDir(work);
  });

  for (const backend of BACKENDS) {
    it(`${backend}: enqueueConversions (a glob) and startConversionWorker (library, converting on its own thread) give convert's outputs and entries`, async () => {
      const out = testTempDir('queue-lib');
      const { Queue } = await import('bullmq');
      const { enqueueConversions, startConversionWorker, redisConnection } = await import('../bindings/queue/index.js');
      const connection = redisConnection(url);
      const queue = new Queue(`lib-${backend}`, { connection });
      const result = await enqueueConversions(queue, { inputs: [join(FIXTURES, 't*.{iqm,mesh,msh}'), join(FIXTURES, 'missing.iqm')], to: 'iqm', outDir: join(out, 'queued') });
      expect(result).toEqual({ added: 3, missing: [{ path: join(FIXTURES, 'missing.iqm'), code: 'ENOENT', message: expect.stringContaining('missing.iqm') }] });
      const recorded: ManifestEntry[] = [];
      const progress: number[] = [];
      const run = startConversionWorker({ redis: url, queue: `lib-${backend}`, backend, untilEmpty: true, version: 'test', record: (e) => void recorded.push(e) });
      run.worker.on('progress', (_job, p) => void progress.push(p as number));
      expect(await run.done).toEqual({ completed: 3, failed: 0 });
      await queue.close();
      connection.disconnect();
      expect(progress.filter((p) => p === 100)).toHaveLength(3);
      const local = cli(['convert', join(FIXTURES, 'tube.iqm'), join(FIXTURES, 'tube.mesh'), join(FIXTURES, 'tube.msh'), '--to', 'iqm', '--out-dir', join(out, 'local'), '--manifest', join(out, 'local.jsonl'), '--quiet', '--backend', backend]);
      expect(local.status).toBe(0);
      expect(filesUnder(join(out, 'queued'))).toEqual(filesUnder(join(out, 'local')));
      for (const f of filesUnder(join(out, 'local'))) expect(readFileSync(join(out, 'queued', f)).equals(readFileSync(join(out, 'local', f))), f).toBe(true);
      const reference = readManifest(readFileSync(join(out, 'local.jsonl'), 'utf8'));
      expect(recorded).toHaveLength(3);
      for (const e of recorded) expect(e).toEqual({ ...reference.get(e.input)!, version: 'test' });
    });
  }

  it('every job completes once, outputs byte-identical to convert, manifest equal to convert --manifest, a bad input fails once', async () => {
    // 200+ inputs: fixtures and corpus (companions beside their files) hard-linked in rounds, and one bad file.
    const input = join(work, 'in');
    const sources = [
      ...filesUnder(FIXTURES).map((f) => ({ from: join(FIXTURES, f), rel: `fixtures/${f}` })),
      ...filesUnder(CORPUS).map((f) => ({ from: join(CORPUS, f), rel: `corpus/${f}` })),
    ];
    let round = 0;
    while ((existsSync(input) ? expandQueueInputs(input).files.length : 0) < 199) {
      for (const s of sources) {
        const to = join(input, `r${round}`, s.rel);
        mkdirSync(dirname(to), { recursive: true });
        linkSync(s.from, to);
      }
      round++;
    }
    writeFileSync(join(input, 'bad.iqm'), Buffer.concat([Buffer.from('INTERQUAKEMODEL\0'), Buffer.alloc(120, 0xff)]));
    const inputCount = expandQueueInputs(input).files.length;
    expect(inputCount).toBeGreaterThanOrEqual(200);

    // The reference: the local CLI over the same inputs.
    const local = cli(['convert', input, '--to', 'glb', '--out-dir', join(work, 'local'), '--manifest', join(work, 'local.jsonl'), '--json', '--quiet', '--jobs', '1']);
    const results = local.stdout.trim().split('\n').map((l) => JSON.parse(l) as { input?: string; ok?: boolean; error?: { code: string } });
    const failedLocally = results.filter((r) => r.input !== undefined && r.ok === false);
    expect(failedLocally.map((r) => r.input)).toContain(join(input, 'bad.iqm'));

    const queue = 'assets';
    const added = cli(['queue', 'add', input, '--to', 'glb', '--out-dir', join(work, 'queued'), '--redis', url, '--queue', queue, '--json']);
    expect(added.stderr).toBe('');
    expect(JSON.parse(added.stdout).summary.added).toBe(inputCount);

    const worker = (name: string, backend: string) => {
      const child = spawn(process.execPath, [CLI, 'queue', 'work', '--redis', url, '--queue', queue, '--until-empty', '--manifest', join(work, `${name}.jsonl`), '--lock-duration', '3000', '--stalled-interval', '1000', '--backend', backend, '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      let lines = 0;
      child.stdout!.on('data', (chunk: Buffer) => (lines += chunk.toString().split('\n').length - 1));
      return { child, lines: () => lines };
    };
    const a = worker('a', 'js');
    const b = worker('b', 'wasm-scalar');
    // Kill A once it has finished a few jobs (while it works on the next).
    const started = Date.now();
    while (a.lines() < 15 && a.child.exitCode === null && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20));
    expect(a.child.exitCode).toBeNull();
    a.child.kill('SIGKILL');
    await exited(a.child);
    const bCode = await exited(b.child);
    // 1 when bad.iqm failed on B, 0 when A took it before it was killed (Redis says which below).
    expect([0, 1]).toContain(bCode);

    // Redis: one job per input, each completed or failed exactly once; none left.
    const { Queue } = await import('bullmq');
    const { Redis } = await import('ioredis');
    const connection = new Redis(url, { maxRetriesPerRequest: null });
    const q = new Queue(queue, { connection });
    try {
      const counts = await q.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized');
      expect(counts).toMatchObject({ waiting: 0, active: 0, delayed: 0, prioritized: 0 });
      expect(counts.completed! + counts.failed!).toBe(inputCount);
      const completed = await q.getJobs(['completed'], 0, -1);
      const failed = await q.getJobs(['failed'], 0, -1);
      const names = [...completed, ...failed].map((j) => j.data.relative as string);
      expect(new Set(names).size).toBe(inputCount);
      expect(failed.map((j) => j.data.relative).sort()).toEqual(failedLocally.map((r) => relative(input, r.input!).split('\\').join('/')).sort());
      const badJob = failed.find((j) => j.data.relative === 'bad.iqm')!;
      const badCode = failedLocally.find((r) => r.input === join(input, 'bad.iqm'))!.error!.code;
      expect(badJob.attemptsMade).toBe(1);
      expect(badJob.failedReason).toContain(badCode);
      // The job A was converting when killed ran again on B: BullMQ counted it stalled. Logged, not
      // asserted: A is almost always mid-job, but not always, and on a loaded machine a live
      // worker's late lock renewal is counted too (its job then runs twice, with the same result).
      const retried = completed.filter((j) => j.stalledCounter > 0).map((j) => j.data.relative as string);
      console.info(`[queue test] jobs taken back from the killed worker and completed by the other: ${retried.join(', ') || 'none (killed between two jobs)'}`);
      // Each completed job's return value is the entry convert --manifest wrote.
      const reference = readManifest(readFileSync(join(work, 'local.jsonl'), 'utf8'));
      for (const job of completed) expect(job.returnvalue).toEqual({ ...reference.get(job.data.relative)!, version: job.returnvalue.version });
    } finally {
      await q.close();
      connection.disconnect();
    }

    // BullMQ's sandbox with the built processor file (meshcodec/queue's CONVERSION_PROCESSOR) in a worker thread: the same entry.
    const { CONVERSION_PROCESSOR } = (await import(pathToFileURL(join(ROOT, 'dist', 'queue.js')).href)) as typeof import('../bindings/queue/index.js');
    expect(CONVERSION_PROCESSOR).toBe(join(ROOT, 'dist', 'queue-processor.js'));
    const sandboxed = cli(['queue', 'add', join(input, 'r0', 'fixtures', 'tube.iqm'), '--to', 'glb', '--out-dir', join(work, 'sandboxed'), '--redis', url, '--queue', 'sandboxed', '--quiet']);
    expect(sandboxed.status).toBe(0);
    const { Worker } = await import('bullmq');
    const sandboxConnection = new Redis(url, { maxRetriesPerRequest: null });
    const entry = await new Promise<ManifestEntry>((done, fail) => {
      const w = new Worker('sandboxed', CONVERSION_PROCESSOR, { connection: sandboxConnection, useWorkerThreads: true });
      w.on('completed', (_job, value: ManifestEntry) => void w.close().then(() => done(value)));
      w.on('failed', (_job, e) => void w.close().then(() => fail(e)));
    });
    sandboxConnection.disconnect();
    const tubeReference = readManifest(readFileSync(join(work, 'local.jsonl'), 'utf8')).get('r0/fixtures/tube.iqm')!;
    expect(entry).toEqual({ ...tubeReference, input: 'tube.iqm', outputs: [{ name: 'tube.glb', sha256: tubeReference.outputs![0]!.sha256 }] });
    expect(readFileSync(join(work, 'sandboxed', 'tube.glb')).equals(readFileSync(join(work, 'local', 'r0', 'fixtures', 'tube.iqm.glb')))).toBe(true);

    // The workers' manifests, concatenated and read as convert's are: one entry per input, equal to convert's.
    // Written before a job completes, so a job retried after A died may have a second, identical line.
    const text = ['a', 'b'].map((n) => (existsSync(join(work, `${n}.jsonl`)) ? readFileSync(join(work, `${n}.jsonl`), 'utf8') : '')).join('');
    const merged = readManifest(text);
    const reference = readManifest(readFileSync(join(work, 'local.jsonl'), 'utf8'));
    expect([...merged.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, entry] of merged) expect(entry).toEqual(reference.get(key));
    const lines = text.split('\n').filter((l) => l.startsWith('{'));
    const byInput = new Map<string, Set<string>>();
    for (const l of lines) {
      const key = (JSON.parse(l) as ManifestEntry).input;
      byInput.set(key, (byInput.get(key) ?? new Set()).add(l));
    }
    for (const [, distinct] of byInput) expect(distinct.size).toBe(1);

    // Outputs: the same files with the same bytes (a killed worker's temporary, if any, is not under a final name).
    const queued = filesUnder(join(work, 'queued'));
    const leftovers = queued.filter((f) => PARTIAL.test(f.split('/').pop()!));
    expect(queued.filter((f) => !leftovers.includes(f))).toEqual(filesUnder(join(work, 'local')));
    for (const f of filesUnder(join(work, 'local'))) expect(readFileSync(join(work, 'queued', f)).equals(readFileSync(join(work, 'local', f))), f).toBe(true);
    expect(statSync(join(work, 'queued')).isDirectory()).toBe(true);
  });
});
