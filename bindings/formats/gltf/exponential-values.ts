// What EXT_meshopt_compression's EXPONENTIAL filter decodes its bytes to, for the writer's
// accessor bounds (a POSITION accessor's min / max must be the values a reader gets, and the
// filter rounds them). Each 32-bit little-endian word: the top byte a signed exponent e, the low
// 24 bits a signed mantissa m; the value is m × 2^e, as float32 (the extension's definition).

/** The float32 values `bytes` (the filter's output, 4 bytes per value) decode to. */
export function exponentialValues(bytes: Uint8Array): Float32Array {
  const words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) {
    const word = words.getInt32(i * 4, true);
    out[i] = ((word << 8) >> 8) * 2 ** (word >> 24);
  }
  return out;
}
