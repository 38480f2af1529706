import type { Chunk, Expression, Node, Statement, TableConstructorExpression } from 'luaparse';
import { MeshFormatError, type MeshFormatErrorCode } from '../../io/errors.js';
import { latin1Text } from '../../io/latin1-text.js';
import { isExponentCode, isNumberStartCode, isSignCode, isWordCode, longBracketLevel, MINUS, skipLongBracket, skipString, skipToLineEnd } from './lua-lexical.js';
import { blankNumericTables, type NumericTables } from './numeric-tables.js';
import { readPlainDataFunction } from './plain-descriptor.js';
import { TextTable } from './text-table.js';
import { luaparseOnDemand } from './luaparse-on-demand.cjs';

/** 1-based line and column of a place in the text. */
export interface LuaPosition {
  line: number;
  column: number;
}

/** A table constructor's value: positional fields in order, keyed fields in source order. */
export interface LuaTable {
  items: LuaValue[];
  fields: Map<string | number, LuaValue>;
}

/** The line and column of the constructor `table` was evaluated from (1:1 for tables built in code). */
export function tablePosition(table: LuaTable): LuaPosition {
  return table instanceof TextTable ? table.position : { line: 1, column: 1 };
}

export type LuaValue = number | string | boolean | null | LuaTable;

export const LUA_LIMITS = {
  /**
   * Deepest nesting of brackets and unary operators the text may have (counted before parsing,
   * so that neither the parser nor the evaluator can run out of stack). Descriptors nest about 6 deep.
   */
  maxDepth: 64,
};

export const LUA_EVALUATE_DEFAULTS = {
  /**
   * Read tables of plain numbers with a scan before luaparse (numeric-tables.ts): the same values
   * and positions, without a parser node per number. false: every number through luaparse (the
   * reference the scan is tested against).
   */
  numberTables: true,
};

export function isLuaTable(value: LuaValue | undefined): value is LuaTable {
  return typeof value === 'object' && value !== null;
}

const FORMAT = 'tf';

function fail(code: MeshFormatErrorCode, at: LuaPosition, detail: string): never {
  throw new MeshFormatError({ code, format: FORMAT, line: at.line, column: at.column }, detail);
}

function positionOf(node: Node): LuaPosition {
  const start = node.loc!.start;
  return { line: start.line, column: start.column + 1 };
}

/** Line and column of a character index (1-based). */
function positionAt(text: string, index: number): LuaPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < index && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: index - lineStart + 1 };
}

/**
 * The value `function data() return … end` returns, computed without running anything: only
 * constant table constructors (numbers, strings, booleans, nil, nested tables, unary minus,
 * keyed and positional fields) and `local` constants declared before the return (in the function
 * or before it) are evaluated. Anything else is a MeshFormatError naming its line and column.
 * Bytes are read as Latin-1 (so columns count bytes) and string values decoded as UTF-8.
 * Work and memory are linear in the text: a local table used several times counts each time
 * against a budget of one value per byte of text.
 */
export function evaluateLuaData(bytes: Uint8Array, options: Partial<typeof LUA_EVALUATE_DEFAULTS> = {}): LuaTable {
  const { numberTables } = { ...LUA_EVALUATE_DEFAULTS, ...options };
  let text = latin1Text(bytes);
  // A UTF-8 byte order mark (Windows editors write one) reads as spaces, keeping the columns.
  if (text.startsWith('\xef\xbb\xbf')) text = `   ${text.slice(3)}`;
  // A descriptor of nothing but tables and plain values is read by one scan (plain-descriptor.ts),
  // which reads no deeper than the nesting check lets through, so that only other texts need it.
  const plain = numberTables ? readPlainDataFunction(text, LUA_LIMITS.maxDepth - 1) : undefined;
  if (plain) return plain;
  checkNesting(text);
  // Tables of plain numbers are read by a scan and blanked, so that luaparse makes no node per number.
  const original = text;
  const numeric = numberTables ? blankNumericTables(text) : { text, tables: new Map() as NumericTables };
  text = numeric.text;
  let chunk;
  try {
    chunk = parseLua(text);
  } catch (e) {
    const error = syntaxErrorOf(e) ?? unlexableFirstToken(e, text);
    if (error) {
      // luaparse names the token after the error ("near '1'"), which may lie in a blanked table:
      // the text again with only the tables that close before the error blanked gives its words.
      const again = numeric.tables.size ? syntaxErrorOf(tryParse(blankNumericTables(original, error.index).text)) : undefined;
      const message = again?.index === error.index ? again.message : error.message;
      fail('SYNTAX', positionAt(text, error.index), message.replace(/^\[\d+:\d+\] /, ''));
    }
    // The parser recurses on right-associative operators (.., ^) as well; a chain long enough to
    // exhaust the stack is refused like any other nesting beyond the limit.
    if (e instanceof RangeError) fail('BAD_COUNT', { line: 1, column: 1 }, 'the Lua text nests too deeply to parse');
    throw e;
  }
  const evaluator = new ConstantEvaluator(text.length, numeric.tables);
  let result: LuaTable | undefined;
  for (const statement of chunk.body) {
    if (statement.type === 'LocalStatement') {
      evaluator.declare(statement);
    } else if (isDataFunction(statement)) {
      if (result) fail('UNSUPPORTED', positionOf(statement), 'function data() is defined twice');
      result = evaluator.dataFunction(statement.body, positionOf(statement));
    } else {
      fail('UNSUPPORTED', positionOf(statement), `${describeNode(statement)} is not a constant; only local constants and function data() are read (Lua is never run)`);
    }
  }
  if (!result) fail('BAD_VALUE', positionAt(text, text.length), 'no function data() returning a table');
  // Every node was evaluated, so every blanked table was met as a table constructor (never inside a string).
  if (evaluator.numericTablesTaken !== numeric.tables.size) throw new Error(`${numeric.tables.size - evaluator.numericTablesTaken} scanned number tables were not table constructors`);
  return result;
}

/** luaparse's tree of `text` (luaparse is loaded on the first text the plain scan leaves to it: luaparse-on-demand.cjs). */
function parseLua(text: string): Chunk {
  return luaparseOnDemand().parse(text, { locations: true, ranges: true, comments: false, scope: false, luaVersion: '5.2', encodingMode: 'pseudo-latin1' });
}

/** The error parsing `text` throws (undefined when it parses). */
function tryParse(text: string): unknown {
  try {
    parseLua(text);
    return undefined;
  } catch (e) {
    return e;
  }
}

/**
 * luaparse throws a TypeError, not its SyntaxError, when the text's first token cannot be lexed
 * (`@`, `$`, a NUL byte…): it reports the error through a token it has not read yet. After a
 * leading empty statement (`;`, valid Lua 5.2) the same character is reported properly, one
 * place later.
 */
function unlexableFirstToken(e: unknown, text: string): { index: number; message: string } | undefined {
  if (!(e instanceof TypeError)) return undefined;
  const again = syntaxErrorOf(tryParse(`;${text}`));
  return again && again.index > 0 ? { index: again.index - 1, message: again.message.replace(/ near ';'$/, '') } : undefined;
}

/** A luaparse syntax error's place and message. */
function syntaxErrorOf(e: unknown): { index: number; message: string } | undefined {
  const error = e as { index?: number; message?: string };
  return e instanceof SyntaxError && typeof error.index === 'number' ? { index: error.index, message: String(error.message) } : undefined;
}

function isDataFunction(statement: Statement): statement is Extract<Statement, { type: 'FunctionDeclaration' }> {
  return statement.type === 'FunctionDeclaration' && !statement.isLocal && statement.identifier?.type === 'Identifier' && statement.identifier.name === 'data';
}

function describeNode(node: Node): string {
  switch (node.type) {
    case 'CallExpression':
    case 'StringCallExpression':
    case 'TableCallExpression':
    case 'CallStatement':
      return 'a function call';
    case 'FunctionDeclaration':
      return 'a function';
    case 'BinaryExpression':
    case 'LogicalExpression':
      return `the operator '${node.operator}'`;
    case 'UnaryExpression':
      return `the operator '${node.operator}'`;
    case 'MemberExpression':
    case 'IndexExpression':
      return 'a field access';
    case 'AssignmentStatement':
      return 'an assignment';
    default:
      return `a ${node.type.replace(/(Statement|Expression|Literal)$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`;
  }
}

interface Constant {
  value: LuaValue;
  /** Values it holds, itself included (what each use of it costs the budget). */
  size: number;
}

class ConstantEvaluator {
  private readonly scopes: Map<string, Constant>[] = [new Map()];
  private spent = 0;
  private readonly budget: number;
  numericTablesTaken = 0;

  constructor(textLength: number, private readonly numericTables: NumericTables) {
    this.budget = textLength;
  }

  declare(statement: Extract<Statement, { type: 'LocalStatement' }>): void {
    const scope = this.scopes[this.scopes.length - 1]!;
    // `local a, b = 1` gives b nil; extra values are evaluated (they must be constants) and dropped.
    const values = statement.init.map((e) => this.evaluate(e));
    statement.variables.forEach((variable, i) => scope.set(variable.name, values[i] ?? { value: null, size: 1 }));
  }

  dataFunction(body: Statement[], at: LuaPosition): LuaTable {
    this.scopes.push(new Map());
    try {
      for (let i = 0; i < body.length; i++) {
        const statement = body[i]!;
        if (statement.type === 'LocalStatement') {
          this.declare(statement);
          continue;
        }
        if (statement.type !== 'ReturnStatement') {
          fail('UNSUPPORTED', positionOf(statement), `${describeNode(statement)} inside data() is not a constant (Lua is never run)`);
        }
        if (i !== body.length - 1) fail('UNSUPPORTED', positionOf(body[i + 1]!), 'statements after return');
        if (statement.arguments.length !== 1) fail('BAD_VALUE', positionOf(statement), `data() must return one table, not ${statement.arguments.length} values`);
        const { value } = this.evaluate(statement.arguments[0]!);
        if (!isLuaTable(value)) fail('BAD_VALUE', positionOf(statement.arguments[0]!), 'data() must return a table');
        return value;
      }
      return fail('BAD_VALUE', at, 'data() returns nothing');
    } finally {
      this.scopes.pop();
    }
  }

  private spend(size: number, node: Node): void {
    this.spent += size;
    if (this.spent > this.budget) fail('BAD_COUNT', positionOf(node), `the constants expand to more values than the text has bytes (${this.budget})`);
  }

  private evaluate(node: Expression): Constant {
    switch (node.type) {
      case 'NumericLiteral':
      case 'BooleanLiteral':
        this.spend(1, node);
        return { value: node.value, size: 1 };
      case 'NilLiteral':
        this.spend(1, node);
        return { value: null, size: 1 };
      case 'StringLiteral':
        this.spend(1, node);
        return { value: decodeLatin1AsUtf8(node.value ?? ''), size: 1 };
      case 'UnaryExpression': {
        if (node.operator !== '-') break;
        const operand = this.evaluate(node.argument);
        if (typeof operand.value !== 'number') fail('UNSUPPORTED', positionOf(node), 'unary minus applies to numbers only');
        return { value: -operand.value, size: operand.size };
      }
      case 'Identifier': {
        for (let s = this.scopes.length - 1; s >= 0; s--) {
          const constant = this.scopes[s]!.get(node.name);
          if (constant) {
            this.spend(constant.size, node);
            return constant;
          }
        }
        return fail('UNSUPPORTED', positionOf(node), `'${node.name}' is not a local constant declared before it`);
      }
      case 'TableConstructorExpression':
        return this.table(node);
      default:
        break;
    }
    return fail('UNSUPPORTED', positionOf(node), `${describeNode(node)} is not a constant (Lua is never run)`);
  }

  private table(node: TableConstructorExpression): Constant {
    const scanned = node.fields.length ? undefined : this.numericTables.get((node as { range?: [number, number] }).range![0]);
    if (scanned) {
      this.numericTablesTaken++;
      this.spend(scanned.size, node);
      return { value: scanned.value, size: scanned.size };
    }
    this.spend(1, node);
    const table = new TextTable(positionOf(node));
    let size = 1;
    for (const field of node.fields) {
      const value = this.evaluate(field.value);
      size += value.size;
      if (field.type === 'TableValue') {
        table.items.push(value.value);
        continue;
      }
      let key: string | number;
      if (field.type === 'TableKeyString') {
        key = field.key.name;
      } else {
        const k = this.evaluate(field.key).value;
        if (typeof k !== 'string' && typeof k !== 'number') fail('UNSUPPORTED', positionOf(field.key), 'table keys must be strings or numbers');
        key = k;
      }
      if (table.fields.has(key)) fail('BAD_VALUE', positionOf(field), `the key ${JSON.stringify(key)} is given twice`);
      table.fields.set(key, value.value);
    }
    return { value: table, size };
  }
}

/** luaparse (pseudo-latin1) gives one character per byte; the bytes are UTF-8 text. */
function decodeLatin1AsUtf8(latin1: string): string {
  if (!/[^\x00-\x7f]/.test(latin1)) return latin1;
  const bytes = new Uint8Array(latin1.length);
  for (let i = 0; i < latin1.length; i++) bytes[i] = latin1.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

/**
 * Refuses text whose brackets and unary operators nest deeper than LUA_LIMITS.maxDepth, before the
 * parser (which recurses once or more per level) sees it. Strings, comments and long brackets are
 * skipped; a run of unary operators counts one level per operator until the bracket it opens
 * closes, which bounds the parser's recursion on `{-{-{…` and `- - - -1` alike.
 */
function checkNesting(text: string): void {
  const levels: number[] = [];
  let depth = 0;
  let unary = 0;
  let i = 0;
  const n = text.length;
  const tooDeep = (at: number): never => fail('BAD_COUNT', positionAt(text, at), `the Lua text nests deeper than ${LUA_LIMITS.maxDepth} levels`);
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === MINUS && text.charCodeAt(i + 1) === MINUS) {
      const long = longBracketLevel(text, i + 2);
      i = long >= 0 ? skipLongBracket(text, i + 2, long) : skipToLineEnd(text, i);
      continue;
    }
    if (c === 34 || c === 39) {
      // " or '
      i = skipString(text, i);
      unary = 0;
      continue;
    }
    if (c === 91) {
      // [
      const long = longBracketLevel(text, i);
      if (long >= 0) {
        i = skipLongBracket(text, i, long);
        unary = 0;
        continue;
      }
    }
    if (c === 123 || c === 40 || c === 91) {
      // { ( [
      levels.push(1 + unary);
      depth += 1 + unary;
      unary = 0;
      if (depth > LUA_LIMITS.maxDepth) tooDeep(i);
      i++;
    } else if (c === 125 || c === 41 || c === 93) {
      // } ) ]
      depth -= levels.pop() ?? 0;
      unary = 0;
      i++;
    } else if (c === MINUS || c === 35 || c === 126) {
      // - # ~
      unary++;
      if (depth + unary > LUA_LIMITS.maxDepth) tooDeep(i);
      i++;
    } else if (isWordCode(c)) {
      const start = i;
      const number = isNumberStartCode(c);
      i++;
      // Names, keywords and numbers (with exponent signs: 1e-5, 0x1p-3).
      while (i < n && (isWordCode(text.charCodeAt(i)) || (number && isSignCode(text.charCodeAt(i)) && isExponentCode(text.charCodeAt(i - 1))))) i++;
      if (i - start === 3 && text.startsWith('not', start)) {
        unary++;
        if (depth + unary > LUA_LIMITS.maxDepth) tooDeep(start);
      } else {
        unary = 0;
      }
    } else {
      // Anything but space, tab, newline, carriage return ends a run of unary operators.
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) unary = 0;
      i++;
    }
  }
}
