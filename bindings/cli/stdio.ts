/** Where the CLI writes: data to `out` (stdout), messages to `err` (stderr). */
export interface CliIO {
  out(text: string | Uint8Array): void;
  err(text: string): void;
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
 * quietly with exit code 0 instead of an EPIPE stack trace.
 */
export function processIO(): CliIO {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  return {
    out: (text) => void process.stdout.write(text),
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
