// apg numbers as text: float32 values printed as the shortest decimal that reads back to the same
// float32 (through the reader's double rounding, decimal → float64 → float32), spelled as
// JavaScript's toPrecision spells it with that many digits ("0.1", "-0", "1e+2", "1.5e-7",
// "inf", "nan"); rows of a vertex block or the `t TIME WORD v…` lines of a key block, written
// straight into linear memory. The digits are found by the same float64 search as
// bindings/io/shortest-float32.ts, operation for operation (IEEE float64 arithmetic is the same
// in WebAssembly and JavaScript), so the text is byte for byte what the TypeScript writer prints;
// its rare read-back check is this module's own parseFloats (the parse-numbers kernel, exactly
// Math.fround(Number(text))).
//
// Alternatives (speed bar's mrfixit as apg, 1.9 MB of text, ~205k values; shared 2-core machine):
// - the TypeScript formatter into a byte sink (bindings/formats/apg/text-sink.ts, the writer
//   before): about 40 ns a value, most of the encode;
// - Ryu-style exact integer arithmetic on the float32's interval: shortest for direct decimal →
//   float32 rounding, which is not always the reader's double rounding near an interval end, so
//   it would need the same read-back check and a second search to stay byte-identical;
// - this file: the existing search ported, with a direct-mapped cache of the last value printed
//   per slot (a soup repeats each welded vertex's values), copied from where it was printed.

import { parseFloats } from './parse-numbers';

const POW10_TABLE = memory.data<f64>([
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]);
/** Relative slack covering the float64 rounding of value ÷ 10^p (as in shortest-float32.ts). */
const SLACK: f64 = 3.552713678800501e-15; // 2^-48


// The last search's result: digits × 10^exponent.
let resultDigits: u64 = 0;
let resultExponent: i32 = 0;

// @ts-ignore: decorator
@inline function pow10(p: i32): f64 {
  return load<f64>(POW10_TABLE + (<usize>p << 3));
}

function scale(value: f64, p: i32): f64 {
  if (p >= 0) {
    while (p > 22) {
      value /= 1e22;
      p -= 22;
    }
    return value / pow10(p);
  }
  let q = -p;
  while (q > 22) {
    value *= 1e22;
    q -= 22;
  }
  return value * pow10(q);
}

/**
 * Bits of the smallest float32 ≥ 10^d, for d = −45 … 39 (the last: infinity, above every finite
 * float32). Computed exactly (BigInt); test/apg-format-floats-parity.test.ts recomputes them
 * and prints the float32s on both sides of each against the TypeScript formatter.
 */
const LOG10_THRESHOLDS = memory.data<u32>([
  0x1, 0x8, 0x48, 0x2ca, 0x1be1, 0x116c3, 0xae398, 0x6ce3ef,
  0x2081ceb, 0x3aa2425, 0x554ad2e, 0x704ec3d, 0x8a6274c, 0xa4fb11f, 0xc01ceb4, 0xda24260,
  0xf4ad2f8, 0x10fd87b6, 0x129e74d2, 0x14461207, 0x15f79688, 0x179abe15, 0x19416d9b, 0x1af1c901,
  0x1c971da1, 0x1e3ce509, 0x1fec1e4b, 0x219392ef, 0x233877ab, 0x24e69595, 0x26901d7d, 0x283424dd,
  0x29e12e14, 0x2b8cbccd, 0x2d2fec00, 0x2edbe6ff, 0x30897060, 0x322bcc78, 0x33d6bf95, 0x358637be,
  0x3727c5ad, 0x38d1b718, 0x3a83126f, 0x3c23d70b, 0x3dcccccd, 0x3f800000, 0x41200000, 0x42c80000,
  0x447a0000, 0x461c4000, 0x47c35000, 0x49742400, 0x4b189680, 0x4cbebc20, 0x4e6e6b28, 0x501502f9,
  0x51ba43b8, 0x5368d4a6, 0x551184e8, 0x56b5e621, 0x58635faa, 0x5a0e1bca, 0x5bb1a2bd, 0x5d5e0b6c,
  0x5f0ac724, 0x60ad78ec, 0x6258d727, 0x64078679, 0x65a96817, 0x6753c21c, 0x69045952, 0x6aa56fa6,
  0x6c4ecb90, 0x6e013f3a, 0x6fa18f08, 0x7149f2ca, 0x72fc6f7d, 0x749dc5ae, 0x7645371a, 0x77f684e0,
  0x799a130c, 0x7b4097cf, 0x7cf0bdc3, 0x7e96769a, 0x7f800000,
]);

/**
 * floor(log10(a)) of a positive finite float32 (its bits), exactly: the binary exponent's
 * estimate floor(e2 × log10 2) (78913 / 2^18, exact for |e2| < 1650), plus one when a reaches
 * the next power of ten. For every positive finite float32 this equals
 * Math.floor(Math.log10(a)) as JavaScript computes it (checked over all 2^31 − 2^23 of them,
 * once, when this replaced a call of the software log10: 10 % of the speed bar's encode).
 */
function floorLog10(bits: u32): i32 {
  const biased = <i32>(bits >>> 23);
  const e2 = biased != 0 ? biased - 127 : 31 - <i32>clz(bits) - 149;
  const k = (e2 * 78913) >> 18;
  return bits >= load<u32>(LOG10_THRESHOLDS + (<usize>(k + 46) << 2)) ? k + 1 : k;
}

/** The shortest digits and exponent of the finite, non-zero float32 `value`. */
function shortest(value: f32): void {
  const bits = reinterpret<u32>(value);
  const biased = <i32>((bits >>> 23) & 0xff);
  const fraction = bits & 0x7fffff;
  // 2^(max(e, 1) − 150): the ulp, an exact power of two.
  const ulp = reinterpret<f64>(<u64>((biased > 1 ? biased : 1) - 150 + 1023) << 52);
  const up = ulp / 2;
  const down = fraction == 0 && biased > 1 ? ulp / 4 : ulp / 2;
  const a = Math.abs(<f64>value);
  const k = floorLog10(bits & 0x7fffffff);
  if (!fromNineDigits(a, up, down, k)) fromOneDigit(value, a, up, down, k);
}

function fromNineDigits(a: f64, up: f64, down: f64, k: i32): bool {
  const p0 = k - 8;
  const s = scale(a, p0);
  const high = scale(a + up, p0);
  const low = scale(a - down, p0);
  const slack = 2 * high * SLACK;
  let unit: f64 = 1;
  let power = 0;
  while (true) {
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

function settle(digits: f64, unit: f64, low: f64, high: f64, slack: f64, p: i32): bool {
  const c = digits * unit;
  if (!(c > low + slack && c < high - slack) || digits <= 0) return false;
  keep(digits, p);
  return true;
}

/** The result, trailing zeros dropped (digits is a positive integer below 2^53). */
function keep(digits: f64, p: i32): void {
  let d = <u64>digits;
  while (d % 10 == 0) {
    d /= 10;
    p++;
  }
  resultDigits = d;
  resultExponent = p;
}

function nearEnd(c: f64, low: f64, high: f64, slack: f64): bool {
  return Math.abs(c - low) <= slack || Math.abs(c - high) <= slack;
}

function fromOneDigit(value: f32, a: f64, up: f64, down: f64, k: i32): void {
  for (let p = k + 1; p >= k - 10; p--) {
    const s = scale(a, p);
    const hiGap = scale(up, p);
    const loGap = scale(down, p);
    const lo = Math.floor(s);
    const dLo = s - lo;
    const dHi = lo + 1 - s;
    const slack = (s + 1) * SLACK;
    if (dHi <= dLo) {
      if (accept(lo + 1, p, dHi, hiGap, slack, value)) return;
      if (lo > 0 && accept(lo, p, dLo, loGap, slack, value)) return;
    } else {
      if (lo > 0 && accept(lo, p, dLo, loGap, slack, value)) return;
      if (accept(lo + 1, p, dHi, hiGap, slack, value)) return;
    }
  }
  unreachable(); // nine digits always read back
}

function accept(digits: f64, p: i32, distance: f64, gap: f64, slack: f64, value: f32): bool {
  if (distance > gap + slack) return false;
  if (distance >= gap - slack && readBack(<u64>digits, p) != Math.abs(value)) return false;
  keep(digits, p);
  return true;
}

/** Scratch for readBack: "DIGITSeP " and the value parsed. */
const READ_TEXT = memory.data(48);
const READ_VALUE = memory.data(8);

/** Math.fround(Number(`${digits}e${p}`)), by the parse-numbers kernel. */
function readBack(digits: u64, p: i32): f32 {
  let at = READ_TEXT + 24;
  let d = digits;
  do {
    store<u8>(--at, <u8>(48 + d % 10));
    d /= 10;
  } while (d != 0);
  let end = READ_TEXT + 24;
  store<u8>(end++, 101);
  if (p < 0) store<u8>(end++, 45);
  let e = p < 0 ? -p : p;
  const digitsAt = end;
  do {
    store<u8>(end++, <u8>(48 + e % 10));
    e /= 10;
  } while (e != 0);
  // The exponent's digits were written last first: reverse them.
  for (let i = digitsAt, j = end - 1; i < j; i++, j--) {
    const t = load<u8>(i);
    store<u8>(i, load<u8>(j));
    store<u8>(j, t);
  }
  store<u8>(end++, 32);
  parseFloats(at, <i32>(end - at), READ_VALUE, 1);
  return load<f32>(READ_VALUE);
}

// @ts-ignore: decorator
@inline function digitCount(value: u64): i32 {
  let count = 1;
  let bound: u64 = 10;
  while (value >= bound && count < 16) {
    count++;
    bound *= 10;
  }
  return count;
}

/** A non-negative integer below 1000 (an exponent), at `at`; returns the end. */
function writeSmall(at: usize, value: i32): usize {
  if (value >= 100) {
    store<u8>(at++, <u8>(48 + value / 100));
    value %= 100;
    store<u8>(at++, <u8>(48 + value / 10));
  } else if (value >= 10) {
    store<u8>(at++, <u8>(48 + value / 10));
  }
  store<u8>(at++, <u8>(48 + value % 10));
  return at;
}

/** The text of a finite non-zero value, as TextSink.shortest writes it; returns the end. */
function writeShortest(at: usize, value: f32): usize {
  shortest(value);
  const digits = resultDigits;
  const count = digitCount(digits);
  const exponent = resultExponent + count - 1;
  if (value < 0) store<u8>(at++, 45);
  const exponential = exponent < -6 || exponent >= count;
  let point = exponential ? (count > 1 ? 1 : 0) : exponent < count - 1 ? exponent + 1 : 0;
  if (!exponential && exponent < 0) {
    store<u8>(at++, 48);
    store<u8>(at++, 46);
    for (let z = -exponent - 1; z > 0; z--) store<u8>(at++, 48);
    point = 0;
  }
  // The digits from the last, the point inserted on the way.
  const start = at;
  let end = at + <usize>count + (point > 0 ? 1 : 0);
  const last = end;
  let v = <u32>digits;
  let written = 0;
  while (end > start) {
    if (point > 0 && written == count - point) {
      store<u8>(--end, 46);
      point = 0;
      continue;
    }
    store<u8>(--end, <u8>(48 + v % 10));
    v /= 10;
    written++;
  }
  at = last;
  if (exponential) {
    store<u8>(at++, 101);
    store<u8>(at++, exponent < 0 ? 45 : 43);
    at = writeSmall(at, exponent < 0 ? -exponent : exponent);
  }
  return at;
}

// A direct-mapped cache of printed values: per slot the value's bits, where its text starts in
// this call's output, its length, and the call it was printed in (entries of other calls are
// stale: their text may have been overwritten).
const CACHE_BITS: i32 = 11; // 32 KiB of static memory (the module starts with one 64 KiB page)
const CACHE = memory.data(16 << CACHE_BITS);
let generation: u32 = 0;

/** Writes one value at `at` (any float32); returns the end. */
function writeValue(at: usize, value: f32): usize {
  const bits = reinterpret<u32>(value);
  if ((bits & 0x7f800000) == 0x7f800000) {
    if ((bits & 0x7fffff) != 0) {
      store<u8>(at, 110); // nan
      store<u8>(at + 1, 97);
      store<u8>(at + 2, 110);
      return at + 3;
    }
    if (bits >>> 31) store<u8>(at++, 45);
    store<u8>(at, 105); // inf
    store<u8>(at + 1, 110);
    store<u8>(at + 2, 102);
    return at + 3;
  }
  if ((bits & 0x7fffffff) == 0) {
    if (bits >>> 31) store<u8>(at++, 45);
    store<u8>(at, 48);
    return at + 1;
  }
  const slot = CACHE + (<usize>((bits * 0x9e3779b1) >>> (32 - CACHE_BITS)) << 4);
  if (load<u32>(slot) == bits && load<u32>(slot, 12) == generation) {
    const from = <usize>load<u32>(slot, 4);
    // Up to 16 bytes, from text already written before `at` (the caller leaves 16 bytes of room).
    store<u64>(at, load<u64>(from));
    store<u64>(at, load<u64>(from, 8), 8);
    return at + <usize>load<u32>(slot, 8);
  }
  const end = writeShortest(at, value);
  store<u32>(slot, bits);
  store<u32>(slot, <u32>at, 4);
  store<u32>(slot, <u32>(end - at), 8);
  store<u32>(slot, generation, 12);
  return end;
}

function nextGeneration(): void {
  generation++;
  if (generation == 0) {
    memory.fill(CACHE, 0, 16 << CACHE_BITS);
    generation = 1;
  }
}

/**
 * Rows of `width` values (count values at `src`), separated by spaces, each ended by "\n", at
 * `dst`, which has room for count × FLOAT_TEXT_BYTES + 16 (FLOAT_TEXT_BYTES = 18, in
 * bindings/kernels/js/apg-format-floats.ts: "-1.23456789e-45 ", "-0.00000123456789 ") bytes. Returns the bytes written.
 */
export function formatFloatRows(src: usize, count: i32, width: i32, dst: usize): i32 {
  nextGeneration();
  let at = dst;
  for (let i = 0; i < count; i += width) {
    const row = src + (<usize>i << 2);
    at = writeValue(at, load<f32>(row));
    for (let c = 1; c < width; c++) {
      store<u8>(at++, 32);
      at = writeValue(at, load<f32>(row + (<usize>c << 2)));
    }
    store<u8>(at++, 10);
  }
  return <i32>(at - dst);
}

/**
 * Key lines `t TIME WORD v…` (`keys` times at `times`, keys × components values at `values`;
 * `word` three bytes, little-endian), each ended by "\n", at `dst`, which has room for
 * keys × (components + 2) × FLOAT_TEXT_BYTES + 16 bytes. Returns the bytes written.
 */
export function formatKeyLines(times: usize, values: usize, keys: i32, components: i32, word: u32, dst: usize): i32 {
  nextGeneration();
  let at = dst;
  for (let k = 0; k < keys; k++) {
    store<u16>(at, 0x2074); // "t "
    at = writeValue(at + 2, load<f32>(times + (<usize>k << 2)));
    store<u32>(at, 0x20 | (word << 8)); // " WORD"
    at += 4;
    const row = values + (<usize>(k * components) << 2);
    for (let c = 0; c < components; c++) {
      store<u8>(at++, 32);
      at = writeValue(at, load<f32>(row + (<usize>c << 2)));
    }
    store<u8>(at++, 10);
  }
  return <i32>(at - dst);
}
