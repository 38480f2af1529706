import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { SiblingResolver } from '../formats/format.js';

function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel);
}

/**
 * A SiblingResolver for a file on disk: reads names relative to the input's folder and refuses
 * (returns undefined for) anything outside it: absolute names, `..` escapes, and symbolic links
 * that lead out of the folder. Missing files and folders are undefined too.
 */
export function nodeSiblingResolver(inputPath: string): SiblingResolver {
  const folder = resolve(dirname(inputPath));
  // The folder's real path, taken on the first name asked for (a reader asks for several: an IQM's
  // textures under each extension) rather than once per name; realpath(3) itself, not Node's
  // JavaScript walk that lstats each folder of the path.
  let realFolder: string | undefined;
  return (relativeName) => {
    if (relativeName === '' || isAbsolute(relativeName) || relativeName.includes('\0')) return undefined;
    const target = resolve(folder, relativeName);
    if (!inside(folder, target)) return undefined;
    try {
      // A name that is not there (most of the names a reader tries) costs one stat and no exception.
      if (!statSync(target, { throwIfNoEntry: false })?.isFile()) return undefined;
      realFolder ??= realpathSync.native(folder);
      if (!inside(realFolder, realpathSync.native(target))) return undefined;
      return new Uint8Array(readFileSync(target));
    } catch {
      return undefined;
    }
  };
}
