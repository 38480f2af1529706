import { readFile } from 'node:fs/promises';
import type { BackendChoice } from '../kernels/backend.js';
import type { Kernels } from '../kernels/kernels.js';
import type { CliIO } from './stdio.js';

/** What every command gets from the parsed command line. */
export interface CommandContext {
  io: CliIO;
  kernels: Kernels;
  backend: BackendChoice;
  /** --format, already checked against the registry. */
  format: string | undefined;
  json: boolean;
  verbose: boolean;
  quiet: boolean;
}

/** A file's bytes, or standard input's for `-`. */
export async function readInput(path: string, io: CliIO): Promise<Uint8Array> {
  return path === '-' ? io.readStdin() : new Uint8Array(await readFile(path));
}
