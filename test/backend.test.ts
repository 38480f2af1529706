import { afterAll, describe, expect, it } from 'vitest';
import asc from 'assemblyscript/asc';
import { backend, createKernels, createKernelsSync, getKernels, init, initSync, simdSupported, wasmSupported } from '../bindings/index.js';
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
    const ws = k.workspace(1000);
    const q = ws.u16(100);
    const out = ws.f32(100);
    for (let i = 0; i < 100; i++) q[i] = i * 600;
    k.raw.dequantizeUnorm16(q, 1, ws.f32(1).fill(0), ws.f32(1).fill(1), out);
    const kept = ws.keep(out);
    ws.release();
    expect(kept.buffer).not.toBe(out.buffer);
    expect(kept[1]).toBe(Math.fround(600 / 65535));
    expect(() => ws.f32(1)).toThrow(/after release/);
  });

  it('refuses to overrun a workspace', () => {
    const ws = createKernelsSync('wasm-scalar').workspace(64);
    expect(() => ws.f32(1_000_000)).toThrow(/capacity exceeded/);
    ws.release();
  });

  it('stays correct when staging grows the memory between calls (views are rebuilt)', () => {
    const k = createKernelsSync('wasm-simd');
    const small = k.compressNormals(new Float32Array([0, 1, -1]));
    const big = new Float32Array(8 << 20).fill(0.5); // 32 MB: forces memory.grow
    const out = k.compressNormals(big);
    expect(out[out.length - 1]).toBe(49151);
    expect(Array.from(k.compressNormals(new Float32Array([0, 1, -1])))).toEqual(Array.from(small));
  });
});

describe('staging that grows the memory', () => {
  /** A workspace that fills the memory to (almost) its last byte, so that staging anything must grow it. */
  function fullWorkspace(k: ReturnType<typeof createKernelsSync>) {
    const arena = (k as unknown as { arena: { top: number; memory: WebAssembly.Memory } }).arena;
    return k.workspace(arena.memory.buffer.byteLength - arena.top - 1024 - 64);
  }

  it('reads workspace inputs by their counts taken before staging', () => {
    const k = createKernelsSync('wasm-simd');
    const ws = fullWorkspace(k);
    const src = ws.u32(40);
    for (let i = 0; i < 40; i++) src[i] = i * 1000;
    const dst = new Uint16Array(40);
    expect(k.raw.narrowU32ToU16(src, dst)).toBe(-1);
    expect(dst[39]).toBe(39000);
    ws.release();
  });

  it('refuses, with a clear error, a workspace output that staging would detach', () => {
    const k = createKernelsSync('wasm-scalar');
    const ws = fullWorkspace(k);
    const out = ws.f32(64);
    // 128 bytes to stage, 64 left: the memory must grow, which would empty `out`.
    expect(() => k.raw.decompressNormals(new Uint16Array(64).fill(7), out)).toThrow(/detaches the workspace array/);
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
