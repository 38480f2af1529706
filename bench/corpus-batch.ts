// The batch the bulk benchmarks convert (bulk, incremental, shard, queue): the files of some
// folders that the built command converts to the target, repeated to N files as hard links in a
// temporary folder (round r under `r<r>/`, each folder's structure kept so that companions such as
// a .msh.blob sit beside their files), and the measuring pieces they share.
import { spawnSync } from 'node:child_process';
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CORPUS = resolve(BENCH_ROOT, '..', 'shared', 'corpus');

/** Runs the built command `cli` (a dist/cli.js) with `args`, output captured. */
export function runCli(cli: string, args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', maxBuffer: 256 << 20 });
}

/** Every file under `folder`, recursively. */
export function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(folder, e.name)) : [join(folder, e.name)]));
}

/** A file of the batch: its path and the folder it was found under (the layout keeps its place there). */
export interface BatchSource {
  root: string;
  path: string;
}

/**
 * What `cli` makes of each of `roots` converted to `target` (one probe run per root, `--json`):
 * the inputs it converts, those it refuses, and the other files (companions; not .ts or .md).
 */
export function probeSources(cli: string, roots: string[], target: string): { usable: BatchSource[]; failing: BatchSource[]; companions: BatchSource[] } {
  const usable: BatchSource[] = [];
  const failing: BatchSource[] = [];
  const companions: BatchSource[] = [];
  for (const root of roots) {
    const probeOut = mkdtempSync(join(tmpdir(), 'meshcodec-bench-probe-'));
    // --json writes JSON Lines: one object per file, then a summary line.
    const lines = runCli(cli, ['convert', root, '--to', target, '--out-dir', probeOut, '--json', '--quiet', '--jobs', '1'])
      .stdout.split('\n')
      .filter((line) => line.startsWith('{"input"'))
      .map((line) => JSON.parse(line) as { input: string; ok: boolean });
    rmSync(probeOut, { recursive: true, force: true });
    const read = new Set(lines.map((l) => l.input));
    for (const l of lines) (l.ok ? usable : failing).push({ root, path: l.input });
    for (const path of filesUnder(root)) if (!read.has(path) && !path.endsWith('.ts') && !path.endsWith('.md')) companions.push({ root, path });
  }
  return { usable, failing, companions };
}

/** Where `tileBatch` puts `source` in `folder` for round `round`. */
export function batchPath(folder: string, source: BatchSource, round: number): string {
  return join(folder, `r${round}`, relative(dirname(source.root), source.path));
}

/** Links (or copies) `count` inputs, `usable` repeated, into `folder`, each round with every companion; returns the inputs' bytes. */
export function tileBatch(usable: BatchSource[], companions: BatchSource[], count: number, folder: string): number {
  const place = (source: BatchSource, round: number) => {
    const copy = batchPath(folder, source, round);
    mkdirSync(dirname(copy), { recursive: true });
    try {
      linkSync(source.path, copy);
    } catch {
      copyFileSync(source.path, copy);
    }
    return statSync(copy).size;
  };
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const round = Math.floor(i / usable.length);
    if (i % usable.length === 0) for (const c of companions) place(c, round);
    bytes += place(usable[i % usable.length]!, round);
  }
  return bytes;
}

/** CPU seconds (user + system) of the children this process has waited for (Linux; 0 elsewhere). */
export function childCpuSeconds(): number {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

export const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
