import { statSync } from 'node:fs';
import { CodedError } from '../io/error-info.js';

/**
 * Refuses outputs that would replace an input of the run (WOULD_OVERWRITE_INPUT) or a file
 * another input of the run wrote (OUTPUT_COLLISION), and notes them as written. One stat per
 * output, which also says whether it exists (handed to the writer, which then asks no more).
 */
export function claimTargets(paths: readonly string[], inputIds: ReadonlySet<string>, written: Set<string>): boolean[] {
  const existing = paths.map((path) => {
    let s;
    try {
      s = statSync(path, { throwIfNoEntry: false });
    } catch {
      return false; // unreachable (EACCES, ELOOP, …): the write says why
    }
    if (s && inputIds.has(`${s.dev}:${s.ino}`)) throw new CodedError('WOULD_OVERWRITE_INPUT', `${path} is an input of this run and is never overwritten (use --out-dir or -o)`);
    return s !== undefined;
  });
  for (const path of paths) if (written.has(path)) throw new CodedError('OUTPUT_COLLISION', `${path} was already written by another input of this run`);
  for (const path of paths) written.add(path);
  return existing;
}
