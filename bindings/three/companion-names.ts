// The files a file needs beside it, read from the file before it is decoded, so that the loader
// can fetch them (through its LoadingManager) and send them to the worker with it: the readers
// ask for siblings synchronously (a .msh its blob, a .gltf its buffers and images) (ReadOptions.resolve), and a worker cannot fetch on the main
// thread's behalf.
// Alternative not taken: decode once, note the names the reader asked for, fetch, decode again.
// It needs no knowledge of any format, but the first attempt has moved the file's bytes to the
// worker (transferred, not copied), so a second attempt would need a copy of every file kept
// back, and every .msh and external-buffer .gltf would be decoded twice.
import { detectFormat, formatByName } from '../formats/registry.js';
import { tfBlobName } from '../formats/tf/tf-format.js';

/** A companion: the name the reader asks for (decoded) and the URL, relative to the file, to fetch. */
export interface CompanionName {
  name: string;
  url: string;
}

/** Largest .gltf JSON read on the main thread to list its buffers; a larger one is left to the worker (which then names what it lacks). */
export const MAX_SCANNED_JSON_BYTES = 64 * 1024 * 1024;

export function companionNames(bytes: Uint8Array, fileName: string, format?: string): CompanionName[] {
  const handler = format !== undefined ? formatByName(format) : detectFormat(bytes, fileName);
  if (handler?.name === 'tf' && /\.msh$/i.test(fileName)) {
    const name = tfBlobName(lastSegment(fileName));
    return [{ name, url: encodeURIComponent(name) }];
  }
  if (handler?.name === 'gltf' && bytes.byteLength <= MAX_SCANNED_JSON_BYTES) return gltfBufferUris(bytes);
  return [];
}

/** A .gltf's external buffers and images (relative URIs inside its folder; the reader refuses any other). */
function gltfBufferUris(bytes: Uint8Array): CompanionName[] {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return []; // The worker's reader says what is wrong, with the offset.
  }
  // Buffers, and images (their bytes reach the reader's material textures).
  const { buffers, images } = (json ?? {}) as { buffers?: unknown; images?: unknown };
  const found: CompanionName[] = [];
  for (const buffer of [...(Array.isArray(buffers) ? buffers : []), ...(Array.isArray(images) ? images : [])]) {
    const uri = (buffer as { uri?: unknown } | null)?.uri;
    if (typeof uri !== 'string' || uri.startsWith('data:') || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(uri) || uri.startsWith('/') || uri.startsWith('\\')) continue;
    let name: string;
    try {
      name = decodeURIComponent(uri);
    } catch {
      continue;
    }
    if (name.split(/[\\/]/).some((part) => part === '..') || found.some((f) => f.name === name)) continue;
    found.push({ name, url: uri });
  }
  return found;
}

export function lastSegment(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
}
