// Where a binary reader found its fields: every integer it read (offset, width, the name the
// reader gave it, its value) and every array of float32s or raw bytes, recorded by running the
// format's own reader on the file with ByteReader's methods wrapped. The structure-aware
// mutators edit these places instead of blind offsets.
//
// Alternatives: a field table per format written by hand (IQM header offsets, UNIGINE's record
// order) would duplicate every reader and go stale when one changes; scanning for plausible
// counts finds too many false ones in float data (about one in three 4-byte windows of the
// corpus meshes decodes to a count below the file size). Running the reader costs one js parse
// per seed (cached) and knows exactly what the reader knows.
import { ByteReader } from '../../../bindings/io/byte-reader.js';
import { createKernelsSync, type FormatHandler } from '../../../bindings/index.js';
import type { ReadOptions } from '../../helpers/fuzz.js';

export type FieldEncoding = 'u8' | 'u16' | 'i16' | 'u32' | 'i32' | 'compact';

export interface TracedField {
  offset: number;
  /** Bytes the field takes in the file (a compact integer 1 to 5). */
  length: number;
  encoding: FieldEncoding;
  /** The name the reader gave the field (`num_joints`, `vertex count`, …). */
  what: string;
  value: number;
}

export interface TracedSpan {
  offset: number;
  byteLength: number;
  what: string;
  /** True for float32 data (f32, f32Array). */
  float: boolean;
}

export interface ReadTrace {
  fields: TracedField[];
  spans: TracedSpan[];
  /** Counts the reader checked against the bytes left (ByteReader.needCount), by value: the fields that hold them are counts. */
  checkedCounts: Set<number>;
}

type Method = (this: ByteReader, ...args: any[]) => any;

const SCALARS: [keyof ByteReader & string, FieldEncoding, number][] = [
  ['u8', 'u8', 1],
  ['u16', 'u16', 2],
  ['i16', 'i16', 2],
  ['u32', 'u32', 4],
  ['i32', 'i32', 4],
];

const traceKernels = createKernelsSync('js');

/** Runs `handler.parseSync` on `bytes` (js backend) and records what its ByteReaders read from `bytes`. Errors end the trace, not the call. */
export function traceReads(handler: FormatHandler, bytes: Uint8Array, options: ReadOptions = {}): ReadTrace {
  const trace: ReadTrace = { fields: [], spans: [], checkedCounts: new Set() };
  const proto = ByteReader.prototype as unknown as Record<string, Method>;
  const saved = new Map<string, Method>();
  const mine = (reader: ByteReader) => reader.bytes.buffer === bytes.buffer && reader.bytes.byteOffset === bytes.byteOffset;
  const wrap = (name: string, record: (reader: ByteReader, at: number, args: any[], result: any) => void) => {
    const original = proto[name]!;
    saved.set(name, original);
    proto[name] = function (this: ByteReader, ...args: any[]) {
      const at = this.offset;
      const result = original.apply(this, args);
      if (mine(this)) record(this, at, args, result);
      return result;
    };
  };
  for (const [name, encoding, length] of SCALARS) wrap(name, (_, offset, [what], value) => trace.fields.push({ offset, length, encoding, what: what ?? name, value }));
  wrap('f32', (_, offset, [what]) => trace.spans.push({ offset, byteLength: 4, what: what ?? 'f32', float: true }));
  wrap('f32Array', (_, offset, [count, what]) => trace.spans.push({ offset, byteLength: count * 4, what: what ?? 'f32Array', float: true }));
  for (const name of ['u16Array', 'i16Array', 'u32Array']) wrap(name, (_, offset, [count, what]) => trace.spans.push({ offset, byteLength: count * (name === 'u32Array' ? 4 : 2), what: what ?? name, float: false }));
  wrap('bytesView', (_, offset, [count, what]) => trace.spans.push({ offset, byteLength: count, what: what ?? 'bytes', float: false }));
  wrap('needCount', (_, __, [count]) => trace.checkedCounts.add(count));
  try {
    const { companionBytes: _, ...rest } = options;
    handler.parseSync(bytes, { ...rest, kernels: traceKernels });
  } catch {
    // A refused file still shows the fields read before the refusal.
  } finally {
    for (const [name, original] of saved) proto[name] = original;
  }
  trace.fields = mergeCompactInts(trace.fields, bytes);
  return trace;
}

/**
 * UNIGINE's compact integers are read a byte at a time under one name: a run of u8 reads at
 * consecutive offsets, with one name, each byte but the last with its continuation bit, is one field.
 */
function mergeCompactInts(fields: TracedField[], bytes: Uint8Array): TracedField[] {
  const out: TracedField[] = [];
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.encoding !== 'u8') {
      out.push(f);
      continue;
    }
    let end = i;
    while (bytes[fields[end]!.offset]! & 0x80 && end + 1 < fields.length && fields[end + 1]!.encoding === 'u8' && fields[end + 1]!.offset === fields[end]!.offset + 1 && fields[end + 1]!.what === f.what) end++;
    const length = end - i + 1;
    out.push(length > 1 || bytes[f.offset]! & 0x80 ? { ...f, length, encoding: 'compact', value: decodeCompact(bytes, f.offset, length) } : f);
    i = end;
  }
  return out;
}

function decodeCompact(bytes: Uint8Array, at: number, length: number): number {
  let magnitude = bytes[at]! & 0x3f;
  for (let k = 1, shift = 6; k < length; k++, shift += 7) magnitude += (bytes[at + k]! & 0x7f) * 2 ** shift;
  return bytes[at]! & 0x40 ? -magnitude : magnitude;
}

/** UNIGINE's compact form of `value` (sign-magnitude, 6 then 7 bits a byte), for any magnitude below 2^34: beyond 31 bits it is what a hostile file holds. */
export function encodeCompact(value: number): Uint8Array {
  let magnitude = Math.abs(value);
  const out = [(magnitude % 64) | (value < 0 || Object.is(value, -0) ? 0x40 : 0)];
  magnitude = Math.floor(magnitude / 64);
  while (magnitude > 0) {
    out[out.length - 1]! |= 0x80;
    out.push(magnitude % 128);
    magnitude = Math.floor(magnitude / 128);
  }
  return Uint8Array.from(out);
}
