/**
 * Where a document's arrays came from in their file, so that a problem found after reading
 * (an index out of range, found while welding) can still name the byte at fault. Readers record
 * the file offset of each array they read; arrays built in memory have none.
 */
const fileOffsets = new WeakMap<ArrayBufferView, number>();

/** Records that `array` was read from byte `offset` of its file. Returns the array. */
export function recordFileOffset<T extends ArrayBufferView>(array: T, offset: number): T {
  fileOffsets.set(array, offset);
  return array;
}

/** The file offset of element `index` of `array` (`elementBytes` wide in the file), if it was read from one. */
export function fileOffsetOf(array: ArrayBufferView, index = 0, elementBytes = 1): number | undefined {
  const start = fileOffsets.get(array);
  return start === undefined ? undefined : start + index * elementBytes;
}

/** 1-based line and column in a text file. */
export interface TextPosition {
  line: number;
  column: number;
}

const textPositions = new WeakMap<object, TextPosition | (() => TextPosition)>();

/**
 * Records that `part` of a text format's document (a block, a table) starts at `position`, or
 * at what `position()` gives when asked (readers that would otherwise count every line of a
 * large file for positions only an error needs). Returns the part.
 */
export function recordTextPosition<T extends object>(part: T, position: TextPosition | (() => TextPosition)): T {
  textPositions.set(part, position);
  return part;
}

/** Where `part` starts in its text file, if it was read from one; `lineOffset` lines further down. */
export function textPositionOf(part: object, lineOffset = 0): TextPosition | undefined {
  const recorded = textPositions.get(part);
  const at = typeof recorded === 'function' ? recorded() : recorded;
  return at && { line: at.line + lineOffset, column: lineOffset ? 1 : at.column };
}
