// Table constructors of numbers, named fields and such tables (`{ 1, -0.5, 2e3, }`,
// `{ time = 0, rot = { 0, 0, 90 }, }`), read before luaparse sees the text.
//
// Why: luaparse makes an AST node per number (type, value, raw text, a location object with two
// positions), about 300 bytes for 6–10 bytes of text, and the evaluator then copies every value.
// An `.ani` is almost only such tables (times, and 16 numbers per matrix). Measured on a 38 MB
// .ani written by our writer (bench/tf-ani-memory.ts, peak RSS growth ÷ file size, shared
// machine): luaparse alone 77× (3.1 GB, 18 s); this scan for flat number tables only 15×; with
// lists of number tables (an .ani's `transfs`: no node per matrix either) 9×. A 10.8 MB .msh of
// 100,000 KEYFRAME keys (`{ time = …, rot = {…}, transl = {…}, }`) peaked at 68× with luaparse
// alone and 50× with number tables only, hence named fields too. Not built: a
// constant-only parser of our own in place of luaparse (least memory, but a second Lua grammar
// whose errors would differ from luaparse's). The tables read here are blanked in the text handed
// to luaparse (same length, same line breaks, so every line:column luaparse reports stays true),
// and luaparse parses what is left, now mostly spaces. Anything this pass does not recognise
// exactly (strings, booleans, nil, hex, `[k] =` keys, keys given twice, keywords, a space after a
// minus, `;`, comments, operators inside the braces) is left to luaparse unchanged;
// test/tf-lua-number-tables.test.ts checks mutated texts read the same (values, positions, error
// messages) with and without the scan. Measured with named fields: the .ani 12×, the KEYFRAME
// .msh 29×. One difference is left: when the evaluation budget (one value per byte, spent by
// locals used many times) runs out inside a scanned table, the error names that table's `{`,
// not the value inside it. plain-descriptor.ts uses the same scan (taking plain strings and
// booleans too) to read a whole descriptor of nothing else without luaparse, leaving any other
// text to it. Keys and whole numbers are read by loops, other numbers by the expression: on the
// speed bar's 645-byte TF descriptor (shared 2-core machine) the expressions for every key and
// number made the scan 5.3 µs, a fifth of a 30 KB TF parse (27 µs); with the loops
// evaluateLuaData went 13.1 → 10.2 µs.

import { isLineEndCode, isSpaceCode, isWordCode, longBracketLevel, MINUS, skipLongBracket, skipString, skipToLineEnd } from './lua-lexical.js';
import type { LuaValue } from './lua-constants.js';
import { TableText, TextTable } from './text-table.js';

/** A blanked table, evaluated: its value, the values it holds (itself included), where it ends. */
export interface ScannedTable {
  value: TextTable;
  size: number;
  close: number;
}

/** The blanked tables, by the character offset of their `{`. */
export type NumericTables = Map<number, ScannedTable>;

/** Decimal numbers as luaparse reads them (readDecLiteral), with an optional unary minus written against them. */
const NUMBER = /-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/y;
/**
 * The end of the name at `i` when a keyed field's `=` (not `==`) follows it after spaces, else −1:
 * what /([A-Za-z_][A-Za-z0-9_]*)[ \t\v\f\r\n]*=(?!=)/y matches, without a match object per
 * field (a loop: a third of the scan of a small descriptor went to the expression).
 */
function keyedFieldEnd(text: string, i: number): number {
  const first = text.charCodeAt(i);
  if (!((first >= 65 && first <= 90) || (first >= 97 && first <= 122) || first === 95)) return -1;
  let end = i + 1;
  for (let c = text.charCodeAt(end); (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95; c = text.charCodeAt(++end));
  let j = end;
  while (isSpaceCode(text.charCodeAt(j))) j++;
  return text.charCodeAt(j) === 61 && text.charCodeAt(j + 1) !== 61 ? end : -1;
}

/**
 * The end of a whole number at `i` (an optional `-`, then 1–15 digits, then neither a word
 * character nor anything else NUMBER would take), else −1: such a number is exact as the sum of
 * its digits, so parseFloat of its text gives the same value.
 */
function integerEnd(text: string, i: number): number {
  let j = text.charCodeAt(i) === MINUS ? i + 1 : i;
  const start = j;
  for (let c = text.charCodeAt(j); c >= 48 && c <= 57; c = text.charCodeAt(++j));
  if (j === start || j - start > 15) return -1;
  return j < text.length && isWordCode(text.charCodeAt(j)) ? -1 : j;
}

function integerValue(text: string, start: number, end: number): number {
  const negative = text.charCodeAt(start) === MINUS;
  let value = 0;
  for (let j = negative ? start + 1 : start; j < end; j++) value = value * 10 + (text.charCodeAt(j) - 48);
  return negative ? -value : value;
}
const KEYWORDS = new Set(['and', 'break', 'do', 'else', 'elseif', 'end', 'false', 'for', 'function', 'goto', 'if', 'in', 'local', 'nil', 'not', 'or', 'repeat', 'return', 'then', 'true', 'until', 'while']);

/**
 * The names TF descriptors use (none a keyword), by length: a key found here is this string,
 * not a new slice of the text that each Set and Map lookup must hash again. Measured on the
 * speed bar's 645-byte TF descriptor (shared 2-core machine, `node --cpu-prof`): slicing every
 * key and looking it up in KEYWORDS and in the table's fields was about a sixth of the parse.
 */
const COMMON_KEYS: (string[] | undefined)[] = [];
for (const key of ['count', 'offset', 'numComp', 'indices', 'position', 'normal', 'tangent', 'uv0', 'uv1', 'uv2', 'uv3', 'name', 'materials', 'subMeshes', 'vertexAttr', 'matConfigs', 'animations', 'times', 'transfs', 'type', 'params', 'origin', 'keyframes', 'time', 'rot', 'transl']) {
  (COMMON_KEYS[key.length] ??= []).push(key);
}

/** The common key text[start, end) spells, if it is one (first and last characters compared first). */
function commonKey(text: string, start: number, end: number): string | undefined {
  const list = COMMON_KEYS[end - start];
  if (list === undefined) return undefined;
  const first = text.charCodeAt(start), last = text.charCodeAt(end - 1);
  for (let k = 0; k < list.length; k++) {
    const key = list[k]!;
    if (key.charCodeAt(0) !== first || key.charCodeAt(key.length - 1) !== last) continue;
    let j = 1;
    while (j < key.length - 1 && key.charCodeAt(j) === text.charCodeAt(start + j)) j++;
    if (j >= key.length - 1) return key;
  }
  return undefined;
}

const OPEN = 123;
const CLOSE = 125;
const COMMA = 44;


/**
 * The text with every table constructor this scan reads blanked (its inside turned to spaces,
 * line terminators kept) and its value by the offset of its `{` (each table read knows its
 * position: text-table.ts). `before`: only tables that close before this offset.
 */
export function blankNumericTables(text: string, before = Infinity): { text: string; tables: NumericTables } {
  const tables: NumericTables = new Map();
  const scanner = new TableScanner(text);
  const pieces: string[] = [];
  let copied = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === MINUS && text.charCodeAt(i + 1) === MINUS) {
      const long = longBracketLevel(text, i + 2);
      i = long >= 0 ? skipLongBracket(text, i + 2, long) : skipToLineEnd(text, i);
    } else if (c === 34 || c === 39) {
      i = skipString(text, i);
    } else if (c === 91 && longBracketLevel(text, i) >= 0) {
      i = skipLongBracket(text, i, longBracketLevel(text, i));
    } else if (c === OPEN) {
      const table = scanner.table(i);
      if (!table || table.size === 1) {
        i++;
        continue;
      }
      if (table.close >= before) break;
      tables.set(i, table);
      pieces.push(text.slice(copied, i + 1), blank(text, i + 1, table.close));
      copied = table.close;
      i = table.close + 1;
    } else {
      i++;
    }
  }
  if (!tables.size) return { text, tables };
  pieces.push(text.slice(copied));
  return { text: pieces.join(''), tables };
}

/**
 * Reads table constructors whose fields are numbers, `name = value` and such tables. A table
 * read completely is remembered by its offset, so that when an enclosing one fails (a string
 * further on) the scan that goes on inside it takes it again instead of reading it again: each
 * character is read about twice, whatever the nesting.
 */
export class TableScanner {
  private readonly done = new Map<number, ScannedTable | null>();
  /** The text and its line starts, shared by every table read (text-table.ts). */
  private readonly source: TableText;

  private depth = 0;

  /**
   * `constants`: values may also be `true`, `false` and quoted strings of printable ASCII with no
   * backslash (whose value is their text, as luaparse gives it), for plain-descriptor.ts.
   * `maxDepth`: deepest table nesting read (the root is 1); a table deeper than that is not read,
   * and neither is any table around it.
   */
  constructor(private readonly text: string, private readonly constants = false, private readonly maxDepth = Infinity) {
    this.source = new TableText(text);
  }

  table(open: number): ScannedTable | undefined {
    if (this.constants) {
      if (this.depth >= this.maxDepth) return undefined;
      this.depth++;
      try {
        return this.read(open);
      } finally {
        this.depth--;
      }
    }
    const known = this.done.get(open);
    if (known !== undefined) return known ?? undefined;
    if (this.depth >= this.maxDepth) return undefined;
    this.depth++;
    let result: ScannedTable | undefined;
    try {
      result = this.read(open);
    } finally {
      this.depth--;
    }
    this.done.set(open, result ?? null);
    return result;
  }

  private read(open: number): ScannedTable | undefined {
    const text = this.text;
    const table = new TextTable(this.source, open);
    let size = 1;
    let i = open + 1;
    for (;;) {
      while (isSpaceCode(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) === CLOSE) break;
      let key: string | undefined;
      const keyEnd = keyedFieldEnd(text, i);
      if (keyEnd >= 0) {
        key = commonKey(text, i, keyEnd);
        if (key === undefined) {
          key = text.slice(i, keyEnd);
          if (KEYWORDS.has(key)) return undefined;
        }
        i = keyEnd;
        while (isSpaceCode(text.charCodeAt(i))) i++;
        i++; // the `=`
        while (isSpaceCode(text.charCodeAt(i))) i++;
      }
      let value: LuaValue;
      if (text.charCodeAt(i) === OPEN) {
        const inner = this.table(i);
        if (!inner) return undefined;
        value = inner.value;
        size += inner.size;
        i = inner.close + 1;
      } else if (this.constants && (text.charCodeAt(i) === 34 || text.charCodeAt(i) === 39)) {
        const quote = text.charCodeAt(i);
        let end = i + 1;
        for (let c = text.charCodeAt(end); c !== quote; c = text.charCodeAt(++end)) if (!(c >= 32 && c <= 126 && c !== 92)) return undefined;
        value = text.slice(i + 1, end);
        size++;
        i = end + 1;
      } else if (this.constants && ((text.charCodeAt(i) === 116 && text.startsWith('true', i)) || (text.charCodeAt(i) === 102 && text.startsWith('false', i)))) {
        value = text.charCodeAt(i) === 116;
        i += value ? 4 : 5;
        if (i < text.length && isWordCode(text.charCodeAt(i))) return undefined;
        size++;
      } else {
        // Whole numbers of up to 15 digits (exact in a double) without the regular expression.
        const end = integerEnd(text, i);
        if (end >= 0) {
          value = integerValue(text, i, end);
          i = end;
        } else {
          NUMBER.lastIndex = i;
          const match = NUMBER.exec(text);
          if (!match) return undefined;
          i = NUMBER.lastIndex;
          // `1e`, `0x10`, `1.5.2`, `2abc`: luaparse reads (or refuses) these its own way.
          if (i < text.length && isWordCode(text.charCodeAt(i))) return undefined;
          value = parseFloat(match[0]);
        }
        size++;
      }
      if (key === undefined) table.items.push(value);
      else {
        // A key given twice: the size does not grow (one lookup, where has() then set() made two).
        const size = table.fields.size;
        if (table.fields.set(key, value).size === size) return undefined;
      }
      while (isSpaceCode(text.charCodeAt(i))) i++;
      const next = text.charCodeAt(i);
      if (next === COMMA) i++;
      else if (next === CLOSE) break;
      else return undefined;
    }
    return { value: table, size, close: i };
  }
}

/** Spaces for text[start, end), keeping its line terminators (slices of one string of spaces). */
function blank(text: string, start: number, end: number): string {
  const parts: string[] = [];
  let run = start;
  for (let i = start; i < end; i++) {
    if (!isLineEndCode(text.charCodeAt(i))) continue;
    parts.push(spaces(i - run), text[i]!);
    run = i + 1;
  }
  parts.push(spaces(end - run));
  return parts.length === 1 ? parts[0]! : parts.join('');
}

let SPACES = ' '.repeat(256);

function spaces(length: number): string {
  while (SPACES.length < length) SPACES += SPACES;
  return SPACES.slice(0, length);
}
