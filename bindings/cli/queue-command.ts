// `meshcodec queue add|work`: the command line of meshcodec/queue. Loaded by main.ts only when the
// command is `queue` (a dynamic import), so that no other command loads bullmq or ioredis.
import { parseArgs } from 'node:util';
import { Queue } from 'bullmq';
import type { BackendChoice } from '../kernels/backend.js';
import { initSync } from '../kernels/backend.js';
import { errorInfo } from '../io/error-info.js';
import { conversionParseArgsOptions, parseConversionFlags } from './conversion-options.js';
import { COMMAND_HELP } from './help.js';
import type { CliEnvironment } from './main.js';
import { ManifestFile } from './manifest-file.js';
import { checkRedis, redisConnection } from '../queue/connection.js';
import { addConversionJobs, conversionJobs, expandQueueInputs } from '../queue/enqueue.js';
import { QUEUE_WORKER_DEFAULTS, startConversionWorker } from '../queue/worker.js';
import { failureDetail, type ConversionJobError } from '../queue/conversion-job.js';

const OPTIONS = {
  redis: { type: 'string' },
  queue: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  quiet: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  backend: { type: 'string' },
  // add
  to: { type: 'string' },
  'out-dir': { type: 'string' },
  format: { type: 'string' },
  force: { type: 'boolean', default: false },
  'inline-under': { type: 'string' },
  // work
  concurrency: { type: 'string' },
  'until-empty': { type: 'boolean', default: false },
  manifest: { type: 'string' },
  'lock-duration': { type: 'string' },
  'stalled-interval': { type: 'string' },
  ...conversionParseArgsOptions(),
} as const;

const ADD_ONLY = ['to', 'out-dir', 'format', 'force', 'inline-under', ...Object.keys(conversionParseArgsOptions())];
const WORK_ONLY = ['concurrency', 'until-empty', 'manifest', 'lock-duration', 'stalled-interval', 'backend'];

/** A whole number of at least `min`, or undefined when absent; a usage message when not one. */
function wholeNumber(value: unknown, flag: string, min: number): number | undefined | string {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= min ? n : `--${flag} takes a whole number of at least ${min}, not '${String(value)}'`;
}

export async function runQueueCommand(argv: string[], env: CliEnvironment): Promise<number> {
  const { io } = env;
  const usage = (message: string) => {
    io.err(`meshcodec: ${message}\nRun 'meshcodec queue --help' for its options.\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (e) {
    return usage((e as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const [sub, ...args] = parsed.positionals;
  if (values.help || sub === undefined) {
    (values.help ? io.out : io.err)(COMMAND_HELP.queue!());
    return values.help ? 0 : 2;
  }
  if (sub !== 'add' && sub !== 'work') return usage(`unknown queue command '${sub}' (add, work)`);
  const misplaced = (sub === 'add' ? WORK_ONLY : ADD_ONLY).find((name) => values[name] !== undefined && values[name] !== false);
  if (misplaced) return usage(`queue ${sub} does not take --${misplaced}`);
  if (typeof values.redis !== 'string') return usage(`queue ${sub} needs --redis URL (redis://host:6379)`);
  if (typeof values.queue !== 'string' || values.queue === '') return usage(`queue ${sub} needs --queue NAME`);
  const run = sub === 'add' ? queueAdd : queueWork;
  return run(args, values, env, usage, async () => {
    try {
      await checkRedis(String(values.redis));
      return true;
    } catch (e) {
      io.err(`meshcodec: cannot reach Redis at ${String(values.redis)}: ${errorInfo(e).message}\n`);
      return false;
    }
  });
}

/** Whether Redis answers (saying why not on stderr): checked once usage is settled, before any job is added or taken. */
type RedisCheck = () => Promise<boolean>;

async function queueAdd(args: string[], values: Record<string, string | boolean | undefined>, env: CliEnvironment, usage: (m: string) => number, reachable: RedisCheck): Promise<number> {
  const { io } = env;
  if (args.length === 0) return usage('queue add needs at least one file, folder or glob');
  if (args.includes('-')) return usage("a queued job cannot read standard input ('-')");
  if (typeof values.to !== 'string') return usage('queue add needs --to NAME');
  const inlineUnder = wholeNumber(values['inline-under'], 'inline-under', 0);
  if (typeof inlineUnder === 'string') return usage(inlineUnder);
  const flags = parseConversionFlags(values);
  if (typeof flags === 'string') return usage(flags);
  const inputs = expandQueueInputs(args, values.format as string | undefined);
  if (inputs.empty.length) return usage(inputs.empty.map((e) => `${e.pattern}: ${e.why}`).join('; '));
  let jobs;
  try {
    jobs = conversionJobs(inputs, {
      to: values.to,
      flags,
      force: values.force === true,
      inlineUnder: inlineUnder ?? 0,
      ...(values['out-dir'] !== undefined ? { outDir: String(values['out-dir']) } : {}),
      ...(values.format !== undefined ? { from: String(values.format) } : {}),
    });
  } catch (e) {
    return usage(errorInfo(e).message);
  }
  if (!(await reachable())) return 1;
  for (const m of inputs.missing) io.err(`${m.path}: error: ${m.error.message}\n`);
  const connection = redisConnection(String(values.redis));
  const queue = new Queue(String(values.queue), { connection });
  try {
    const added = await addConversionJobs(queue, jobs);
    if (values.json) io.out(JSON.stringify({ summary: { command: 'queue add', queue: values.queue, added, missing: inputs.missing.length } }) + '\n');
    else if (!values.quiet) io.err(`${added} job(s) added to ${String(values.queue)}${inputs.missing.length ? `; ${inputs.missing.length} argument(s) named nothing (listed above)` : ''}\n`);
  } catch (e) {
    io.err(`meshcodec: ${String(values.redis)}: ${errorInfo(e).message}\n`);
    return 1;
  } finally {
    await queue.close();
    connection.disconnect();
  }
  return inputs.missing.length ? 1 : 0;
}

async function queueWork(args: string[], values: Record<string, string | boolean | undefined>, env: CliEnvironment, usage: (m: string) => number, reachable: RedisCheck): Promise<number> {
  const { io } = env;
  if (args.length) return usage(`queue work takes no files (the jobs name them), not '${args[0]}'`);
  const concurrency = wholeNumber(values.concurrency, 'concurrency', 1);
  const lockDuration = wholeNumber(values['lock-duration'], 'lock-duration', 100);
  const stalledInterval = wholeNumber(values['stalled-interval'], 'stalled-interval', 100);
  for (const n of [concurrency, lockDuration, stalledInterval]) if (typeof n === 'string') return usage(n);
  const backend = (values.backend ?? 'auto') as BackendChoice;
  try {
    initSync({ backend });
  } catch (e) {
    return usage((e as Error).message.replace(/^meshcodec: /, ''));
  }
  if (!(await reachable())) return 1;
  let manifest: ManifestFile | undefined;
  try {
    manifest = values.manifest !== undefined ? await ManifestFile.open(String(values.manifest), false) : undefined;
  } catch (e) {
    io.err(`meshcodec: --manifest: ${errorInfo(e).message}\n`);
    return 2;
  }
  const run = startConversionWorker({
    redis: String(values.redis),
    queue: String(values.queue),
    concurrency: (concurrency as number | undefined) ?? QUEUE_WORKER_DEFAULTS.concurrency,
    ...(lockDuration !== undefined ? { lockDuration: lockDuration as number } : {}),
    ...(stalledInterval !== undefined ? { stalledInterval: stalledInterval as number } : {}),
    backend,
    untilEmpty: values['until-empty'] === true,
    version: env.version,
    ...(env.workerUrl ? { workerUrl: env.workerUrl } : {}),
    ...(manifest ? { record: (entry) => manifest!.append(entry) } : {}),
    onJob: ({ job, entry, error }) => {
      // Named as its manifest entry is (`x.mesh#2` for a second input at the same relative path).
      const input = job.data.input ?? job.data.relative;
      if (values.json) io.out(JSON.stringify(entry ? { job: job.id, ok: true, ...entry } : { job: job.id, ok: false, input, error: (error as ConversionJobError).info ?? errorInfo(error) }) + '\n');
      else if (error) {
        // A conversion's failure names its input itself (the job's failedReason): said once here.
        const info = (error as Partial<ConversionJobError>).info;
        io.err(`${input}: error: ${info ? failureDetail(info) : error.message}\n`);
      }
      else if (!values.quiet) io.err(`${job.data.relative} -> ${entry!.outputs?.map((o) => o.name).join(', ')}\n`);
    },
  });
  // SIGINT / SIGTERM end the process as for convert (bin.ts): the jobs in flight lose their locks
  // and another worker takes them over; their temporaries are removed.
  const counts = await run.done;
  await manifest?.close();
  if (values.json) io.out(JSON.stringify({ summary: { command: 'queue work', queue: values.queue, ...counts } }) + '\n');
  else if (!values.quiet) io.err(`${counts.completed} job(s) completed, ${counts.failed} failed\n`);
  return counts.failed ? 1 : 0;
}
