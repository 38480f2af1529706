// TypeScript twin of assembly/parse-numbers.ts: the same token grammar and fast path; tokens the
// kernel sends to its exact path get Math.fround(Number(token)) here, which is the definition
// the kernel's exact path reproduces.

const POW10 = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];
const EXPONENT_LIMIT = 100000000;
const f = Math.fround;

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function parseFloats(text: Uint8Array, dst: Float32Array): number {
  const end = text.length;
  const capacity = dst.length;
  let p = 0;
  let count = 0;
  while (true) {
    while (p < end && isSpace(text[p]!)) p++;
    if (p >= end) break;
    const start = p;
    if (count >= capacity) return -(start + 1);
    let c = text[p]!;
    const negative = c === 45;
    if (c === 45 || c === 43) c = ++p < end ? text[p]! : 32;
    const afterSign = p;
    // The mantissa stays below 2^53 in the fast path (15 digits), so a double holds it exactly;
    // beyond 15 significant digits only the count matters (the exact path re-reads the token).
    let mantissa = 0;
    let digits = 0;
    let scale = 0;
    let anyDigit = false;
    while (isDigit(c)) {
      anyDigit = true;
      if (digits < 19) {
        if (digits < 15) mantissa = mantissa * 10 + (c - 48);
        if (mantissa !== 0) digits++;
      } else {
        digits++;
        scale++;
      }
      c = ++p < end ? text[p]! : 32;
    }
    if (c === 46) {
      c = ++p < end ? text[p]! : 32;
      while (isDigit(c)) {
        anyDigit = true;
        if (digits < 19) {
          if (digits < 15) mantissa = mantissa * 10 + (c - 48);
          if (mantissa !== 0) digits++;
          scale--;
        } else digits++;
        c = ++p < end ? text[p]! : 32;
      }
    }
    if (!anyDigit) {
      // No digits: a word (inf, nan) right after the sign, or not a number ("." or ".inf").
      const word = p === afterSign ? parseWord(text, p, end) : 0;
      if (word === 0) return -(start + 1);
      p += word >>> 8;
      dst[count++] = (word & 0xff) === 1 ? (negative ? -Infinity : Infinity) : NaN;
      continue;
    }
    let exponent = 0;
    if (c === 101 || c === 69) {
      c = ++p < end ? text[p]! : 32;
      let exponentNegative = false;
      if (c === 45 || c === 43) {
        exponentNegative = c === 45;
        c = ++p < end ? text[p]! : 32;
      }
      if (!isDigit(c)) return -(start + 1);
      while (isDigit(c)) {
        if (exponent < EXPONENT_LIMIT) exponent = exponent * 10 + (c - 48);
        c = ++p < end ? text[p]! : 32;
      }
      if (exponentNegative) exponent = -exponent;
    }
    if (!isSpace(c)) return -(start + 1);
    const e = exponent + scale;
    if (digits === 0) dst[count++] = negative ? -0 : 0;
    else if (digits <= 15 && e >= -22 && e <= 22) {
      const v = e < 0 ? mantissa / POW10[-e]! : mantissa * POW10[e]!;
      dst[count++] = f(negative ? -v : v);
    } else {
      dst[count++] = f(Number(latin1(text, start, p)));
    }
  }
  return count;
}

function latin1(text: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(text[i]!);
  return s;
}

/** As the kernel: (length << 8) | 1 for inf/infinity, | 2 for nan, 0 otherwise. */
function parseWord(text: Uint8Array, p: number, end: number): number {
  let length = 0;
  let word = '';
  while (p + length < end && length < 9) {
    const c = text[p + length]!;
    if (isSpace(c)) break;
    word += String.fromCharCode(c | 0x20);
    length++;
  }
  if (p + length < end && !isSpace(text[p + length]!)) return 0;
  if (word === 'inf') return (3 << 8) | 1;
  if (word === 'infinity') return (8 << 8) | 1;
  if (word === 'nan') return (3 << 8) | 2;
  return 0;
}
