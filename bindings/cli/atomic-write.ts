// Synchronous calls throughout: a batch writes thousands of small files, and each promise call is
// a round trip through libuv's thread pool that costs more than the system call. Measured on 804
// corpus files under 40 KB (shared 2-core machine, process CPU time): 1.11–1.28 ms a file with
// the promise API, 0.87–0.94 ms synchronous, of which creating the file (open O_CREAT|O_EXCL) is
// 0.17–0.7 ms on this machine's ext4 and 0.008 ms on tmpfs: the file system bounds what is left.
// Folders already made or seen are remembered, so a file costs no walk up its folders.
// System calls counted with `strace -c -f` over 992 corpus files to GLB (--jobs 1, tmpfs): 22.6
// stats a file and a uname(2) per file before (two failing stats per output, each building an
// exception; the host name hashed per temporary; Node's JavaScript realpath per companion asked
// for), 12.0 and none after: one stat per output (the caller's, see claimTargets), the host tag
// taken once, a renamed temporary not unlinked again. Creating the file is what is left.
// Round six: a single output written without --force is not stat'ed first (claimTargets'
// `linkDecides`): its hard link refuses an existing file by itself, and the refusal is classified
// then. With the inputs' identities taken only when an output exists (InputIdentities), a file of
// a batch costs 9 system calls instead of 11 (open, fstat, pread, close for the input; open,
// write, close, link, unlink for the output; mkdir once per folder).
import { closeSync, linkSync, mkdirSync, openSync, readdirSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { CodedError } from '../io/error-info.js';
import { refuseInput, type IdentitySet } from './claim-targets.js';
import type { PartialRegistry } from './partial-registry.js';
import { fileSystemError } from './read-input.js';
import { nodeWorkerThreads } from './node-builtins.js';
import { sha256HexOfText } from './sha256.js';

/**
 * A temporary's name: `.NAME.PID-N-HOST.partial`, HOST the first 8 hex digits of the SHA-256 of
 * the machine's host name, so that a later run can tell whose it is. A process id means nothing
 * on another machine: on a volume that several machines write to (shards, queue workers), only
 * this machine's temporaries may be judged stale. A name without HOST (written by meshcodec
 * before it added one) is taken as this machine's.
 * Alternatives: an age limit (remove any temporary older than T: no name change, but a slow
 * writer on a loaded machine can pass T, and the cleanup waits T for a killed run's); a lock file
 * per run (exact, but one more file and more system calls a write).
 */
const PARTIAL = /^\..+\.(\d+)-\d+(?:-([0-9a-f]{8}))?\.partial$/;

/** The tag of a host name in temporaries' names. */
function hostTag(host: string): string {
  return sha256HexOfText(host).slice(0, 8);
}

const THIS_HOST = hostTag(hostname());

/** The temporary for `path` of process `pid` (its `n`-th) on machine `host` (default: this one, its tag taken once). */
export function partialName(path: string, pid: number, n: number, host?: string): string {
  return join(dirname(path), `.${basename(path)}.${pid}-${n}-${host === undefined ? THIS_HOST : hostTag(host)}.partial`);
}

/** Folders already checked for stale temporaries in this run, and what was removed. */
const checkedFolders = new Set<string>();
const staleRemoved: string[] = [];

/** Whether a process with this id is alive (EPERM: alive, another user's). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporaries that runs killed with SIGKILL left in `folder` (no handler runs then):
 * this machine's whose process is gone. A live process's (another run writing there now) and
 * another machine's are left alone.
 */
export function removeStalePartials(folder: string): void {
  if (checkedFolders.has(folder)) return;
  checkedFolders.add(folder);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const match = PARTIAL.exec(name);
    if (!match) continue;
    if (match[2] !== undefined && match[2] !== THIS_HOST) continue; // another machine's: its pid says nothing here
    const pid = Number(match[1]);
    if (pid === process.pid || alive(pid)) continue;
    try {
      unlinkSync(join(folder, name));
      staleRemoved.push(join(folder, name));
    } catch {
      // gone meanwhile, or not ours to remove: left
    }
  }
}

/** The stale temporaries removed so far in this run (for the summary). */
export function removedStalePartials(): readonly string[] {
  return staleRemoved;
}

/**
 * mkdir -p with the real errno: Node's recursive mkdir reports ENOENT for a folder under a
 * read-only mount (EROFS), and loops under /proc. Each missing level is made on its own.
 */
export async function makeFolder(folder: string): Promise<void> {
  makeFolderSync(folder);
}

/**
 * makeFolder, synchronous; true when it made `folder` itself (nothing of an earlier run can be in
 * it). The walk up stops at a folder this run found or made (no stat of it, nor an exception per
 * missing level: `throwIfNoEntry`), and asks again from the start when one has gone since. A batch
 * into a new output tree makes one folder per round of the corpus: each was two stats (the
 * second failing with an exception) before its mkdir, and a listing for stale temporaries after.
 */
function makeFolderSync(folder: string): boolean {
  if (knownFolders.has(folder)) return false;
  const missing: string[] = [];
  let trusted = false;
  for (let at = folder; ; at = dirname(at)) {
    if (at !== folder && knownFolders.has(at)) {
      trusted = true;
      break;
    }
    let stats;
    try {
      stats = statSync(at, { throwIfNoEntry: false });
    } catch (e) {
      throw fileSystemError(e, at);
    }
    if (stats) {
      if (!stats.isDirectory()) throw new CodedError('ENOTDIR', `${at}: ENOTDIR: not a directory`);
      knownFolders.add(at);
      break;
    }
    if (dirname(at) === at) {
      // The root is missing (a drive that is not there): its own error.
      try {
        statSync(at);
      } catch (e) {
        throw fileSystemError(e, at);
      }
      break;
    }
    missing.push(at);
  }
  let made = false;
  for (const at of missing.reverse()) {
    try {
      mkdirSync(at);
      made = at === folder;
      knownFolders.add(at);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST' && trusted) {
        // A folder this run knew has gone (or is something else now): forget the known ones
        // above, and walk up with stats, which say what is there.
        for (let up = dirname(at); ; up = dirname(up)) {
          knownFolders.delete(up);
          if (dirname(up) === up) break;
        }
        return makeFolderSync(folder);
      }
      if (code !== 'EEXIST') throw fileSystemError(e, at);
      knownFolders.add(at);
    }
  }
  return made;
}

/**
 * Folders this run found or made (each level of a walk up: a new folder beside one made before
 * costs one stat and its mkdir): the next file in one skips the walk. A folder removed during
 * the run makes the write fail with ENOENT, which forgets it and walks again once.
 */
const knownFolders = new Set<string>();

/** This thread's temporaries are numbered from threadId × 2³², so that no two threads of a process name one alike (set at the first, or by mainThreadTemporaries). */
let counter: number | undefined;

/** The CLI's main thread (threadId 0) says so, and its temporaries' numbering needs no node:worker_threads (0.5–0.9 ms of a one-file run). */
export function mainThreadTemporaries(): void {
  counter ??= 0;
}

/** Temporary files being written, so that an interrupted run can remove them. */
const partialFiles = new Set<string>();

/** The registries of worker threads that write outputs of their own (main thread), and this thread's (worker). */
const workerRegistries = new Set<PartialRegistry>();
let ownRegistry: PartialRegistry | undefined;

/** Main thread: a worker writes outputs, listing its temporaries in `registry`; a signal removes them too. */
export function watchPartials(registry: PartialRegistry): void {
  workerRegistries.add(registry);
}

/** Worker thread: list this thread's temporaries in `registry` (for the main thread's signal handler). */
export function listPartialsIn(registry: PartialRegistry | undefined): void {
  ownRegistry = registry;
}

/**
 * Removes the temporary files of writes still in progress (for SIGINT / SIGTERM): this thread's,
 * and those of the worker threads writing outputs (each stops making any, and its write in
 * progress is given up to WORKER_STOP_MS to end and clean up after itself).
 */
export function removePartialFiles(): void {
  const paths = [...partialFiles];
  for (const registry of workerRegistries) paths.push(...registry.stop(WORKER_STOP_MS));
  for (const path of paths) {
    try {
      unlinkSync(path);
    } catch {
      // already renamed or removed
    }
  }
  partialFiles.clear();
}

/** How long a signal waits for a worker's write in progress (a blocked system call) before removing its temporaries itself. */
const WORKER_STOP_MS = 1000;

/** Whether `path` names anything (no exception built for the usual answer, no). */
function exists(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/**
 * Writes a set of files (one output, first, and its companions) so that none appears half-written:
 * each goes to a temporary name in its folder, then takes its real name. Without `force` an
 * existing file is refused (OUTPUT_EXISTS) before any is written, and the final step is a hard
 * link, which fails rather than replace a file that appeared meanwhile. `existing`: what a stat
 * the caller just made says of each path (the CLI's input check), so that it is not asked again;
 * null for a path not asked (claimTargets' `linkDecides`), whose final link alone refuses an
 * existing file: as OUTPUT_EXISTS, or WOULD_OVERWRITE_INPUT when it is one of `inputIds`.
 */
export async function writeFilesAtomic(files: readonly { path: string; bytes: Uint8Array }[], force: boolean, existing?: readonly (boolean | null)[], inputIds?: IdentitySet): Promise<void> {
  writeFilesAtomicSync(files, force, existing, inputIds);
}

/** writeFilesAtomic with nothing asynchronous (worker threads and the CLI's lanes call it). */
export function writeFilesAtomicSync(files: readonly { path: string; bytes: Uint8Array }[], force: boolean, existing?: readonly (boolean | null)[], inputIds?: IdentitySet): void {
  if (!force) {
    for (let i = 0; i < files.length; i++) {
      const path = files[i]!.path;
      const known = existing?.[i];
      if (known === null) continue; // the link decides
      if (known ?? exists(path)) throw new CodedError('OUTPUT_EXISTS', `${path} exists (use --force to replace it)`);
    }
  }
  counter ??= nodeWorkerThreads().threadId * 2 ** 32;
  const temporaries = files.map((f) => partialName(f.path, process.pid, counter!++));
  if (ownRegistry && !ownRegistry.begin(temporaries)) throw new CodedError('INTERRUPTED', 'the run was interrupted (signal): no output is written');
  // `done`: the temporary was renamed, so that there is nothing to remove (no failing unlink per file).
  const staged: { temporary: string; path: string; done: boolean }[] = [];
  try {
    for (let i = 0; i < files.length; i++) {
      const f = files[i]!;
      const folder = dirname(f.path);
      // Once per folder (made or found, its stale temporaries removed): the rest of this loop,
      // what every file runs, is kept small (V8 optimizes it with what it inlines).
      if (!knownFolders.has(folder) || !checkedFolders.has(folder)) readyFolder(folder);
      const temporary = temporaries[i]!;
      staged.push({ temporary, path: f.path, done: false });
      partialFiles.add(temporary);
      try {
        writeNew(temporary, f.bytes);
      } catch (e) {
        writeNewAgain(e, folder, temporary, f, !force && existing?.[i] === null, inputIds);
      }
    }
    // Companions first, the main file (the first) last: a main file under its final name always
    // has its companions beside it, even when one of them fails to take its name.
    for (let i = staged.length - 1; i >= 0; i--) {
      const s = staged[i]!;
      try {
        if (force) renameSync(s.temporary, s.path);
        // A linked temporary is removed below; a renamed one is gone already.
        s.done = force || !linkOrRename(s.temporary, s.path, existing?.[i] === null, inputIds);
      } catch (e) {
        throw e instanceof CodedError ? e : fileSystemError(e, s.path);
      }
    }
  } finally {
    for (const s of staged) {
      if (!s.done) {
        try {
          unlinkSync(s.temporary);
        } catch {
          // never made, or removed meanwhile
        }
      }
      partialFiles.delete(s.temporary);
    }
    ownRegistry?.end();
  }
}

/** A folder made or found, and its stale temporaries removed (a folder made just now holds none: not listed). */
function readyFolder(folder: string): void {
  if (makeFolderSync(folder)) checkedFolders.add(folder);
  removeStalePartials(folder);
}

/**
 * After writeNew failed: the write again in a folder that went away since this run saw it (made
 * again, once), else the error. `unasked`: the path was not asked before (the link was to decide),
 * so that one which cannot get its temporary (a read-only or unwritable folder) is refused as an
 * existing file when it is one, as a stat first would have: the refusal does not depend on
 * whether the folder is writable.
 */
function writeNewAgain(e: unknown, folder: string, temporary: string, f: { path: string; bytes: Uint8Array }, unasked: boolean, inputIds: IdentitySet | undefined): void {
  const unwritable = (error: unknown): Error => (unasked && exists(f.path) ? existingOutput(f.path, inputIds) : fileSystemError(error, f.path));
  if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || !knownFolders.delete(folder)) throw unwritable(e);
  try {
    makeFolderSync(folder);
    writeNew(temporary, f.bytes);
  } catch (again) {
    throw again instanceof CodedError ? again : unwritable(again);
  }
}

/** Writes `bytes` to a file that must not exist yet (`wx`). */
function writeNew(path: string, bytes: Uint8Array): void {
  const fd = openSync(path, 'wx');
  try {
    for (let at = 0; at < bytes.byteLength; ) at += writeSync(fd, bytes, at, bytes.byteLength - at);
  } finally {
    closeSync(fd);
  }
}

/**
 * Gives the temporary its name without replacing a file; true when linked (the temporary is still
 * there), false when renamed. `unasked`: no stat was made of `path` before (claimTargets'
 * `linkDecides`), so that an existing file is told apart from an input of the run (`inputIds`) here.
 */
function linkOrRename(temporary: string, path: string, unasked = false, inputIds?: IdentitySet): boolean {
  try {
    linkSync(temporary, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw existingOutput(path, inputIds);
    // File systems without hard links: the existence check is all the protection there is (made
    // here when the caller left it to the link).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') {
      if (unasked && exists(path)) throw existingOutput(path, inputIds);
      renameSync(temporary, path);
    } else throw e;
    return false;
  }
}

/** The refusal of an output that exists: WOULD_OVERWRITE_INPUT when it is an input of the run, else OUTPUT_EXISTS. */
function existingOutput(path: string, inputIds: IdentitySet | undefined): CodedError {
  if (inputIds) {
    try {
      const s = statSync(path, { throwIfNoEntry: false });
      if (s) refuseInput(path, s, inputIds);
    } catch (e) {
      if (e instanceof CodedError) return e;
    }
  }
  return new CodedError('OUTPUT_EXISTS', `${path} exists (use --force to replace it)`);
}
