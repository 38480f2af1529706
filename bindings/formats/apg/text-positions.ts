/**
 * Where the parts of an apg document (vertex blocks, key blocks, hierarchy nodes) start in their
 * file, for problems found after reading (apgToAsset: a bone id naming no bone, a parent after
 * its child): one table per document, filled by readApg with each part's byte offset; line and
 * column are counted from the file's bytes only when an error asks for them.
 *
 * Alternatives (the speed bar's 30 KB door in apg, many parses, shared 2-core machine):
 * - a global WeakMap entry per part, holding a closure that counts the lines when asked (the
 *   reader before): an ephemeron and a closure per block and per node, which every
 *   young-generation GC of many small parses must visit (on the door, few parts: this table
 *   measured 1.02–1.06× faster with the weld-row change, within the noise of a loaded machine);
 * - a position field on each part: visible in every comparison of documents, and a document
 *   built in memory would need one too;
 * - this file: two plain arrays per document (the parts and their offsets, a linear search on
 *   error), reached from the document by a non-enumerable symbol property defined once.
 */

/** 1-based line and column in a text file. */
export interface TextPosition {
  line: number;
  column: number;
}

const NEWLINE = 0x0a;

export class TextPositions {
  private readonly bytes: Uint8Array;
  private readonly parts: object[] = [];
  private readonly offsets: number[] = [];

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  /** Records that `part` starts at byte `offset` of the file. Returns the part. */
  record<T extends object>(part: T, offset: number): T {
    this.parts.push(part);
    this.offsets.push(offset);
    return part;
  }

  /** Where `part` starts, if it was read from the file; `lineOffset` lines further down (column 1). */
  positionOf(part: object, lineOffset = 0): TextPosition | undefined {
    const i = this.parts.lastIndexOf(part);
    if (i < 0) return undefined;
    const at = linePosition(this.bytes, this.offsets[i]!);
    return { line: at.line + lineOffset, column: lineOffset ? 1 : at.column };
  }
}

const TEXT_POSITIONS = Symbol('the text positions of an apg document\'s parts');

/** Gives `document` its table (a property no enumeration or comparison sees). Returns the document. */
export function attachTextPositions<T extends object>(document: T, positions: TextPositions): T {
  Object.defineProperty(document, TEXT_POSITIONS, { value: positions });
  return document;
}

/** The table of a document read from a file, if it was. */
export function textPositionsOf(document: object): TextPositions | undefined {
  return (document as { [TEXT_POSITIONS]?: TextPositions })[TEXT_POSITIONS];
}

/** 1-based line and column of byte `offset` of a text file. */
export function linePosition(bytes: Uint8Array, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = bytes.indexOf(NEWLINE); i >= 0 && i < offset; i = bytes.indexOf(NEWLINE, i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
