// TypeScript twin of assembly/base64.ts.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** The 6-bit value of each byte, 255 for bytes outside the alphabet. */
const SEXTETS = new Uint8Array(256).fill(255);
for (let i = 0; i < ALPHABET.length; i++) SEXTETS[ALPHABET.charCodeAt(i)] = i;

export function decodeBase64(src: Uint8Array, dst: Uint8Array): number {
  const count = src.length;
  const whole = count & ~3;
  let o = 0;
  for (let i = 0; i < whole; i += 4, o += 3) {
    const a = SEXTETS[src[i]!]!, b = SEXTETS[src[i + 1]!]!, c = SEXTETS[src[i + 2]!]!, d = SEXTETS[src[i + 3]!]!;
    if ((a | b | c | d) > 63) return firstInvalid(src, i, i + 4);
    const word = (a << 18) | (b << 12) | (c << 6) | d;
    dst[o] = word >> 16;
    dst[o + 1] = word >> 8;
    dst[o + 2] = word;
  }
  if (count > whole) {
    const three = count - whole === 3;
    const a = SEXTETS[src[whole]!]!, b = SEXTETS[src[whole + 1]!]!, c = three ? SEXTETS[src[whole + 2]!]! : 0;
    if ((a | b | c) > 63) return firstInvalid(src, whole, count);
    const word = (a << 18) | (b << 12) | (c << 6);
    dst[o] = word >> 16;
    if (three) dst[o + 1] = word >> 8;
  }
  return -1;
}

function firstInvalid(src: Uint8Array, from: number, to: number): number {
  for (let i = from; i < to; i++) if (SEXTETS[src[i]!]! > 63) return i;
  return -1;
}
