import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import type { InputFile } from './inputs.js';

/** Where one input's output goes: a folder and a name without the target's extension. */
export interface OutputPlace {
  dir: string;
  stem: string;
}

/**
 * Output places for a batch: beside each input, or under `outDir` at the input's relative path.
 * The output name is the input's without its extension; inputs whose names would meet
 * (`QBZ95_long.mesh` and `QBZ95_long.anim`) keep their source extension (`QBZ95_long.mesh.glb`,
 * `QBZ95_long.anim.glb`), and any that still meet get `-2`, `-3`, … (never a refusal).
 *
 * Each folder is joined and resolved once, not once per file (nor four times, as the collision
 * keys were): a batch's files share few folders, and resolving a whole path per key was most of
 * the plan's time and garbage (1,000 files: README § Bulk conversion, round seven).
 */
export function planOutputs(inputs: readonly InputFile[], outDir: string | undefined): OutputPlace[] {
  const dirs = new Map<string, string>();
  const key = placeKeys();
  const places = inputs.map((input) => {
    const rel = input.path === '-' ? 'stdin' : input.relative;
    const folder = dirname(outDir !== undefined ? rel : input.path);
    let dir = dirs.get(folder);
    if (dir === undefined) {
      dir = outDir !== undefined ? join(outDir, folder) : folder;
      dirs.set(folder, dir);
    }
    const name = basename(rel);
    const stem = name.slice(0, name.length - extname(name).length) || name;
    return { dir, name, stem, key: key(dir, stem) };
  });
  const counts = new Map<string, number>();
  for (const p of places) counts.set(p.key, (counts.get(p.key) ?? 0) + 1);
  const taken = new Set<string>();
  return places.map((p) => {
    const shared = counts.get(p.key)! > 1;
    let stem = shared ? p.name : p.stem;
    let at = shared ? key(p.dir, stem) : p.key;
    for (let n = 2; taken.has(at); n++) {
      stem = `${p.stem}-${n}${shared ? extname(p.name) : ''}`;
      at = key(p.dir, stem);
    }
    taken.add(at);
    return { dir: p.dir, stem };
  });
}

/**
 * The key of a place: its resolved path, lower-cased, so that one folder spelled two ways
 * (`/abs/x`, `x`, `./x`) is one place. `resolve(dir, stem)`, each folder resolved once (per
 * plan: the working folder may change between runs): for a stem that is a plain name (no
 * separator, not `.` or `..`) resolve adds nothing but a separator and the name.
 */
function placeKeys(): (dir: string, stem: string) => string {
  const resolved = new Map<string, string>();
  return (dir, stem) => {
    if (stem === '.' || stem === '..' || stem.includes('/') || stem.includes(sep)) return resolve(dir, stem).toLowerCase();
    let folder = resolved.get(dir);
    if (folder === undefined) {
      folder = resolve(dir);
      resolved.set(dir, folder);
    }
    return (folder.endsWith(sep) ? folder + stem : folder + sep + stem).toLowerCase();
  };
}
