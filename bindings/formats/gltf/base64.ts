import type { Kernels } from '../../kernels/kernels.js';

const ENCODER = new TextEncoder();

/** Node's Buffer where there is one (Node, or a bundler's polyfill): the parts encodeBase64Into uses. */
interface NodeBufferLike {
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): { toString(encoding: 'base64'): string; write(text: string, offset: number, encoding: 'latin1'): number };
  from(text: string, encoding: 'base64'): Uint8Array & { toString(encoding: 'base64'): string };
}
const NodeBuffer = (globalThis as { Buffer?: NodeBufferLike }).Buffer;

/** TC39's Uint8Array.prototype.setFromBase64 (Chromium 140, Firefox 133, Safari 18.2; not Node 20), its default (loose) options. */
type SetFromBase64 = (this: Uint8Array, text: string) => { read: number; written: number };
const setFromBase64 = (Uint8Array.prototype as unknown as { setFromBase64?: SetFromBase64 }).setFromBase64;
const nativeSetFromBase64 = typeof setFromBase64 === 'function' ? setFromBase64 : undefined;

/**
 * From this many characters on, decodeBase64 tries Node's Buffer first: its decoded bytes then
 * have an ArrayBuffer of their own (Buffer pools allocations under 4 KiB), which the Asset's
 * arrays may view (the read option viewInput).
 */
export const BASE64_BUFFER_MIN_CHARS = 8192;

/**
 * The bytes of base64 `text` as `atob` reads it (the WHATWG forgiving-base64, without its
 * whitespace: `data:` URIs in glTF JSON have none), or undefined when it is not base64.
 * Where Node's Buffer is there, text from BASE64_BUFFER_MIN_CHARS on is first decoded by it
 * (native, lenient: it skips what is not base64) and kept when the bytes encode back to `text`
 * itself (then `text` is canonical base64, which atob reads to the same bytes); any other text
 * (no padding, stray bits in the last character, characters outside the alphabet) goes to the
 * kernel, which decides as atob does. Measured on 0.96 MB of bytes (1.27 MB of text; one
 * interleaved loop, shared 2-core machine at load 10, medians): the kernel (wasm-simd, staging
 * included) 801 µs, the js twin 2,748, Buffer's decode 112 and its encode back about 50.
 * Browsers have no Buffer: where they have Uint8Array.prototype.setFromBase64, the same text is
 * decoded by it (nativeDecode below). Chromium 156, `npx tsx bench/browser-base64.bench.ts`, load
 * 10: 350 µs against the kernel's 1,650 (29 kB: 12.5 against 37.5). Its counterpart toBase64
 * (with the text written by TextEncoder.encodeInto) took 1,200 µs against encodeBase64Loop's 700,
 * so encodeBase64Into keeps the loop there.
 */
export function decodeBase64(kernels: Kernels, text: string): Uint8Array | undefined {
  if (NodeBuffer !== undefined && text.length >= BASE64_BUFFER_MIN_CHARS) {
    const bytes = NodeBuffer.from(text, 'base64');
    // A plain Uint8Array over the decoded bytes (a buffer of their own: past Buffer's pool size).
    if (bytes.toString('base64') === text) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  } else if (nativeSetFromBase64 !== undefined && text.length >= BASE64_BUFFER_MIN_CHARS) {
    const bytes = nativeDecode(nativeSetFromBase64, text);
    if (bytes !== undefined) return bytes;
  }
  return decodeBase64Kernel(kernels, text);
}

/**
 * Browsers: `text` decoded by the native setFromBase64 into an array of the length the text
 * gives without whitespace (as the kernel counts it), kept only when that many bytes were written
 * from the whole text; anything else (undefined) goes to the kernel, which decides. The native
 * decoder reads as atob does, whitespace skipped: text with whitespace has fewer base64 characters
 * than its length, so it writes fewer bytes (lengths of 4n + 1 are refused first, as the kernel
 * does), and every text kept here the kernel reads to the same bytes.
 */
function nativeDecode(decode: SetFromBase64, text: string): Uint8Array | undefined {
  let end = text.length;
  if (end % 4 === 0 && text.charCodeAt(end - 1) === 61) end -= text.charCodeAt(end - 2) === 61 ? 2 : 1;
  if (end % 4 === 1) return undefined;
  const bytes = new Uint8Array((end >> 2) * 3 + Math.max(0, (end & 3) - 1));
  try {
    const { read, written } = decode.call(bytes, text);
    return read === text.length && written === bytes.length ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** decodeBase64 by the decodeBase64 kernel (portable: TextEncoder, no Node Buffer). */
export function decodeBase64Kernel(kernels: Kernels, text: string): Uint8Array | undefined {
  let end = text.length;
  // Padding: one or two '=' only when they complete a group of four.
  if (end % 4 === 0 && end > 0 && text.charCodeAt(end - 1) === 61) end -= text.charCodeAt(end - 2) === 61 ? 2 : 1;
  if (end % 4 === 1) return undefined;
  // The characters are written straight into the kernel's memory, and only the bytes copied out.
  const ws = kernels.workspace({ chars: ['u8', end], bytes: ['u8', (end >> 2) * 3 + Math.max(0, (end & 3) - 1)] });
  try {
    const { read, written } = ENCODER.encodeInto(end === text.length ? text : text.slice(0, end), ws.arrays.chars);
    // A character outside ASCII takes more than one byte, so the text does not fit.
    if (read !== end || written !== end) return undefined;
    return kernels.raw.decodeBase64(ws.arrays.chars, ws.arrays.bytes) < 0 ? ws.keep(ws.arrays.bytes) : undefined;
  } finally {
    ws.release();
  }
}

const ALPHABET = ENCODER.encode('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');

/** The length of `byteLength` bytes in base64, padding included. */
export function base64Length(byteLength: number): number {
  return Math.ceil(byteLength / 3) * 4;
}

/** From this many bytes on, encodeBase64Into uses Node's Buffer where there is one (below it the loop: no string made). */
export const BASE64_BUFFER_MIN_BYTES = 3072;

/**
 * `bytes` as base64 (with '=' padding) written as ASCII into `out` at `at`, what btoa gives.
 * Where Node's Buffer is there (Node; browsers have none), arrays from BASE64_BUFFER_MIN_BYTES on
 * through its base64 (native, SIMD) into a string written into `out` as latin1; else the loop
 * below. Measured on the speed bar's 0.96 MB buffer (one interleaved loop of 300 rounds, shared
 * 2-core machine at load 10, medians): the loop 806–923 µs, Buffer's base64 and a latin1 write
 * 64.8 µs (TextEncoder.encodeInto of the string 90.2), a copy of the same bytes 14.7–19.9.
 */
export function encodeBase64Into(bytes: Uint8Array, out: Uint8Array, at: number): number {
  if (NodeBuffer !== undefined && bytes.length >= BASE64_BUFFER_MIN_BYTES) {
    const text = NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('base64');
    NodeBuffer.from(out.buffer, out.byteOffset, out.length).write(text, at, 'latin1');
    return 0;
  }
  return encodeBase64Loop(bytes, out, at);
}

/**
 * encodeBase64Into's loop, for every size where there is no Buffer. Straight into the output
 * bytes: a string through String.fromCharCode and btoa, then JSON and UTF-8 encoding of that
 * string, took 600 ms for a 10 MB .gltf (bench/glb-encode.bench.ts); this loop is a few ms
 * (README § GLB encode).
 */
export function encodeBase64Loop(bytes: Uint8Array, out: Uint8Array, at: number): number {
  const whole = bytes.length - (bytes.length % 3);
  let o = at;
  for (let i = 0; i < whole; i += 3, o += 4) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o] = ALPHABET[n >> 18]!;
    out[o + 1] = ALPHABET[(n >> 12) & 63]!;
    out[o + 2] = ALPHABET[(n >> 6) & 63]!;
    out[o + 3] = ALPHABET[n & 63]!;
  }
  const left = bytes.length - whole;
  if (left > 0) {
    const n = (bytes[whole]! << 16) | (left === 2 ? bytes[whole + 1]! << 8 : 0);
    out[o] = ALPHABET[n >> 18]!;
    out[o + 1] = ALPHABET[(n >> 12) & 63]!;
    out[o + 2] = left === 2 ? ALPHABET[(n >> 6) & 63]! : 61;
    out[o + 3] = 61;
  }
  return 0;
}
