import { unlinkSync } from 'node:fs';
import { link, mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CodedError } from '../io/error-info.js';

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
      await mkdir(dirname(f.path), { recursive: true });
      const temporary = join(dirname(f.path), `.${basename(f.path)}.${process.pid}-${counter++}.partial`);
      staged.push({ temporary, path: f.path });
      partialFiles.add(temporary);
      await writeFile(temporary, f.bytes, { flag: 'wx' });
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
