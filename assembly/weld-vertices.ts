// Welding a triangle soup: vertices whose attribute words (float bits, `stride` per vertex) are
// all identical become one. Open-addressing hash table supplied by the caller. The collision
// steps are counted as in assembly/weld.ts (same budget, same reason): past it, −1, and the
// caller (Kernels.weldVertices) welds by sorting instead.
import { probeBudget } from './probe-budget';

// @ts-ignore: decorator
@inline function hashRow(row: usize, stride: i32): u32 {
  let h: u32 = 0x811c9dc5;
  for (let j = 0; j < stride; j++) {
    h = (h ^ load<u32>(row + (<usize>j << 2))) * 0x9e3779b1;
    h ^= h >>> 15;
  }
  return h;
}

// @ts-ignore: decorator
@inline function sameRow(a: usize, b: usize, stride: i32): bool {
  for (let j = 0; j < stride; j++) {
    if (load<u32>(a + (<usize>j << 2)) != load<u32>(b + (<usize>j << 2))) return false;
  }
  return true;
}

/**
 * `count` vertices of `stride` u32 words at `words`. dstIndices[i] = the welded vertex of input
 * vertex i (welded vertices numbered in order of first appearance); dstFirst[v] = the first
 * input vertex of welded vertex v. `table` has `capacity` slots (a power of two above count).
 * Returns the number of welded vertices, or −1 when the probe budget ran out (outputs partial).
 */
export function weldVertices(words: usize, stride: i32, count: i32, table: usize, capacity: i32, dstIndices: usize, dstFirst: usize): i32 {
  memory.fill(table, 0, <usize>capacity << 2);
  const mask = <u32>capacity - 1;
  const rowBytes = <usize>stride << 2;
  let vertices = 0;
  let probes: u32 = 0;
  const budget = probeBudget(count);
  for (let i = 0; i < count; i++) {
    const row = words + <usize>i * rowBytes;
    let slot = hashRow(row, stride) & mask;
    while (true) {
      const at = table + (<usize>slot << 2);
      const stored = load<u32>(at);
      if (stored == 0) {
        store<u32>(at, <u32>vertices + 1);
        store<u32>(dstFirst + (<usize>vertices << 2), <u32>i);
        store<u32>(dstIndices + (<usize>i << 2), <u32>vertices);
        vertices++;
        break;
      }
      const first = load<u32>(dstFirst + (<usize>(stored - 1) << 2));
      if (sameRow(words + <usize>first * rowBytes, row, stride)) {
        store<u32>(dstIndices + (<usize>i << 2), stored - 1);
        break;
      }
      if (++probes > budget) return -1;
      slot = (slot + 1) & mask;
    }
  }
  return vertices;
}
