import { removePartialFiles } from './atomic-write.js';

/** Where the CLI writes: data to `out` (stdout), messages to `err` (stderr). */
export interface CliIO {
  out(text: string | Uint8Array): void;
  err(text: string): void;
  /**
   * Binary output on stdout (`convert -o -`): resolves once written, rejects (EPIPE) when the
   * reader went away before the end, so that a truncated output is a failure. Default: `out`.
   */
  writeData?(bytes: Uint8Array): Promise<void>;
  /** Whether stdout is a terminal (binary output is refused there). */
  outIsTTY: boolean;
  /** Whether stderr is a terminal (a progress bar) or not (plain lines). */
  errIsTTY: boolean;
  /** Terminal width for the progress bar. */
  columns: number;
  readStdin(): Promise<Uint8Array>;
}

/**
 * The process's streams. A closed stdout (`meshcodec info … | head -1`) ends the process
 * quietly with exit code 0 instead of an EPIPE stack trace, unless binary output was being
 * written (`convert -o - | head -c 10`): that output is truncated, a failure reported by writeData.
 */
export function processIO(): CliIO {
  // Once binary output has started, an EPIPE is that output's failure (writeData's callback
  // reports it, and the 'error' event comes after it): the run goes on to say so and exit 1.
  let dataStarted = false;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    if (dataStarted) return;
    // The reader of the results went away (`… --json | head -1`): the run ends here, and the
    // outputs still being written must not stay behind as temporaries.
    removePartialFiles();
    process.exit(0);
  });
  return {
    out: (text) => void process.stdout.write(text),
    writeData: (bytes) => {
      dataStarted = true;
      return new Promise<void>((resolve, reject) => {
        process.stdout.write(bytes, (e) => {
          if (!e) resolve();
          else reject(Object.assign(new Error(`standard output closed before the output was complete (${(e as NodeJS.ErrnoException).code ?? e.message}): the output is truncated`), { code: (e as NodeJS.ErrnoException).code ?? 'EPIPE' }));
        });
      });
    },
    err: (text) => void process.stderr.write(text),
    outIsTTY: process.stdout.isTTY === true,
    errIsTTY: process.stderr.isTTY === true,
    columns: process.stderr.columns ?? 80,
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}
