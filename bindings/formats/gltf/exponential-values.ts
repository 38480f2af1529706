// What EXT_meshopt_compression's EXPONENTIAL filter decodes its bytes to, for the writer's
// accessor bounds (a POSITION accessor's min / max must be the values a reader gets, and the
// filter rounds them). Each 32-bit little-endian word: the top byte a signed exponent e, the low
// 24 bits a signed mantissa m; the value is m × 2^e, as float32 (the extension's definition).
//
// The power of two comes from a table of the 256 exponents (each 2 ** e, exact in a double, so
// every value is the same bits as before): `2 ** e` per value went through Math.pow, 22 % of
// SerializedMesh.data's --optimize encode (cpu profile, many encodes of the file).

/** 2 ** e for e = −128…127, at e + 128. */
const POWERS_OF_TWO = Float64Array.from({ length: 256 }, (_, i) => 2 ** (i - 128));

/** The float32 values `bytes` (the filter's output, 4 bytes per value) decode to. */
export function exponentialValues(bytes: Uint8Array): Float32Array {
  const words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(bytes.length / 4);
  decodeLoop(words, out);
  return out;
}

/** A loop of its own (vertex-passes.ts says why). */
function decodeLoop(words: DataView, out: Float32Array): number {
  for (let i = 0; i < out.length; i++) {
    const word = words.getInt32(i * 4, true);
    out[i] = ((word << 8) >> 8) * POWERS_OF_TWO[(word >> 24) + 128]!;
  }
  return 0;
}
