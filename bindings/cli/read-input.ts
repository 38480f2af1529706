// Reading one input for a command: only regular files (a FIFO, socket or device named as input
// would block or never end), and the format decided from the first bytes before the whole file
// is read, so that a 1.5 GB file of zeros named `.mesh` is refused after 64 KiB, not after 1.5 GB.
//
// Alternatives: open with O_NONBLOCK and read FIFOs under a time limit (accepts `<(cmd)` process
// substitution, but a writer that stalls still holds the run, and devices such as /dev/zero never
// end); a stream parser per format (no whole-file read at all, but every reader is written over a
// whole buffer). Refusing non-regular files costs one fstat; the head costs one 64 KiB read.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { FormatSignature } from '../formats/format-signature.js';
import { loadedFormat, loadFormat } from '../formats/format-index.js';
import type { FormatName } from '../formats/registry.js';
import { CodedError } from '../io/error-info.js';
import { MeshFormatError } from '../io/errors.js';
import { isValidMs2Format, ms2ByteSize } from '../formats/ms2/ms2-document.js';
import { sourceSignature } from '../workers/convert-job.js';
import { systemMessage } from './inputs.js';
import type { CliIO } from './stdio.js';

/** How much of a file is read first, to decide its format. */
export const HEAD_BYTES = 64 * 1024;

/**
 * Formats whose `test` is a magic at the start of the file, so that the first bytes decide: a
 * file that fails it is refused from its head alone. The others are told apart by more than their
 * first bytes; their heads still refuse what no file of theirs can be (glTF JSON not opening with
 * '{', a TF descriptor whose first token Lua cannot start with, a MeshSerializer2 file longer than
 * the format holds), and the rest is read whole. A registered format missing here does not compile.
 */
export const HEAD_DECIDES: Readonly<Record<FormatName, boolean>> = {
  unigine: true,
  iqm: true,
  glb: true,
  apg: true,
  gltf: false,
  tf: false,
  ms2: false,
};

function kindOf(stats: { isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isDirectory(): boolean }): string {
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isDirectory()) return 'a folder';
  return 'not a regular file';
}

/** An error from the file system as a CodedError with its errno (`EACCES`, `ELOOP`, …) and path. */
export function fileSystemError(e: unknown, path: string): CodedError {
  const code = (e as NodeJS.ErrnoException).code;
  if (typeof code !== 'string') return e instanceof CodedError ? e : new CodedError('ERROR', `${path}: ${String((e as Error).message ?? e)}`);
  return new CodedError(code, `${path}: ${systemMessage(e)}`);
}

/**
 * A file's bytes (or standard input's for `-`). Non-regular files are refused (NOT_A_FILE)
 * without being opened for reading, which would block on a FIFO without a writer. When `decide`
 * is given, the first HEAD_BYTES are read and, for a file longer than that, the format is
 * decided from them: a file named for a format whose magic it lacks is refused by that format's
 * own reader, run on the head alone (the same error a whole read gives).
 */
export async function readInputFile(path: string, io: CliIO, decide?: { format: string | undefined }): Promise<Uint8Array> {
  if (path === '-') return io.readStdin();
  const input = openInput(path, decide);
  try {
    // The head's format may be one whose handler this run has not loaded yet (format-index.ts).
    const needed = input.decides ? headSignature(input.head, path, decide?.format) : undefined;
    if (needed && !loadedFormat(needed.name)) await loadFormat(needed.name);
    // The head's format is detected once (the refusal by head below takes it as found here).
    return finishInput(input, path, decide, { signature: needed });
  } finally {
    closeSync(input.fd);
  }
}

/**
 * As readInputFile for a path, with synchronous calls (open, fstat, read, close). Alternatives
 * measured on 804 corpus files under 40 KB (a shared 2-core machine, CPU time of the process):
 * the promise API (FileHandle open, stat, read, close: round trips through libuv's thread pool)
 * 0.17–0.30 ms a file, the synchronous calls 0.010–0.016 ms. Regular files only are read (a FIFO
 * or device is refused after the fstat), so no call waits on another process. Worker threads
 * read their own inputs with it. The head is refused by the reader of its format when that
 * handler is loaded (runs that read this way load every format first: main.ts, convert-worker.ts).
 */
export function readInputFileSync(path: string, decide?: { format: string | undefined }): Uint8Array {
  const input = openInput(path, decide);
  try {
    return finishInput(input, path, decide);
  } finally {
    closeSync(input.fd);
  }
}

/** An input opened and its head read: `decides` when the head is to decide the format before the rest is read. */
interface OpenInput {
  fd: number;
  size: number;
  head: Uint8Array;
  decides: boolean;
}

/** Opens a regular file and reads its first HEAD_BYTES (the caller closes `fd`). */
function openInput(path: string, decide: { format: string | undefined } | undefined): OpenInput {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO for reading does not wait for a writer (it is refused just below).
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw fileSystemError(e, path);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new CodedError('NOT_A_FILE', `${path} is ${kindOf(stats)}: only regular files (or '-' for standard input) are read`);
    const size = stats.size;
    const head = new Uint8Array(Math.min(size, HEAD_BYTES));
    const bytesRead = readSync(fd, head, 0, head.length, 0);
    return { fd, size, head: head.subarray(0, bytesRead), decides: decide !== undefined && size > bytesRead };
  } catch (e) {
    closeSync(fd);
    throw e instanceof CodedError ? e : fileSystemError(e, path);
  }
}

/** The rest of an opened input, after its head has had its say (`detected`: its format, when the caller detected it already). */
function finishInput(input: OpenInput, path: string, decide: { format: string | undefined } | undefined, detected?: { signature: FormatSignature | undefined }): Uint8Array {
  const { fd, size, head } = input;
  try {
    if (input.decides) refuseByHead(head, path, decide?.format, size, detected);
    if (size <= head.length) return head;
    const bytes = new Uint8Array(size);
    bytes.set(head);
    let at = head.length;
    while (at < size) {
      const n = readSync(fd, bytes, at, size - at, at);
      if (n === 0) break;
      at += n;
    }
    return at === size ? bytes : bytes.subarray(0, at);
  } catch (e) {
    throw e instanceof CodedError || (e as Error).name === 'MeshFormatError' ? e : fileSystemError(e, path);
  }
}

/** The format a head is read as (undefined when none: decided after the whole read), MeshSerializer2 by its exact size aside. */
function headSignature(head: Uint8Array, path: string, forced: string | undefined): FormatSignature | undefined {
  try {
    return sourceSignature(head, path, forced);
  } catch {
    return undefined; // decided after the whole read (an unknown format is said then)
  }
}

/** Throws the format's own refusal when the head already decides it; returns otherwise. */
function refuseByHead(head: Uint8Array, path: string, forced: string | undefined, size: number, detected?: { signature: FormatSignature | undefined }): void {
  // MeshSerializer2 is detected by its whole size (no magic): a file whose header promises exactly
  // its size is one, whatever its name, and the head of it decides nothing more.
  if (!forced && isValidMs2Format(head[4] ?? 0) && ms2ByteSize(head[0]! | (head[1]! << 8), head[2]! | (head[3]! << 8), head[4]!) === size) return;
  const signature = detected ? detected.signature : headSignature(head, path, forced);
  if (!signature) return;
  const name = signature.name as FormatName;
  // A handler this thread has not loaded refuses the file after the whole read instead (the same error).
  const handler = loadedFormat(name);
  if (HEAD_DECIDES[name]) {
    // The reader refuses a missing magic from the first bytes: its error, without the whole file.
    if (!signature.test(head)) handler?.parseSync(head);
    return;
  }
  // Text formats: a first token no file of the format can start with (glTF JSON opens with '{';
  // a TF descriptor with a Lua name, keyword or comment) is the reader's own error at that token.
  const first = firstTextByte(head);
  if (first >= 0 && ((name === 'gltf' && first !== 0x7b) || (name === 'tf' && !isLuaStart(first)))) handler?.parseSync(head, { fileName: path });
  // MeshSerializer2 (no magic) is at most MS2_MAX_BYTES long.
  if (name === 'ms2' && size > MS2_MAX_BYTES) {
    throw new MeshFormatError({ code: 'TRAILING_DATA', format: 'ms2', offset: MS2_MAX_BYTES }, `the file has ${size} bytes, more than any MeshSerializer2 file holds (${MS2_MAX_BYTES}: 65535 vertices and triangles of every attribute)`);
  }
}

/** The largest MeshSerializer2 file: 65535 vertices with every attribute and 65535 triangles. */
const MS2_MAX_BYTES = ms2ByteSize(0xffff, 0xffff, 15);

/** The first byte after ASCII white space and a UTF-8 byte order mark (−1 when there is none). */
function firstTextByte(head: Uint8Array): number {
  let i = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  while (i < head.length && (head[i] === 0x20 || head[i] === 0x09 || head[i] === 0x0a || head[i] === 0x0d)) i++;
  return i < head.length ? head[i]! : -1;
}

/** A byte a Lua chunk can start with: a letter or `_` (a name or keyword), `-` (a comment), `;`, `(` or `:` (a `::label::`). */
function isLuaStart(byte: number): boolean {
  return (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x5f || byte === 0x2d || byte === 0x3b || byte === 0x28 || byte === 0x3a;
}
