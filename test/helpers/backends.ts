import { createKernelsSync, type BackendName, type Kernels } from '../../bindings/index.js';

export const BACKENDS: BackendName[] = ['wasm-simd', 'wasm-scalar', 'js'];

/** One Kernels instance per backend, created once per test file. */
export function allKernels(): Record<BackendName, Kernels> {
  return { 'wasm-simd': createKernelsSync('wasm-simd'), 'wasm-scalar': createKernelsSync('wasm-scalar'), js: createKernelsSync('js') };
}

/**
 * Bit patterns of a float array, NaN payloads included: every kernel and twin keeps a moved
 * float's bits and writes a NaN its arithmetic makes as 0x7fc00000 (README, "Backends"), so
 * the backends are compared bit for bit, sign and payload of every NaN too.
 */
export function floatBits(values: Float32Array): Uint32Array {
  return new Uint32Array(values.buffer.slice(values.byteOffset, values.byteOffset + values.byteLength));
}

/** The same as floatBits (the name the IQM tests use). */
export const exactFloatBits = floatBits;

/** NaNs of every kind, as float32 bits: quiet and signalling, both signs, with payloads. */
export const NAN_BITS = [0x7fc00000, 0xffc00000, 0x7f800001, 0xff800001, 0x7fa00000, 0xffbfffff, 0x7fc12345, 0x7fffffff];

/** `values` with about one in `every` replaced by a NaN of NAN_BITS (written as bits: a number cannot carry a signalling one). */
export function withNaNPayloads(values: Float32Array, seed: number, every = 8): Float32Array {
  const next = rng(seed);
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length);
  for (let i = 0; i < values.length; i++) if (next() * every < 1) bits[i] = NAN_BITS[Math.floor(next() * NAN_BITS.length)]!;
  return values;
}

/** Deterministic pseudo-random generator (mulberry32) so failures reproduce. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const EDGE_FLOATS = [0, -0, 1, -1, 0.5, -0.5, 1e-45, -1e-45, 3.4028234663852886e38, -3.4028234663852886e38, Infinity, -Infinity, NaN, 65535, 65536, -65536, 32767, -32768, 1.0000001, -1.0000001, 2, -2, 1e10, -1e10, 0.99999994];

/**
 * Random float32 values mixed with edges: `length` values, reproducible from `seed`. The NaN
 * edge is a NaN of NAN_BITS (quiet or signalling, either sign, with a payload), written as bits.
 */
export function mixedFloats(length: number, seed: number, scale = 4): Float32Array {
  const next = rng(seed);
  const nanOf = rng(seed ^ 0x5bd1e995);
  const out = new Float32Array(length);
  const bits = new Uint32Array(out.buffer);
  for (let i = 0; i < length; i++) {
    const r = next();
    out[i] = r < 0.2 ? EDGE_FLOATS[Math.floor(next() * EDGE_FLOATS.length)]! : (next() * 2 - 1) * scale;
    if (out[i] !== out[i]) bits[i] = NAN_BITS[Math.floor(nanOf() * NAN_BITS.length)]!;
  }
  return out;
}

/** EDGE_FLOATS as float32, followed by every NaN of NAN_BITS. */
export function edgeFloats(): Float32Array {
  const out = new Float32Array(EDGE_FLOATS.length + NAN_BITS.length);
  out.set(EDGE_FLOATS);
  new Uint32Array(out.buffer).set(NAN_BITS, EDGE_FLOATS.length);
  return out;
}

export function randomInts<T extends Uint8Array | Uint16Array | Int16Array | Uint32Array>(ctor: new (n: number) => T, length: number, seed: number, max: number, min = 0): T {
  const next = rng(seed);
  const out = new ctor(length);
  for (let i = 0; i < length; i++) out[i] = min + Math.floor(next() * (max - min + 1));
  return out;
}
