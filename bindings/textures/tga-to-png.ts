// TGA → PNG for glTF, whose core images are PNG or JPEG only. The PNG encoder is fast-png's
// (image-js; pure JavaScript over fflate, synchronous, in the browser bundle as in Node; see the
// README's dependency list); the TGA decoder is ours (decode-tga.ts says why).
import { encode } from 'fast-png';
import { decodeTga } from './decode-tga.js';

/** The PNG of a TGA file's pixels, lossless (8 bits per channel, the TGA's channels). Throws MeshFormatError for a bad TGA. */
export function tgaToPng(bytes: Uint8Array): Uint8Array {
  const image = decodeTga(bytes);
  return encode({ width: image.width, height: image.height, data: image.data, channels: image.channels, depth: 8 });
}
