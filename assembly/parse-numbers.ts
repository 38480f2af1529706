// ASCII decimal numbers to float32, for text meshes (apg). Each token gets exactly what
// JavaScript's Math.fround(Number(token)) gives: the decimal correctly rounded to float64, then
// that float64 rounded to float32 (ties to even at both steps). Rounding twice is what the
// reference does, so it is what this kernel reproduces, including the rare decimals where it
// differs from rounding straight to float32.
//
// Token grammar: [+-]? (digits [. digits*] | . digits) ([eE] [+-]? digits)?, or [+-]? inf,
// infinity, nan (any case; C's printf spellings). Tokens are separated by ASCII whitespace
// (space, \t, \n, \v, \f, \r).
//
// Fast path (almost every token in real files): a mantissa of at most 2^53 and a decimal exponent
// within ±22. The digits are exact in float64 and so is the power of ten, so one float64
// multiply or divide is the correctly rounded float64 (Clinger), and converting it to float32
// is the second rounding. Everything else goes to the exact path below.
//
// Measured and not taken: fraction digits eight at a time (SWAR: the word's leading digit bytes
// counted and converted by three multiplications) read the speed bar's mrfixit @vp block
// (276 KB) 0.98–1.05× as fast as this byte loop: tokens hold 5–9 digits, and the loop is not
// what bounds them.

const POW10 = memory.data<f64>([
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]);

/**
 * Exponents saturate here: the value is 0 or infinite long before, unless the token has more
 * than this many digits to make up for it.
 */
const EXPONENT_LIMIT: i32 = 100000000;

// @ts-ignore: decorator
@inline function isSpace(c: u32): bool {
  return c == 32 || c - 9 < 5;
}

// @ts-ignore: decorator
@inline function isDigit(c: u32): bool {
  return c - 48 < 10;
}

/** The final token when nothing follows it: copied here with a space after it. */
const TAIL_CAPACITY: i32 = 256;
const TAIL = memory.data(TAIL_CAPACITY + 16);

/**
 * Parses every whitespace-separated token of `length` bytes at `text` into float32 values at
 * `dst`. Returns the number of values, or −(offset + 1) of the first token that is not a
 * number, or of the first token beyond `capacity` values.
 */
export function parseFloats(text: usize, length: i32, dst: usize, capacity: i32): i32 {
  const end = text + <usize>length;
  // Every token before the last whitespace byte ends at a whitespace byte inside the text, so
  // the token loops below need no end checks: they stop at it.
  let terminated = end;
  while (terminated > text && !isSpace(<u32>load<u8>(terminated - 1))) terminated--;
  const count = parseTerminated(text, text, terminated, dst, 0, capacity);
  if (count < 0 || terminated == end) return count;
  // The last token has no whitespace after it (a file without a final newline).
  const tail = <i32>(end - terminated);
  if (count >= capacity) return -(<i32>(terminated - text) + 1);
  if (tail <= TAIL_CAPACITY) {
    memory.copy(TAIL, terminated, <usize>tail);
    store<u8>(TAIL + <usize>tail, 32);
    const result = parseTerminated(TAIL, TAIL, TAIL + <usize>tail + 1, dst, count, capacity);
    return result < 0 ? -(<i32>(terminated - text) + 1) : result;
  }
  // Longer than any float needs, but valid: only the exact path reads such a token.
  if (!isDecimal(terminated, end)) return -(<i32>(terminated - text) + 1);
  const negative = load<u8>(terminated) == 45;
  store<f32>(dst + (<usize>count << 2), exactToFloat32(terminated, end, negative));
  return count + 1;
}

/**
 * Tokens in [p, end), where `end` follows a whitespace byte (or p == end); values go to dst from
 * index `count`. Offsets in errors count from `base`.
 */
function parseTerminated(base: usize, p: usize, end: usize, dst: usize, count: i32, capacity: i32): i32 {
  while (true) {
    while (p < end && isSpace(<u32>load<u8>(p))) p++;
    if (p >= end) return count;
    const start = p;
    if (count >= capacity) return -(<i32>(start - base) + 1);
    const value = parseToken(start, end);
    if (tokenEnd == 0) return -(<i32>(start - base) + 1);
    store<f32>(dst + (<usize>count << 2), value);
    count++;
    p = tokenEnd;
  }
}

/** Where the last parseToken stopped (the whitespace byte after its token), or 0 for a token that is not a number. */
let tokenEnd: usize = 0;

/**
 * The number token at `start` (not whitespace), which a whitespace byte before `end` terminates;
 * sets tokenEnd.
 */
// @ts-ignore: decorator
@inline function parseToken(start: usize, end: usize): f32 {
  let p = start;
  let c = <u32>load<u8>(p);
  const negative = c == 45;
  p += <usize>(negative | (c == 43)); // no branch: signs come and go at random in real files
  c = <u32>load<u8>(p);
  // Up to 19 digits the mantissa is exact in a u64; with more, the exact path takes over.
  let mantissa: u64 = 0;
  const integerStart = p; // after the sign
  while (isDigit(c)) {
    mantissa = mantissa * 10 + <u64>(c - 48);
    c = <u32>load<u8>(++p);
  }
  let digits = <i32>(p - integerStart);
  let fractionDigits = 0;
  if (c == 46) {
    const fractionStart = ++p;
    c = <u32>load<u8>(p);
    while (isDigit(c)) {
      mantissa = mantissa * 10 + <u64>(c - 48);
      c = <u32>load<u8>(++p);
    }
    fractionDigits = <i32>(p - fractionStart);
    digits += fractionDigits;
  }
  if (digits == 0) {
    // No digits: a word (inf, nan) right after the sign, or not a number ("." or ".inf").
    const word = p == integerStart ? parseWord(p, end, negative) : 0;
    if (word == 0) {
      tokenEnd = 0;
      return 0;
    }
    tokenEnd = p + <usize>(word >>> 8);
    return (word & 0xff) == 1 ? (negative ? -Infinity : Infinity) : NaN;
  }
  let exponent = 0;
  if ((c | 0x20) == 101) {
    c = <u32>load<u8>(++p);
    let exponentNegative = false;
    if (c == 45 || c == 43) {
      exponentNegative = c == 45;
      c = <u32>load<u8>(++p);
    }
    if (!isDigit(c)) {
      tokenEnd = 0;
      return 0;
    }
    while (isDigit(c)) {
      if (exponent < EXPONENT_LIMIT) exponent = exponent * 10 + <i32>(c - 48);
      c = <u32>load<u8>(++p);
    }
    if (exponentNegative) exponent = -exponent;
  }
  if (!isSpace(c)) {
    tokenEnd = 0;
    return 0;
  }
  tokenEnd = p;
  const e = exponent - fractionDigits;
  if (digits <= 19 && mantissa <= 0x20000000000000 && e >= -22 && e <= 22) {
    const m = <f64>mantissa;
    // e ≤ 0 (plain decimals; integers divide by 1) is the common case, e > 0 the rare one.
    const v = e > 0 ? m * load<f64>(POW10 + (<usize>e << 3)) : m / load<f64>(POW10 + (<usize>-e << 3));
    return <f32>select<f64>(-v, v, negative);
  }
  return exactToFloat32(start, p, negative);
}

/**
 * apg key lines `t TIME WORD v…` in one pass: every non-blank line (lines end at "\n") holds
 * exactly the word `t`, a number, the three bytes of `word` (little-endian) and `components`
 * numbers, separated by whitespace other than "\n"; the numbers by parseFloats' rule. Times go
 * to `times`, values to `values` (`components` per key), at most `capacity` keys. Returns the
 * key count, or −1 when anything differs (a line of another shape, a token that is not a
 * number, more than `capacity` keys, text not ending in whitespace): the reader then takes its
 * token-by-token path, which says what is wrong. The same result as blankKeyLines then
 * parseFloats over the blanked text, without the second pass, the blanking or the split.
 */
export function parseKeyLines(text: usize, length: i32, word: u32, components: i32, times: usize, values: usize, capacity: i32): i32 {
  if (length == 0) return 0;
  const end = text + <usize>length;
  if (!isSpace(<u32>load<u8>(end - 1))) return -1;
  const w0 = word & 0xff, w1 = (word >> 8) & 0xff, w2 = (word >> 16) & 0xff;
  let p = text;
  let keys = 0;
  let out = values;
  while (true) {
    while (p < end && isSpace(<u32>load<u8>(p))) p++;
    if (p >= end) return keys;
    if (keys >= capacity) return -1;
    // "t", then the time.
    if (<u32>load<u8>(p) != 0x74 || !isInlineSpace(<u32>load<u8>(p + 1))) return -1;
    p = skipInline(p + 1, end);
    if (p >= end || !isFieldStart(<u32>load<u8>(p))) return -1;
    const time = parseToken(p, end);
    if (tokenEnd == 0) return -1;
    store<f32>(times + (<usize>keys << 2), time);
    // The word.
    p = skipInline(tokenEnd, end);
    if (p + 3 >= end || <u32>load<u8>(p) != w0 || <u32>load<u8>(p + 1) != w1 || <u32>load<u8>(p + 2) != w2 || !isInlineSpace(<u32>load<u8>(p + 3))) return -1;
    p += 3;
    for (let c = 0; c < components; c++) {
      p = skipInline(p, end);
      if (p >= end || !isFieldStart(<u32>load<u8>(p))) return -1;
      const value = parseToken(p, end);
      if (tokenEnd == 0) return -1;
      store<f32>(out, value);
      out += 4;
      p = tokenEnd;
    }
    // Nothing else on the line.
    p = skipInline(p, end);
    if (p < end && load<u8>(p) != 10) return -1;
    keys++;
  }
}

// @ts-ignore: decorator
@inline function isInlineSpace(c: u32): bool {
  return c == 32 || (c - 9 < 5 && c != 10);
}

/** A byte a field can start with on this line: not whitespace (so not the line break). */
// @ts-ignore: decorator
@inline function isFieldStart(c: u32): bool {
  return !isSpace(c);
}

/** The first byte at or after p that is not whitespace other than "\n" (or end). */
// @ts-ignore: decorator
@inline function skipInline(p: usize, end: usize): usize {
  while (p < end && isInlineSpace(<u32>load<u8>(p))) p++;
  return p;
}

/** Whether [p, end) is a decimal token of the grammar (for tokens only the exact path reads). */
function isDecimal(p: usize, end: usize): bool {
  let c = <u32>load<u8>(p);
  if (c == 45 || c == 43) p++;
  let digits = 0;
  while (p < end && isDigit(<u32>load<u8>(p))) { p++; digits++; }
  if (p < end && load<u8>(p) == 46) {
    p++;
    while (p < end && isDigit(<u32>load<u8>(p))) { p++; digits++; }
  }
  if (digits == 0) return false;
  if (p < end && (<u32>load<u8>(p) | 0x20) == 101) {
    p++;
    if (p < end && (load<u8>(p) == 45 || load<u8>(p) == 43)) p++;
    if (p >= end || !isDigit(<u32>load<u8>(p))) return false;
    while (p < end && isDigit(<u32>load<u8>(p))) p++;
  }
  return p == end;
}

/**
 * `inf`, `infinity` or `nan` (any case) at p, ending at whitespace or `end`: returns
 * (length << 8) | 1 for infinity, | 2 for NaN; 0 when the bytes are not one of those.
 */
function parseWord(p: usize, end: usize, negative: bool): u32 {
  let length: u32 = 0;
  let word: u64 = 0;
  while (p + <usize>length < end && length < 9) {
    const c = <u32>load<u8>(p + <usize>length);
    if (isSpace(c)) break;
    word = (word << 8) | <u64>(c | 0x20);
    length++;
  }
  if (p + <usize>length < end && !isSpace(<u32>load<u8>(p + <usize>length))) return 0;
  if (length == 3 && word == 0x696e66) return (3 << 8) | 1; // "inf"
  if (length == 8 && word == 0x696e66696e697479) return (8 << 8) | 1; // "infinity"
  if (length == 3 && word == 0x6e616e) return (3 << 8) | 2; // "nan"
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Exact path. The float32 answer only depends on which side of a float32 midpoint m the
// correctly rounded float64 falls. An approximation (within a few float64 ulps) settles it when
// it is far from every midpoint; near one, the decimal is compared exactly (big integers) with
// m − h and m + h (h = half a float64 ulp of m): below m − h rounds below m, above m + h above
// it, and in between the float64 is m itself, whose float32 rounding is the tie to even.

/** Significant digits kept; later digits only matter as "some were not zero" (a sticky 1). */
const MAX_DIGITS: i32 = 200;
const LIMBS: i32 = 80;
const DIGITS = memory.data(MAX_DIGITS + 8);
const BIG_A = memory.data(LIMBS * 4 + 16);
const BIG_B = memory.data(LIMBS * 4 + 16);
/** Lengths (in limbs) of BIG_A and BIG_B. */
let lengthA: i32 = 0;
let lengthB: i32 = 0;
/** (2^25 − 1) × 2^103: halfway between the largest float32 and 2^128; from here up, Infinity. */
const OVERFLOW_MIDPOINT: f64 = 340282356779733661637539395458142568448.0;

function exactToFloat32(start: usize, end: usize, negative: bool): f32 {
  // Collect the significant digits and the decimal exponent of the last kept one.
  let p = start;
  let c = <u32>load<u8>(p);
  if (c == 45 || c == 43) c = <u32>load<u8>(++p);
  let n = 0;
  let scale = 0;
  let sticky = false;
  let seenPoint = false;
  while (p < end) {
    c = <u32>load<u8>(p);
    if (c == 46) {
      seenPoint = true;
    } else if (isDigit(c)) {
      if (n == 0 && c == 48) {
        if (seenPoint) scale--;
      } else if (n < MAX_DIGITS) {
        store<u8>(DIGITS + <usize>n, <u8>(c - 48));
        n++;
        if (seenPoint) scale--;
      } else {
        if (c != 48) sticky = true;
        if (!seenPoint) scale++;
      }
    } else break;
    p++;
  }
  let exponent = 0;
  if (p < end) {
    p++; // e or E
    c = <u32>load<u8>(p);
    let exponentNegative = false;
    if (c == 45 || c == 43) {
      exponentNegative = c == 45;
      p++;
    }
    while (p < end) {
      if (exponent < EXPONENT_LIMIT) exponent = exponent * 10 + <i32>(<u32>load<u8>(p) - 48);
      p++;
    }
    if (exponentNegative) exponent = -exponent;
  }
  if (sticky) {
    store<u8>(DIGITS + <usize>n, 1);
    n++;
    scale--;
  }
  if (n == 0) return negative ? -0.0 : 0.0;
  const e = exponent + scale; // value = digits × 10^e
  const leading = n - 1 + e; // 10^leading ≤ value < 10^(leading + 1)
  if (leading >= 39) return negative ? -Infinity : Infinity;
  if (leading <= -47) return negative ? -0.0 : 0.0;

  // Approximation: the first 19 digits, scaled.
  let head: u64 = 0;
  const headDigits = n < 19 ? n : 19;
  for (let i = 0; i < headDigits; i++) head = head * 10 + <u64>load<u8>(DIGITS + <usize>i);
  const approx = <f64>head * Math.pow(10, <f64>(e + n - headDigits));
  const rounded = <f32>approx;
  const bits = reinterpret<u32>(rounded);
  // The float32 midpoints on either side of `rounded`; the one nearer the approximation decides.
  let midpoint: f64, under: f32, over: f32;
  if (bits >= 0x7f800000) {
    midpoint = OVERFLOW_MIDPOINT;
    under = F32.MAX_VALUE;
    over = Infinity;
  } else {
    const above: f32 = bits == 0x7f7fffff ? <f32>Infinity : reinterpret<f32>(bits + 1);
    const upper = bits == 0x7f7fffff ? OVERFLOW_MIDPOINT : (<f64>rounded + <f64>above) * 0.5;
    const approxBits = reinterpret<i64>(approx);
    if (bits != 0) {
      const below = reinterpret<f32>(bits - 1);
      const lower = (<f64>below + <f64>rounded) * 0.5;
      if (abs<i64>(approxBits - reinterpret<i64>(lower)) < abs<i64>(approxBits - reinterpret<i64>(upper))) {
        midpoint = lower;
        under = below;
        over = rounded;
      } else {
        midpoint = upper;
        under = rounded;
        over = above;
      }
    } else {
      midpoint = upper;
      under = rounded;
      over = above;
    }
  }
  if (abs<i64>(reinterpret<i64>(approx) - reinterpret<i64>(midpoint)) > 64) return negative ? -rounded : rounded;

  // midpoint = q × 2^k with a 53-bit q. The float64 values that round to it lie within half an
  // ulp on each side: m ± h = (2q ± 1) × 2^(k − 1), except below a power of two (only 2^−150,
  // the first midpoint above zero), where the ulp below is half as large.
  const mb = reinterpret<u64>(midpoint);
  const fraction = mb & 0xfffffffffffff;
  const q = fraction | 0x10000000000000;
  const k = <i32>((mb >> 52) & 0x7ff) - 1075;
  let result: f32;
  const belowMidpoint = fraction == 0 ? compareDecimal(n, e, (q << 2) - 1, k - 2) : compareDecimal(n, e, (q << 1) - 1, k - 1);
  if (belowMidpoint < 0) result = under;
  else if (compareDecimal(n, e, (q << 1) + 1, k - 1) > 0) result = over;
  else result = <f32>midpoint;
  return negative ? -result : result;
}

/** Sign of (DIGITS[0..n) × 10^e) − (q × 2^k), exactly. */
function compareDecimal(n: i32, e: i32, q: u64, k: i32): i32 {
  // A = digits × 5^max(e, 0); B = q × 5^max(−e, 0); the powers of two 2^e and 2^k are merged
  // into one shift of whichever side has the smaller one.
  lengthA = 0;
  for (let i = 0; i < n; i++) mulAdd(BIG_A, true, 10, <u32>load<u8>(DIGITS + <usize>i));
  lengthB = 0;
  mulAdd(BIG_B, false, 1, <u32>(q >>> 32));
  mulAdd(BIG_B, false, 0x10000, 0);
  mulAdd(BIG_B, false, 0x10000, <u32>(q & 0xffffffff));
  if (e >= 0) mulPow5(BIG_A, true, e);
  else mulPow5(BIG_B, false, -e);
  const shift = k - e; // B's power of two over A's
  if (shift > 0) shiftLeft(BIG_B, false, shift);
  else if (shift < 0) shiftLeft(BIG_A, true, -shift);
  return compareBig();
}

/** big = big × factor + addend. */
function mulAdd(big: usize, isA: bool, factor: u32, addend: u32): void {
  let length = isA ? lengthA : lengthB;
  let carry = <u64>addend;
  for (let i = 0; i < length; i++) {
    const at = big + (<usize>i << 2);
    const v = <u64>load<u32>(at) * <u64>factor + carry;
    store<u32>(at, <u32>v);
    carry = v >>> 32;
  }
  if (carry != 0 && length < LIMBS) {
    store<u32>(big + (<usize>length << 2), <u32>carry);
    length++;
  }
  if (isA) lengthA = length;
  else lengthB = length;
}

function mulPow5(big: usize, isA: bool, power: i32): void {
  while (power >= 13) {
    mulAdd(big, isA, 1220703125, 0); // 5^13
    power -= 13;
  }
  let factor: u32 = 1;
  for (let i = 0; i < power; i++) factor *= 5;
  if (factor != 1) mulAdd(big, isA, factor, 0);
}

function shiftLeft(big: usize, isA: bool, bits: i32): void {
  let length = isA ? lengthA : lengthB;
  if (length == 0) return;
  const words = bits >>> 5;
  const rest = bits & 31;
  // Room for the result is guaranteed by the ranges exactToFloat32 lets through.
  if (rest != 0) {
    let carry: u32 = 0;
    for (let i = 0; i < length; i++) {
      const at = big + (<usize>i << 2);
      const v = load<u32>(at);
      store<u32>(at, (v << rest) | carry);
      carry = v >>> (32 - rest);
    }
    if (carry != 0) {
      store<u32>(big + (<usize>length << 2), carry);
      length++;
    }
  }
  if (words != 0) {
    for (let i = length - 1; i >= 0; i--) store<u32>(big + (<usize>(i + words) << 2), load<u32>(big + (<usize>i << 2)));
    for (let i = 0; i < words; i++) store<u32>(big + (<usize>i << 2), 0);
    length += words;
  }
  if (isA) lengthA = length;
  else lengthB = length;
}

function compareBig(): i32 {
  let a = lengthA, b = lengthB;
  while (a > 0 && load<u32>(BIG_A + (<usize>(a - 1) << 2)) == 0) a--;
  while (b > 0 && load<u32>(BIG_B + (<usize>(b - 1) << 2)) == 0) b--;
  if (a != b) return a < b ? -1 : 1;
  for (let i = a - 1; i >= 0; i--) {
    const x = load<u32>(BIG_A + (<usize>i << 2)), y = load<u32>(BIG_B + (<usize>i << 2));
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}
