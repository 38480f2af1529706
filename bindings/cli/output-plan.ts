import { basename, dirname, extname, join, resolve } from 'node:path';
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
 */
export function planOutputs(inputs: readonly InputFile[], outDir: string | undefined): OutputPlace[] {
  const places = inputs.map((input) => {
    const rel = input.path === '-' ? 'stdin' : input.relative;
    const dir = outDir !== undefined ? join(outDir, dirname(rel)) : dirname(input.path);
    const name = basename(rel);
    return { dir, name, stem: name.slice(0, name.length - extname(name).length) || name };
  });
  // The resolved path: one folder spelled two ways (`/abs/x`, `x`, `./x`) is one place.
  const key = (dir: string, stem: string) => resolve(dir, stem).toLowerCase();
  const counts = new Map<string, number>();
  for (const p of places) counts.set(key(p.dir, p.stem), (counts.get(key(p.dir, p.stem)) ?? 0) + 1);
  const taken = new Set<string>();
  return places.map((p) => {
    let stem = counts.get(key(p.dir, p.stem))! > 1 ? p.name : p.stem;
    for (let n = 2; taken.has(key(p.dir, stem)); n++) stem = `${p.stem}-${n}${counts.get(key(p.dir, p.stem))! > 1 ? extname(p.name) : ''}`;
    taken.add(key(p.dir, stem));
    return { dir: p.dir, stem };
  });
}
