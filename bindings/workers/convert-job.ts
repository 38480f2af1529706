import type { Kernels } from '../kernels/kernels.js';
import type { EncodedFile, FormatHandler, SiblingResolver, WriteOptions } from '../formats/format.js';
import { detectSignature, everyFormatLoaded, loadedFormat, loadFormat, signatureByName } from '../formats/format-index.js';
import { definedFormat } from '../formats/loaded-formats.js';
import type { FormatSignature } from '../formats/format-signature.js';
import { CodedError, errorInfo, type ErrorInfo } from '../io/error-info.js';
import { resolveConversion, type ConversionFlags } from '../cli/conversion-options.js';
import { initMeshopt, mayNeedMeshoptDecoder, meshoptReady } from '../formats/gltf/meshopt-module.js';

/** One conversion: a file's bytes in, the encoded output files out. */
export interface ConvertJob {
  bytes: Uint8Array;
  /** The input's path (`-` for standard input): detection by extension, and messages. */
  inputPath: string;
  /** Source format name or alias (`--format`); default: detect. */
  from?: string;
  /** Target format name or alias. */
  to: string;
  /** The output file name the user chose (`-o`): its extension decides the kind of file written. */
  outputName?: string;
  /** Otherwise the output's name without extension; the target's extension for this Asset is added. */
  outputStem?: string;
  /**
   * The command line's conversion flags (see bindings/cli/conversion-options.ts): the target's
   * conventions and the flags become reader and writer options. Given any flag, a same-format
   * conversion goes through the Asset instead of rewriting the document.
   */
  flags?: ConversionFlags;
}

export interface ConvertJobDone {
  ok: true;
  from: string;
  to: string;
  /** The main output first; each name is a file name in the main output's folder. */
  files: EncodedFile[];
  /** What the conversion lost (the Asset's warnings). */
  warnings: string[];
  /** True when a same-format conversion rewrote the file's document instead of going through the Asset. */
  rewritten: boolean;
  /** The files read beside the input (bindings/node/recording-resolver.ts), when recorded. */
  companions?: { name: string; sha256: string | null }[];
}

export interface ConvertJobFailed {
  ok: false;
  error: ErrorInfo;
}

export type ConvertJobOutcome = ConvertJobDone | ConvertJobFailed;

function extensionOf(name: string): string {
  const slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
  const dot = name.lastIndexOf('.');
  return dot > slash + 1 ? name.slice(dot).toLowerCase() : '';
}

function fileNameOf(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** The source format of a job, before its handler is loaded: forced by name, else detected (magic, then extension). */
export function sourceSignature(bytes: Uint8Array, inputPath: string, from?: string): FormatSignature {
  if (from) {
    const forced = signatureByName(from);
    if (!forced) throw new CodedError('UNKNOWN_FORMAT', `unknown format '${from}'`);
    return forced;
  }
  const detected = detectSignature(bytes, inputPath === '-' ? '' : inputPath);
  if (!detected) throw new CodedError('UNKNOWN_FORMAT', 'not a format meshcodec recognises (use --format NAME to force one)');
  return detected;
}

/**
 * A format's handler, loaded before (format-index.ts: prepareConvertJob loads a job's two, and
 * the CLI the ones a command may meet). A handler not loaded is meshcodec's own mistake.
 */
export function handlerOf(signature: FormatSignature): FormatHandler {
  // A signature's name is its format's own (no alias to look up, as loadedFormat would).
  const handler = definedFormat(signature.name);
  if (!handler) throw new CodedError('INTERNAL', `the ${signature.name} handler was used before it was loaded`);
  return handler;
}

/** The source handler for a job: forced by name, else detected (magic, then extension); its handler loaded before. */
export function sourceHandler(bytes: Uint8Array, inputPath: string, from?: string): FormatHandler {
  return handlerOf(sourceSignature(bytes, inputPath, from));
}

/** The source format prepareConvertJob detected for a job, for runConvertJob on the same job object (with the same bytes and names). */
const detectedSources = new WeakMap<ConvertJob, { signature: FormatSignature; bytes: Uint8Array; inputPath: string; from: string | undefined }>();

/** The source handler of a job: as prepareConvertJob detected it when the job is unchanged since, else detected now. */
function jobSource(job: ConvertJob): FormatHandler {
  const detected = detectedSources.get(job);
  if (detected && detected.bytes === job.bytes && detected.inputPath === job.inputPath && detected.from === job.from) return handlerOf(detected.signature);
  return sourceHandler(job.bytes, job.inputPath, job.from);
}

/**
 * Loads what runConvertJob (synchronous) needs: the job's source and target handlers
 * (format-index.ts; a format's module is imported once per thread, on its first job) and
 * meshoptimizer (its WebAssembly instantiates asynchronously, once per thread) when the job
 * writes EXT_meshopt_compression (`--compress meshopt`, `--optimize`) or its input is a glTF that
 * names it. A job whose formats are unknown is left for runConvertJob to refuse.
 */
export async function prepareConvertJob(job: ConvertJob): Promise<void> {
  // A run that loaded every format (bulk: the CLI's multi-file runs, the worker threads) skips the detection.
  if (!everyFormatLoaded()) {
    let source: FormatSignature | undefined;
    try {
      source = sourceSignature(job.bytes, job.inputPath, job.from);
      // runConvertJob takes it from here (the same bytes and names give the same answer): a
      // one-file run detected its input twice, 0.3 ms of its start-up (the tests run cold).
      detectedSources.set(job, { signature: source, bytes: job.bytes, inputPath: job.inputPath, from: job.from });
    } catch {
      source = undefined;
    }
    const target = signatureByName(job.to);
    if (source && !loadedFormat(source.name)) await loadFormat(source.name);
    if (target && !loadedFormat(target.name)) await loadFormat(target.name);
  }
  if (needsMeshopt(job)) await initMeshopt();
}

/**
 * Whether a job writes EXT_meshopt_compression or reads a glTF that may name it (a byte search;
 * a .gltf may open with a byte order mark or white space before its '{', which the reader accepts).
 */
function needsMeshopt(job: ConvertJob): boolean {
  const writes = job.flags?.compress === 'meshopt' || job.flags?.optimize === true;
  return writes || mayNeedMeshoptDecoder(job.bytes);
}

/**
 * Whether prepareConvertJob has nothing left to load for `job` (every format's handler, and
 * meshoptimizer when the job needs it): a batch then converts the job at once, without a promise
 * and its turn of the microtask queue per file (convert.ts, convert-batch.ts).
 */
export function convertJobPrepared(job: ConvertJob): boolean {
  // A handler once loaded stays: every format loaded is asked until it is true, then no more.
  allLoaded ||= everyFormatLoaded();
  return allLoaded && (meshoptReady() || !needsMeshopt(job));
}

let allLoaded = false;

/** signatureByName of a job's target, remembered for the last name (a batch names one target for every file). */
function targetSignature(name: string): FormatSignature | undefined {
  if (name !== lastTarget) {
    lastTargetSignature = signatureByName(name);
    lastTarget = name;
  }
  return lastTargetSignature;
}

let lastTarget: string | undefined;
let lastTargetSignature: FormatSignature | undefined;

/**
 * Converts one file. Same format in and out (and the output's extension, when named, the
 * input's) rewrites the document when the handler can (`rewriteSync`: identical bytes for valid
 * files); otherwise the file goes through the Asset. Never throws: failures are data, so that
 * they keep their code, format and offset across a worker boundary.
 */
export function runConvertJob(job: ConvertJob, kernels: Kernels, resolve?: SiblingResolver): ConvertJobOutcome {
  try {
    const source = jobSource(job);
    const named = targetSignature(job.to);
    if (!named) throw new CodedError('UNKNOWN_FORMAT', `unknown format '${job.to}'`);
    const target = handlerOf(named);
    const stem = job.outputStem ?? 'output';
    const sameKind = job.outputName === undefined || extensionOf(job.outputName) === extensionOf(job.inputPath);
    const flagged = job.flags !== undefined && Object.keys(job.flags).length > 0;
    if (source === target && sameKind && target.rewriteSync && !flagged) {
      const name = job.outputName !== undefined ? fileNameOf(job.outputName) : stem + extensionOf(job.inputPath);
      return { ok: true, from: source.name, to: target.name, files: [{ name, bytes: target.rewriteSync(job.bytes, { kernels }) }], warnings: [], rewritten: true };
    }
    const conversion = job.flags ? resolveConversion(job.flags, source.name, target.name) : { read: {}, write: {} };
    const asset = source.parseSync(job.bytes, {
      ...conversion.read,
      kernels,
      ...(job.inputPath !== '-' ? { fileName: job.inputPath } : {}),
      ...(resolve ? { resolve } : {}),
    });
    const options: WriteOptions = { ...conversion.write, kernels };
    const name = job.outputName !== undefined ? fileNameOf(job.outputName) : stem + (target.outputExtension?.(asset, options) ?? target.extensions[0] ?? '');
    options.fileName = name;
    const files = target.encodeFiles ? target.encodeFiles(asset, name, options) : [{ name, bytes: target.encodeSync(asset, options) }];
    return { ok: true, from: source.name, to: target.name, files, warnings: asset.warnings, rewritten: false };
  } catch (e) {
    return { ok: false, error: errorInfo(e) };
  }
}
