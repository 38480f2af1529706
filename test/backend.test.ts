import { afterAll, describe, expect, it } from 'vitest';
import asc from 'assemblyscript/asc';
import { backend, createKernels, createKernelsSync, getKernels, init, initSync, simdSupported, wasmSupported, type WorkspaceLayout } from '../bindings/index.js';
import { layoutBytes } from '../bindings/kernels/kernels.js';
import { instantiateWithLoader } from '../bindings/kernels/wasm-kernels.js';

describe('backend selection', () => {
  afterAll(() => initSync());

  it('picks wasm-simd on a runtime with SIMD and reports it', () => {
    expect(wasmSupported).toBe(true);
    expect(simdSupported).toBe(true); // Node 20 validates SIMD
    expect(initSync().backend).toBe('wasm-simd');
    expect(backend()).toBe('wasm-simd');
  });

  it('init({ backend }) forces a backend, for the whole library', async () => {
    expect((await init({ backend: 'js' })).backend).toBe('js');
    expect(backend()).toBe('js');
    expect(getKernels().backend).toBe('js');
    expect((await init({ backend: 'wasm-scalar' })).backend).toBe('wasm-scalar');
    expect(backend()).toBe('wasm-scalar');
  });

  it('refuses an unknown backend with a readable error', () => {
    expect(() => createKernelsSync('gpu' as never)).toThrow(/unknown backend 'gpu'/);
  });

  it('async and sync creation give the same results', async () => {
    const a = await createKernels('wasm-simd');
    const b = createKernelsSync('wasm-simd');
    const q = new Uint16Array([0, 1, 65535, 1234]);
    expect(a.dequantizeUnorm16(q, 1, [0], [1])).toEqual(b.dequantizeUnorm16(q, 1, [0], [1]));
  });
});

describe('WebAssembly memory ownership', () => {
  it('runs kernels in place on workspace arrays and copies results out with keep()', () => {
    const k = createKernelsSync('wasm-simd');
    const ws = k.workspace({ q: ['u16', 100], out: ['f32', 100], min: ['f32', 1], size: ['f32', 1] });
    const a = ws.arrays;
    for (let i = 0; i < 100; i++) a.q[i] = i * 600;
    a.size[0] = 1;
    k.raw.dequantizeUnorm16(a.q, 1, a.min, a.size, a.out);
    const kept = ws.keep(a.out);
    expect(kept.buffer).not.toBe(a.out.buffer);
    ws.release();
    expect(kept[1]).toBe(Math.fround(600 / 65535));
    expect(() => a.out).toThrow(/after release/);
  });

  it('keepAll() copies neighbouring arrays out in one new buffer, each at its own place', () => {
    for (const backend of ['wasm-simd', 'js'] as const) {
      const ws = createKernelsSync(backend).workspace({ scratch: ['f32', 64], a: ['f32', 3], none: ['u16', 0], b: ['u16', 5], c: ['u8', 7] });
      const x = ws.arrays;
      x.a.set([1.5, -0, NaN]);
      x.b.set([1, 2, 3, 4, 65535]);
      x.c.set([9, 8, 7, 6, 5, 4, 3]);
      const outside = Float32Array.of(4);
      const [a, none, b, c, kept] = ws.keepAll([x.a, x.none, x.b, x.c, outside] as const);
      expect(kept).toBe(outside);
      if (backend === 'js') expect(a).toBe(x.a);
      ws.release();
      expect([Array.from(a), none.length, Array.from(b), Array.from(c)]).toEqual([[1.5, -0, NaN], 0, [1, 2, 3, 4, 65535], [9, 8, 7, 6, 5, 4, 3]]);
      expect([a.constructor, b.constructor, c.constructor]).toEqual([Float32Array, Uint16Array, Uint8Array]);
      if (backend === 'wasm-simd') {
        expect(b.buffer).toBe(a.buffer);
        expect(c.buffer).toBe(a.buffer);
        expect(a.buffer.byteLength).toBeLessThan(64); // the span of a, b and c, not the scratch before them
        expect(a.buffer).toBeInstanceOf(ArrayBuffer);
      }
    }
  });

  it('reserves exactly what its layout lists, and no more than the layout computes', () => {
    const k = createKernelsSync('wasm-scalar');
    const layout = { a: ['u8', 3], b: ['f32', 5], c: ['u32', 0] } as const;
    expect(layoutBytes(layout)).toBe(16 + 32);
    const arena = (k as unknown as { arena: { top: number } }).arena;
    const before = arena.top;
    const ws = k.workspace(layout);
    expect(arena.top - before).toBe(layoutBytes(layout));
    expect([ws.arrays.a.length, ws.arrays.b.length, ws.arrays.c.length]).toEqual([3, 5, 0]);
    ws.release();
    expect(arena.top).toBe(before);
    expect(() => k.workspace({ bad: ['f32', -1] })).toThrow(/not a count/);
  });

  it('the js backend gives ordinary arrays', () => {
    const ws = createKernelsSync('js').workspace({ x: ['i16', 4] });
    expect(ws.arrays.x).toBeInstanceOf(Int16Array);
    expect(ws.keep(ws.arrays.x)).toBe(ws.arrays.x);
  });

  it('stays correct when staging grows the memory between calls (views are rebuilt)', () => {
    const k = createKernelsSync('wasm-simd');
    const small = k.compressNormals(new Float32Array([0, 1, -1]));
    const big = new Float32Array(8 << 20).fill(0.5); // 32 MB: forces memory.grow
    const out = k.compressNormals(big);
    expect(out[out.length - 1]).toBe(49151);
    expect(Array.from(k.compressNormals(new Float32Array([0, 1, -1])))).toEqual(Array.from(small));
  });

  it('trim() gives back memory above the cap with a fresh instance, and only between jobs', () => {
    const k = createKernelsSync('wasm-simd', 4 << 20);
    const q = k.dequantizeUnorm16(new Uint16Array(4 << 20).fill(65535), 1, [0], [2]); // 8 MB in, 16 MB out
    expect(q[q.length - 1]).toBe(2);
    expect(k.memoryBytes).toBeGreaterThan(4 << 20);
    const ws = k.workspace({ x: ['u8', 16] });
    k.trim();
    expect(k.memoryBytes).toBeGreaterThan(4 << 20); // a live workspace keeps its memory
    ws.release();
    k.trim();
    expect(k.memoryBytes).toBeLessThanOrEqual(4 << 20);
    expect(Array.from(k.dequantizeUnorm16(new Uint16Array([65535]), 1, [0], [2]))).toEqual([2]);
  });
});

describe('a workspace whose memory grows while it is live', () => {
  /** A workspace that fills the memory to (almost) its last byte, so that staging anything must grow it. */
  function fullWorkspace<L extends WorkspaceLayout>(k: ReturnType<typeof createKernelsSync>, extra: L) {
    const arena = (k as unknown as { arena: { top: number; memory: WebAssembly.Memory } }).arena;
    const room = arena.memory.buffer.byteLength - arena.top - layoutBytes(extra) - 64;
    return k.workspace({ ...extra, filler: ['u8', room] as const });
  }

  it('re-derives its views (arrays) after the memory grew', () => {
    const k = createKernelsSync('wasm-simd');
    const ws = fullWorkspace(k, { src: ['u32', 40] });
    const a = ws.arrays;
    const src = a.src;
    for (let i = 0; i < 40; i++) src[i] = i * 1000;
    const dst = new Uint16Array(40);
    expect(k.raw.narrowU32ToU16(src, dst)).toBe(-1); // staging dst grows the memory
    expect(dst[39]).toBe(39000);
    expect(src.length).toBe(0); // the old view is detached…
    expect(a.src[39]).toBe(39000); // …and the same `arrays` object gives a live one over the same data
    ws.release();
  });

  it('refuses, with a clear error, a workspace output that staging would detach', () => {
    const k = createKernelsSync('wasm-scalar');
    const ws = fullWorkspace(k, { out: ['f32', 64] });
    // 128 bytes to stage, 64 left: the memory must grow, which would empty `out`.
    expect(() => k.raw.decompressNormals(new Uint16Array(64).fill(7), ws.arrays.out)).toThrow(/detaches the workspace array/);
    ws.release();
  });
});

describe('@assemblyscript/loader', () => {
  it('surfaces an abort inside WebAssembly as a readable error', async () => {
    const source = 'export function check(v: i32): i32 { assert(v < 10, "value out of range"); return v; }';
    const { binary, error } = await asc.compileString(source, { runtime: 'stub' });
    if (error || !binary) throw error ?? new Error('asc produced no binary');
    const exports = instantiateWithLoader<{ check(v: number): number }>(new WebAssembly.Module(binary as BufferSource));
    expect(exports.check(3)).toBe(3);
    expect(() => exports.check(11)).toThrow(/value out of range/);
  });
});
