// What kind of image a texture's bytes (or, without a signature, its name) are.

/** The image MIME types glTF 2.0 core allows in `images[].mimeType`. */
export const GLTF_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg'];

export const TGA_MIME_TYPE = 'image/x-tga';

const BY_EXTENSION: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.tga': TGA_MIME_TYPE,
  '.webp': 'image/webp',
  '.ktx2': 'image/ktx2',
  '.dds': 'image/vnd-ms.dds',
  '.bmp': 'image/bmp',
};

/** The extension of a file name or URI (lower case, with its dot), or ''. */
export function imageExtension(name: string): string {
  const path = name.split(/[?#]/, 1)[0]!;
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? path.slice(dot).toLowerCase() : '';
}

/** The MIME type a name's extension gives, or undefined. */
export function mimeTypeOfName(name: string): string | undefined {
  return BY_EXTENSION[imageExtension(name)];
}

/**
 * The MIME type of an image's bytes by their signature (PNG, JPEG, WebP, KTX2, DDS, BMP), else
 * by the name's extension (TGA has no signature at its start), else undefined.
 */
export function sniffImageType(bytes: Uint8Array, name = ''): string | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  if (starts(0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb)) return 'image/ktx2';
  if (starts(0x44, 0x44, 0x53, 0x20)) return 'image/vnd-ms.dds';
  const byName = mimeTypeOfName(name);
  // A name saying PNG or JPEG over bytes without that signature is not believed.
  if (byName && GLTF_IMAGE_TYPES.includes(byName)) return undefined;
  if (starts(0x42, 0x4d)) return 'image/bmp';
  return byName;
}

/**
 * The width and height a PNG (its IHDR) or JPEG (its first SOFn segment) declares, or undefined
 * when the header is missing, cut short or says 0: what a viewer needs before it decodes. The
 * JPEG scan walks segment lengths only, so it is linear in the segments, never in the data.
 */
export function imageSize(bytes: Uint8Array, mimeType: string): { width: number; height: number } | undefined {
  const u16 = (at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
  const u32 = (at: number) => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined);
  if (mimeType === 'image/png') {
    if (bytes.length < 33 || u32(12) !== 0x49484452) return undefined; // 'IHDR' first
    return size(u32(16), u32(20));
  }
  if (mimeType === 'image/jpeg') {
    let at = 2;
    while (at + 4 <= bytes.length) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1]!;
      if (marker === 0xff) { at++; continue; } // fill byte
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) { at += 2; continue; }
      if (marker === 0xd9 || marker === 0xda) return undefined; // end, or scan data before any frame header
      const length = u16(at + 2);
      if (length < 2) return undefined;
      const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) return at + 9 <= bytes.length ? size(u16(at + 7), u16(at + 5)) : undefined;
      at += 2 + length;
    }
    return undefined;
  }
  return undefined;
}
