/**
 * Fields of a UNIGINE file whose stored bytes the document's values would not give back: compact
 * integers not in their shortest form (negative zero, over-long groups), strings whose bytes do
 * not decode to a text that re-encodes to them (an embedded NUL, invalid UTF-8, a leading BOM),
 * and bounds holding a NaN (float32 → number → float32 quiets a signalling NaN's payload).
 *
 * Alternatives, and what each cost:
 * - raw bytes on every field of the document (`bone.nameBytes`, a `countBytes` per array): every
 *   type and both conversions grow a field that canonical files (all files UNIGINE writes) never
 *   need, and edits must keep the pairs in step;
 * - keeping the whole input and patching it on write: ties the document to its file;
 * - refusing such files, or documenting them as not byte-exact: they read, so they should rewrite.
 * Chosen: a sparse side table keyed by the field's ordinal among the fields of its kind in file
 * order, consulted on write only for the same value (a compact integer of the same value, a
 * string of the same decoded text, bounds of the same values), so that an edited document still
 * writes what it says. Reading costs a counter and a length comparison per field (a few dozen per
 * file); a canonical file gets no table. Measured on the 18 readable corpus files (3.96 MB),
 * wasm-simd, min of 41 interleaved rounds on a shared, loaded machine (load ~12 on 2 cores):
 * read 2.01 → 1.73 ms, rewrite 3.92 → 3.47 ms, parse to Asset 7.96 → 7.59 ms: no measurable cost.
 */

/** A compact integer's stored bytes and the value they decode to. */
export interface KeptCompactInt {
  value: number;
  bytes: Uint8Array;
}

/** A string's stored bytes (without its length, with its NUL) and the text they decode to. */
export interface KeptString {
  text: string;
  bytes: Uint8Array;
}

/** The 40 stored bytes of bounds and the values they decode to (NaN equal to NaN). */
export interface KeptBounds {
  values: number[];
  bytes: Uint8Array;
}

export interface UnigineVerbatim {
  /** By ordinal among the file's compact integers (string lengths and counts included), in file order. */
  compactInts: Map<number, KeptCompactInt>;
  /** By ordinal among the file's strings. */
  strings: Map<number, KeptString>;
  /** By ordinal among the file's bounds (the file's, then each surface's). */
  bounds: Map<number, KeptBounds>;
}

export function emptyVerbatim(): UnigineVerbatim {
  return { compactInts: new Map(), strings: new Map(), bounds: new Map() };
}

/** How many fields of each kind the table keeps (for `validate` and tests). */
export function verbatimFieldCount(verbatim: UnigineVerbatim | undefined): number {
  return verbatim ? verbatim.compactInts.size + verbatim.strings.size + verbatim.bounds.size : 0;
}

/** Equal as float32 values: NaN equals NaN, −0 differs from 0. */
export function sameFloats(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
