/**
 * Where a document's arrays came from in their file, so that a problem found after reading (an
 * index out of range, found while welding) can still name the byte at fault: one table per
 * document, filled by its reader, looked up only when there is an error. Arrays built in memory
 * have none.
 *
 * Alternatives (the speed bar's 30 KB door in UNIGINE, many parses, shared 2-core machine):
 * - one global WeakMap entry per array read (io/provenance.ts before): every entry is an ephemeron
 *   that each young-generation GC of many small parses must visit and clear; h-tf measured the
 *   same pattern as a third of TF's 30 KB parse, and a profile gave it about 5 % of UNIGINE's
 *   (this table, with the per-surface closures removed at the same time: 1.14–1.16× faster,
 *   bench/parse-before-after.bench.mts against 3d00f31, README § End to end);
 * - a property on each typed array: gives typed arrays of one kind two hidden classes, which the
 *   kernels' callers then see as polymorphic;
 * - this file: two plain arrays per document (the arrays and their offsets, a linear search on
 *   error), reached from the document by a non-enumerable symbol property defined once.
 */
export class FileOffsets {
  private readonly arrays: ArrayBufferView[] = [];
  private readonly starts: number[] = [];

  /** Records that `array` was read from byte `offset` of the file. Returns the array. */
  record<T extends ArrayBufferView>(array: T, offset: number): T {
    this.arrays.push(array);
    this.starts.push(offset);
    return array;
  }

  /** The file offset of element `index` of `array` (`elementBytes` wide in the file), if it was read from the file. */
  offsetOf(array: ArrayBufferView, index = 0, elementBytes = 1): number | undefined {
    const i = this.arrays.lastIndexOf(array);
    return i < 0 ? undefined : this.starts[i]! + index * elementBytes;
  }
}

const FILE_OFFSETS = Symbol('the file offsets of a document\'s arrays');

/** Gives `document` its table (a property no enumeration or comparison sees). Returns the document. */
export function attachFileOffsets<T extends object>(document: T, offsets: FileOffsets): T {
  Object.defineProperty(document, FILE_OFFSETS, { value: offsets });
  return document;
}

/** The table of a document read from a file, if it was. */
export function fileOffsetsOf(document: object): FileOffsets | undefined {
  return (document as { [FILE_OFFSETS]?: FileOffsets })[FILE_OFFSETS];
}

/** The file offset of element `index` of `array` in the file `document` was read from, if any. */
export function fileOffsetIn(document: object, array: ArrayBufferView, index = 0, elementBytes = 1): number | undefined {
  return fileOffsetsOf(document)?.offsetOf(array, index, elementBytes);
}
