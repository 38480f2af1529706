// Arrays of a UNIGINE surface left in the file's bytes while a parse builds its Asset: the
// coordinates, tangent frames, UVs, colours and both index streams are copied once, straight from
// the input into the workspace the kernels read (WebAssembly memory on a wasm backend), instead
// of first into an aligned array of the document and then from there.
//
// Alternatives, measured on the generated tube (one surface; 14 and 140 MB; wasm-simd; shared
// 2-core machine) and on the speed bar's tiled mrfixit:
// - every array copied into the document at an aligned place (alignedCopy), then into the
//   workspace (the reader before): the document holds ~0.9× the file a second time during the
//   parse (peak RSS of a 100 MB parse 3.76× the file), and `alignedCopy` and its WeakMap entry
//   (`recordFileOffset`) cost ~5 % of a 1 MB parse and ~8 % of a 140 MB one;
// - typed arrays viewing the input where the file happens to align them: only a quarter of float32
//   arrays start on a multiple of 4, so most would still be copied;
// - this file: a document made for one parse (readUnigineStaged: it never leaves the call, so the
//   input cannot change under it) whose large arrays are accessors: read as a property they are
//   copied out as before (the writer, morph targets, anything rare), while sourceOf() gives their
//   bytes in the file to stage directly. readUnigine (the public document) copies as before:
//   its arrays must not depend on the caller's buffer.
import type { TypedArray, TypedArrayConstructor } from '../../kernels/wasm-arena.js';
import { fileOffsetOf, recordFileOffset } from '../../io/provenance.js';

/** Elements of one array as the file stores them: `bytes` is a view of the input. */
export interface StoredSpan {
  ctor: TypedArrayConstructor;
  bytes: Uint8Array;
  fileOffset: number;
}

const SPANS = Symbol('unigine stored spans');
type WithSpans = { [SPANS]?: Record<string, StoredSpan> };

/** Defines `owner[key]` as the array stored at `span`: copied out of the file when first read as a property. */
export function defineStoredArray<O extends object>(owner: O, key: keyof O & string, span: StoredSpan): void {
  const holder = owner as O & WithSpans;
  if (!holder[SPANS]) Object.defineProperty(holder, SPANS, { value: {}, enumerable: false });
  holder[SPANS]![key] = span;
  const settle = (value: unknown) => {
    delete holder[SPANS]![key];
    Object.defineProperty(owner, key, { value, enumerable: true, writable: true, configurable: true });
  };
  Object.defineProperty(owner, key, {
    enumerable: true,
    configurable: true,
    get() {
      const array = copyOut(span);
      settle(array);
      return array;
    },
    set: settle,
  });
}

/** An aligned copy of a stored span, recorded with its file offset (what the document reader gives). */
function copyOut(span: StoredSpan): TypedArray {
  const array = new span.ctor(span.bytes.length / span.ctor.BYTES_PER_ELEMENT);
  new Uint8Array(array.buffer, array.byteOffset, span.bytes.length).set(span.bytes);
  return recordFileOffset(array, span.fileOffset);
}

/** One array of a document, stored in the file or in memory, read without copying it out. */
export interface ArraySource {
  readonly length: number;
  readonly bytesPerElement: number;
  /** Copies the elements into `into` (same element type), from its element `at`. */
  copyInto(into: TypedArray, at?: number): void;
  /** The stored bytes when the array is still in the file (no copy), else undefined. */
  readonly stored: Uint8Array | undefined;
  /** The in-memory array when there is one (a document built in memory, or one already read). */
  readonly array: TypedArray | undefined;
  /** Element `index` as a number (for messages). */
  element(index: number): number;
  /** File offset of element `index`, if the array came from a file. */
  fileOffset(index?: number): number | undefined;
}

/** `owner[key]` as an ArraySource: its stored bytes while it is still in the file, else the array. */
export function sourceOf<O extends object>(owner: O, key: keyof O & string): ArraySource {
  const span = (owner as O & WithSpans)[SPANS]?.[key];
  if (span) return spanSource(span);
  const array = owner[key] as unknown as TypedArray;
  return {
    length: array.length,
    bytesPerElement: array.BYTES_PER_ELEMENT,
    copyInto: (into, at = 0) => into.set(array, at),
    stored: undefined,
    array,
    element: (index) => array[index]!,
    fileOffset: (index = 0) => fileOffsetOf(array, index, array.BYTES_PER_ELEMENT),
  };
}

function spanSource(span: StoredSpan): ArraySource {
  const size = span.ctor.BYTES_PER_ELEMENT;
  const { bytes } = span;
  return {
    length: bytes.length / size,
    bytesPerElement: size,
    copyInto: (into, at = 0) => new Uint8Array(into.buffer, into.byteOffset + at * size, bytes.length).set(bytes),
    stored: bytes,
    array: undefined,
    element: (index) => {
      const view = new DataView(bytes.buffer, bytes.byteOffset + index * size, size);
      return size === 1 ? view.getUint8(0) : size === 2 ? view.getUint16(0, true) : view.getUint32(0, true);
    },
    fileOffset: (index = 0) => span.fileOffset + index * size,
  };
}
