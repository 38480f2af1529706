// The common Transport Fever descriptor, `function data() return { … } end` holding only tables,
// names, numbers, plain strings and booleans, read by one scan (numeric-tables.ts's, taking
// strings and booleans too) without luaparse. Anything else (comments, locals, escapes, nil, hex,
// `[k] =` keys, a key given twice, a keyword as a key, text after `end`) makes it give up and the
// text goes the full way (lua-constants.ts), whose values, positions and errors stay the
// reference: this pass only ever accepts, so no error message can differ.
// Measured on the speed bar's tiled TF door (a 645-byte descriptor, default backend, shared
// 2-core machine): the full way (nesting check, number-table scan, luaparse, evaluation) was about
// half of the parse; alternatives not built: a cache of descriptors by their text (a lookup as
// long as the text, and memory held between calls). Round seven, the same descriptor
// (evaluateLuaData, bundled, medians of interleaved rounds, shared machine at load 8–10): this
// scan 2.9 µs; the full way 14.8 µs (luaparse, with numeric-tables.ts's scan first) and 25.7 µs
// (luaparse alone). luaparse itself is loaded only when a text first needs it
// (luaparse-on-demand.cjs); every corpus descriptor and every one the writer makes reads here
// (test/tf-plain-fast-path-property.test.ts).
import type { LuaTable } from './lua-constants.js';
import { TableScanner } from './numeric-tables.js';

const HEAD = /[ \t\r\n]*function[ \t\r\n]+data[ \t\r\n]*\([ \t\r\n]*\)[ \t\r\n]*return[ \t\r\n]*(?=\{)/y;
const TAIL = /[ \t\r\n]*end[ \t\r\n]*$/y;

/**
 * The table `text` returns (each of its tables knowing its position: text-table.ts), or
 * undefined when the text is not that plain. Tables nest at most `maxDepth` deep in what it accepts: given the nesting limit less
 * one (room for a minus before a number of the deepest table), every text it accepts passes the
 * nesting check, which then runs only on texts this gives up on (it was an eighth of a small TF
 * parse).
 */
export function readPlainDataFunction(text: string, maxDepth = Infinity): LuaTable | undefined {
  HEAD.lastIndex = 0;
  if (!HEAD.test(text)) return undefined;
  const scanner = new TableScanner(text, true, maxDepth);
  const scanned = scanner.table(HEAD.lastIndex);
  // One value per byte of text is the evaluator's budget; a plain table cannot spend more, but the check is cheap.
  if (!scanned || scanned.size > text.length) return undefined;
  TAIL.lastIndex = scanned.close + 1;
  if (!TAIL.test(text)) return undefined;
  return scanned.value;
}
