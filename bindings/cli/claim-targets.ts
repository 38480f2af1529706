import { statSync, type Stats } from 'node:fs';
import { CodedError } from '../io/error-info.js';

/** `device:inode` keys of a run's inputs: a Set, or InputIdentities. */
export interface IdentitySet {
  has(key: string): boolean;
}

/**
 * Device and inode of every input of a run (no output may replace one: links and case-insensitive
 * names included), taken on first need: only an output that exists is compared with them, and a
 * batch's outputs are new files, so that a run usually makes none of these stat calls (one per
 * input before, on the main thread before any file converted).
 */
export class InputIdentities implements IdentitySet {
  private ids: Set<string> | undefined;

  /** `paths`: every input of the run read from disk (not `-`), all shards' included. */
  constructor(readonly paths: readonly string[]) {}

  has(key: string): boolean {
    if (!this.ids) {
      this.ids = new Set();
      for (const path of this.paths) {
        try {
          const s = statSync(path);
          this.ids.add(`${s.dev}:${s.ino}`);
        } catch {
          // unreadable: reported when it is read
        }
      }
    }
    return this.ids.has(key);
  }
}

/** The refusal of an output that is an input of the run (compared by device and inode). */
export function refuseInput(path: string, stats: Pick<Stats, 'dev' | 'ino'>, inputIds: IdentitySet): void {
  if (inputIds.has(`${stats.dev}:${stats.ino}`)) throw new CodedError('WOULD_OVERWRITE_INPUT', `${path} is an input of this run and is never overwritten (use --out-dir or -o)`);
}

/**
 * Refuses outputs that would replace an input of the run (WOULD_OVERWRITE_INPUT) or a file
 * another input of the run wrote (OUTPUT_COLLISION), and notes them as written. One stat per
 * output, which also says whether it exists (handed to the writer, which then asks no more).
 *
 * `linkDecides`: the write will not replace anything (no --force) and is one file, so its final
 * hard link refuses an existing file by itself (EEXIST, then classified by writeFilesAtomicSync
 * with `inputIds`): no stat is made, and each path's answer is null (not asked). A bulk run's
 * outputs are new files, and the stat was one of eleven system calls per file. Several files
 * (a `.msh` and its `.msh.blob`) are still asked first: none may be linked when one exists.
 */
export function claimTargets(paths: readonly string[], inputIds: IdentitySet, written: Set<string>, linkDecides = false): (boolean | null)[] {
  const existing = linkDecides && paths.length === 1 ? [null] : paths.map((path) => {
    let s;
    try {
      s = statSync(path, { throwIfNoEntry: false });
    } catch {
      return false; // unreachable (EACCES, ELOOP, …): the write says why
    }
    if (s) refuseInput(path, s, inputIds);
    return s !== undefined;
  });
  for (const path of paths) if (written.has(path)) throw new CodedError('OUTPUT_COLLISION', `${path} was already written by another input of this run`);
  for (const path of paths) written.add(path);
  return existing;
}

/** Whether an error says an output was there already (the thread then asks before writing: BatchWriter.askFirst). */
export function existedAlready(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return code === 'OUTPUT_EXISTS' || code === 'WOULD_OVERWRITE_INPUT';
}
