// TypeScript twin of assembly/key-lines.ts.

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

export function blankKeyLines(text: Uint8Array, word: number, fields: number): number {
  const w0 = word & 0xff, w1 = (word >> 8) & 0xff, w2 = (word >> 16) & 0xff;
  let lines = 0;
  let field = 0;
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === 10) {
      if (field !== 0) {
        if (field !== fields) return -1;
        lines++;
        field = 0;
      }
      i++;
      continue;
    }
    if (isSpace(c)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < text.length && !isSpace(text[j]!)) j++;
    if (field === 0) {
      if (j - i !== 1 || c !== 0x74) return -1;
      text[i] = 0x20;
    } else if (field === 2) {
      if (j - i !== 3 || c !== w0 || text[i + 1] !== w1 || text[i + 2] !== w2) return -1;
      text[i] = text[i + 1] = text[i + 2] = 0x20;
    }
    field++;
    i = j;
  }
  if (field !== 0) {
    if (field !== fields) return -1;
    lines++;
  }
  return lines;
}
