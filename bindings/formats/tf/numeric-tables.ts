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
// text to it.

import { isLineEndCode, isSpaceCode, isWordCode, longBracketLevel, MINUS, skipLongBracket, skipString, skipToLineEnd } from './lua-lexical.js';
import type { LuaPosition, LuaTable, LuaValue } from './lua-constants.js';

/** A blanked table, evaluated: its value, the values it holds (itself included), where it ends. */
export interface ScannedTable {
  value: LuaTable;
  size: number;
  close: number;
}

/** The blanked tables, by the character offset of their `{`. */
export type NumericTables = Map<number, ScannedTable>;

/** Decimal numbers as luaparse reads them (readDecLiteral), with an optional unary minus written against them. */
const NUMBER = /-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?/y;
/** A name, and the `=` of a keyed field after it (not `==`). */
const KEY = /([A-Za-z_][A-Za-z0-9_]*)[ \t\v\f\r\n]*=(?!=)/y;
const KEYWORDS = new Set(['and', 'break', 'do', 'else', 'elseif', 'end', 'false', 'for', 'function', 'goto', 'if', 'in', 'local', 'nil', 'not', 'or', 'repeat', 'return', 'then', 'true', 'until', 'while']);

const OPEN = 123;
const CLOSE = 125;
const COMMA = 44;


/**
 * The text with every table constructor this scan reads blanked (its inside turned to spaces,
 * line terminators kept), its value by the offset of its `{`, and the position of each table
 * inside one (`positionOf`). `before`: only tables that close before this offset.
 */
export function blankNumericTables(text: string, before = Infinity): { text: string; tables: NumericTables; positionOf: (table: LuaTable) => LuaPosition | undefined } {
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
  const positionOf = (table: LuaTable) => scanner.positionOf(table);
  if (!tables.size) return { text, tables, positionOf };
  pieces.push(text.slice(copied));
  return { text: pieces.join(''), tables, positionOf };
}

/**
 * Reads table constructors whose fields are numbers, `name = value` and such tables. A table
 * read completely is remembered by its offset, so that when an enclosing one fails (a string
 * further on) the scan that goes on inside it takes it again instead of reading it again: each
 * character is read about twice, whatever the nesting.
 */
/**
 * Deepest table (0 for the outermost) the scan reads in `constants` mode (plain-descriptor.ts,
 * which runs before checkNesting), at most: a text the scan gives up on for its depth goes the
 * full way, which refuses or reads it as it always did, and the scan's recursion stays shallow.
 */
export const PLAIN_SCAN_MAX_DEPTH = 24;

export class TableScanner {
  private readonly done = new Map<number, ScannedTable | null>();
  private readonly offsets = new WeakMap<LuaTable, number>();
  private lineStarts: number[] | undefined;
  /** In `constants` mode, every table read and the offset of its `{`, in the order they closed. */
  readonly tables: LuaTable[] = [];
  readonly opens: number[] = [];

  /**
   * `constants`: values may also be `true`, `false` and quoted strings of printable ASCII with no
   * backslash (whose value is their text, as luaparse gives it), for plain-descriptor.ts.
   */
  constructor(private readonly text: string, private readonly constants = false, private readonly maxDepth = PLAIN_SCAN_MAX_DEPTH) {}

  table(open: number, depth = 0): ScannedTable | undefined {
    const known = this.done.get(open);
    if (known !== undefined) return known ?? undefined;
    const result = this.constants && depth > this.maxDepth ? undefined : this.read(open, depth);
    this.done.set(open, result ?? null);
    return result;
  }

  positionOf(table: LuaTable): LuaPosition | undefined {
    const offset = this.offsets.get(table);
    return offset === undefined ? undefined : this.positionAt(offset);
  }

  /** The line and column of a character offset. */
  positionAt(offset: number): LuaPosition {
    const starts = (this.lineStarts ??= lineStarts(this.text));
    let low = 0, high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  }

  private read(open: number, depth: number): ScannedTable | undefined {
    const text = this.text;
    const table: LuaTable = { items: [], fields: new Map() };
    let size = 1;
    let i = open + 1;
    for (;;) {
      while (isSpaceCode(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) === CLOSE) break;
      let key: string | undefined;
      KEY.lastIndex = i;
      const keyed = KEY.exec(text);
      if (keyed) {
        key = keyed[1]!;
        if (KEYWORDS.has(key) || table.fields.has(key)) return undefined;
        i = KEY.lastIndex;
        while (isSpaceCode(text.charCodeAt(i))) i++;
      }
      let value: LuaValue;
      if (text.charCodeAt(i) === OPEN) {
        const inner = this.table(i, depth + 1);
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
      } else if (this.constants && (text.startsWith('true', i) || text.startsWith('false', i))) {
        value = text.charCodeAt(i) === 116;
        i += value ? 4 : 5;
        if (i < text.length && isWordCode(text.charCodeAt(i))) return undefined;
        size++;
      } else {
        NUMBER.lastIndex = i;
        const match = NUMBER.exec(text);
        if (!match) return undefined;
        i = NUMBER.lastIndex;
        // `1e`, `0x10`, `1.5.2`, `2abc`: luaparse reads (or refuses) these its own way.
        if (i < text.length && isWordCode(text.charCodeAt(i))) return undefined;
        value = parseFloat(match[0]);
        size++;
      }
      if (key === undefined) table.items.push(value);
      else table.fields.set(key, value);
      while (isSpaceCode(text.charCodeAt(i))) i++;
      const next = text.charCodeAt(i);
      if (next === COMMA) i++;
      else if (next === CLOSE) break;
      else return undefined;
    }
    if (this.constants) {
      this.tables.push(table);
      this.opens.push(open);
    } else this.offsets.set(table, open);
    return { value: table, size, close: i };
  }
}

/** Offsets at which lines start, counting line breaks as luaparse does (\n, \r, and \r\n or \n\r as one). */
function lineStarts(text: string): number[] {
  const starts = [0];
  // A search per line, not a test per character (a tenth of a small descriptor's evaluation).
  LINE_END.lastIndex = 0;
  while (LINE_END.exec(text)) starts.push(LINE_END.lastIndex);
  return starts;
}

/** A line break: \n or \r, or the pair \r\n or \n\r (one break). */
const LINE_END = /\r\n?|\n\r?/g;



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
