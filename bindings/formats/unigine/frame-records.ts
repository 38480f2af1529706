// The frame records of a UNIGINE animation: per frame and animated bone a flag byte (FRAME_FLAG)
// and the flagged channels (positions and scales float32 in ms11, uint16 in an10; rotations four
// int16). Two passes, as for the skin records (skin-records.ts): walkFrameRecords follows the
// entries through the file (each entry's length is in its flag: a chain of dependent loads),
// checks they fit and stores the flags; the split functions then move the values into their
// streams, taking each entry's length from the flags. The split runs in the reader for a document
// read as a whole; a parse leaves the records in the file (StagedFrames) and the expansion reads
// them where they lie (expandFloatFrameRecords / expandQuantizedFrameRecords). joinFrameRecords
// is the split's inverse, for a document whose streams are in memory.
//
// Alternatives for a parse, measured on the speed bar's tiled mrfixit as UNIGINE (one animation,
// 126 frames × 75 bones; interleaved against the tree before, shared 2-core machine at load 4–6):
// the records split into streams in TypeScript (splitWideFrameStreams, into the workspace) and
// expanded from the streams into dense keys, every bone every frame, then cut into tracks (the
// tree before): 1.13–1.16× slower on the whole parse than reading the records in the kernel into
// each track's own keys (this), which also drops the dense keys of constant bones (27 of 75 here)
// and the copies of held keys.
import type { RawKernels } from '../../kernels/raw-kernels.js';
import * as jsWalk from '../../kernels/js/unigine-frame-walk.js';
import { FRAME_FLAG } from './mesh-document.js';

/** Values a 3-bit channel flag (x, y, z present) stores: the bits set, indexed by flag & 7. */
export const AXES_SET: readonly number[] = [0, 1, 1, 2, 1, 2, 2, 3];

/** Frame entries walked by one kernel call at most: the call stages at most 33 bytes an entry (1.1 MiB). */
const WALK_ENTRIES = 1 << 15;

/**
 * The first pass of readFrames: follows the entries through the file (each entry's length is in
 * its flag: a chain of dependent loads), stores the flags in `flags`, and gives the offset after
 * them; `cutAt` is the first entry that starts at or past the end of the input (`flags.length`
 * when only the last runs past it), −1 when all fit. The walk is the walkFrameRecords kernel of
 * `raw` (a parse's backend; the js twin for a document read as a whole) in runs of WALK_ENTRIES
 * entries, whose bytes (at most 33 an entry, cut at the end of the input) hold them unless the
 * input ends first. What the values count is left to frameValueCounts, over the flags, for the
 * readers that split them: a parse reads the records where they lie. (Counting here as well, on
 * the chain, took 1.9× as long on the speed bar's tiled mrfixit: 43 → 22 µs, interleaved, shared
 * machine.) Round seven, the same animation's 9,450 entries: the TypeScript loop before (the
 * entry's size from a table by its flag) 56.3 µs; the twin (sizes of flags 0 and 8 chosen by a
 * branch) 27.3; the kernel with its staging 17.8 (median of 1,500, shared machine at load ~11).
 */
export function walkFrameRecords(bytes: Uint8Array, offset: number, flags: Uint8Array, channelBytes: 2 | 4, raw: Pick<RawKernels, 'walkFrameRecords'> = jsWalk) {
  const length = bytes.length;
  const entries = flags.length;
  for (let first = 0; first < entries; first += WALK_ENTRIES) {
    const run = flags.subarray(first, Math.min(first + WALK_ENTRIES, entries));
    const end = raw.walkFrameRecords(bytes.subarray(offset, Math.min(length, offset + run.length * 33)), channelBytes, run);
    if (end < 0) return { offset: length, cutAt: first - end - 1 };
    offset += end;
  }
  return { offset: Math.min(offset, length), cutAt: offset > length ? entries : -1 };
}

/** How many position components, rotations and scale components `flags` ask for. */
export function frameValueCounts(flags: Uint8Array) {
  const axes = AXES_SET;
  let positionCount = 0;
  let rotationCount = 0;
  let scaleCount = 0;
  for (let e = 0; e < flags.length; e++) {
    const flag = flags[e]!;
    positionCount += axes[flag & 7]!;
    rotationCount += (flag >> 3) & 1;
    scaleCount += axes[(flag >> 4) & 7]!;
  }
  return { positionCount, rotationCount, scaleCount };
}

// The second pass of readFrames, over entries already checked to fit, whose flags the first pass
// stored: the flagged channel values appended to their streams (stored x, y, z in order: only how
// many of the three bits are set matters). The flags come from the array, not the file, so the
// offset of the next entry does not wait for a load (the first pass follows that chain once).
// One function per channel width, each value one little-endian DataView load: float32 channels
// are moved as uint32 words, so that their bits, NaN payloads included, stay exact. (The single function before, assembling each value from its bytes and
// choosing the width per value, took 1.6–2× as long on the speed bar's tiled mrfixit.)

const ROTATION_FLAG: number = FRAME_FLAG.rotation;

export function splitWideFrameStreams(
  view: DataView, offset: number, flags: Uint8Array, positions: Uint32Array, rotations: Int16Array, scales: Uint32Array,
): number {
  const entries = flags.length;
  const axes = AXES_SET;
  const rotation = ROTATION_FLAG;
  let pi = 0;
  let ri = 0;
  let si = 0;
  for (let e = 0; e < entries; e++) {
    const flag = flags[e]!;
    offset++;
    for (let end = pi + axes[flag & 7]!; pi < end; pi++, offset += 4) positions[pi] = view.getUint32(offset, true);
    if (flag & rotation) {
      rotations[ri++] = view.getInt16(offset, true);
      rotations[ri++] = view.getInt16(offset + 2, true);
      rotations[ri++] = view.getInt16(offset + 4, true);
      rotations[ri++] = view.getInt16(offset + 6, true);
      offset += 8;
    }
    for (let end = si + axes[(flag >> 4) & 7]!; si < end; si++, offset += 4) scales[si] = view.getUint32(offset, true);
  }
  return offset;
}

export function splitNarrowFrameStreams(
  view: DataView, offset: number, flags: Uint8Array, positions: Uint16Array, rotations: Int16Array, scales: Uint16Array,
): number {
  const entries = flags.length;
  const axes = AXES_SET;
  const rotation = ROTATION_FLAG;
  let pi = 0;
  let ri = 0;
  let si = 0;
  for (let e = 0; e < entries; e++) {
    const flag = flags[e]!;
    offset++;
    for (let end = pi + axes[flag & 7]!; pi < end; pi++, offset += 2) positions[pi] = view.getUint16(offset, true);
    if (flag & rotation) {
      rotations[ri++] = view.getInt16(offset, true);
      rotations[ri++] = view.getInt16(offset + 2, true);
      rotations[ri++] = view.getInt16(offset + 4, true);
      rotations[ri++] = view.getInt16(offset + 6, true);
      offset += 8;
    }
    for (let end = si + axes[(flag >> 4) & 7]!; si < end; si++, offset += 2) scales[si] = view.getUint16(offset, true);
  }
  return offset;
}

/**
 * The frame records of an animation whose values are streams in memory (a document built, or read
 * as a whole), as a file stores them: `entries` of `flags`, each followed by its values taken in
 * order from the streams (float32 channels as their bits). Gives the records to the expansion,
 * which reads records only (expand-animation.ts); or, when the flags ask for more values than a
 * stream holds, the first entry that does.
 */
export function joinFrameRecords(
  flags: Uint8Array, entries: number, positions: Uint32Array | Uint16Array, rotations: Int16Array, scales: Uint32Array | Uint16Array, channelBytes: 2 | 4,
): Uint8Array | number {
  const axes = AXES_SET;
  let length = 0;
  let pi = 0;
  let ri = 0;
  let si = 0;
  for (let e = 0; e < entries; e++) {
    const flag = flags[e]!;
    const p = axes[flag & 7]!;
    const r = flag & ROTATION_FLAG ? 4 : 0;
    const s = axes[(flag >> 4) & 7]!;
    if (pi + p > positions.length || ri + r > rotations.length || si + s > scales.length) return e;
    pi += p;
    ri += r;
    si += s;
    length += 1 + (p + s) * channelBytes + r * 2;
  }
  const records = new Uint8Array(length);
  const view = new DataView(records.buffer);
  const wide = channelBytes === 4;
  const put = (at: number, value: number) => (wide ? view.setUint32(at, value, true) : view.setUint16(at, value, true));
  let at = 0;
  pi = ri = si = 0;
  for (let e = 0; e < entries; e++) {
    const flag = flags[e]!;
    records[at++] = flag;
    for (let end = pi + axes[flag & 7]!; pi < end; pi++, at += channelBytes) put(at, positions[pi]!);
    if (flag & ROTATION_FLAG) {
      for (let c = 0; c < 4; c++, at += 2) view.setInt16(at, rotations[ri++]!, true);
    }
    for (let end = si + axes[(flag >> 4) & 7]!; si < end; si++, at += channelBytes) put(at, scales[si]!);
  }
  return records;
}
