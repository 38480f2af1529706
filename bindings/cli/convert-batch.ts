// `convert --jobs N` over many files: every thread (the main thread and N − 1 workers) claims the
// next unit of files from shared counters (one per source format, its own formats first:
// batch-affinity.ts), reads, converts and writes them itself; a worker
// sends the main thread only each file's result line (no output bytes). The main thread reports.
//
// Alternatives measured (992 corpus files to GLB on tmpfs, shared 2-core machine, --cpu-prof of
// both threads): the main thread handing each file to the worker (three queued) and writing the
// worker's outputs itself left the worker waiting in Atomics.wait for 52 % of the run, since the
// main thread, converting a 3.3 MB file of its own, neither took results nor handed out files
// meanwhile (a deeper queue moves the wait to the end of the batch and keeps outputs in flight);
// the main thread only coordinating needs one more isolate (its start-up and JIT warm-up, 0.4–0.5 s
// of CPU). Claiming from a shared counter needs no message to start a file and none to write one.
//
// Outputs whose names could meet go to one thread: a unit is the files of one output folder whose
// stems agree up to their first dot (every name a writer makes is its stem, a dot and more), so
// that each thread's own record of names written catches every collision (OUTPUT_COLLISION).
import { join, resolve } from 'node:path';
import type { Kernels } from '../kernels/kernels.js';
import { CodedError, errorInfo, type ErrorInfo } from '../io/error-info.js';
import { runConvertJobOnDisk } from '../node/recording-resolver.js';
import { convertJobPrepared, prepareConvertJob, type ConvertJob, type ConvertJobOutcome } from '../workers/convert-job.js';
import { signatureByName } from '../formats/format-index.js';
import { writeFilesAtomicSync } from './atomic-write.js';
import { checkOutputs } from './check-outputs.js';
import type { ConversionFlags } from './conversion-options.js';
import { claimTargets, existedAlready, type IdentitySet } from './claim-targets.js';
import { readInputFileSync } from './read-input.js';

/** One input of a batch and where its outputs go (planOutputs). */
export interface BatchFile {
  inputPath: string;
  dir: string;
  stem: string;
}

/** What every file of a batch is converted with. */
export interface BatchSettings {
  to: string;
  /** --format */
  from?: string;
  flags: ConversionFlags;
  force: boolean;
  validate: boolean;
}

/** One file's result as `convert --json` prints it (ConvertResult without the skipped form). */
export type BatchResult =
  | { input: string; ok: true; outputs: string[]; from: string; to: string; bytesIn: number; bytesOut: number; rewritten: boolean; warnings: string[] }
  | { input: string; ok: false; error: ErrorInfo };

/** The part of a name up to its first dot, lower-cased: names that can meet share it. */
function unitKey(dir: string, name: string): string {
  // The folder resolved: one folder spelled two ways (relative, absolute, with `..`) is one unit.
  return unitKeyIn(resolve(dir).toLowerCase(), name);
}

/** unitKey with the folder resolved and lower-cased already (one resolve for a file and its outputs). */
function unitKeyIn(folder: string, name: string): string {
  const dot = name.indexOf('.');
  return `${folder}\0${(dot < 0 ? name : name.slice(0, dot)).toLowerCase()}`;
}

/** The batch's units, in the order of their first file: indexes into `files`. */
export function batchUnits(files: readonly BatchFile[]): number[][] {
  const units = new Map<string, number[]>();
  files.forEach((f, i) => {
    const key = unitKey(f.dir, f.stem);
    const unit = units.get(key);
    if (unit) unit.push(i);
    else units.set(key, [i]);
  });
  return [...units.values()];
}

/** A thread's state over a batch: the input identities of the run, and the names this thread wrote. */
export interface BatchWriter {
  inputIds: IdentitySet;
  written: Set<string>;
  /**
   * Set once an output of this thread existed: from then on each output is stat'ed before it is
   * written (claimTargets), so that a run over a tree already converted refuses each file without
   * writing a temporary first; until then the final link decides (`linkDecides`).
   */
  askFirst?: boolean;
}

export { existedAlready };

/**
 * Reads, converts and writes one file of a batch, on whatever thread claimed it; never throws (nor
 * rejects). The same steps, checks and messages as the main thread's own files (convert.ts). The
 * result comes at once, without a promise, when nothing needs awaiting (every handler loaded, no
 * --validate: convertJobPrepared), which is every file of a usual batch: a promise per file is a
 * turn of the microtask queue and an async function's state for V8 to optimize.
 */
export function convertBatchFile(file: BatchFile, settings: BatchSettings, kernels: Kernels, writer: BatchWriter): BatchResult | Promise<BatchResult> {
  const input = file.inputPath;
  let bytes: Uint8Array;
  try {
    bytes = readInputFileSync(input, { format: settings.from });
  } catch (e) {
    return { input, ok: false, error: errorInfo(e) };
  }
  const job = { bytes, inputPath: input, to: settings.to, flags: settings.flags, outputStem: file.stem, ...(settings.from !== undefined ? { from: settings.from } : {}) };
  if (!settings.validate && convertJobPrepared(job)) return writeBatchFile(file, settings, writer, bytes.byteLength, runConvertJobOnDisk(job, kernels));
  return convertBatchFileLater(file, settings, kernels, writer, job);
}

/** convertBatchFile's steps with its awaits: the job's handlers or meshoptimizer to load, --validate's checks. */
async function convertBatchFileLater(file: BatchFile, settings: BatchSettings, kernels: Kernels, writer: BatchWriter, job: ConvertJob): Promise<BatchResult> {
  const input = file.inputPath;
  try {
    await prepareConvertJob(job);
  } catch (e) {
    return { input, ok: false, error: errorInfo(e) };
  }
  const outcome = runConvertJobOnDisk(job, kernels);
  if (outcome.ok && settings.validate) {
    try {
      await checkOutputs(outcome.files, signatureByName(settings.to)!, kernels);
    } catch (e) {
      return { input, ok: false, error: errorInfo(e) };
    }
  }
  return writeBatchFile(file, settings, writer, job.bytes.byteLength, outcome);
}

/** A converted file's outputs written under its planned name (claimTargets, writeFilesAtomicSync), as its result. */
function writeBatchFile(file: BatchFile, settings: BatchSettings, writer: BatchWriter, bytesIn: number, outcome: ConvertJobOutcome): BatchResult {
  const input = file.inputPath;
  if (!outcome.ok) return { input, ok: false, error: outcome.error };
  try {
    const folder = resolve(file.dir).toLowerCase();
    const key = unitKeyIn(folder, file.stem);
    const targets = outcome.files.map((f) => {
      if (unitKeyIn(folder, f.name) !== key) throw new CodedError('OUTPUT_COLLISION', `${join(file.dir, f.name)} is not named after ${file.stem}: it cannot be checked against the other threads' outputs`);
      return { path: join(file.dir, f.name), bytes: f.bytes };
    });
    const existing = claimTargets(targets.map((t) => t.path), writer.inputIds, writer.written, !settings.force && writer.askFirst !== true);
    try {
      writeFilesAtomicSync(targets, settings.force, existing, writer.inputIds);
    } catch (e) {
      if (existedAlready(e)) writer.askFirst = true;
      throw e;
    }
    const bytesOut = outcome.files.reduce((sum, f) => sum + f.bytes.byteLength, 0);
    return { input, ok: true, outputs: targets.map((t) => t.path), from: outcome.from, to: outcome.to, bytesIn, bytesOut, rewritten: outcome.rewritten, warnings: outcome.warnings };
  } catch (e) {
    return { input, ok: false, error: errorInfo(e) };
  }
}
