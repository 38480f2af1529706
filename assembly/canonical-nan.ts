// NaNs that float arithmetic makes: WebAssembly leaves their sign and payload open (and the SIMD
// and scalar builds may take them from different operands), so every kernel that computes a
// float writes such a NaN as the one quiet NaN 0x7fc00000, as the TypeScript twins do. Values a
// kernel only moves (loads and stores, swizzles, bitselects) keep their bits, payloads included.
// Alternatives: leaving computed NaNs as the engine makes them (backends then differ by payload:
// issue 17); canonicalising every output array after the fact (a second pass over the output);
// or, as here, a compare and select on values still in registers: dequantizeUnorm16 over 3M
// values measured 0.89–1.18× before/after (wasm-simd) and 0.93–1.03× (wasm-scalar) in four
// interleaved runs on a shared 2-core machine, i.e. within its noise.

export const CANONICAL_NAN: f32 = reinterpret<f32>(0x7fc00000);

/** `v`, or 0x7fc00000 when it is a NaN. */
// @ts-ignore: decorator
@inline export function canonicalNaN(v: f32): f32 {
  return v != v ? CANONICAL_NAN : v;
}

/** Each lane of `v`, or 0x7fc00000 where it is a NaN. */
// @ts-ignore: decorator
@inline export function canonicalNaNs(v: v128): v128 {
  return v128.bitselect(f32x4.splat(CANONICAL_NAN), v, f32x4.ne(v, v));
}

/** `v`, or the quiet float64 NaN 0x7ff8000000000000 when it is a NaN. */
// @ts-ignore: decorator
@inline export function canonicalNaN64(v: f64): f64 {
  return v != v ? reinterpret<f64>(0x7ff8000000000000) : v;
}
