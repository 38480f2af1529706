// A table constructor's value as read from Lua text, knowing where its `{` is.
//
// The position is kept in private fields (no enumerable property: tables that hold the same
// values compare equal, wherever they were written) and worked out only when asked for (an
// error, or a reader naming a submesh's place): the scans give each table its text and offset,
// the line and column come from the text's line starts, found once per text when first needed.
// Alternatives measured on the speed bar's 30 KB TF door (a 645-byte descriptor of 17 tables,
// default backend, shared 2-core machine): a WeakMap from every table to its position, filled in
// one pass over the text after the scan, was about a sixth of the whole parse (its set per table
// alone); positions set on the tables in that same pass, a tenth. The cost: a table keeps the
// descriptor's text alive as long as the table is (a document's `extra` fields may hold tables),
// where the WeakMap kept only positions; the text is no larger than the file it came from.
import type { LuaPosition, LuaTable, LuaValue } from './lua-constants.js';
import { isLineEndCode } from './lua-lexical.js';

/** A text and, once asked for, the offsets at which its lines start (as luaparse counts them). */
export class TableText {
  private starts: number[] | undefined;

  constructor(readonly text: string) {}

  /** 1-based line and column of a character offset. */
  position(offset: number): LuaPosition {
    const starts = (this.starts ??= lineStarts(this.text));
    let low = 0, high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  }
}

/** A LuaTable read from text: `items` and `fields` as LuaTable has them, and where it was written. */
export class TextTable implements LuaTable {
  readonly items: LuaValue[] = [];
  readonly fields = new Map<string | number, LuaValue>();
  #source: TableText | LuaPosition;
  #offset: number;

  /** `source`: the text and the offset of the `{` in it, or the position itself. */
  constructor(source: TableText | LuaPosition, offset = 0) {
    this.#source = source;
    this.#offset = offset;
  }

  get position(): LuaPosition {
    const source = this.#source;
    if (!(source instanceof TableText)) return source;
    return (this.#source = source.position(this.#offset));
  }
}

/** Offsets at which lines start, counting line breaks as luaparse does (\n, \r, and \r\n or \n\r as one). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isLineEndCode(c)) continue;
    const pair = text.charCodeAt(i + 1);
    if (isLineEndCode(pair) && pair !== c) i++;
    starts.push(i + 1);
  }
  return starts;
}
