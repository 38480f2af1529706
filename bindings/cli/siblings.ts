import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { SiblingResolver } from '../formats/format.js';

/**
 * Reads files that belong with `file` (Transport Fever's `.msh.blob`) from the same folder only:
 * a name with folders in it resolves to nothing.
 */
export function siblingResolver(file: string): SiblingResolver {
  return (name) => {
    if (name !== basename(name) || name === '..' || name === '.') return undefined;
    const path = join(dirname(file), name);
    return existsSync(path) && statSync(path).isFile() ? new Uint8Array(readFileSync(path)) : undefined;
  };
}
