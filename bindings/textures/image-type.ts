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
