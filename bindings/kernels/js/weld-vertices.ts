// TypeScript twin of assembly/weld-vertices.ts (same hash, same probe order, same numbering,
// same probe budget: −1 past it).
import { probeBudget } from './probe-budget.js';

function hashRow(words: Uint32Array, row: number, stride: number): number {
  let h = 0x811c9dc5;
  for (let j = 0; j < stride; j++) {
    h = Math.imul(h ^ words[row + j]!, 0x9e3779b1);
    h ^= h >>> 15;
  }
  return h >>> 0;
}

function sameRow(words: Uint32Array, a: number, b: number, stride: number): boolean {
  for (let j = 0; j < stride; j++) if (words[a + j] !== words[b + j]) return false;
  return true;
}

export function weldVertices(words: Uint32Array, stride: number, table: Uint32Array, dstIndices: Uint32Array, dstFirst: Uint32Array): number {
  const count = Math.floor(words.length / stride);
  table.fill(0);
  const mask = table.length - 1;
  let vertices = 0;
  let probes = 0;
  const budget = probeBudget(count);
  for (let i = 0; i < count; i++) {
    const row = i * stride;
    let slot = hashRow(words, row, stride) & mask;
    while (true) {
      const stored = table[slot]!;
      if (stored === 0) {
        table[slot] = vertices + 1;
        dstFirst[vertices] = i;
        dstIndices[i] = vertices;
        vertices++;
        break;
      }
      if (sameRow(words, dstFirst[stored - 1]! * stride, row, stride)) {
        dstIndices[i] = stored - 1;
        break;
      }
      if (++probes > budget) return -1;
      slot = (slot + 1) & mask;
    }
  }
  return vertices;
}
