// How an apg file's numbers were written, so that a rewrite gives the same bytes: files written
// with C's `%.Nf` (the corpus files and apg_mesh's exporters, with N per block and even per column:
// `@vtan` rows as "%.3f %.3f %.3f %.1f") keep those digits. For each block (the tag's name:
// `vp`, `vn`, `offset_mat`, `tra_keys`, … `duration`, `bounding_radius`) and each numeric column
// of its lines: N when every number there has a decimal point and N digits after it; else the
// first of the shortest form (null), C's `%g` ('g') and Python's `str(float)` ('repr', Blender's
// exporter) that spells every number of the column as the file does; else null.
// Integers of the grammar (counts, ids, `parent P bone_id B`) are not looked at.
import { formatFloat32Shortest, formatG, formatRepr } from './format-number.js';

/** How one column is written: `%.Nf` digits, 'g', 'repr', or null for the shortest form. */
export type ApgColumnFormat = number | 'g' | 'repr' | null;

/** Per block, per numeric column. */
export type ApgNumberFormat = Record<string, ApgColumnFormat[]>;

const STYLES = [
  [1, formatFloat32Shortest],
  [2, formatG],
  [4, formatRepr],
] as const;

/** Which of the shortest, %g and repr styles spell this token exactly (a bit each). */
function stylesOf(text: string): number {
  const value = Math.fround(Number(text));
  let mask = 0;
  for (const [bit, style] of STYLES) if (style(value) === text) mask |= bit;
  return mask;
}

const isDigit = (c: number | undefined) => c !== undefined && c >= 48 && c <= 57;

/** Fraction digits of a `%.Nf` token, -1 for another number, undefined for a word. */
function fixedDigits(bytes: Uint8Array, start: number, end: number): number | undefined {
  let i = start;
  if (bytes[i] === 45 || bytes[i] === 43) i++;
  if (!isDigit(bytes[i]) && !(bytes[i] === 46 && isDigit(bytes[i + 1]))) return undefined;
  while (i < end && isDigit(bytes[i])) i++;
  if (i === end || bytes[i] !== 46) return -1;
  const point = i++;
  while (i < end && isDigit(bytes[i])) i++;
  return i === end ? end - point - 1 : -1;
}

function word(bytes: Uint8Array, start: number, end: number): string {
  let text = '';
  for (let i = start; i < end && i - start < 40; i++) text += String.fromCharCode(bytes[i]!);
  return text;
}

type Visit = (block: string, column: number, digits: number, start: number, end: number) => void;

/** Calls `visit` for every number of the data lines and of the two float-holding tags, with its block and column. */
function eachNumber(bytes: Uint8Array, visit: Visit): void {
  let block = '';
  for (let i = 0; i < bytes.length; ) {
    let lineEnd = i;
    while (lineEnd < bytes.length && bytes[lineEnd] !== 10) lineEnd++;
    const tokens: [number, number][] = [];
    for (let t = i; t < lineEnd; ) {
      while (t < lineEnd && (bytes[t] === 32 || bytes[t] === 9 || bytes[t] === 13)) t++;
      const start = t;
      while (t < lineEnd && bytes[t] !== 32 && bytes[t] !== 9 && bytes[t] !== 13) t++;
      if (t > start) tokens.push([start, t]);
    }
    i = lineEnd + 1;
    if (!tokens.length) continue;
    const first = word(bytes, tokens[0]![0], tokens[0]![1]);
    if (first.startsWith('@')) {
      block = first.slice(1);
      // Tag lines with a float: `@animation name N duration D`, `@bounding_radius R`.
      const floatAfter = block === 'animation' ? 'duration' : block === 'bounding_radius' ? '@bounding_radius' : undefined;
      for (let k = 0; floatAfter && k + 1 < tokens.length; k++) {
        if (word(bytes, tokens[k]![0], tokens[k]![1]) !== floatAfter) continue;
        const [start, end] = tokens[k + 1]!;
        const digits = fixedDigits(bytes, start, end);
        if (digits !== undefined) visit(block === 'animation' ? 'duration' : block, 0, digits, start, end);
      }
    } else if (first !== 'parent' && block !== '') {
      let column = 0;
      for (const [start, end] of tokens) {
        const digits = fixedDigits(bytes, start, end);
        if (digits !== undefined) visit(block, column++, digits, start, end);
      }
    }
  }
}

interface Column {
  /** Fraction digits shared by every number, or -1. */
  digits: number;
  /** STYLES bits that spell every number. */
  styles: number;
}

/** The number format of an apg file, or undefined when every number is in the shortest form. */
export function detectNumberFormat(bytes: Uint8Array): ApgNumberFormat | undefined {
  const columns: Record<string, Column[]> = {};
  let mixed = false;
  eachNumber(bytes, (block, column, digits) => {
    const list = (columns[block] ??= []);
    const c = (list[column] ??= { digits, styles: 7 });
    if (c.digits !== digits && c.digits >= 0) {
      c.digits = -1;
      mixed = true;
    }
  });
  // Columns that are not fixed-point throughout: which style spells every one of their numbers.
  if (mixed) {
    eachNumber(bytes, (block, column, _digits, start, end) => {
      const c = columns[block]![column]!;
      if (c.digits < 0 && c.styles !== 0) c.styles &= stylesOf(word(bytes, start, end));
    });
  }
  const format: ApgNumberFormat = {};
  let special = false;
  for (const [name, list] of Object.entries(columns)) {
    format[name] = Array.from(list, (c): ApgColumnFormat => {
      if (c === undefined) return null;
      if (c.digits >= 0) {
        special = true;
        return c.digits;
      }
      if (c.styles & 1 || c.styles === 0) return null;
      special = true;
      return c.styles & 2 ? 'g' : 'repr';
    });
  }
  return special ? format : undefined;
}
