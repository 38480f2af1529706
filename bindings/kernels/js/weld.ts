// Twin of assembly/weld.ts (see there for the contract, the probe budget included).
import { probeBudget } from './probe-budget.js';

export function weldIndexStreams(
  streams: Uint32Array, streamCount: number, limits: Uint32Array, keyStream: number,
  table: Uint32Array, dstIndices: Uint32Array, dstTuples: Uint32Array,
): number {
  if (streamCount === 2) return weldTwoStreams(streams, limits, keyStream, table, dstIndices, dstTuples);
  const count = dstIndices.length;
  const keyLimit = limits[keyStream]!;
  table.fill(0, 0, keyLimit);
  const hashed = table.subarray(keyLimit);
  const mask = hashed.length - 1;
  const keyBase = keyStream * count;
  let hashedReady = false;
  let vertices = 0;
  let probes = 0;
  const budget = probeBudget(count);
  const sameTuple = (corner: number, vertex: number): boolean => {
    for (let s = 0; s < streamCount; s++) if (streams[s * count + corner] !== dstTuples[s * count + vertex]) return false;
    return true;
  };
  const copyTuple = (corner: number, vertex: number): void => {
    for (let s = 0; s < streamCount; s++) dstTuples[s * count + vertex] = streams[s * count + corner]!;
  };
  for (let i = 0; i < count; i++) {
    for (let s = 0; s < streamCount; s++) if (streams[s * count + i]! >= limits[s]!) return -(i + 1);
    const key = streams[keyBase + i]!;
    const first = table[key]!;
    let vertex: number;
    if (first === 0) {
      vertex = vertices++;
      table[key] = vertex + 1;
      copyTuple(i, vertex);
    } else if (sameTuple(i, first - 1)) {
      vertex = first - 1;
    } else {
      if (!hashedReady) {
        hashed.fill(0);
        hashedReady = true;
      }
      let h = 0x811c9dc5;
      for (let s = 0; s < streamCount; s++) h = Math.imul(h ^ streams[s * count + i]!, 0x9e3779b1);
      h = (h ^ (h >>> 16)) >>> 0;
      let slot = h & mask;
      vertex = -1;
      for (;;) {
        const stored = hashed[slot]!;
        if (stored === 0) break;
        if (sameTuple(i, stored - 1)) {
          vertex = stored - 1;
          break;
        }
        if (++probes > budget) return -(count + 1 + i);
        slot = (slot + 1) & mask;
      }
      if (vertex < 0) {
        vertex = vertices++;
        hashed[slot] = vertex + 1;
        copyTuple(i, vertex);
      }
    }
    dstIndices[i] = vertex;
  }
  return vertices;
}

/** Twin of weldTwoStreams in assembly/weld.ts: two streams, both values of a corner in locals. */
function weldTwoStreams(streams: Uint32Array, limits: Uint32Array, keyStream: number, table: Uint32Array, dstIndices: Uint32Array, dstTuples: Uint32Array): number {
  const count = dstIndices.length;
  const limit0 = limits[0]!;
  const limit1 = limits[1]!;
  const keyLimit = keyStream === 0 ? limit0 : limit1;
  table.fill(0, 0, keyLimit);
  const hashed = table.subarray(keyLimit);
  const mask = hashed.length - 1;
  let hashedReady = false;
  let vertices = 0;
  let probes = 0;
  const budget = probeBudget(count);
  for (let i = 0; i < count; i++) {
    const a = streams[i]!;
    const b = streams[count + i]!;
    if (a >= limit0 || b >= limit1) return -(i + 1);
    const key = keyStream === 0 ? a : b;
    const first = table[key]!;
    let vertex: number;
    if (first === 0) {
      vertex = vertices++;
      table[key] = vertex + 1;
      dstTuples[vertex] = a;
      dstTuples[count + vertex] = b;
    } else if (dstTuples[first - 1] === a && dstTuples[count + first - 1] === b) {
      vertex = first - 1;
    } else {
      if (!hashedReady) {
        hashed.fill(0);
        hashedReady = true;
      }
      let h = Math.imul(0x811c9dc5 ^ a, 0x9e3779b1);
      h = Math.imul(h ^ b, 0x9e3779b1);
      h = (h ^ (h >>> 16)) >>> 0;
      let slot = h & mask;
      vertex = -1;
      for (;;) {
        const stored = hashed[slot]!;
        if (stored === 0) break;
        if (dstTuples[stored - 1] === a && dstTuples[count + stored - 1] === b) {
          vertex = stored - 1;
          break;
        }
        if (++probes > budget) return -(count + 1 + i);
        slot = (slot + 1) & mask;
      }
      if (vertex < 0) {
        vertex = vertices++;
        hashed[slot] = vertex + 1;
        dstTuples[vertex] = a;
        dstTuples[count + vertex] = b;
      }
    }
    dstIndices[i] = vertex;
  }
  return vertices;
}
