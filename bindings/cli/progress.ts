import { nowMs } from './clock.js';
import type { CliIO } from './stdio.js';
import { formatBytes } from './table.js';

/**
 * Batch progress on stderr: a bar redrawn in place on a terminal, one plain line per file
 * otherwise, nothing but failures with `quiet`. Messages are printed above the bar.
 */
export class Progress {
  private done = 0;
  private bytes = 0;
  private lastDraw = 0;
  private readonly started = nowMs();
  private readonly bar: boolean;

  constructor(
    private readonly io: CliIO,
    private readonly total: number,
    private readonly quiet: boolean,
  ) {
    this.bar = io.errIsTTY && !quiet && total > 1;
  }

  /** Whether finished files' lines are printed (plain mode, not quiet): a caller builds them only then. */
  get showsLines(): boolean {
    return !this.quiet && !this.bar;
  }

  /** A file finished; `line` is its plain-mode line (and --verbose detail). */
  fileDone(bytesIn: number, line: string): void {
    this.done++;
    this.bytes += bytesIn;
    if (!this.quiet && !this.bar) this.io.err(line + '\n');
    this.draw(false);
  }

  /** A file failed: always shown. */
  fileFailed(line: string): void {
    this.done++;
    this.message(line);
  }

  message(line: string): void {
    if (this.bar) this.io.err('\r\x1b[K');
    this.io.err(line + '\n');
    this.draw(true);
  }

  /** Clears the bar before the summary. */
  finish(): void {
    if (this.bar) this.io.err('\r\x1b[K');
  }

  private draw(force: boolean): void {
    if (!this.bar) return;
    const now = nowMs();
    if (!force && now - this.lastDraw < 100 && this.done < this.total) return;
    this.lastDraw = now;
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? `${formatBytes(this.bytes / seconds)}/s` : '';
    const text = ` ${this.done}/${this.total} files  ${rate}`;
    const width = Math.max(10, Math.min(40, this.io.columns - text.length - 3));
    const filled = Math.round((this.done / this.total) * width);
    this.io.err(`\r\x1b[K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]${text}`);
  }
}
