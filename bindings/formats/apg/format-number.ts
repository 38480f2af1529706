// Numbers as apg text. By default the shortest decimal that reads back (Math.fround(Number(s)),
// which is what the parseFloats kernel gives) to the same float32; or a fixed number of
// fraction digits, as C's %.Nf.
import { shortestFloat32Text } from '../../io/shortest-float32.js';

/** Shortest form that reads back to the same float32 (shortest-float32.ts); C's spellings for infinities and NaN. */
export function formatFloat32Shortest(value: number): string {
  if (value !== value) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  return shortestFloat32Text(value);
}

/** `%.Nf`: fixed fraction digits (the sign of −0 kept, as C prints it). */
export function formatFixed(value: number, fractionDigits: number): string {
  if (value !== value) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  // toFixed switches to exponent form from 1e21 on; the reader accepts both.
  const text = value.toFixed(fractionDigits);
  return Object.is(value, -0) || (value < 0 && !text.startsWith('-')) ? '-' + text : text;
}

/** "1.500" -> "1.5", "2.0e+5" -> "2e+5"; integers and exponents otherwise unchanged. */
function trimZeros(text: string): string {
  const e = text.indexOf('e');
  let mantissa = e < 0 ? text : text.slice(0, e);
  const exponent = e < 0 ? '' : text.slice(e);
  if (mantissa.includes('.')) mantissa = mantissa.replace(/\.?0+$/, '');
  return mantissa + exponent;
}

/** C's `%g` of the value as a double (6 significant digits, trailing zeros dropped, exponent of at least two digits). */
export function formatG(value: number): string {
  if (value !== value) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const exponential = value.toExponential(5);
  const e = exponential.indexOf('e');
  const exponent = Number(exponential.slice(e + 1));
  if (exponent < -4 || exponent >= 6) {
    const digits = String(Math.abs(exponent)).padStart(2, '0');
    return trimZeros(exponential.slice(0, e)) + 'e' + (exponent < 0 ? '-' : '+') + digits;
  }
  return trimZeros(value.toFixed(5 - exponent));
}

/** Python's `str(float)` of a float32: its shortest form, with `.0` on whole numbers. */
export function formatRepr(value: number): string {
  const text = formatFloat32Shortest(value);
  return /^-?\d+$/.test(text) ? text + '.0' : text;
}
