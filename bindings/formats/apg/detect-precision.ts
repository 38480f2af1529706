// How an apg file's numbers were written, so that a rewrite gives the same bytes: files written
// with C's `%.Nf` (the corpus files and apg_mesh's exporters, with N per block and even per column:
// `@vtan` rows as "%.3f %.3f %.3f %.1f") keep those digits. For each block (the tag's name:
// `vp`, `vn`, `offset_mat`, `tra_keys`, … `duration`, `bounding_radius`) and each numeric column
// of its lines: N when every number there has a decimal point and N digits after it; else the
// first of the shortest form (null), C's `%g` ('g') and Python's `str(float)` ('repr', Blender's
// exporter) that spells every number of the column as the file does; else null.
// Integers of the grammar (counts, ids, `parent P bone_id B`) are not looked at.
//
// Cost: one pass over the bytes (about 20 ms per MB, some 4× readApg: so only rewriteSync runs it); a second pass only over columns that show
// a `%g` exponent (`e-06`) or a trailing `.0` (Python), checking that style on each of their
// numbers. Verifying the shortest form on every number instead cost 0.5 s per MB (measured on an
// 11 MB file), and it needs no check: it is the writer's default and reads back exactly.
import { formatG, formatRepr } from './format-number.js';

/** How one column is written: `%.Nf` digits, 'g', 'repr', or null for the shortest form. */
export type ApgColumnFormat = number | 'g' | 'repr' | null;

/** Per block, per numeric column. */
export type ApgNumberFormat = Record<string, ApgColumnFormat[]>;

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
        // nan and inf are values too: the numbers after them stay in their own columns.
        else if (NON_FINITE_WORD.test(word(bytes, start, end))) column++;
      }
    }
  }
}

/** How the writer spells NaN and the infinities (and other tools may: `inf`, `-inf`, `nan`, `infinity`). */
const NON_FINITE_WORD = /^[+-]?(nan|inf(inity)?)$/i;

interface Column {
  /** Fraction digits shared by every number, or -1. */
  digits: number;
  /** A number spelled with a two-digit exponent (`7.4e-06`): C's %g. */
  gMark: boolean;
  /** A number ending in `.0` (`0.0`, `2.0`): Python's str(float). */
  reprMark: boolean;
  /** Whether every number checked so far is spelled in the marked style. */
  styleHolds: boolean;
}

/** A two-digit exponent with a leading zero (`e-06`, `e+07`), as C's %g and %e write them. */
function hasPaddedExponent(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i + 3 < end; i++) {
    if ((bytes[i] === 101 || bytes[i] === 69) && (bytes[i + 1] === 45 || bytes[i + 1] === 43) && bytes[i + 2] === 48 && isDigit(bytes[i + 3])) return true;
  }
  return false;
}

/** The number format of an apg file, or undefined when every number is in the shortest form. */
export function detectNumberFormat(bytes: Uint8Array): ApgNumberFormat | undefined {
  const columns: Record<string, Column[]> = {};
  let marked = false;
  eachNumber(bytes, (block, column, digits, start, end) => {
    const list = (columns[block] ??= []);
    const c = (list[column] ??= { digits, gMark: false, reprMark: false, styleHolds: true });
    if (c.digits !== digits) c.digits = -1;
    if (digits < 0 && !c.gMark && hasPaddedExponent(bytes, start, end)) c.gMark = marked = true;
    if (digits === 1 && bytes[end - 1] === 48) c.reprMark = marked = true;
  });
  // Columns that are not fixed-point throughout and show a style's mark: that style checked on each number.
  if (marked) {
    eachNumber(bytes, (block, column, _digits, start, end) => {
      const c = columns[block]![column]!;
      if (c.digits >= 0 || !c.styleHolds || !(c.gMark || c.reprMark)) return;
      const text = word(bytes, start, end);
      const value = Math.fround(Number(text));
      if ((c.gMark ? formatG(value) : formatRepr(value)) !== text) c.styleHolds = false;
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
      if (!(c.gMark || c.reprMark) || !c.styleHolds) return null;
      special = true;
      return c.gMark ? 'g' : 'repr';
    });
  }
  return special ? format : undefined;
}
