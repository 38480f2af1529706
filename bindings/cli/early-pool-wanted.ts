// Whether a `convert` run starts worker threads before its inputs are expanded (early-pool.ts),
// decided without loading the worker pool: main.ts imports early-pool.ts (and with it the pool
// and piscina, 8–9 ms of a fresh process's start-up) only when this says yes, so that a
// one-file conversion never loads them.
import { statSync } from 'node:fs';
import { isGlob } from './glob.js';

/** Whether the arguments can name more than one file: several arguments, or one folder or glob (one stat). */
export function namesSeveralFiles(args: readonly string[]): boolean {
  if (args.length !== 1) return args.length > 1;
  const arg = args[0]!;
  if (arg === '-') return false;
  try {
    return statSync(arg).isDirectory();
  } catch {
    return isGlob(arg);
  }
}

/** Whether startPoolEarly would start a pool for a run with this worker script, --jobs and arguments. */
export function earlyPoolWanted(workerUrl: URL | undefined, jobs: number, args: readonly string[]): boolean {
  return workerUrl !== undefined && jobs >= 2 && namesSeveralFiles(args);
}
