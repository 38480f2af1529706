// The per-call fixed-cost cuts of issue 22 (item 1 at 30 KB): each fast path against the general
// path it skips, on the inputs where they could part.
import { describe, expect, it } from 'vitest';
import { latin1Text, latin1TextPortable } from '../bindings/io/latin1-text.js';
import { MeshFormatError } from '../bindings/index.js';
import { evaluateLuaData, isLuaTable, LUA_LIMITS, tablePosition, type LuaValue } from '../bindings/formats/tf/index.js';
import { rng } from './helpers/backends.js';
import { WasmArena } from '../bindings/kernels/wasm-arena.js';
import { onPointers } from '../bindings/kernels/wasm-kernels.js';

describe('latin1Text', () => {
  it('gives one character per byte, Buffer or not, at any offset and past one 32 KiB chunk', () => {
    const all = new Uint8Array(256).map((_, i) => i);
    const expected = Array.from(all, (b) => String.fromCharCode(b)).join('');
    expect(latin1Text(all)).toBe(expected);
    expect(latin1TextPortable(all)).toBe(expected);
    const next = rng(7);
    const big = new Uint8Array(0x8000 * 2 + 17).map(() => Math.floor(next() * 256));
    const inner = big.subarray(5, big.length - 3);
    for (const [start, end] of [[0, inner.length], [3, 9], [0x7fff, 0x8003], [10, 10], [40, 0x10010]] as const) {
      const text = latin1Text(inner, start, end);
      expect(text).toBe(latin1TextPortable(inner, start, end));
      expect(text.length).toBe(Math.max(0, Math.min(end, inner.length) - start));
      for (let i = 0; i < text.length; i += 97) expect(text.charCodeAt(i)).toBe(inner[start + i]);
    }
  });
});

describe('TF table scan fast paths (keys and whole numbers without regular expressions)', () => {
  /** Values with each table's position, or the refusal, read with or without the scan. */
  const outcome = (text: string, numberTables: boolean): unknown => {
    const walk = (v: LuaValue): unknown => (isLuaTable(v)
      ? { at: tablePosition(v), items: v.items.map(walk), fields: [...v.fields].map(([k, f]) => [k, walk(f)]) }
      : Object.is(v, -0) ? '-0' : v);
    try {
      return walk(evaluateLuaData(new TextEncoder().encode(text), { numberTables }));
    } catch (error) {
      if (!(error instanceof MeshFormatError)) throw error;
      return { code: error.code, line: error.line, column: error.column, message: error.message };
    }
  };
  const NUMBERS = ['0', '-0', '007', '-12', '123456789012345', '1234567890123456', '-999999999999999', '9007199254740993', '1.', '1.5', '1e3', '1E-2', '0x10', '2abc', '- 1', '-', '1-2', '1_', '.5', '-.5', '12 .5'];
  const KEYS = ['a', '_', 'a1', 'A_b9', 'end', 'nil', 'a ', 'a\t\n', 'a =', 'a==', '1a', 'a.b', 'ä'];
  for (const n of NUMBERS) {
    it(`number ${JSON.stringify(n)} reads as luaparse reads it`, () => {
      const text = `function data() return { x = { ${n}, 2 }, y = { ${n} } } end`;
      expect(outcome(text, true)).toEqual(outcome(text, false));
    });
  }
  it('a plain descriptor nested near the limit reads, or is refused, as the nesting check and luaparse decide', () => {
    for (let depth = LUA_LIMITS.maxDepth - 3; depth <= LUA_LIMITS.maxDepth + 2; depth++) {
      for (const inner of ['', '1', '-1', 'x = -2, "s"', '- 1']) {
        const text = `function data() return ${'{ a = '.repeat(depth - 1)}{ ${inner} }${' }'.repeat(depth - 1)} end`;
        const scanned = outcome(text, true);
        expect(scanned).toEqual(outcome(text, false));
        const refused = (scanned as { code?: string }).code === 'BAD_COUNT';
        // `{` counts one level and a minus before the deepest number one more.
        expect(refused).toBe(depth + (inner.includes('-') ? 1 : 0) > LUA_LIMITS.maxDepth);
      }
    }
  });
  for (const k of KEYS) {
    it(`key ${JSON.stringify(k)} reads as luaparse reads it`, () => {
      const text = `function data() return { t = { ${k}= 1, z = "s" }, u = { ${k}= { 3 } } } end`;
      expect(outcome(text, true)).toEqual(outcome(text, false));
    });
  }
});

describe('onPointers (every wasm kernel call)', () => {
  it('stages arrays of every kind into one 16-aligned block, in place when already in memory, and copies outputs back', () => {
    const arena = new WasmArena(new WebAssembly.Memory({ initial: 1 }), 100);
    const inMemory = arena.view(Uint32Array, arena.alloc(12), 3);
    inMemory.set([7, 8, 9]);
    const a = Uint8Array.from([1, 2, 3]), b = Float32Array.from([0.5, -1]), empty = new Int16Array(0), c = Uint16Array.from([5, 6, 7, 8, 9]);
    const out = new Float64Array(2), out2 = new Int8Array(3);
    const top = arena.top;
    const seen = onPointers(arena, [a, inMemory, b, empty, c], [out, out2], (ptrs, counts) => {
      expect(counts).toEqual([3, 3, 2, 0, 5, 2, 3]);
      expect(ptrs[1]).toBe(inMemory.byteOffset);
      const staged = [0, 2, 3, 4, 5, 6].map((i) => ptrs[i]!);
      for (const p of staged) expect(p % 16).toBe(0);
      expect(staged).toEqual([top, top + 16, top + 32, top + 32, top + 48, top + 64]);
      const mem = arena.memory.buffer;
      expect([...new Uint8Array(mem, ptrs[0]!, 3)]).toEqual([1, 2, 3]);
      expect([...new Float32Array(mem, ptrs[2]!, 2)]).toEqual([0.5, -1]);
      expect([...new Uint16Array(mem, ptrs[4]!, 5)]).toEqual([5, 6, 7, 8, 9]);
      new Float64Array(mem, ptrs[5]!, 2).set([1.25, -3]);
      new Int8Array(mem, ptrs[6]!, 3).set([-1, 0, 1]);
      return 'done';
    });
    expect(seen).toBe('done');
    expect([...out]).toEqual([1.25, -3]);
    expect([...out2]).toEqual([-1, 0, 1]);
    expect(arena.top).toBe(top);
  });

  it('refuses to stage when that grows the memory under a workspace output, and releases the space', () => {
    const arena = new WasmArena(new WebAssembly.Memory({ initial: 1 }), 0);
    const output = arena.view(Float32Array, arena.alloc(16), 4);
    const top = arena.top;
    expect(() => onPointers(arena, [new Uint8Array(70_000)], [output], () => 0)).toThrow(/grew WebAssembly memory/);
    expect(arena.top).toBe(top);
  });
});
