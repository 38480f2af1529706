import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { SiblingResolver } from '../../bindings/index.js';

/** A SiblingResolver for tests: files in `path`'s folder (or below), never outside it. */
export function siblingsOf(path: string): SiblingResolver {
  const folder = dirname(path);
  return (name) => {
    const file = join(folder, name);
    const inside = relative(folder, file);
    if (inside.startsWith('..') || inside.startsWith(sep) || !existsSync(file)) return undefined;
    return new Uint8Array(readFileSync(file));
  };
}
