// Base64 text (the alphabet A–Z a–z 0–9 + /, padding already removed) to bytes.

/** The 6-bit value of a base64 character, 255 for any other byte. */
// @ts-ignore: decorator
@inline function sextet(c: u32): u32 {
  if (c - 65 < 26) return c - 65;
  if (c - 97 < 26) return c - 71;
  if (c - 48 < 10) return c + 4;
  if (c == 43) return 62;
  if (c == 47) return 63;
  return 255;
}

/**
 * Decodes `count` characters (count % 4 ≠ 1) to count / 4 × 3 bytes plus 1 or 2 for a
 * final group of 2 or 3 characters (its spare bits dropped). Returns −1, or the position of
 * the first character outside the alphabet (dst is then written only partly).
 */
export function decodeBase64(src: usize, count: i32, dst: usize): i32 {
  const whole = count & ~3;
  const outBytes = (whole >> 2) * 3 + (count > whole ? count - whole - 1 : 0);
  let i = 0;
  let o = 0;
  if (ASC_FEATURE_SIMD) {
    // 16 characters to 12 bytes, while a 16-byte store still fits in dst.
    for (; i + 16 <= whole && o + 16 <= outBytes; i += 16, o += 12) {
      const v = v128.load(src + <usize>i);
      const upper = v128.and(i8x16.ge_u(v, i8x16.splat(65)), i8x16.le_u(v, i8x16.splat(90)));
      const lower = v128.and(i8x16.ge_u(v, i8x16.splat(97)), i8x16.le_u(v, i8x16.splat(122)));
      const digit = v128.and(i8x16.ge_u(v, i8x16.splat(48)), i8x16.le_u(v, i8x16.splat(57)));
      const plus = i8x16.eq(v, i8x16.splat(43));
      const slash = i8x16.eq(v, i8x16.splat(47));
      if (!i8x16.all_true(v128.or(v128.or(v128.or(upper, lower), v128.or(digit, plus)), slash))) break;
      let s = v128.and(upper, i8x16.sub(v, i8x16.splat(65)));
      s = v128.or(s, v128.and(lower, i8x16.sub(v, i8x16.splat(71))));
      s = v128.or(s, v128.and(digit, i8x16.add(v, i8x16.splat(4))));
      s = v128.or(s, v128.and(plus, i8x16.splat(62)));
      s = v128.or(s, v128.and(slash, i8x16.splat(63)));
      // Per 16-bit lane (c0, c1) → c0 << 6 | c1; per 32-bit lane → 24 bits, c0 highest.
      const pairs = v128.or(i16x8.shl(v128.and(s, i16x8.splat(0xff)), 6), i16x8.shr_u(s, 8));
      const bits = v128.or(i32x4.shl(v128.and(pairs, i32x4.splat(0xffff)), 12), i32x4.shr_u(pairs, 16));
      // Each lane holds b2 b1 b0 0 (little-endian); write b0 b1 b2 of every lane.
      v128.store(dst + <usize>o, i8x16.shuffle(bits, bits, 2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, 3, 7, 11, 15));
    }
  }
  for (; i < whole; i += 4, o += 3) {
    const p = src + <usize>i;
    const a = sextet(load<u8>(p)), b = sextet(load<u8>(p + 1)), c = sextet(load<u8>(p + 2)), d = sextet(load<u8>(p + 3));
    if ((a | b | c | d) > 63) return firstInvalid(src, i, i + 4);
    const word = (a << 18) | (b << 12) | (c << 6) | d;
    store<u8>(dst + <usize>o, <u8>(word >> 16));
    store<u8>(dst + <usize>o + 1, <u8>(word >> 8));
    store<u8>(dst + <usize>o + 2, <u8>word);
  }
  if (count > whole) {
    const p = src + <usize>whole;
    const three = count - whole == 3;
    const a = sextet(load<u8>(p)), b = sextet(load<u8>(p + 1)), c = three ? sextet(load<u8>(p + 2)) : 0;
    if ((a | b | c) > 63) return firstInvalid(src, whole, count);
    const word = (a << 18) | (b << 12) | (c << 6);
    store<u8>(dst + <usize>o, <u8>(word >> 16));
    if (three) store<u8>(dst + <usize>o + 1, <u8>(word >> 8));
  }
  return -1;
}

function firstInvalid(src: usize, from: i32, to: i32): i32 {
  for (let i = from; i < to; i++) if (sextet(load<u8>(src + <usize>i)) > 63) return i;
  return -1;
}
