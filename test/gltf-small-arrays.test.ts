// Small float arrays of a glTF read come out of shared blocks (bindings/formats/gltf/small-arrays.ts):
// each is zeroed, 16-byte aligned and disjoint from every other; large ones have buffers of their own.
import { describe, expect, it } from 'vitest';
import { BLOCK_FLOATS, SmallFloatArrays } from '../bindings/formats/gltf/small-arrays.js';

describe('SmallFloatArrays', () => {
  it('hands out zeroed, aligned, disjoint views; large arrays on their own buffers', () => {
    const pool = new SmallFloatArrays();
    const arrays = [1, 3, 4, 5, 303, BLOCK_FLOATS / 4, 17, 900, 1000, 999, 2, ...Array.from({ length: 30 }, () => 1000)].map((n) => pool.take(n));
    const large = pool.take(BLOCK_FLOATS / 4 + 1);
    expect(large.byteOffset).toBe(0);
    expect(large.buffer.byteLength).toBe((BLOCK_FLOATS / 4 + 1) * 4);
    for (const [i, a] of arrays.entries()) {
      expect(a.byteOffset % 16).toBe(0);
      expect(Array.from(a).every((v) => v === 0)).toBe(true);
      a.fill(i + 1);
    }
    // Every array still holds only its own value: no two overlap (they span more than one block).
    for (const [i, a] of arrays.entries()) expect(Array.from(a).every((v) => v === i + 1), `array ${i}`).toBe(true);
    expect(new Set(arrays.map((a) => a.buffer)).size).toBeGreaterThan(1);
  });

  it('a small input keeps small blocks: no block takes more than twice the input\'s bytes', () => {
    const pool = new SmallFloatArrays(400);
    const a = pool.take(50);
    expect(a.buffer.byteLength).toBeLessThanOrEqual(800);
    expect(pool.take(51).buffer.byteLength).toBe(204);
  });

  it('the unused tail of each finished block is reported (charged to the read\'s budget)', () => {
    const unused: number[] = [];
    const pool = new SmallFloatArrays(Infinity, (bytes) => unused.push(bytes));
    const quarter = BLOCK_FLOATS / 4;
    for (let i = 0; i < 5; i++) pool.take(quarter);
    pool.take(4000);
    pool.take(100);
    // Blocks of BLOCK_FLOATS: four arrays of a quarter fill the first (nothing left), the fifth
    // starts the second; 4000 + 100 then fit; nothing further started, so one report of 0 bytes.
    expect(unused).toEqual([0]);
    pool.take(quarter);
    pool.take(quarter);
    expect(unused).toEqual([0]);
    pool.take(quarter);
    expect(unused).toEqual([0, (BLOCK_FLOATS - 3 * quarter - 4100) * 4]);
  });

  it('a new block is no larger than its first array plus the room the budget has left, so the last block\'s unused part stays within the budget', () => {
    let room = 1000;
    const pool = new SmallFloatArrays(Infinity, (bytes) => (room -= bytes), () => room);
    const first = pool.take(100);
    // 100 floats and 1000 bytes (250 floats) of room: a block of 350 floats, not BLOCK_FLOATS.
    expect(first.buffer.byteLength).toBe(350 * 4);
    room = 0;
    pool.take(300);
    // No room at all: the block is just the array.
    const last = pool.take(40);
    expect(last.buffer.byteLength).toBe(40 * 4);
  });
});
