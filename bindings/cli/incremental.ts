// `convert --incremental` (with --manifest): an input is skipped, without being decoded, when the
// manifest's last entry for it has the same size and SHA-256, the same options and meshcodec
// version, no error, the outputs this run would write (same folder and name), and each of those
// outputs is still on disk with its recorded SHA-256. Anything else converts again: an input that
// failed last time (the cause may have been the disk, not the file), an output deleted or edited.
//
// Alternatives: trusting size and modification time (no read at all, but a copy or checkout
// resets times, and a same-size edit within the clock's resolution goes unseen); hashing the
// input only (half the reads, but a deleted or edited output would never come back). Hashing
// input and outputs costs reading both; see README "Benchmarks" (incremental rerun) for the rate.
// A skipped input gets no new manifest line: its last entry still says what made its outputs, and
// a rerun of an unchanged tree leaves the manifest as it was (re-appending would grow it by one
// line per input per run, for no information).
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { companionsUnchanged } from '../node/recording-resolver.js';
import { canonicalJson, sha256Hex, slashPath, type ManifestEntry } from './manifest.js';

/** `.glb`, `.mesh`: a dot and no other dot or separator. */
const SINGLE_EXTENSION = /^\.[^./]+$/;

/** What this run would record for an input before converting it. */
export interface IncrementalKey {
  size: number;
  sha256: string;
  options: Record<string, unknown>;
  version: string;
}

/** An output's name relative to the output root: the input's subfolder (`.` for none) and the file name, '/' separated. */
export function outputName(subfolder: string, fileName: string): string {
  const dir = slashPath(subfolder);
  return dir === '.' || dir === '' ? fileName : `${dir}/${fileName}`;
}

/** The SHA-256 of a file, or undefined when it cannot be read. */
async function fileSha256(path: string): Promise<string | undefined> {
  try {
    return sha256Hex(await readFile(path));
  } catch {
    return undefined;
  }
}

/**
 * The output paths of an input that need no conversion, or undefined when it must convert.
 * `folder` is where this run writes the input's outputs and `subfolder` their names' folder
 * relative to the output root; `stem` is the planned output name without extension (undefined
 * with -o, whose file name `fileName` is then).
 */
export async function unchangedOutputs(
  entry: ManifestEntry | undefined,
  key: IncrementalKey,
  where: { folder: string; subfolder: string; stem?: string; fileName?: string; inputPath?: string },
): Promise<string[] | undefined> {
  if (!entry || entry.error || !entry.outputs || entry.outputs.length === 0) return undefined;
  // The files read beside the input: each still as it was (a changed .msh.blob converts its .msh again).
  if (entry.companions && (where.inputPath === undefined || !companionsUnchanged(where.inputPath, entry.companions))) return undefined;
  if (entry.size !== key.size || entry.sha256 !== key.sha256 || entry.version !== key.version) return undefined;
  if (canonicalJson(entry.options) !== canonicalJson(key.options)) return undefined;
  // The outputs this run would write: same folder, and the main one under the planned name: the
  // stem and ONE extension (which one the writer picks from the Asset, unknown before decoding).
  // A longer name is another plan's: `x.mesh.glb` when `x.anim` was beside it, `x.glb` now.
  const main = entry.outputs[0]!.name;
  if (where.fileName !== undefined) {
    if (main !== outputName(where.subfolder, where.fileName)) return undefined;
  } else {
    const planned = outputName(where.subfolder, where.stem ?? '');
    if (!main.startsWith(planned) || !SINGLE_EXTENSION.test(main.slice(planned.length))) return undefined;
  }
  const paths: string[] = [];
  for (const output of entry.outputs) {
    if (output.name !== outputName(where.subfolder, basename(output.name))) return undefined;
    const path = join(where.folder, basename(output.name));
    if ((await fileSha256(path)) !== output.sha256) return undefined;
    paths.push(path);
  }
  return paths;
}

/**
 * Whether every existing file among `targets` is one the manifest's entry for this input recorded,
 * with the same SHA-256 now: an output an earlier run made and nobody changed since, which an
 * incremental run may replace without --force (a changed input's new outputs).
 */
export async function outputsOwned(entry: ManifestEntry | undefined, targets: readonly { path: string; name: string }[]): Promise<boolean> {
  if (!entry?.outputs) return false;
  for (const target of targets) {
    let now: string;
    try {
      now = sha256Hex(await readFile(target.path));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      return false;
    }
    const recorded = entry.outputs.find((o) => o.name === target.name);
    if (!recorded || recorded.sha256 !== now) return false;
  }
  return true;
}
