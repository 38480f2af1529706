// A batch's turns of the event loop. Files are read, converted and written with synchronous calls,
// so the loop runs only when a thread gives it a turn: signals (SIGINT, SIGTERM), the workers'
// result messages, stream writes of progress and JSON lines wait for one. A turn is a
// setImmediate round trip (a macrotask, an epoll_wait and, with worker threads, futex wake-ups).
//
// Alternatives measured (1,000 corpus files up to 200 KB to GLB on tmpfs; the 2-core machine
// shared, load 8–12): a turn after every file (before) made 1,023 epoll_pwait calls with --jobs 1
// and 1,033 with --jobs 2 (`strace -c -f`); a turn once at least EVENT_LOOP_DEFAULTS.intervalMs
// have passed since the last, 311 and 273: one per few small files, still one per large file
// (each takes longer than the interval). The CPU saved is within this machine's noise (main
// thread 0.755 → 0.725 s, median of 6 interleaved pairs, with the write path's saving). A signal
// then waits at most the interval more than before (a file's conversion already delays it).
import { nowMs } from './clock.js';
export const EVENT_LOOP_DEFAULTS = {
  /** Least time between two turns, ms. */
  intervalMs: 4,
};

/** Gives the event loop a turn when EVENT_LOOP_DEFAULTS.intervalMs have passed since the last. */
export class EventLoopTurns {
  private last = nowMs();

  constructor(private readonly intervalMs = EVENT_LOOP_DEFAULTS.intervalMs) {}

  /** Resolves at once (no turn) when the last turn is recent; after a setImmediate otherwise. */
  async maybe(): Promise<void> {
    if (this.due()) await this.turn();
  }

  /** Whether a turn is due (the interval has passed since the last): a batch's loop then awaits `turn()`, and no promise otherwise. */
  due(): boolean {
    return nowMs() - this.last >= this.intervalMs;
  }

  /** A turn of the event loop (a setImmediate round trip), now. */
  async turn(): Promise<void> {
    await new Promise<void>((done) => setImmediate(done));
    this.last = nowMs();
  }
}
