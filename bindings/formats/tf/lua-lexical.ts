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

export function skipLine(text: string, i: number): number {
  const end = text.indexOf('\n', i);
  return end < 0 ? text.length : end + 1;
}

export function skipQuoted(text: string, i: number): number {
  const quote = text[i];
  let j = i + 1;
  while (j < text.length && text[j] !== quote && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
  return j + 1;
}
