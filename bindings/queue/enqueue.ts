// The producer: a folder, glob or list of files becomes one BullMQ job per file, each naming its
// outputs as `meshcodec convert` over the same inputs would (outputs planned over every input, so
// `x.mesh` and `x.anim` still give `x.mesh.glb` and `x.anim.glb`). Paths are made absolute: the
// workers read and write them on a shared file system, from whatever working folder they run in.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { JobsOptions, Queue } from 'bullmq';
import { checkConversionFlags, type ConversionFlags } from '../cli/conversion-options.js';
import { expandInputs, type ExpandedInputs } from '../cli/inputs.js';
import { manifestNames, slashPath } from '../cli/manifest.js';
import { planOutputs } from '../cli/output-plan.js';
import { formatByExtension, formatByName, FORMATS, FORMAT_NAMES } from '../formats/registry.js';
import { CodedError } from '../io/error-info.js';
import type { ConversionJobData } from './conversion-job.js';

export interface EnqueueOptions {
  /** Files, folders (walked for known extensions) or globs, as `meshcodec convert` takes them. */
  inputs: string | readonly string[];
  /** Target format name or alias. */
  to: string;
  /** Output folder (the inputs' folder structure is kept); default: beside each input. */
  outDir?: string;
  /** Conversion flags, flag name → value (`{ 'up-axis': 'y', resample: 30 }`). */
  flags?: ConversionFlags;
  /** Read every input as this format (`--format`). */
  from?: string;
  /** Replace existing outputs. */
  force?: boolean;
  /** Files of at most this many bytes travel in the job as base64 instead of by path (0: none). Their companions are not carried. */
  inlineUnder?: number;
  /** BullMQ options of every job (merged over ENQUEUE_DEFAULTS.jobOptions). */
  jobOptions?: JobsOptions;
}

export const ENQUEUE_DEFAULTS = {
  flags: {} as ConversionFlags,
  force: false,
  inlineUnder: 0,
  /** Jobs added per Redis round trip. */
  batch: 500,
  jobOptions: {
    // A converting thread that died (out of memory) is tried again; a bad input is not (UnrecoverableError).
    attempts: 2,
    // Completed and failed jobs stay for their return values and failedReason (BullMQ keeps them all by default); bound them here.
    removeOnComplete: { count: 1_000_000 },
    removeOnFail: { count: 1_000_000 },
  } satisfies JobsOptions,
};

export interface EnqueueResult {
  /** Jobs added. */
  added: number;
  /** Arguments that named nothing (a missing path): no job. */
  missing: { path: string; code: string; message: string }[];
}

/** The job data for every input of `inputs`, outputs planned as `convert` plans them. Throws CodedError('USAGE') for a bad target or flag. */
export function conversionJobs(inputs: ExpandedInputs, options: Omit<EnqueueOptions, 'inputs' | 'jobOptions'>): ConversionJobData[] {
  const target = formatByName(options.to);
  if (!target) throw new CodedError('USAGE', `unknown format '${options.to}' (formats: ${FORMAT_NAMES.join(', ')})`);
  const forced = options.from !== undefined ? formatByName(options.from) : undefined;
  if (options.from !== undefined && !forced) throw new CodedError('USAGE', `unknown format '${options.from}' (formats: ${FORMAT_NAMES.join(', ')})`);
  const flags = options.flags ?? ENQUEUE_DEFAULTS.flags;
  const sources = forced ? [forced.name] : [...new Set(inputs.files.map((f) => formatByExtension(f.path)?.name ?? FORMAT_NAMES).flat())];
  const misfit = checkConversionFlags(flags, sources, target.name);
  if (misfit) throw new CodedError('USAGE', misfit);
  const inlineUnder = options.inlineUnder ?? ENQUEUE_DEFAULTS.inlineUnder;
  const places = planOutputs(inputs.files, options.outDir);
  const names = manifestNames(inputs.files.map((f) => f.relative));
  return inputs.files.map((file, i) => {
    if (file.path === '-') throw new CodedError('USAGE', "a queued job cannot read standard input ('-')");
    const data: ConversionJobData = { path: resolve(file.path), relative: slashPath(file.relative), to: target.name, dir: resolve(places[i]!.dir), stem: places[i]!.stem };
    if (names[i] !== data.relative) data.input = names[i]!;
    if (Object.keys(flags).length) data.flags = flags;
    if (forced) data.from = forced.name;
    if (options.force ?? ENQUEUE_DEFAULTS.force) data.force = true;
    if (inlineUnder > 0) {
      const inline = inlineBytes(file.path, inlineUnder);
      if (inline) data.base64 = Buffer.from(inline).toString('base64');
    }
    return data;
  });
}

/**
 * A small file's bytes, to travel in its job; undefined for a larger file or one that cannot be
 * read now (removed since it was listed, say): that job carries the path, and the worker's read
 * fails it with the reader's error like any other unreadable input.
 */
function inlineBytes(path: string, inlineUnder: number): Uint8Array | undefined {
  try {
    return statSync(path).size <= inlineUnder ? readFileSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** The files `inputs` names, as `convert` expands them (folders walked for the known extensions, or every file with `from`). */
export function expandQueueInputs(inputs: string | readonly string[], from?: string): ExpandedInputs {
  const forced = from !== undefined ? formatByName(from) : undefined;
  const extensions = (forced ? [forced] : FORMATS).flatMap((f) => f.extensions);
  const accept = (name: string) => forced !== undefined || extensions.some((ext) => name.toLowerCase().endsWith(ext));
  return expandInputs(typeof inputs === 'string' ? [inputs] : [...inputs], accept);
}

/** Adds jobs to `queue`, in batches; each job is named by its input's relative path. */
export async function addConversionJobs(queue: Queue, jobs: readonly ConversionJobData[], jobOptions?: JobsOptions): Promise<number> {
  const opts = { ...ENQUEUE_DEFAULTS.jobOptions, ...jobOptions };
  for (let at = 0; at < jobs.length; at += ENQUEUE_DEFAULTS.batch) {
    await queue.addBulk(jobs.slice(at, at + ENQUEUE_DEFAULTS.batch).map((data) => ({ name: data.relative, data, opts })));
  }
  return jobs.length;
}

/**
 * Enqueues one conversion job per input file: `inputs` is a folder, a glob or a list of them
 * (as `meshcodec convert` takes). Resolves to the number of jobs added and the arguments that
 * named nothing.
 */
export async function enqueueConversions(queue: Queue, options: EnqueueOptions): Promise<EnqueueResult> {
  const inputs = expandQueueInputs(options.inputs, options.from);
  if (inputs.empty.length) throw new CodedError('USAGE', inputs.empty.map((e) => `${e.pattern}: ${e.why}`).join('; '));
  const added = await addConversionJobs(queue, conversionJobs(inputs, options), options.jobOptions);
  return { added, missing: inputs.missing.map((m) => ({ path: m.path, code: m.error.code, message: m.error.message })) };
}
