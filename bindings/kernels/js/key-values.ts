// TypeScript twin of parseKeyLines (assembly/parse-numbers.ts): apg key lines `t TIME WORD v…`
// to times and values. Defined as what the reader did before the kernel: the words blanked
// (blankKeyLines), the numbers read by parseFloats, then split into times and values; plus −1
// for text that does not end in whitespace (the kernel's tokens need a terminator inside it).
// On −1 the arrays' contents are unspecified (the kernel stops where the line differs).
import { blankKeyLines } from './key-lines.js';
import { parseFloats } from './parse-numbers.js';

/** Refuses arrays the kernel could not fill (both backends check the same way). */
export function checkKeyLineArrays(components: number, times: Float32Array, values: Float32Array): void {
  if (!(Number.isInteger(components) && components >= 0 && values.length >= times.length * components)) {
    throw new RangeError(`meshcodec: ${values.length} values cannot hold ${times.length} keys of ${components}`);
  }
}

export function parseKeyLines(text: Uint8Array, word: number, components: number, times: Float32Array, values: Float32Array): number {
  checkKeyLineArrays(components, times, values);
  if (text.length === 0) return 0;
  const last = text[text.length - 1]!;
  if (!(last === 32 || (last >= 9 && last <= 13))) return -1;
  const blanked = text.slice();
  const keys = blankKeyLines(blanked, word, 3 + components);
  if (keys < 0 || keys > times.length) return -1;
  const numbers = new Float32Array(keys * (1 + components));
  if (parseFloats(blanked, numbers) !== numbers.length) return -1;
  for (let k = 0, n = 0, v = 0; k < keys; k++) {
    times[k] = numbers[n++]!;
    for (let c = 0; c < components; c++) values[v++] = numbers[n++]!;
  }
  return keys;
}
