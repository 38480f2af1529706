import type { BackendChoice } from '../kernels/backend.js';
import type { Kernels } from '../kernels/kernels.js';
import type { CliIO } from './stdio.js';
import { readInputFile } from './read-input.js';

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

/** A file's bytes, or standard input's for `-` (see readInputFile: regular files only, the head decides first). */
export function readInput(path: string, ctx: Pick<CommandContext, 'io' | 'format'>): Promise<Uint8Array> {
  return readInputFile(path, ctx.io, { format: ctx.format });
}
