// TGA → PNG for glTF, whose core images are PNG or JPEG only. The PNG encoder is fast-png's
// (image-js; pure JavaScript over fflate, synchronous, in the browser bundle as in Node; see the
// README's dependency list); the TGA decoder is ours (decode-tga.ts says why).
//
// Alternatives: node:zlib's deflateSync (Node only: the browser bundle would need another path)
// or CompressionStream (asynchronous, which the synchronous writers cannot await); a PNG of stored
// (uncompressed) deflate blocks (no dependency, but as large as the pixels). Measured on a
// 1024×1024 24-bit TGA of a pattern (3,145,746 bytes; one run on a shared 2-core machine):
// fast-png's PNG is 779,310 bytes in 323 ms (median of 5); stored blocks would be ~3.1 MB.
import { encode } from 'fast-png';
import { decodeTga } from './decode-tga.js';

/** The PNG of a TGA file's pixels, lossless (8 bits per channel, the TGA's channels). Throws MeshFormatError for a bad TGA. */
export function tgaToPng(bytes: Uint8Array): Uint8Array {
  const image = decodeTga(bytes);
  return encode({ width: image.width, height: image.height, data: image.data, channels: image.channels, depth: 8 });
}
