// The plain-descriptor scan runs before the nesting check (lua-constants.ts), so it must never
// read a text that check refuses: for every LUA_LIMITS.maxDepth from 0 to 9 and tables nested 1
// to 12 deep (a number with a minus in the innermost, or not), the default read gives the same
// outcome (values, positions, error) as the full way (numberTables: false), and a descriptor
// nested past the limit is refused.
import { afterEach, describe, expect, it } from 'vitest';
import { MeshFormatError } from '../bindings/index.js';
import { evaluateLuaData, isLuaTable, LUA_LIMITS, tablePosition, type LuaValue } from '../bindings/formats/tf/index.js';

const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const DEFAULT_DEPTH = LUA_LIMITS.maxDepth;

function outcome(text: string, numberTables: boolean): unknown {
  const walk = (v: LuaValue): unknown => (isLuaTable(v) ? { at: tablePosition(v), items: v.items.map(walk), fields: [...v.fields].map(([k, f]) => [k, walk(f)]) } : v);
  try {
    return walk(evaluateLuaData(bytes(text), { numberTables }));
  } catch (error) {
    if (!(error instanceof MeshFormatError)) throw error;
    return { code: error.code, line: error.line, column: error.column, message: error.message };
  }
}

/** `function data() return` tables nested `depth` deep, the innermost holding `value`. */
function nested(depth: number, value: string): string {
  let text = value;
  for (let d = 0; d < depth; d++) text = `{\n\tk${d} = ${text},\n}`;
  return `function data()\nreturn ${text}\nend\n`;
}

describe('TF plain descriptors and the nesting limit', () => {
  afterEach(() => {
    LUA_LIMITS.maxDepth = DEFAULT_DEPTH;
  });

  it('the same outcome as the full way for every limit 0–9 and depth 1–12, with and without a minus', () => {
    for (let limit = 0; limit <= 9; limit++) {
      LUA_LIMITS.maxDepth = limit;
      for (let depth = 1; depth <= 12; depth++) {
        for (const value of ['1.5', '-2', '"s"']) {
          const text = nested(depth, value);
          expect(outcome(text, true), `limit ${limit}, depth ${depth}, ${value}`).toEqual(outcome(text, false));
        }
      }
    }
  });

  it('a plain descriptor nested past the limit is refused, as BAD_COUNT', () => {
    LUA_LIMITS.maxDepth = 5;
    expect(outcome(nested(8, '1'), true)).toMatchObject({ code: 'BAD_COUNT' });
    LUA_LIMITS.maxDepth = DEFAULT_DEPTH;
    expect(outcome(nested(30, '1'), true)).toEqual(outcome(nested(30, '1'), false));
    expect(outcome(nested(DEFAULT_DEPTH + 1, '1'), true)).toMatchObject({ code: 'BAD_COUNT' });
  });
});
