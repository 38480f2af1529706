/** The binary glTF container: a 12-byte header, then chunks of (length, type, data). */
export const GLB_MAGIC = 0x46546c67; // "glTF"
export const GLB_VERSION = 2;
export const GLB_HEADER_BYTES = 12;
export const GLB_CHUNK = { json: 0x4e4f534a, bin: 0x004e4942 } as const; // "JSON", "BIN\0"

export function isGlb(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46;
}

/** `n` rounded up to a multiple of 4 (GLB chunks and glTF buffer views start at multiples of 4). */
export function align4(n: number): number {
  return (n + 3) & ~3;
}
