import { unlinkSync } from 'node:fs';
import { link, mkdir, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CodedError } from '../io/error-info.js';
import { fileSystemError } from './read-input.js';

/** A temporary's name: `.NAME.PID-N.partial`, so that a later run can tell whose it is. */
const PARTIAL = /^\..+\.(\d+)-\d+\.partial$/;

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
 * those whose process is gone. A live process's (another run writing there now) are left alone.
 */
export async function removeStalePartials(folder: string): Promise<void> {
  if (checkedFolders.has(folder)) return;
  checkedFolders.add(folder);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const match = PARTIAL.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || alive(pid)) continue;
    try {
      await unlink(join(folder, name));
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
  const missing: string[] = [];
  for (let at = folder; ; at = dirname(at)) {
    try {
      if ((await stat(at)).isDirectory()) break;
      throw new CodedError('ENOTDIR', `${at}: ENOTDIR: not a directory`);
    } catch (e) {
      if (e instanceof CodedError) throw e;
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw fileSystemError(e, at);
      if (dirname(at) === at) throw fileSystemError(e, at);
      missing.push(at);
    }
  }
  for (const at of missing.reverse()) {
    try {
      await mkdir(at);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw fileSystemError(e, at);
    }
  }
}

let counter = 0;

/** Temporary files being written, so that an interrupted run can remove them. */
const partialFiles = new Set<string>();

/** Removes the temporary files of writes still in progress (for SIGINT / SIGTERM). */
export function removePartialFiles(): void {
  for (const path of partialFiles) {
    try {
      unlinkSync(path);
    } catch {
      // already renamed or removed
    }
  }
  partialFiles.clear();
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a set of files (one output and its companions) so that none appears half-written:
 * each goes to a temporary name in its folder, then takes its real name. Without `force` an
 * existing file is refused (OUTPUT_EXISTS) before any is written, and the final step is a hard
 * link, which fails rather than replace a file that appeared meanwhile.
 */
export async function writeFilesAtomic(files: readonly { path: string; bytes: Uint8Array }[], force: boolean): Promise<void> {
  if (!force) {
    for (const f of files) if (await exists(f.path)) throw new CodedError('OUTPUT_EXISTS', `${f.path} exists (use --force to replace it)`);
  }
  const staged: { temporary: string; path: string }[] = [];
  try {
    for (const f of files) {
      await makeFolder(dirname(f.path));
      await removeStalePartials(dirname(f.path));
      const temporary = join(dirname(f.path), `.${basename(f.path)}.${process.pid}-${counter++}.partial`);
      staged.push({ temporary, path: f.path });
      partialFiles.add(temporary);
      await writeFile(temporary, f.bytes, { flag: 'wx' }).catch((e) => {
        throw fileSystemError(e, f.path);
      });
    }
    for (const s of staged) {
      if (force) await rename(s.temporary, s.path);
      else await linkOrRename(s.temporary, s.path);
    }
  } finally {
    for (const s of staged) {
      await unlink(s.temporary).catch(() => undefined);
      partialFiles.delete(s.temporary);
    }
  }
}

async function linkOrRename(temporary: string, path: string): Promise<void> {
  try {
    await link(temporary, path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new CodedError('OUTPUT_EXISTS', `${path} exists (use --force to replace it)`);
    // File systems without hard links: the existence check above is all the protection there is.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') await rename(temporary, path);
    else throw e;
  }
}
