// apg mutations on its tag lines (`@vert_count`, `@vp comps`, `@skeleton bones … animations …`,
// `@tra_keys node … count … comps …`): a number of a tag set to a boundary value, a tag line
// repeated (a second `@vert_count` later in the file), lines removed or repeated.
import { choose, encodeUtf8, pick, utf8, type Mutator } from './mutator.js';

export const HOSTILE_APG_NUMBERS = ['0', '1', '2', '3', '-1', '2147483647', '2147483648', '4294967295', '4294967296', '10000000', '100000000', '1e7', '1e8', '999999999999', 'nan', 'inf', '1.5'];

type Edit = (lines: string[], next: () => number) => boolean;

const tagLines = (lines: string[]) => lines.map((l, i) => [l, i] as const).filter(([l]) => l.startsWith('@') && /\d/.test(l));

/** One number on a tag line set to a boundary value. */
export const editTagNumber: Edit = (lines, next) => {
  const tags = tagLines(lines);
  if (!tags.length) return false;
  const [line, at] = choose(next, tags);
  const numbers = [...line.matchAll(/-?\d+(\.\d+)?(e[-+]?\d+)?/gi)];
  const m = choose(next, numbers);
  lines[at] = line.slice(0, m.index) + choose(next, HOSTILE_APG_NUMBERS) + line.slice(m.index! + m[0].length);
  return true;
};

/** A tag line repeated later in the file (after the data it counted), with its number set to a boundary value now and then. */
export const repeatTag: Edit = (lines, next) => {
  const tags = tagLines(lines);
  if (!tags.length) return false;
  const [line, at] = choose(next, tags);
  const copy = next() < 0.7 ? line.replace(/-?\d+(\.\d+)?(e[-+]?\d+)?\s*$/i, choose(next, HOSTILE_APG_NUMBERS)) : line;
  lines.splice(at + 1 + pick(next, lines.length - at), 0, copy);
  return true;
};

/** Lines removed or repeated (data lines of a counted block, or tags). */
export const editLines: Edit = (lines, next) => {
  if (!lines.length) return false;
  const at = pick(next, lines.length);
  const n = 1 + pick(next, 8);
  if (next() < 0.5) lines.splice(at, n);
  else lines.splice(at, 0, ...lines.slice(at, at + n));
  return true;
};

function apgMutator(name: string, edit: Edit): Mutator {
  return {
    name,
    formats: ['apg'],
    mutate(input, next) {
      const lines = utf8(input.bytes).split('\n');
      return edit(lines, next) ? encodeUtf8(lines.join('\n')) : undefined;
    },
  };
}

export const APG_MUTATORS: Mutator[] = [apgMutator('apg-tag-numbers', editTagNumber), apgMutator('apg-repeated-tags', repeatTag), apgMutator('apg-lines', editLines)];
