// The temporaries a worker thread is writing, readable by the main thread when a signal ends the
// run: SIGINT/SIGTERM are delivered to the main thread only, and a worker that writes its own
// outputs makes temporaries the main thread never saw. The names sit in shared memory, and a
// state word orders the two sides so that no temporary is made after the main thread has looked.
//
// Alternatives: posting each name to the main thread (a message per write, read only when the
// main thread is between files, so a signal can miss the newest); scanning the output folders for
// this process's `.partial` names on a signal (no shared state, but a folder count long, and a
// worker can make one after the scan); leaving the writes on the main thread (the worker's
// outputs cross the thread boundary, and the worker waits whenever the main thread converts a
// large file of its own: measured, see convert.ts).

const IDLE = 0;
const WRITING = 1;
const STOPPED = 2;

/** Bytes for the names in flight: one output and its companions, each at most PATH_MAX (4096) bytes. */
const NAME_BYTES = 32 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * One worker's temporaries in flight. Layout of `buffer`: Int32 state (idle, writing, stopped),
 * Int32 byte length of the names, then the names (UTF-8, separated by NUL).
 */
export class PartialRegistry {
  readonly buffer: SharedArrayBuffer;
  private readonly state: Int32Array;
  private readonly names: Uint8Array;

  constructor(buffer: SharedArrayBuffer = new SharedArrayBuffer(8 + NAME_BYTES)) {
    this.buffer = buffer;
    this.state = new Int32Array(buffer, 0, 2);
    this.names = new Uint8Array(buffer, 8);
  }

  /**
   * The writer, before it makes `temporaries`: false when the run is stopping (none may be made).
   * The names are listed before any file exists, so that a stop that finds them can remove them.
   */
  begin(temporaries: readonly string[]): boolean {
    const bytes = encoder.encode(temporaries.join('\0'));
    if (bytes.byteLength > this.names.byteLength) throw new RangeError(`temporary names of ${bytes.byteLength} bytes (at most ${this.names.byteLength})`);
    // Names first, then the state: a stop that sees WRITING finds them, however long this thread
    // stalls between the two (only this thread writes them, and a stop reads them only once it has
    // seen WRITING, which the sequentially consistent exchange below publishes after them).
    this.names.set(bytes);
    Atomics.store(this.state, 1, bytes.byteLength);
    if (Atomics.compareExchange(this.state, 0, IDLE, WRITING) !== IDLE) return false;
    return true;
  }

  /** The writer, once its temporaries are renamed or removed. */
  end(): void {
    Atomics.store(this.state, 1, 0);
    if (Atomics.compareExchange(this.state, 0, WRITING, IDLE) === WRITING) Atomics.notify(this.state, 0);
  }

  /**
   * The main thread, on a signal: no temporary is made from now on. Returns the ones in flight
   * that may still exist: none when the writer was between writes or ends its write within
   * `waitMs` (its own cleanup ran); the listed names when it is still inside one (blocked in a
   * system call), for the caller to remove.
   */
  stop(waitMs: number): string[] {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const was = Atomics.compareExchange(this.state, 0, IDLE, STOPPED);
      if (was !== WRITING) return [];
      const left = deadline - Date.now();
      if (left <= 0) break;
      Atomics.wait(this.state, 0, WRITING, left);
    }
    // Still writing: from now on its end() leaves the state stopped, and nothing new begins.
    Atomics.store(this.state, 0, STOPPED);
    const length = Atomics.load(this.state, 1);
    return length ? decoder.decode(this.names.slice(0, length)).split('\0') : [];
  }
}
