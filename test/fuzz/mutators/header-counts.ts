// Header counts set to boundary values, at the places the format's own reader read them (see
// trace-reads.ts): IQM header and table u32s, UNIGINE compact integers (re-encoded, with their
// non-canonical forms: negative zero, padded zeros), MeshSerializer2 u16 counts. One time in
// four a count is made consistent instead: set to a small value with the array it governs cut
// or grown to match, so that the file still reads and reaches the writers (empty meshes,
// skeleton-only files, zero joints with blend arrays), and one time in ten the file is emptied:
// every count read before the first array set to 0 and the file cut where that array began.
import { choose, spliceBytes, type Mutator } from './mutator.js';
import { encodeCompact, traceReads, type ReadTrace, type TracedField } from './trace-reads.js';

export const BOUNDARY_COUNTS = [0, 1, 2, 3, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 1e7, 1e8, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, -1, -2];

/** Non-canonical compact forms a UNIGINE reader may accept: negative zero, zero padded to two and five bytes, one padded. */
export const NONCANONICAL_COMPACT = [Uint8Array.of(0x40), Uint8Array.of(0x80, 0x00), Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x00), Uint8Array.of(0x81, 0x00), Uint8Array.of(0xc0, 0x00)];

const COUNT_NAME = /count|num|length|size|frames|bones|joints|vertices|triangles|surfaces|animations|keys|channels|mask/i;

const traces = new WeakMap<Uint8Array, ReadTrace>();

function traceOf(input: Parameters<Mutator['mutate']>[0]): ReadTrace {
  let trace = traces.get(input.bytes);
  if (!trace) {
    const companions = input.seed.companions ?? [];
    const main = input.file === input.seed.name.slice(input.seed.name.lastIndexOf('/') + 1);
    trace = main ? traceReads(input.handler, input.bytes, { fileName: input.file, resolve: (n) => companions.find((c) => c.name === n)?.bytes }) : { fields: [], spans: [], checkedCounts: new Set() };
    traces.set(input.bytes, trace);
  }
  return trace;
}

/** The fields that hold counts: named so by the reader, or checked by it against the bytes left. */
export function countFields(trace: ReadTrace): TracedField[] {
  const named = trace.fields.filter((f) => COUNT_NAME.test(f.what) || (f.value > 0 && trace.checkedCounts.has(f.value)));
  return named.length ? named : trace.fields;
}

/** `value` stored as `field` is (u16 and u8 wrap; the sign of i16/i32 kept by two's complement). */
export function encodeField(field: TracedField, value: number): Uint8Array {
  if (field.encoding === 'compact') return encodeCompact(Math.max(-(2 ** 34 - 1), Math.min(2 ** 34 - 1, value)));
  const out = new Uint8Array(field.length);
  const view = new DataView(out.buffer);
  const v = Math.trunc(value);
  if (field.length === 1) view.setUint8(0, v & 0xff);
  else if (field.length === 2) view.setUint16(0, v & 0xffff, true);
  else view.setUint32(0, v >>> 0, true);
  return out;
}

export const headerCounts: Mutator = {
  name: 'header-counts',
  formats: ['unigine', 'iqm', 'ms2'],
  mutate(input, next) {
    const trace = traceOf(input);
    // Mostly the fields that hold counts; now and then any field (IQM's vertex array sizes and formats have no names).
    const fields = next() < 0.7 ? countFields(trace) : trace.fields;
    if (!fields.length) return undefined;
    if (next() < 0.1) return emptied(input.bytes, trace);
    const field = choose(next, fields);
    if (next() < 0.25) return resized(input.bytes, trace, field, next);
    if (field.encoding === 'compact' && next() < 0.25) return spliceBytes(input.bytes, field.offset, field.length, choose(next, NONCANONICAL_COMPACT));
    const value = next() < 0.8 ? choose(next, BOUNDARY_COUNTS) : field.value + choose(next, [-1, 1, field.value, -field.value]);
    return spliceBytes(input.bytes, field.offset, field.length, encodeField(field, value));
  },
};

/** Every count read before the first array set to 0, and the file cut where that array began: the format's empty file. */
function emptied(bytes: Uint8Array, trace: ReadTrace): Uint8Array {
  const end = trace.spans.reduce((min, s) => Math.min(min, s.offset), bytes.length);
  let out: Uint8Array = bytes.slice(0, end);
  // Right to left, so that a compact integer changing length leaves earlier offsets valid.
  for (const f of countFields(trace).filter((f) => f.offset + f.length <= end).sort((a, b) => b.offset - a.offset)) out = spliceBytes(out, f.offset, f.length, encodeField(f, 0));
  return out;
}

/**
 * The count set to a smaller or slightly larger value and the first array read after it whose
 * length it divides cut or grown (repeating its last element) to match: a file that still fits
 * together, with an edge-case count.
 */
function resized(bytes: Uint8Array, trace: ReadTrace, field: TracedField, next: () => number): Uint8Array {
  const span = field.value > 0 ? trace.spans.find((s) => s.offset >= field.offset + field.length && s.byteLength > 0 && s.byteLength % field.value === 0) : undefined;
  const value = choose(next, [0, 1, 2, Math.max(0, field.value - 1), field.value + 1]);
  const withCount = spliceBytes(bytes, field.offset, field.length, encodeField(field, value));
  if (!span) return withCount;
  const shift = withCount.length - bytes.length;
  const element = span.byteLength / field.value;
  const at = span.offset + shift;
  if (value <= field.value) return spliceBytes(withCount, at + value * element, (field.value - value) * element, new Uint8Array(0));
  return spliceBytes(withCount, at + span.byteLength, 0, withCount.slice(at + span.byteLength - element, at + span.byteLength));
}

