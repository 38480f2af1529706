// The shortest decimal that reads back to a float32, without strings: the float32's rounding
// interval is known exactly from its bits (half an ulp each side, a quarter below a power of two),
// so decimals can be tested against it in float64: the coarsest precision at which a decimal lies
// inside, found from nine digits up (fromNineDigits), and there the one nearest the value. A
// candidate clearly inside (by more than the float64 scaling error, a few ulps) reads back to the
// value, even through the reader's double rounding (decimal → float64 → float32); one clearly
// outside does not; only a candidate within that error of an interval end (an exact tie, or a
// decimal nearer the end than a float64 ulp) is settled by reading it back as the reader does
// (`Math.fround(Number(text))`), so the result is exactly the reader's notion of "reads back".
//
// Alternatives, measured interleaved on 300,000 random float32 values in ±10 (Node 20, a 2-core
// machine shared with other jobs, so ratios only):
// - `toPrecision(d)` for d = 1, 2, … until `Math.fround(Number(text))` matches (the previous
//   writer): 9 string conversions and 9 parses for a typical 8-digit value, and not always the
//   shortest next to a power of two (it only tries the nearest d-digit decimal); 1×;
// - Ryu's float32 tables in JavaScript: 32 × 64-bit products need 16-bit limbs (no 64-bit
//   integers outside BigInt): more code for no gain over float64 arithmetic, which is exact
//   enough for a 24-bit mantissa and ten digits once the few edge candidates are re-read;
// - this file, bottom-up from nine digits (fromNineDigits), the top-down search (fromOneDigit)
//   only near an interval end or a tie: 6.6× as fast as text (formatFloat32Shortest), 13× as
//   digits only (what TextSink writes from, with no string at all).

const POW10 = Array.from({ length: 23 }, (_, i) => Number(`1e${i}`));
/** 2^(e − 150) for a float32's biased exponent e: its ulp (e = 0 and 1 share the subnormal ulp). */
const ULP = Float64Array.from({ length: 256 }, (_, e) => 2 ** (Math.max(e, 1) - 150));
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
/** Relative slack covering the float64 rounding of value ÷ 10^p (at most four roundings). */
const SLACK = 2 ** -48;

/** value × 10^-p, in float64 (exact powers of ten, at most three steps for float32's range). */
function scale(value: number, p: number): number {
  if (p >= 0) {
    while (p > 22) {
      value /= 1e22;
      p -= 22;
    }
    return value / POW10[p]!;
  }
  let q = -p;
  while (q > 22) {
    value *= 1e22;
    q -= 22;
  }
  return value * POW10[q]!;
}

/** The digits and exponent of the last result: the value is shortestDigits × 10^shortestExponent. */
export let shortestDigits = 0;
export let shortestExponent = 0;

/**
 * Finds the shortest decimal that reads back to the finite, non-zero float32 `value` (the nearest
 * to it among those of that length) and leaves it in `shortestDigits` (no trailing zeros) and
 * `shortestExponent`.
 */
export function shortestFloat32(value: number): void {
  value = Math.fround(value);
  f32[0] = value;
  const bits = u32[0]!;
  const biased = (bits >>> 23) & 0xff;
  const fraction = bits & 0x7fffff;
  const ulp = ULP[biased]!;
  const up = ulp / 2;
  const down = fraction === 0 && biased > 1 ? ulp / 4 : ulp / 2;
  const a = Math.abs(value);
  const k = Math.floor(Math.log10(a));
  if (!fromNineDigits(a, up, down, k)) fromOneDigit(value, a, up, down, k);
}

/**
 * The usual case, bottom-up: the rounding interval in units of the ninth significant digit
 * (always several units wide for a float32), then whole powers of ten dropped while the interval
 * still holds a multiple of the next one (if a coarser decimal is inside, so is every finer
 * one); the candidate nearest the value at the last such power. Two to four steps for a typical
 * 7–9 digit value. Returns false, leaving the value to fromOneDigit, whenever an interval end or
 * a rounding tie lies within the float64 error of a decision.
 */
function fromNineDigits(a: number, up: number, down: number, k: number): boolean {
  const p0 = k - 8;
  const s = scale(a, p0);
  const high = scale(a + up, p0);
  const low = scale(a - down, p0);
  const slack = 2 * high * SLACK;
  let unit = 1;
  let power = 0;
  for (;;) {
    const next = unit * 10;
    const below = Math.floor(high / next) * next;
    if (below > high - slack || below + next < high + slack) return false;
    if (below > low + slack) {
      unit = next;
      power++;
      continue;
    }
    if (below >= low - slack) return false;
    break;
  }
  const q = s / unit;
  const floor = Math.floor(q);
  const fraction = q - floor;
  if (Math.abs(fraction - 0.5) * unit < slack) return false;
  const near = fraction > 0.5 ? floor + 1 : floor;
  const far = fraction > 0.5 ? floor : floor + 1;
  return settle(near, unit, low, high, slack, p0 + power) || (!nearEnd(near * unit, low, high, slack) && settle(far, unit, low, high, slack, p0 + power));
}

/** Takes `digits` × 10^p when clearly inside the interval. */
function settle(digits: number, unit: number, low: number, high: number, slack: number, p: number): boolean {
  const c = digits * unit;
  if (!(c > low + slack && c < high - slack) || digits <= 0) return false;
  while (digits % 10 === 0) {
    digits /= 10;
    p++;
  }
  shortestDigits = digits;
  shortestExponent = p;
  return true;
}

function nearEnd(c: number, low: number, high: number, slack: number): boolean {
  return Math.abs(c - low) <= slack || Math.abs(c - high) <= slack;
}

/** Top-down: one significant digit, then two, … (exact at interval ends: see the file's note). */
function fromOneDigit(value: number, a: number, up: number, down: number, k: number): void {
  for (let p = k + 1; p >= k - 10; p--) {
    const s = scale(a, p);
    const hiGap = scale(up, p);
    const loGap = scale(down, p);
    const lo = Math.floor(s);
    const dLo = s - lo;
    const dHi = lo + 1 - s;
    const slack = (s + 1) * SLACK;
    // The nearer candidate first (the larger on a tie, as toPrecision rounds).
    if (dHi <= dLo) {
      if (accept(lo + 1, p, dHi, hiGap, slack, value)) return;
      if (lo > 0 && accept(lo, p, dLo, loGap, slack, value)) return;
    } else {
      if (lo > 0 && accept(lo, p, dLo, loGap, slack, value)) return;
      if (accept(lo + 1, p, dHi, hiGap, slack, value)) return;
    }
  }
  throw new Error(`meshcodec: no decimal reads back to ${value}`); // unreachable: 9 digits always do
}

function accept(digits: number, p: number, distance: number, gap: number, slack: number, value: number): boolean {
  if (distance > gap + slack) return false;
  if (distance >= gap - slack && Math.fround(Number(`${value < 0 ? '-' : ''}${digits}e${p}`)) !== value) return false;
  while (digits % 10 === 0) {
    digits /= 10;
    p++;
  }
  shortestDigits = digits;
  shortestExponent = p;
  return true;
}

/**
 * The shortest form as text, spelled as `toPrecision` spells it with that many digits: positional
 * for decimal exponents −6 … digits − 1, else `d.ddde±x` ("1e+2" for 100).
 */
export function shortestFloat32Text(value: number): string {
  shortestFloat32(value);
  const digits = String(shortestDigits);
  const count = digits.length;
  const exponent = shortestExponent + count - 1;
  const sign = value < 0 ? '-' : '';
  if (exponent < -6 || exponent >= count) {
    const mantissa = count > 1 ? digits[0] + '.' + digits.slice(1) : digits;
    return sign + mantissa + (exponent < 0 ? 'e-' : 'e+') + Math.abs(exponent);
  }
  if (exponent < 0) return sign + '0.' + '0'.repeat(-exponent - 1) + digits;
  if (exponent === count - 1) return sign + digits;
  return sign + digits.slice(0, exponent + 1) + '.' + digits.slice(exponent + 1);
}
