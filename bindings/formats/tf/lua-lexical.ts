// Lexical pieces of Lua text shared by the passes that run before luaparse (nesting check,
// numeric-table scan): character classes and skipping strings, comments and long brackets.

export const MINUS = 45;

/** A character of a name, keyword or number: A–Z, a–z, _, 0–9 or `.`. */
export function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 46;
}

/** 0–9 or `.`: the start of a number. */
export function isNumberStartCode(code: number): boolean {
  return (code >= 48 && code <= 57) || code === 46;
}

/** + or −: the sign of an exponent. */
export function isSignCode(code: number): boolean {
  return code === 43 || code === MINUS;
}

/** e, E, p or P: an exponent marker, after which a sign belongs to the number. */
export function isExponentCode(code: number): boolean {
  return code === 101 || code === 69 || code === 112 || code === 80;
}

/** `[`, then `level` equals signs, then `[` at `i`: the level; else −1. */
export function longBracketLevel(text: string, i: number): number {
  if (text[i] !== '[') return -1;
  let j = i + 1;
  while (text[j] === '=') j++;
  return text[j] === '[' ? j - i - 1 : -1;
}

export function skipLongBracket(text: string, i: number, level: number): number {
  const close = ']' + '='.repeat(level) + ']';
  const end = text.indexOf(close, i + level + 2);
  return end < 0 ? text.length : end + close.length;
}

/** Space, tab, vertical tab, form feed (luaparse's isWhiteSpace) and the line terminators. */
export function isSpaceCode(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12;
}

export const isLineEndCode = (c: number): boolean => c === 10 || c === 13;

/** Past a line comment: luaparse ends one at \n or \r. */
export function skipToLineEnd(text: string, i: number): number {
  while (i < text.length && !isLineEndCode(text.charCodeAt(i))) i++;
  return i;
}

/**
 * Past the quoted string starting at `i`, as luaparse's scanStringLiteral reads it (escaped line
 * breaks, \r\n as one; `\z` skipping spaces and line breaks), or to the line break that leaves it
 * unfinished: a table inside a string must never be taken for one outside.
 */
export function skipString(text: string, i: number): number {
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
