import type { Kernels } from '../../kernels/kernels.js';

const ENCODER = new TextEncoder();

/**
 * The bytes of base64 `text` as `atob` reads it (the WHATWG forgiving-base64, without its
 * whitespace: `data:` URIs in glTF JSON have none), or undefined when it is not base64.
 * Portable: TextEncoder and the decodeBase64 kernel, no Node Buffer.
 */
export function decodeBase64(kernels: Kernels, text: string): Uint8Array | undefined {
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
