import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { FormatSignature } from '../formats/format-signature.js';
import { everyFormatLoaded, FORMAT_SIGNATURES, signatureByExtension, signatureByName } from '../formats/format-index.js';
import { CodedError, errorInfo, type ErrorInfo } from '../io/error-info.js';
import { runConvertJobOnDisk } from '../node/recording-resolver.js';
import { convertJobPrepared, prepareConvertJob, type ConvertJob, type ConvertJobDone, type ConvertJobOutcome } from '../workers/convert-job.js';
import type { ConvertPool, PoolJob } from '../workers/convert-pool.js';
import { removedStalePartials, watchPartials, writeFilesAtomic, writeFilesAtomicSync } from './atomic-write.js';
import { tierUpLaterForBatch } from './batch-tiering.js';
import { claimTargets, existedAlready, InputIdentities } from './claim-targets.js';
// The claimed batch's modules (convert-batch.ts and what it uses), --validate's checks and the
// worker pool are imported by the runs that use them: a one-file conversion loads none of them.
import type { BatchFile, BatchResult, BatchSettings, BatchWriter } from './convert-batch.js';
import { readInput, type CommandContext } from './context.js';
import { readInputFileSync } from './read-input.js';
import type { ConversionFlags } from './conversion-options.js';
import type { ExpandedInputs, InputFile } from './inputs.js';
import { JsonLines } from './json-lines.js';
import { EventLoopTurns } from './event-loop-turns.js';
import { planOutputs, type OutputPlace } from './output-plan.js';
import { Progress } from './progress.js';
import { formatBytes } from './table.js';
import { outputName, outputsOwned, unchangedOutputs } from './incremental.js';
import { inputDigest, manifestEntry, manifestNames, manifestOptions, slashPath, type ManifestEntry } from './manifest.js';
import { ManifestFile } from './manifest-file.js';
import { inShard, type Shard } from './shard.js';
import { WarningTally } from './warning-tally.js';
import { nowMs } from './clock.js';

export interface ConvertSettings {
  /** --to (already resolved to a handler by `convertTarget`). */
  target: FormatSignature;
  /** -o: the one output (`-` for stdout). */
  output: string | undefined;
  outDir: string | undefined;
  force: boolean;
  /** Worker threads; 1 converts on the main thread. */
  jobs: number;
  /** The built worker script; without it every file converts on the main thread. */
  workerUrl: URL | undefined;
  /** Conversion flags (bindings/cli/conversion-options.ts). */
  flags: ConversionFlags;
  /** --validate: each output is read back by its own reader (and glTF/GLB by the Khronos validator) before it is written. */
  validate: boolean;
  /** --shard I/N: only the inputs of that part (chosen by their relative paths, see shard.ts). */
  shard?: Shard | undefined;
  /** --manifest FILE.jsonl: one line appended per input read (see manifest.ts). */
  manifest?: string | undefined;
  /** --incremental: inputs the manifest shows unchanged, with their outputs intact, are skipped undecoded. */
  incremental?: boolean;
  /** The meshcodec version, recorded in the manifest. */
  version?: string;
  /**
   * Worker threads started before the inputs were expanded (early-pool.ts): used when this run
   * needs as many or fewer, with the same queue, and closed otherwise; runConvert closes it in any case.
   */
  pool?: ConvertPool | undefined;
}

export type ConvertResult =
  | { input: string; ok: true; outputs: string[]; from: string; to: string; bytesIn: number; bytesOut: number; rewritten: boolean; warnings: string[] }
  | { input: string; ok: true; skipped: true; outputs: string[]; bytesIn: number }
  | { input: string; ok: false; error: ErrorInfo };

/**
 * The target format from --to and -o, or a usage message: --to names a registered format; -o's
 * extension names it when --to is absent, and must not name a different one when --to is given.
 */
export function convertTarget(to: string | undefined, output: string | undefined): FormatSignature | string {
  const known = `formats: ${FORMAT_SIGNATURES.map((f) => f.name).join(', ')}`;
  const named = to !== undefined ? signatureByName(to) : undefined;
  if (to !== undefined && !named) return `unknown format '${to}' (${known})`;
  const byExtension = output !== undefined && output !== '-' ? signatureByExtension(output) : undefined;
  if (named) {
    if (byExtension && byExtension !== named) return `${output} has a ${byExtension.name} extension, but --to is ${named.name}: make them agree`;
    return named;
  }
  if (byExtension) return byExtension;
  if (output === '-') return `-o - needs --to NAME (${known})`;
  if (output !== undefined) return `cannot tell the format from ${output}'s extension: pass --to NAME (${known})`;
  return `convert needs --to NAME (or -o FILE) (${known})`;
}

/** Files in flight per worker thread (see ConvertPool's `queued`). */
export const WORKER_QUEUE = 3;

/** Tasks queued per worker for a run: 1 when every thread claims its own files (a claimed batch), else WORKER_QUEUE. */
export function workerQueue(claimed: boolean): number {
  return claimed ? 1 : WORKER_QUEUE;
}

export async function runConvert(inputs: ExpandedInputs, settings: ConvertSettings, ctx: CommandContext): Promise<number> {
  const { io } = ctx;
  const started = nowMs();
  // Outputs are planned over every input, then the shard is taken, so that each shard names its
  // outputs as a run over everything would (`x.mesh.glb` beside `x.anim.glb` in another shard).
  const allPlaces = settings.output === undefined ? planOutputs(inputs.files, settings.outDir) : [];
  const shard = settings.shard;
  const chosen = inputs.files.map((_, i) => i).filter((i) => !shard || inShard(inputs.files[i]!.relative, shard));
  const files = chosen.map((i) => inputs.files[i]!);
  const places = allPlaces.length ? chosen.map((i) => allPlaces[i]!) : [];
  // The manifest's names for the inputs (its keys): needed by a run that keeps one.
  const allNames = settings.manifest !== undefined ? manifestNames(inputs.files.map((f) => f.relative)) : undefined;
  const names = allNames ? chosen.map((i) => allNames[i]!) : [];
  const missing = shard ? inputs.missing.filter((m) => inShard(m.path, shard)) : inputs.missing;
  const inputIds = new InputIdentities(inputs.files.filter((f) => f.path !== '-').map((f) => f.path));
  let manifest: ManifestFile | undefined;
  try {
    manifest = settings.manifest !== undefined ? await ManifestFile.open(settings.manifest, settings.incremental === true) : undefined;
  } catch (e) {
    await settings.pool?.close();
    io.err(`meshcodec: --manifest: ${errorInfo(e).message}\n`);
    return 2;
  }
  const options = manifestOptions({ to: settings.target.name, from: ctx.format, flags: settings.flags });
  const version = settings.version ?? 'unknown';
  const written = new Set<string>();
  /** The main thread's writer state: lanes and its share of a claimed batch (convert-batch.ts). */
  const mainWriter: BatchWriter = { inputIds, written };
  const tally = new WarningTally();
  const json = ctx.json ? new JsonLines(io) : undefined;
  let converted = 0;
  let failed = 0;
  let skipped = 0;
  const report = (result: ConvertResult) => {
    if ('skipped' in result) skipped++;
    else if (result.ok) converted++;
    else failed++;
    json?.line(result);
  };
  const progress = new Progress(io, files.length + missing.length, ctx.quiet || ctx.json);
  let bytesIn = 0;
  let bytesOut = 0;

  /** A converted file's line on stderr (plain mode; built only when shown), its warnings under --verbose. */
  const doneLine = (input: string, outputs: readonly string[], from: string, to: string, rewritten: boolean, size: number, out: number, warnings: readonly string[]): string => {
    const detail = ctx.verbose ? warnings.map((w) => `\n  warning: ${w}`).join('') : '';
    return `${input} -> ${outputs.join(', ')} (${from} -> ${to}${rewritten ? ', rewritten' : ''}, ${size} -> ${out} bytes)${detail}`;
  };
  const fail = (input: string, e: unknown) => {
    const error = errorInfo(e);
    report({ input, ok: false, error });
    progress.fileFailed(`${input}: error: ${error.message}`);
  };
  for (const m of missing) fail(m.path, m.error);

  // --jobs N: N converting threads, the main thread and N − 1 workers. Alternatives measured on
  // 967 corpus files under 200 KB to GLB (shared 2-core machine): each worker isolate costs
  // 0.4–0.5 s of CPU for its start-up and its own JIT warm-up, so N workers beside an idle main
  // thread spent 0.8–1.9 s more CPU than --jobs 1 (pinned to one core too); the main thread
  // converting as well saves one isolate, and writing is cheap enough (synchronous) to share it.
  const threads = Math.min(settings.jobs, files.length);
  // Converting threads on every core: V8 optimizes later, in this thread and the workers started
  // below, so that its compiles do not take the cores from conversions (batch-tiering.ts).
  if (files.length > 1 && threads >= availableParallelism()) tierUpLaterForBatch();
  const usePool = settings.workerUrl !== undefined && threads > 1;
  // A batch whose every thread claims, converts and writes its own files (convert-batch.ts): files
  // on disk written under their planned names. A manifest (its digest and lines), -o and standard
  // input keep the main thread in charge of each file, the workers converting what it hands them.
  const claimed = usePool && settings.output === undefined && !manifest && !files.some((f) => f.path === '-');
  // Early workers (early-pool.ts) serve a run that needs as many or fewer (the others stay idle:
  // their start-up is spent already), with the same queue.
  let pool = settings.pool;
  if (pool && !(usePool && pool.threads >= threads - 1 && pool.queued === workerQueue(claimed))) {
    await pool.close();
    pool = undefined;
  }
  // The pool's module (and piscina) is loaded only by a run that uses it: a one-file conversion never does.
  if (usePool) pool ??= new (await import('../workers/convert-pool.js')).ConvertPool(settings.workerUrl!, threads - 1, ctx.backend, workerQueue(claimed));

  const convertOne = async (input: InputFile, place: OutputPlace | undefined, key: string, local: boolean): Promise<void> => {
    // With a pool the worker reads a named file itself; the main thread reads standard input, and
    // every input when a manifest needs its digest before the conversion (to skip it, or record it).
    let bytes: Uint8Array | undefined;
    if (local || !pool || input.path === '-' || manifest) {
      try {
        bytes = await readInput(input.path, ctx);
      } catch (e) {
        fail(input.path, e);
        return;
      }
    }
    let size = bytes?.byteLength ?? 0;
    // The input's outputs' folder under the output root.
    const subfolder = settings.output !== undefined ? '.' : input.path === '-' ? '.' : slashPath(dirname(input.relative));
    const previous = manifest?.previous.get(key);
    // Taken now: a worker thread takes the bytes over (they read as empty here afterwards).
    const digest = manifest && bytes ? inputDigest(bytes) : undefined;
    if (settings.incremental && previous && digest) {
      const where = settings.output !== undefined ? { folder: dirname(settings.output), subfolder, fileName: basename(settings.output), inputPath: input.path } : { folder: place!.dir, subfolder, stem: place!.stem, inputPath: input.path };
      const kept = await unchangedOutputs(previous, { ...digest, options, version }, where);
      if (kept) {
        report({ input: input.path, ok: true, skipped: true, outputs: kept, bytesIn: size });
        progress.fileDone(size, `${input.path}: unchanged (skipped): ${kept.join(', ')}`);
        return;
      }
    }
    const record = async (fields: Pick<Parameters<typeof manifestEntry>[0], 'outputs' | 'warnings' | 'error' | 'companions'>) => {
      if (manifest && digest) await manifest.append(manifestEntry({ input: key, digest, options, version, ...fields }));
    };
    const job: PoolJob = { inputPath: input.path, to: settings.target.name, flags: settings.flags };
    if (bytes) job.bytes = bytes;
    if (ctx.format !== undefined) job.from = ctx.format;
    if (settings.output !== undefined && settings.output !== '-') job.outputName = settings.output;
    else job.outputStem = place?.stem ?? (input.path === '-' ? 'stdin' : basename(input.path));
    let outcome: ConvertJobOutcome;
    try {
      if (pool && !local) {
        const pooled = await pool.run(job);
        size = pooled.inputBytes;
        outcome = pooled;
      } else {
        const read = { ...job, bytes: bytes! };
        await prepareConvertJob(read);
        outcome = runConvertJobOnDisk(read, ctx.kernels);
      }
    } catch (e) {
      // A worker that died (out of memory, …): this file fails, the others go on.
      fail(input.path, e);
      return;
    }
    if (!outcome.ok) {
      try {
        await record({ error: outcome.error });
      } catch (e) {
        fail(input.path, e);
        return;
      }
      report({ input: input.path, ok: false, error: outcome.error });
      progress.fileFailed(`${input.path}: error: ${outcome.error.message}`);
      return;
    }
    try {
      if (settings.validate) await (await import('./check-outputs.js')).checkOutputs(outcome.files, settings.target, ctx.kernels);
      const outputs = await commit(outcome, place, subfolder, manifest?.previousOutputs.get(key));
      await record({ outputs: outcome.files.map((f) => ({ name: outputName(subfolder, f.name), bytes: f.bytes })), warnings: outcome.warnings, companions: outcome.companions });
      const out = outcome.files.reduce((sum, f) => sum + f.bytes.byteLength, 0);
      bytesIn += size;
      bytesOut += out;
      tally.add(outcome.warnings);
      report({ input: input.path, ok: true, outputs, from: outcome.from, to: outcome.to, bytesIn: size, bytesOut: out, rewritten: outcome.rewritten, warnings: outcome.warnings });
      progress.fileDone(size, progress.showsLines ? doneLine(input.path, outputs, outcome.from, outcome.to, outcome.rewritten, size, out, outcome.warnings) : '');
    } catch (e) {
      await record({ error: errorInfo(e) }).catch(() => undefined);
      fail(input.path, e);
    }
  };

  // A bulk run's file on this thread, when nothing about it needs a promise (every format loaded,
  // a file on disk, no manifest, no -o, no --validate): read, converted, written and reported with
  // synchronous calls, the same steps, checks and messages as convertOne. Measured (1,000 corpus
  // files up to 200 KB to GLB, tmpfs, --jobs 1; README § Bulk conversion): convertOne, an async
  // function with nine awaits and the callees V8 inlines into it, was the CLI's largest optimizing
  // compile (40–114 ms on V8's threads), and each file took five promises through the microtask queue.
  const direct = settings.output === undefined && !manifest && !settings.validate && everyFormatLoaded();
  /** Undefined when the file is done; a promise when its job needs loading first (meshoptimizer). */
  const convertHere = (input: InputFile, place: OutputPlace): Promise<void> | undefined => {
    let bytes: Uint8Array;
    try {
      bytes = readInputFileSync(input.path, { format: ctx.format });
    } catch (e) {
      fail(input.path, e);
      return undefined;
    }
    const job: ConvertJob = { inputPath: input.path, to: settings.target.name, flags: settings.flags, bytes, outputStem: place.stem };
    if (ctx.format !== undefined) job.from = ctx.format;
    if (convertJobPrepared(job)) {
      finishHere(input.path, place, job);
      return undefined;
    }
    return prepareConvertJob(job).then(
      () => finishHere(input.path, place, job),
      (e: unknown) => fail(input.path, e),
    );
  };
  const finishHere = (input: string, place: OutputPlace, job: ConvertJob): void => {
    let outcome: ConvertJobOutcome;
    try {
      outcome = runConvertJobOnDisk(job, ctx.kernels);
    } catch (e) {
      fail(input, e);
      return;
    }
    if (!outcome.ok) {
      report({ input, ok: false, error: outcome.error });
      progress.fileFailed(`${input}: error: ${outcome.error.message}`);
      return;
    }
    try {
      const outputs = writeHere(outcome, place);
      const size = job.bytes.byteLength;
      const out = outcome.files.reduce((sum, f) => sum + f.bytes.byteLength, 0);
      bytesIn += size;
      bytesOut += out;
      tally.add(outcome.warnings);
      report({ input, ok: true, outputs, from: outcome.from, to: outcome.to, bytesIn: size, bytesOut: out, rewritten: outcome.rewritten, warnings: outcome.warnings });
      progress.fileDone(size, progress.showsLines ? doneLine(input, outputs, outcome.from, outcome.to, outcome.rewritten, size, out, outcome.warnings) : '');
    } catch (e) {
      fail(input, e);
    }
  };
  /** commit's steps for a file under its planned place (no -o, not incremental), synchronous. */
  const writeHere = (outcome: ConvertJobDone, place: OutputPlace): string[] => {
    const targets = outcome.files.map((f) => ({ path: join(place.dir, f.name), bytes: f.bytes }));
    const existing = claimTargets(targets.map((t) => t.path), inputIds, written, !settings.force && settings.incremental !== true && !mainWriter.askFirst);
    try {
      writeFilesAtomicSync(targets, settings.force, existing, inputIds);
    } catch (e) {
      if (existedAlready(e)) mainWriter.askFirst = true;
      throw e;
    }
    return targets.map((t) => t.path);
  };

  const commit = async (outcome: ConvertJobDone, place: OutputPlace | undefined, subfolder: string, made: ManifestEntry | undefined): Promise<string[]> => {
    if (settings.output === '-') {
      if (outcome.files.length !== 1) throw new CodedError('MULTI_FILE_OUTPUT', `${outcome.to} writes ${outcome.files.length} files; they cannot all go to stdout`);
      await (io.writeData ? io.writeData(outcome.files[0]!.bytes) : io.out(outcome.files[0]!.bytes));
      return ['-'];
    }
    const folder = settings.output !== undefined ? dirname(settings.output) : place!.dir;
    const targets = outcome.files.map((f) => ({ path: join(folder, f.name), bytes: f.bytes }));
    // Without --force (nor an incremental run, which may replace its own outputs) a single output's
    // final link refuses an existing file by itself: no stat first (claimTargets' `linkDecides`).
    // Once an output existed, each is asked first (BatchWriter.askFirst): a run over a converted tree
    // refuses each file without writing a temporary.
    const existing = claimTargets(targets.map((t) => t.path), inputIds, written, !settings.force && settings.incremental !== true && !mainWriter.askFirst);
    // An incremental run replaces the outputs its manifest recorded for this input, unchanged since.
    const owned = settings.incremental === true && (await outputsOwned(made, outcome.files.map((f, i) => ({ path: targets[i]!.path, name: outputName(subfolder, f.name) }))));
    try {
      await writeFilesAtomic(targets, settings.force || owned, existing, inputIds);
    } catch (e) {
      if (existedAlready(e)) mainWriter.askFirst = true;
      throw e;
    }
    return targets.map((t) => t.path);
  };

  /** A batch file's result, from whichever thread converted it. */
  const finished = (result: BatchResult) => {
    if (!result.ok) {
      report(result);
      progress.fileFailed(`${result.input}: error: ${result.error.message}`);
      return;
    }
    bytesIn += result.bytesIn;
    bytesOut += result.bytesOut;
    tally.add(result.warnings);
    report(result);
    progress.fileDone(result.bytesIn, progress.showsLines ? doneLine(result.input, result.outputs, result.from, result.to, result.rewritten, result.bytesIn, result.bytesOut, result.warnings) : '');
  };

  /** The batch claimed by every thread: the main thread's share here, each worker's reported as it goes. */
  const runClaimed = async (workers: ConvertPool): Promise<string[]> => {
    const [{ batchUnits, convertBatchFile }, { batchAffinity, claimByKind }, { PartialRegistry }] = await Promise.all([import('./convert-batch.js'), import('./batch-affinity.js'), import('./partial-registry.js')]);
    const batchFiles: BatchFile[] = files.map((f, i) => ({ inputPath: f.path, dir: places[i]!.dir, stem: places[i]!.stem }));
    const units = batchUnits(batchFiles);
    // Each thread takes its own formats' files first (batch-affinity.ts): one counter per kind.
    const { kinds, orders } = batchAffinity(batchFiles, units, threads, ctx.format);
    const claim = new Int32Array(new SharedArrayBuffer(4 * kinds.length));
    const batchSettings: BatchSettings = { to: settings.target.name, flags: settings.flags, force: settings.force, validate: settings.validate, ...(ctx.format !== undefined ? { from: ctx.format } : {}) };
    const reported = new Uint8Array(files.length);
    const onResult = (file: number, result: BatchResult) => {
      reported[file] = 1;
      finished(result);
    };
    const shares = Array.from({ length: threads - 1 }, (_, w) => {
      const partials = new PartialRegistry();
      watchPartials(partials);
      return workers.runBatch({ files: batchFiles, units, kinds, order: orders[w + 1]!, claim: claim.buffer as SharedArrayBuffer, partials: partials.buffer, settings: batchSettings, inputPaths: inputIds.paths }, onResult);
    });
    const writer = mainWriter;
    const order = orders[0]!;
    for (let unit = claimByKind(claim, kinds, order); unit >= 0; unit = claimByKind(claim, kinds, order)) {
      for (const file of units[unit]!) {
        const result = convertBatchFile(batchFiles[file]!, batchSettings, ctx.kernels, writer);
        onResult(file, result instanceof Promise ? await result : result);
        // Reads and writes are synchronous: turns of the event loop let signals (SIGINT, SIGTERM),
        // the workers' results and stream writes through (event-loop-turns.ts).
        if (turns.due()) await turns.turn();
      }
    }
    const ends = await Promise.allSettled(shares);
    // A worker that died (out of memory, …): the file it was converting fails, the others went on.
    const died = ends.find((e): e is PromiseRejectedResult => e.status === 'rejected');
    if (died) for (let file = 0; file < files.length; file++) if (!reported[file]) onResult(file, { input: files[file]!.path, ok: false, error: errorInfo(died.reason) });
    return ends.flatMap((e) => (e.status === 'fulfilled' ? e.value : []));
  };

  const staleInWorkers: string[] = [];
  const turns = new EventLoopTurns();
  try {
    // Otherwise WORKER_QUEUE files in flight per worker (one converting, the next ones queued in
    // the worker while the main thread converts or writes), which bounds memory to a few files;
    // one lane on the main thread, which converts in turn.
    let next = 0;
    const lane = async (local: boolean) => {
      while (next < files.length) {
        const i = next++;
        const input = files[i]!;
        if (local && direct && input.path !== '-') {
          const waiting = convertHere(input, places[i]!);
          if (waiting) await waiting;
        } else await convertOne(input, places[i], names[i] ?? '', local);
        // Reads and writes are synchronous: turns of the event loop let signals (SIGINT,
        // SIGTERM), worker results and stream writes through (event-loop-turns.ts).
        if (turns.due()) await turns.turn();
      }
    };
    // Worker lanes first, so that each worker has its files before the main thread starts one.
    if (claimed) staleInWorkers.push(...(await runClaimed(pool!)));
    else await Promise.all([...Array.from({ length: pool ? (threads - 1) * WORKER_QUEUE : 0 }, () => lane(false)), lane(true)]);
  } finally {
    await pool?.close();
    await manifest?.close();
  }
  progress.finish();

  const seconds = (nowMs() - started) / 1000;
  const stale = [...removedStalePartials(), ...staleInWorkers];
  json?.summary({ command: 'convert', files: converted + failed + skipped, converted, failed, skipped, bytesIn, bytesOut, seconds: Number(seconds.toFixed(3)), warnings: tally.byText(), staleTemporariesRemoved: stale.length });
  if (stale.length) io.err(`removed ${stale.length} temporary file(s) left by killed runs: ${stale.slice(0, 3).join(', ')}${stale.length > 3 ? ', …' : ''}\n`);
  if (!ctx.quiet) {
    const rate = seconds > 0 ? `${(bytesIn / 1e6 / seconds).toFixed(2)} MB/s` : '';
    io.err(
      `${converted} of ${converted + failed + skipped} file(s) converted${skipped ? `, ${skipped} unchanged (skipped)` : ''}${failed ? `, ${failed} failed (listed above)` : ''}; ` +
        `${formatBytes(bytesIn)} in, ${formatBytes(bytesOut)} out; ${seconds.toFixed(2)} s; ${rate}\n`,
    );
    for (const line of tally.summary()) io.err(line + '\n');
  }
  return failed ? 1 : 0;
}
