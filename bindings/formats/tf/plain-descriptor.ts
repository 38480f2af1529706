// The common Transport Fever descriptor, `function data() return { … } end` holding only tables,
// names, numbers, plain strings and booleans, read by one scan (numeric-tables.ts's, taking
// strings and booleans too) without luaparse. Anything else (comments, locals, escapes, nil, hex,
// `[k] =` keys, a key given twice, a keyword as a key, text after `end`) makes it give up and the
// text goes the full way (lua-constants.ts), whose values, positions and errors stay the
// reference: this pass only ever accepts, so no error message can differ.
// Measured on the speed bar's tiled TF door (a 645-byte descriptor, default backend, shared
// 2-core machine): the full way (nesting check, number-table scan, luaparse, evaluation) was about
// half of the parse; alternatives not built: a cache of descriptors by their text (a lookup as
// long as the text, and memory held between calls). Then (shared 2-core machine, 1 KB descriptor
// of the speed bar's tiled mrfixit as TF): this scan before the nesting check, which a plain text
// it accepts cannot fail, and table positions from the list of tables the scan made instead of a
// walk of the result and a WeakMap per table: evaluateLuaData 22.3 → 16.0 µs
// (and 13.6 → 9.6 µs for the door's 645 bytes).
import type { LuaPosition, LuaTable } from './lua-constants.js';
import { PLAIN_SCAN_MAX_DEPTH, TableScanner } from './numeric-tables.js';

const HEAD = /[ \t\r\n]*function[ \t\r\n]+data[ \t\r\n]*\([ \t\r\n]*\)[ \t\r\n]*return[ \t\r\n]*(?=\{)/y;
const TAIL = /[ \t\r\n]*end[ \t\r\n]*$/y;

/**
 * The table `text` returns, and every table it holds (itself included) with where its `{` is;
 * undefined when the text is not that plain, or has a table deeper than `maxDepth` (0: the
 * outermost; this runs before the nesting check: the full way then refuses or reads the text as
 * it always did).
 */
export function readPlainDataFunction(text: string, maxDepth = PLAIN_SCAN_MAX_DEPTH): { table: LuaTable; tables: readonly LuaTable[]; positions: () => LuaPosition[] } | undefined {
  HEAD.lastIndex = 0;
  if (!HEAD.test(text)) return undefined;
  const scanner = new TableScanner(text, true, maxDepth);
  const scanned = scanner.table(HEAD.lastIndex);
  // One value per byte of text is the evaluator's budget; a plain table cannot spend more, but the check is cheap.
  if (!scanned || scanned.size > text.length) return undefined;
  TAIL.lastIndex = scanned.close + 1;
  if (!TAIL.test(text)) return undefined;
  return { table: scanned.value, tables: scanner.tables, positions: () => scanner.opens.map((open) => scanner.positionAt(open)) };
}
