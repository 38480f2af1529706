import type { FormatSignature } from '../format-signature.js';
import { isValidMs2Format, ms2ByteSize, MS2_HEADER_BYTES } from './ms2-document.js';

/**
 * True when `bytes` has exactly the size its header promises. MeshSerializer2 has no magic, so
 * this is all detection can go on (extensions `.data`/`.bytes` and `--format ms2` otherwise).
 */
export function isMs2(bytes: Uint8Array): boolean {
  if (bytes.length < MS2_HEADER_BYTES) return false;
  const vertexCount = bytes[0]! | (bytes[1]! << 8);
  const triangleCount = bytes[2]! | (bytes[3]! << 8);
  const format = bytes[4]!;
  return isValidMs2Format(format) && ms2ByteSize(vertexCount, triangleCount, format) === bytes.length;
}

/** MeshSerializer2's signature (format-signature.ts): loaded without its reader. */
export const MS2_SIGNATURE: FormatSignature<'ms2'> = {
  name: 'ms2',
  extensions: ['.data', '.bytes'],
  mimeTypes: ['application/octet-stream'],
  binary: true,
  test: isMs2,
};
