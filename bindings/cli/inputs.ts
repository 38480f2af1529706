import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { basename, join, resolve, sep } from 'node:path';
import { CodedError } from '../io/error-info.js';
import { globToRegExp, isGlob, splitGlob } from './glob.js';

/** One input file and where it sits under the argument that named it. */
export interface InputFile {
  /** The path to read, or `-` for standard input. */
  path: string;
  /** The path relative to the folder or glob base that found it (its own name when named directly): kept under --out-dir. */
  relative: string;
}

export interface ExpandedInputs {
  files: InputFile[];
  /** Arguments that named nothing (missing paths, globs without matches), as per-file failures. */
  missing: { path: string; error: CodedError }[];
  /** Folders and globs that gave no file (a usage error naming each pattern). */
  empty: { pattern: string; why: string }[];
  /** Every path of `files` and `missing` in the order the arguments gave them: results are reported in this order. */
  order: Map<string, number>;
}

/** A file a walk found, its path under the walked folder, and its real path (realpath(3)'s answer), for reading each file once. */
interface Found {
  path: string;
  /** `path` relative to the folder the walk began at (what path.relative gives). */
  relative: string;
  real: string;
  /** A folder the walk could not list (EACCES, ENAMETOOLONG, …): reported as a failed input, the walk going on. */
  error?: CodedError;
}

/**
 * What `join(folder, name)` begins with for any entry name of the folder: the folder normalized
 * once, so that each entry's path is a concatenation (a name from readdir has no separator and is
 * never `.` or `..`, so that join would change nothing else in it).
 */
function entryPrefix(folder: string): string {
  return join(folder, '\0').slice(0, -1);
}

/**
 * Files under `folder` that `accept` takes, sorted, at most `depth` levels down (1: the folder's
 * own files); a folder it cannot list (EACCES, ENAMETOOLONG…) is an entry with its `error`, the
 * rest of the walk going on. `real`: the folder's real path; a file or folder entry that is not a symbolic link
 * is then its real path joined with the entry's name, so that only links cost a realpath(3) of
 * their own. One realpath(3) per input was 9 readlink calls for a file five folders down: the walk
 * of 1,000 inputs took 10.5 ms of the main thread's CPU before any conversion, 5.8 ms now (median
 * of 15 walks, tmpfs, shared 2-core machine). Each entry's path, real path and relative path are
 * its folder's (normalized once per folder) and its name: a join and a path.relative per file
 * (normalizing the whole path again, several strings each) were most of the walk's time and
 * garbage.
 */
function walk(folder: string, accept: (name: string) => boolean, out: Found[], depth = Infinity, real = realPath(folder), under = '', pathPrefix = entryPrefix(folder), realPrefix = entryPrefix(real)): void {
  let listed;
  try {
    listed = readdirSync(folder, { withFileTypes: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'EIO';
    out.push({ path: folder, relative: under === '' ? '' : under.slice(0, -1), real, error: new CodedError(code, `${folder}: ${systemMessage(e)}`) });
    return;
  }
  const entries = listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const name = entry.name;
    const path = pathPrefix + name;
    if (entry.isDirectory()) {
      // A subfolder's path is normalized already, and neither the root nor `.`: its entries' prefix is it and a separator.
      if (depth > 1) walk(path, accept, out, depth - 1, realPrefix + name, under + name + sep, path + sep, realPrefix + name + sep);
    } else if (entry.isFile() && accept(name)) out.push({ path, relative: under + name, real: realPrefix + name });
    else if (entry.isSymbolicLink() && isFile(path) && accept(name)) out.push({ path, relative: under + name, real: realPath(path) });
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

const toSlashes = (path: string) => path.split(sep).join('/');

/** Every input, files and arguments that named nothing alike, in the order the arguments gave them. */
export function inputsInOrder(inputs: ExpandedInputs): ({ file: InputFile } | { missing: ExpandedInputs['missing'][number] })[] {
  const all = [...inputs.files.map((file) => ({ file, at: inputs.order.get(file.path) ?? 0 })), ...inputs.missing.map((missing) => ({ missing, at: inputs.order.get(missing.path) ?? 0 }))];
  return all.sort((a, b) => a.at - b.at).map((entry) => ('file' in entry ? { file: entry.file } : { missing: entry.missing }));
}

/**
 * Expands FILES|DIRS|GLOBS: a file is taken as named; a folder is walked (recursively, sorted)
 * and a glob expanded, both keeping only the files `accept` takes (a known extension); `-` is
 * standard input. A file reached twice is read once.
 */
export function expandInputs(args: string[], accept: (name: string) => boolean): ExpandedInputs {
  const files: InputFile[] = [];
  const missing: ExpandedInputs['missing'] = [];
  const empty: ExpandedInputs['empty'] = [];
  const order = new Map<string, number>();
  const addMissing = (path: string, error: CodedError) => {
    missing.push({ path, error });
    order.set(path, order.size);
  };
  const seen = new Set<string>();
  const add = (path: string, rel: string, real?: string) => {
    const key = path === '-' ? '-' : (real ?? realPath(path));
    if (seen.has(key)) return;
    seen.add(key);
    files.push({ path, relative: rel });
    order.set(path, order.size);
  };
  for (const arg of args) {
    if (arg === '-') add('-', 'stdin');
    else if (existsSync(arg)) {
      if (statSync(arg).isDirectory()) {
        const found: Found[] = [];
        walk(arg, accept, found);
        if (found.length === 0) empty.push({ pattern: arg, why: 'the folder holds no file with a known extension' });
        for (const f of found) {
          if (f.error) addMissing(f.path, f.error);
          else add(f.path, f.relative, f.real);
        }
      } else add(arg, basename(arg));
    } else if (isGlob(arg)) {
      const { base, rest } = splitGlob(arg);
      const pattern = globToRegExp(rest);
      const found: Found[] = [];
      // A pattern without ** reaches only as deep as its segments.
      const depth = rest.includes('**') ? Infinity : rest.split('/').length;
      if (existsSync(base) && statSync(base).isDirectory()) walk(base, accept, found, depth);
      // A folder that could not be listed may hold matches: reported whatever its name.
      const matches = found.filter((f) => f.error !== undefined || pattern.test(toSlashes(f.relative)));
      if (matches.length === 0) empty.push({ pattern: arg, why: 'no file matches' });
      for (const f of matches) {
        if (f.error) addMissing(f.path, f.error);
        else add(f.path, f.relative, f.real);
      }
    } else addMissing(arg, statError(arg));
  }
  return { files, missing, empty, order };
}

/** Why a path cannot be taken, with the real errno (ELOOP for a symbolic link loop, EACCES, …). */
function statError(path: string): CodedError {
  try {
    statSync(path);
    return new CodedError('ENOENT', `no such file or folder: ${path}`);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'ENOENT';
    return new CodedError(code, code === 'ENOENT' ? `no such file or folder: ${path}` : `${path}: ${systemMessage(e)}`);
  }
}

/** A Node system error's reason without its call and path (`ELOOP: too many symbolic links encountered`). */
export function systemMessage(e: unknown): string {
  const error = e as NodeJS.ErrnoException;
  const text = error.message ?? String(e);
  const reason = /^[A-Z0-9_]+: ([^,]+)/.exec(text);
  return reason ? `${error.code}: ${reason[1]}` : text;
}

/** One realpath(3) per input (Node's JavaScript realpathSync lstats every folder of the path in JavaScript). */
function realPath(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return resolve(path);
  }
}
