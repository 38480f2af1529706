// One queued conversion: what a BullMQ job carries, and the work its processor does with it
// (read, convert, write atomically, return the manifest entry). The conversion itself is
// `runConvertJob`, what `meshcodec convert` runs per file, so the outputs are the CLI's bytes.
//
// Retries: a job's work is deterministic, so a failure the conversion or the file system reports
// (a MeshFormatError, OUTPUT_EXISTS, ENOENT, …) fails the job once (BullMQ's UnrecoverableError:
// no further attempt); only a job whose worker died (its lock expired: BullMQ's stalled-job
// check) or whose converting thread died is run again. A rerun of a job that had already written
// some outputs before its worker was killed finds them with the bytes it would write and keeps
// them: an existing output with OTHER bytes is still refused without `force` (OUTPUT_EXISTS).
// Alternatives: letting every error retry (BullMQ's `attempts`) repeats a bad file's failure N
// times for nothing; writing with `force` always would make a retry idempotent too, but would
// silently replace a file the job does not own.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UnrecoverableError } from 'bullmq';
import type { ConversionFlags } from '../cli/conversion-options.js';
import { writeFilesAtomic } from '../cli/atomic-write.js';
import { outputName } from '../cli/incremental.js';
import { inputDigest, manifestEntry, manifestOptions, slashPath, type InputDigest, type ManifestEntry } from '../cli/manifest.js';
import { fileSystemError, readInputFile } from '../cli/read-input.js';
import type { CliIO } from '../cli/stdio.js';
import { CodedError, errorInfo, type ErrorInfo } from '../io/error-info.js';
import type { ConvertJob, ConvertJobOutcome } from '../workers/convert-job.js';

/** A job's data: one input file and where its outputs go (plain JSON: it is stored in Redis). */
export interface ConversionJobData {
  /** The input's path on the file system the workers share (absolute); its companions (.bin, .msh.blob) are found beside it. */
  path: string;
  /** The input's bytes, base64, instead of reading `path` (small files; companions cannot be found then). */
  base64?: string;
  /** The input's path under its input root, '/' separated: its outputs' subfolder (and the job's name). */
  relative: string;
  /** The manifest's name for the input (`manifestNames`: `x.mesh#2` for a second input at the same relative path); default: `relative`. */
  input?: string;
  /** Target format name. */
  to: string;
  /** Source format (`--format`); default: detect. */
  from?: string;
  /** Conversion flags, as `parseConversionFlags` gives them (flag name → value). */
  flags?: ConversionFlags;
  /** The folder the outputs go to (absolute) and the main output's name without its extension (as `convert` plans them). */
  dir: string;
  stem: string;
  /** Replace existing outputs (`--force`). */
  force?: boolean;
}

/** The progress a job reports through `job.updateProgress`, in order. */
export const CONVERSION_PROGRESS = { read: 10, converted: 70, written: 100 } as const;

export interface ProcessConversionOptions {
  /** Runs the conversion: `runConvertJob` on this thread, or a worker pool's `run`. */
  convert: (job: ConvertJob) => Promise<ConvertJobOutcome> | ConvertJobOutcome;
  /** The meshcodec version recorded in the manifest entry. */
  version: string;
  /** Called with each CONVERSION_PROGRESS step (`job.updateProgress`). */
  progress?: (percent: number) => Promise<void> | void;
  /** Called with the entry once the outputs are written, or with the failure's entry before the job fails (a worker's manifest file). */
  record?: (entry: ManifestEntry) => Promise<void> | void;
}

/** The failure of a job on its input or outputs: never retried; `info` keeps the MeshFormatError's code, format, offset or line:column. */
export class ConversionJobError extends UnrecoverableError {
  constructor(
    readonly input: string,
    readonly info: ErrorInfo,
  ) {
    super(failureMessage(input, info));
    // BullMQ tells an unrecoverable error by its name too (across a sandbox's process boundary).
    this.name = 'UnrecoverableError';
  }
}

/** `INPUT: CODE [format @offset|line:column]: message`, the job's failedReason. */
export function failureMessage(input: string, info: ErrorInfo): string {
  return `${input}: ${failureDetail(info)}`;
}

/** `CODE [format @offset|line:column]: message`: a failure without its input's name. */
export function failureDetail(info: ErrorInfo): string {
  const where = info.offset !== null ? ` @${info.offset}` : info.line !== null ? ` ${info.line}:${info.column ?? 0}` : '';
  return `${info.code}${info.format ? ` (${info.format}${where})` : where}: ${info.message}`;
}

/** A queue worker reads no standard input: `-` is a job the producer never makes. */
const NO_STDIN: CliIO = {
  out: () => undefined,
  err: () => undefined,
  outIsTTY: false,
  errIsTTY: false,
  columns: 80,
  readStdin: () => Promise.reject(new CodedError('NOT_A_FILE', 'a queued job cannot read standard input')),
};

function decodeBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

async function identity(path: string): Promise<string | undefined> {
  try {
    const s = await stat(path);
    return `${s.dev}:${s.ino}`;
  } catch {
    return undefined;
  }
}

async function sameBytes(path: string, bytes: Uint8Array): Promise<boolean> {
  try {
    return Buffer.from(bytes).equals(await readFile(path));
  } catch {
    return false;
  }
}

/**
 * Runs one job: reads the input (or its inline bytes), converts it, writes its outputs under
 * `dir` atomically (temporary name, then link or rename: never a partial file under a final
 * name) and returns its manifest entry. Throws ConversionJobError (unrecoverable) for a failure
 * on the input or the outputs; any other throw (a converting thread that died) may be retried.
 */
export async function processConversion(data: ConversionJobData, options: ProcessConversionOptions): Promise<ManifestEntry> {
  const input = data.input ?? slashPath(data.relative);
  const entryOptions = manifestOptions({ to: data.to, from: data.from, flags: data.flags });
  // As for convert: an input that could not be read gets no manifest line (its job still fails).
  let digest: InputDigest | undefined;
  const fail = async (e: unknown, known?: ErrorInfo): Promise<never> => {
    const info = known ?? errorInfo(e);
    // The job fails with its input's error: a manifest that cannot take the line (disk full) must
    // not turn it into a retryable failure with another reason.
    if (digest) await (async () => options.record?.(manifestEntry({ input, digest, options: entryOptions, version: options.version, error: info })))().catch(() => undefined);
    throw new ConversionJobError(input, info);
  };
  let bytes: Uint8Array;
  try {
    bytes = data.base64 !== undefined ? decodeBase64(data.base64) : await readInputFile(data.path, NO_STDIN, { format: data.from });
  } catch (e) {
    return fail(e);
  }
  // Before the conversion: a pool transfers the bytes to its thread.
  digest = inputDigest(bytes);
  await options.progress?.(CONVERSION_PROGRESS.read);
  const job: ConvertJob = { bytes, inputPath: data.path, to: data.to, outputStem: data.stem };
  if (data.flags !== undefined) job.flags = data.flags;
  if (data.from !== undefined) job.from = data.from;
  const outcome = await options.convert(job);
  if (!outcome.ok) return fail(undefined, outcome.error);
  await options.progress?.(CONVERSION_PROGRESS.converted);
  try {
    const inputId = data.base64 === undefined ? await identity(data.path) : undefined;
    const pending: { path: string; bytes: Uint8Array }[] = [];
    for (const file of outcome.files) {
      const path = join(data.dir, file.name);
      if (inputId !== undefined && (await identity(path)) === inputId) throw new CodedError('WOULD_OVERWRITE_INPUT', `${path} is the job's input and is never overwritten (use an output folder)`);
      // A retried job (its worker killed after this output was written) keeps what it would write again.
      if (!data.force && (await sameBytes(path, file.bytes))) continue;
      pending.push({ path, bytes: file.bytes });
    }
    if (pending.length) await writeFilesAtomic(pending, data.force === true);
  } catch (e) {
    return fail(e instanceof CodedError ? e : fileSystemError(e, data.dir));
  }
  const relative = slashPath(data.relative);
  const subfolder = relative.includes('/') ? relative.slice(0, relative.lastIndexOf('/')) : '.';
  const entry = manifestEntry({
    input,
    digest,
    options: entryOptions,
    version: options.version,
    outputs: outcome.files.map((f) => ({ name: outputName(subfolder, f.name), bytes: f.bytes })),
    warnings: outcome.warnings,
    companions: outcome.companions,
  });
  await options.record?.(entry);
  await options.progress?.(CONVERSION_PROGRESS.written);
  return entry;
}
