// apg key blocks: every non-blank line `t TIME WORD v…` with exactly `fields` fields; the two
// words are checked and blanked in place, so that parseFloats then reads the numbers in order.
// Alternatives measured on the speed bar's mrfixit as apg (wasm-simd, shared 2-core machine): the
// same scan in TypeScript over a slice of the block, then parseFloats staging its own copy, was
// about a quarter of the parse.

// @ts-ignore: decorator
@inline function isSpace(c: u32): bool {
  return c == 32 || c - 9 < 5;
}

/**
 * The number of key lines in `length` bytes at `text` (blank lines skipped), or −1 when a line
 * does not start with the word `t`, has a third field other than the three bytes of `word`
 * (little-endian), or has other than `fields` fields.
 */
export function blankKeyLines(text: usize, length: i32, word: u32, fields: i32): i32 {
  const end = text + <usize>length;
  const w0 = word & 0xff, w1 = (word >> 8) & 0xff, w2 = (word >> 16) & 0xff;
  let lines = 0;
  let field = 0;
  let p = text;
  while (p < end) {
    const c = <u32>load<u8>(p);
    if (c == 10) {
      if (field != 0) {
        if (field != fields) return -1;
        lines++;
        field = 0;
      }
      p++;
      continue;
    }
    if (isSpace(c)) {
      p++;
      continue;
    }
    let q = p + 1;
    while (q < end && !isSpace(<u32>load<u8>(q))) q++;
    if (field == 0) {
      if (q - p != 1 || c != 0x74) return -1;
      store<u8>(p, 0x20);
    } else if (field == 2) {
      if (q - p != 3 || c != w0 || <u32>load<u8>(p + 1) != w1 || <u32>load<u8>(p + 2) != w2) return -1;
      store<u8>(p, 0x20);
      store<u8>(p + 1, 0x20);
      store<u8>(p + 2, 0x20);
    }
    field++;
    p = q;
  }
  if (field != 0) {
    if (field != fields) return -1;
    lines++;
  }
  return lines;
}
