import type { CliIO } from './stdio.js';

/**
 * `--json` output as JSON Lines: one object per line, written as each file finishes, then one
 * `{"summary": …}` line. Nothing is kept per file, so a run over 100,000 files holds no results
 * in memory and a crash loses only the files not yet finished.
 */
export class JsonLines {
  constructor(private readonly io: CliIO) {}

  /** One file's result. */
  line(value: object): void {
    this.io.out(JSON.stringify(value) + '\n');
  }

  /** The last line of a run. */
  summary(value: object): void {
    this.io.out(JSON.stringify({ summary: value }) + '\n');
  }
}
