// Table constructors of plain numbers (`{ 1, -0.5, 2e3, }`), read before luaparse sees the text.
//
// Why: luaparse makes an AST node per number (type, value, raw text, a location object with two
// positions), about 300 bytes for 6–10 bytes of text, and the evaluator then copies every value.
// An `.ani` is almost only such tables (times, and 16 numbers per matrix). Measured on a 38 MB
// .ani written by our writer (bench/tf-ani-memory.ts, peak RSS growth ÷ file size, shared
// machine): luaparse alone 77× (3.1 GB, 18 s); this scan for flat number tables only 15×; with
// lists of number tables (an .ani's `transfs`: no node per matrix either) 9×. Not built: a
// constant-only parser of our own in place of luaparse (least memory, but a second Lua grammar
// whose errors would differ from luaparse's). The tables read here are blanked in the text handed
// to luaparse (same length, same line breaks, so every line:column luaparse reports stays true),
// and luaparse parses what is left, now mostly spaces. Anything this pass does not recognise
// exactly (hex, a space after a minus, `;`, comments, operators inside the braces) is left to
// luaparse unchanged; test/tf-lua-number-tables.test.ts checks mutated texts read the same
// (values, positions, error messages) with and without the scan.

import { isWordCode, longBracketLevel, MINUS, skipLongBracket } from './lua-lexical.js';

/** A blanked table: its numbers, or (a list of number tables, as an `.ani`'s `transfs`) its rows with where each opens. */
export type NumericTable = { values: number[] } | { rows: { values: number[]; line: number; column: number }[] };

/** The blanked tables, by the character offset of their `{`. */
export type NumericTables = Map<number, NumericTable>;

/** Decimal numbers as luaparse reads them (readDecLiteral), with an optional unary minus written against them. */
const NUMBER = /-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/y;

const OPEN = 123;
const CLOSE = 125;
const COMMA = 44;

/** Space, tab, vertical tab, form feed (luaparse's isWhiteSpace) and the line terminators. */
function isSpaceCode(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12;
}

/**
 * The text with every table constructor that holds only decimal numbers blanked (its inside
 * turned to spaces, line terminators kept), and the numbers of each, by the offset of its `{`.
 * `before`: only tables that close before this offset.
 */
export function blankNumericTables(text: string, before = Infinity): { text: string; tables: NumericTables } {
  const tables: NumericTables = new Map();
  const lines = new LineCounter(text);
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
      const table = readNumericTable(text, i) ?? readRowsTable(text, i, lines);
      if (!table || ('values' in table ? table.values : table.rows).length === 0) {
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

const isLineEndCode = (c: number): boolean => c === 10 || c === 13;

/** Past a line comment: luaparse ends one at \n or \r. */
function skipToLineEnd(text: string, i: number): number {
  while (i < text.length && !isLineEndCode(text.charCodeAt(i))) i++;
  return i;
}

/**
 * Past the quoted string starting at `i`, as luaparse's scanStringLiteral reads it (escaped line
 * breaks, \r\n as one; `\z` skipping spaces and line breaks), or to the line break that leaves it
 * unfinished: a table inside a string must never be taken for one outside.
 */
function skipString(text: string, i: number): number {
  const quote = text.charCodeAt(i);
  let j = i + 1;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === quote || isLineEndCode(c)) return j + 1;
    if (c !== 92) {
      j++;
      continue;
    }
    const escaped = text.charCodeAt(j + 1);
    if (isLineEndCode(escaped)) {
      j += 2;
      const pair = text.charCodeAt(j);
      if (isLineEndCode(pair) && pair !== escaped) j++;
    } else if (escaped === 122) {
      // \z
      j += 2;
      while (isSpaceCode(text.charCodeAt(j))) j++;
    } else {
      j += 2;
    }
  }
  return j;
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

/** A list of number tables (`{ { 1, 2, }, { 3, 4, }, }`) opening at `open`: its rows, each with its line and column. */
function readRowsTable(text: string, open: number, lines: LineCounter): { rows: { values: number[]; line: number; column: number }[]; close: number } | undefined {
  const found: { values: number[]; open: number }[] = [];
  let i = open + 1;
  for (;;) {
    while (isSpaceCode(text.charCodeAt(i))) i++;
    const c = text.charCodeAt(i);
    if (c === CLOSE) break;
    if (c !== OPEN) return undefined;
    const row = readNumericTable(text, i);
    if (!row) return undefined;
    found.push({ values: row.values, open: i });
    i = row.close + 1;
    while (isSpaceCode(text.charCodeAt(i))) i++;
    const next = text.charCodeAt(i);
    if (next === COMMA) i++;
    else if (next === CLOSE) break;
    else return undefined;
  }
  // Positions only once the table is taken: the counter moves forward only.
  return { rows: found.map((row) => ({ values: row.values, ...lines.at(row.open) })), close: i };
}

/**
 * Line and column (1-based) of offsets asked for in increasing order, counting line breaks as
 * luaparse does (\n, \r, and \r\n or \n\r as one), so that positions equal its `loc`.
 */
class LineCounter {
  private line = 1;
  private lineStart = 0;
  private at_ = 0;

  constructor(private readonly text: string) {}

  at(offset: number): { line: number; column: number } {
    const text = this.text;
    let i = this.at_;
    while (i < offset) {
      const c = text.charCodeAt(i);
      if (isLineEndCode(c)) {
        const pair = text.charCodeAt(i + 1);
        if (isLineEndCode(pair) && pair !== c) i++;
        this.line++;
        this.lineStart = i + 1;
      }
      i++;
    }
    this.at_ = i;
    return { line: this.line, column: offset - this.lineStart + 1 };
  }
}

/** The numbers of the table constructor opening at `open` and the offset of its `}`, when it holds decimal numbers only. */
function readNumericTable(text: string, open: number): { values: number[]; close: number } | undefined {
  const values: number[] = [];
  let i = open + 1;
  for (;;) {
    while (isSpaceCode(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) === CLOSE) return { values, close: i };
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (!match) return undefined;
    i = NUMBER.lastIndex;
    // `1e`, `0x10`, `1.5.2`, `2abc`: luaparse reads (or refuses) these its own way.
    if (i < text.length && isWordCode(text.charCodeAt(i))) return undefined;
    values.push(parseFloat(match[0]));
    while (isSpaceCode(text.charCodeAt(i))) i++;
    const next = text.charCodeAt(i);
    if (next === COMMA) i++;
    else if (next === CLOSE) return { values, close: i };
    else return undefined;
  }
}
