import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { initSync, type BackendChoice } from '../kernels/backend.js';
import { initMeshopt } from '../formats/gltf/meshopt-module.js';
import { FORMAT_SIGNATURES, loadAllFormats, loadFormat, signatureByExtension, signatureByName } from '../formats/format-index.js';
import { checkConversionFlags, CONVERSION_OPTIONS, conversionParseArgsOptions, parseConversionFlags } from './conversion-options.js';
import type { CommandContext } from './context.js';
import { convertTarget, runConvert, workerQueue } from './convert.js';
import { earlyPoolWanted } from './early-pool-wanted.js';
import { COMMAND_HELP, generalHelp } from './help.js';
import { expandInputs } from './inputs.js';
import { parseShard } from './shard.js';
import type { CliIO } from './stdio.js';

export interface CliEnvironment {
  io: CliIO;
  /** The package version for --version. */
  version: string;
  /** The built worker script (dist/convert-worker.js); without it convert runs on the main thread. */
  workerUrl?: URL;
  /** Environment variables (JOB_COMPLETION_INDEX for `--shard /N`); default: process.env. */
  env?: Readonly<Record<string, string | undefined>>;
}

const OPTIONS = {
  format: { type: 'string' },
  backend: { type: 'string', default: 'auto' },
  json: { type: 'boolean', default: false },
  verbose: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', short: 'V', default: false },
  to: { type: 'string' },
  output: { type: 'string', short: 'o' },
  'out-dir': { type: 'string' },
  force: { type: 'boolean', default: false },
  jobs: { type: 'string' },
  validate: { type: 'boolean', default: false },
  shard: { type: 'string' },
  manifest: { type: 'string' },
  incremental: { type: 'boolean', default: false },
  ...conversionParseArgsOptions(),
} as const;

const FORMAT_NAMES: readonly string[] = FORMAT_SIGNATURES.map((f) => f.name);

/** Options only `convert` takes. */
const CONVERT_ONLY = ['to', 'output', 'out-dir', 'force', 'jobs', 'quiet', 'validate', 'shard', 'manifest', 'incremental', ...CONVERSION_OPTIONS.map((o) => o.flag)] as const;

/** --jobs as given (a whole number of at least 1), else the machine's parallelism; an invalid value is the usage error runCli reports (here 1: no early workers). */
function jobsWanted(jobs: string | boolean | undefined): number {
  if (jobs === undefined) return availableParallelism();
  const n = Number(jobs);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The formats a run's inputs name by extension, in the order met (one look-up a file); every format when one is standard input or names none. */
function formatsByExtension(files: readonly { path: string }[]): string[] {
  const names = new Set<string>();
  for (const f of files) {
    const name = f.path === '-' ? undefined : signatureByExtension(f.path)?.name;
    if (name === undefined) return [...FORMAT_NAMES];
    names.add(name);
  }
  return [...names];
}

/** Runs the CLI; resolves to the exit code (0 ok, 1 some file failed, 2 usage). */
export async function runCli(argv: string[], env: CliEnvironment): Promise<number> {
  const { io } = env;
  // `queue add|work` has options of its own; loaded only here, so no other command loads bullmq.
  if (argv[0] === 'queue') return (await import('./queue-command.js')).runQueueCommand(argv.slice(1), env);
  const usage = (message: string, command?: string) => {
    io.err(`meshcodec: ${message}\n${command ? `Run 'meshcodec ${command} --help' for its options.` : "Run 'meshcodec --help' for usage."}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (e) {
    return usage((e as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined> & { backend: string; json: boolean; verbose: boolean; quiet: boolean; help: boolean; version: boolean; force: boolean; validate: boolean };
  let [command, ...args] = parsed.positionals;
  // `meshcodec help [COMMAND]` is `meshcodec [COMMAND] --help`.
  if (command === 'help') {
    if (args.length > 1) return usage('help takes at most one command');
    [command, args] = [args[0], []];
    values.help = true;
  }
  if (values.version) {
    io.out(`meshcodec ${env.version}\n`);
    return 0;
  }
  if (!command) {
    if (values.help) {
      io.out(generalHelp());
      return 0;
    }
    io.err(generalHelp());
    return 2;
  }
  const help = COMMAND_HELP[command];
  if (!help) return usage(`unknown command '${command}'`);
  if (values.help) {
    io.out(help());
    return 0;
  }
  if (command !== 'convert') {
    const misplaced = CONVERT_ONLY.find((name) => values[name] !== undefined && values[name] !== false);
    if (misplaced) return usage(`${command} does not take --${misplaced}`, command);
  }
  if (args.length === 0) return usage(`${command} needs at least one file, folder or glob ('-' for stdin)`, command);
  if (typeof values.format === 'string' && !signatureByName(values.format)) return usage(`unknown format '${values.format}' (formats: ${FORMAT_NAMES.join(', ')})`, command);
  if (args.filter((a) => a === '-').length > 1) return usage("'-' (stdin) can be given once", command);
  let kernels;
  try {
    kernels = initSync({ backend: values.backend as BackendChoice });
  } catch (e) {
    return usage((e as Error).message.replace(/^meshcodec: /, ''), command);
  }
  const ctx: CommandContext = {
    io,
    kernels,
    backend: values.backend as BackendChoice,
    format: values.format as string | undefined,
    json: values.json,
    verbose: values.verbose,
    quiet: values.quiet,
  };
  // Folders and globs take the files a registered format (or the forced one) names by extension.
  const forced = typeof values.format === 'string' ? signatureByName(values.format) : undefined;
  const extensions = (forced ? [forced] : FORMAT_SIGNATURES).flatMap((f) => f.extensions);
  const accept = (name: string) => {
    if (forced !== undefined) return true;
    const lower = name.toLowerCase();
    return extensions.some((ext) => lower.endsWith(ext));
  };
  // convert --jobs N over a folder, a glob or several files: its workers start now, beside the
  // walk and planning below (early-pool.ts); runConvert adopts or closes them, and a return
  // before it closes them here.
  // early-pool.ts (the pool and piscina) is loaded only for a run that starts one.
  const jobsEarly = jobsWanted(values.jobs);
  const early =
    command === 'convert' && values.output === undefined && earlyPoolWanted(env.workerUrl, jobsEarly, args)
      ? (await import('./early-pool.js')).startPoolEarly({ workerUrl: env.workerUrl, jobs: jobsEarly, backend: ctx.backend, args, queued: workerQueue(values.manifest === undefined && !args.includes('-')) })
      : undefined;
  let adopted = false;
  try {
    const inputs = expandInputs(args, accept);
    if (inputs.empty.length) return usage(`${inputs.empty.map((e) => `${e.pattern}: ${e.why}`).join('; ')}`, command);

    if (command === 'info' || command === 'validate') {
      // A glTF may use EXT_meshopt_compression, whose decoder loads asynchronously (meshopt-module.ts):
      // loaded here for every run of these two commands, since a GLB is recognised by its content
      // whatever its name (choosing by extension failed a compressed GLB named .apg with
      // UNSUPPORTED). A conversion loads it per file, when the file names the extension or the run
      // writes it (prepareConvertJob).
      await initMeshopt();
      await loadAllFormats();
      // Loaded by the commands that run them (neither is a conversion's).
      return command === 'info' ? (await import('./info.js')).runInfo(inputs, ctx) : (await import('./validate.js')).runValidate(inputs, ctx);
    }

    const output = values.output as string | undefined;
    const target = convertTarget(values.to as string | undefined, output);
    if (typeof target === 'string') return usage(target, command);
    const flags = parseConversionFlags(values);
    if (typeof flags === 'string') return usage(flags, command);
    // The formats the inputs may be: --format, else by extension (stdin, or a name no format claims: any, read by content).
    const sources: string[] = forced ? [forced.name] : formatsByExtension(inputs.files);
    const misfit = checkConversionFlags(flags, sources, target.name);
    if (misfit) return usage(misfit, command);
    if (output !== undefined && values['out-dir'] !== undefined) return usage('-o and --out-dir do not go together', command);
    if (output !== undefined && inputs.files.length + inputs.missing.length !== 1) {
      return usage(`-o takes one input, but ${inputs.files.length + inputs.missing.length} were given; use --out-dir DIR for several`, command);
    }
    if (output === '-' && values.json) return usage('--json and -o - would both write to stdout', command);
    if (output === '-' && io.outIsTTY) return usage('-o - would write binary data to a terminal: redirect stdout or use -o FILE', command);
    let jobs = availableParallelism();
    if (values.jobs !== undefined) {
      jobs = Number(values.jobs);
      if (!Number.isInteger(jobs) || jobs < 1) return usage(`--jobs takes a whole number of at least 1, not '${values.jobs}'`, command);
    }
    const shard = values.shard !== undefined ? parseShard(String(values.shard), env.env ?? process.env) : undefined;
    if (typeof shard === 'string') return usage(shard, command);
    const manifest = values.manifest as string | undefined;
    if (values.incremental && manifest === undefined) return usage('--incremental needs --manifest FILE.jsonl (the record of earlier runs it compares with)', command);
    if (values.incremental && output === '-') return usage('--incremental cannot check an output written to stdout (-o -)', command);
    // The handlers the run needs (format-index.ts): for one file, its target and the formats it
    // may be (a file whose content names another format loads that one when read: read-input.ts);
    // for several, every format, since files of any format may come and threads read them synchronously.
    if (inputs.files.length === 1) await Promise.all([target.name, ...sources].map((name) => loadFormat(name)));
    else await loadAllFormats();
    adopted = true;
    return runConvert(
      inputs,
      { target, output, outDir: values['out-dir'] as string | undefined, force: values.force, jobs, workerUrl: env.workerUrl, pool: early, flags, validate: values.validate, shard, manifest, incremental: values.incremental === true, version: env.version },
      ctx,
    );
  } finally {
    if (early && !adopted) await early.close();
  }
}
