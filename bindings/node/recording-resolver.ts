// The files a conversion read beside its input (a `.msh.blob`, a `.gltf`'s `.bin` and images),
// with their SHA-256: the manifest records them so that `convert --incremental` converts an input
// again when only a companion changed (a companion is not an input of its own).
// Alternative not taken: listing companions by format before converting (one list per format to
// keep, and a `.gltf`'s must parse its JSON); recording what the reader asked for needs neither.
import type { SiblingResolver } from '../formats/format.js';
import type { Kernels } from '../kernels/kernels.js';
import { runConvertJob, type ConvertJob, type ConvertJobOutcome } from '../workers/convert-job.js';
import { nodeSiblingResolver } from './sibling-resolver.js';
import { nodeCrypto } from '../cli/node-builtins.js';

/** A file read beside the input: its name as the reader asked for it, and its SHA-256 (null: asked for, absent). */
export interface CompanionDigest {
  name: string;
  sha256: string | null;
}

function digestOf(bytes: Uint8Array | undefined): string | null {
  return bytes ? nodeCrypto().createHash('sha256').update(bytes).digest('hex') : null;
}

/** nodeSiblingResolver for `inputPath`, noting each name asked for once, in order, with its digest. */
export function recordingSiblingResolver(inputPath: string): { resolve: SiblingResolver; read: CompanionDigest[] } {
  const inner = nodeSiblingResolver(inputPath);
  const read: CompanionDigest[] = [];
  const resolve: SiblingResolver = (name) => {
    const bytes = inner(name);
    if (!read.some((r) => r.name === name)) read.push({ name, sha256: digestOf(bytes) });
    return bytes;
  };
  return { resolve, read };
}

/** Whether every companion is still as recorded beside `inputPath` (same bytes, or still absent). */
export function companionsUnchanged(inputPath: string, companions: readonly CompanionDigest[]): boolean {
  const resolve = nodeSiblingResolver(inputPath);
  return companions.every((c) => digestOf(resolve(c.name)) === c.sha256);
}

/** runConvertJob on a file on disk (`-`: standard input, no companions), its outcome listing the companions read. */
export function runConvertJobOnDisk(job: ConvertJob, kernels: Kernels): ConvertJobOutcome {
  if (job.inputPath === '-') return runConvertJob(job, kernels);
  const { resolve, read } = recordingSiblingResolver(job.inputPath);
  const outcome = runConvertJob(job, kernels, resolve);
  if (outcome.ok && read.length) outcome.companions = read;
  return outcome;
}
