import type { FormatHandler } from './format.js';

/**
 * What is known of a format without its reader or writer: its names, extensions, mime types and
 * the `test` that recognises its files. Each format's handler spreads its signature (so the two
 * cannot disagree), and the format index (format-index.ts) holds all of them, so that a file is
 * detected and named before any handler is loaded.
 */
export type FormatSignature<N extends string = string> = Pick<FormatHandler<any, any, N>, 'name' | 'aliases' | 'extensions' | 'mimeTypes' | 'binary' | 'test'>;

/** The entry of `list` called `name` or one of its aliases (case-insensitive): formatByName and signatureByName. */
export function byFormatName<T extends Pick<FormatSignature, 'name' | 'aliases'>>(list: readonly T[], name: string): T | undefined {
  const wanted = name.toLowerCase();
  return list.find((f) => f.name === wanted || (f.aliases ?? []).includes(wanted));
}

/** The entry of `list` whose extensions the file name ends with, the longest match (`.msh.blob` before `.blob`): formatByExtension and signatureByExtension. */
export function byExtension<T extends Pick<FormatSignature, 'extensions'>>(list: readonly T[], fileName: string): T | undefined {
  const lower = fileName.toLowerCase();
  let best: T | undefined;
  let bestLength = 0;
  for (const f of list) {
    for (const ext of f.extensions) {
      if (lower.endsWith(ext) && ext.length > bestLength) {
        best = f;
        bestLength = ext.length;
      }
    }
  }
  return best;
}

/** Whether `bytes` start with the ASCII text `magic`: isApg and isIqm. */
export function startsWithAscii(bytes: Uint8Array, magic: string): boolean {
  if (bytes.length < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[i] !== magic.charCodeAt(i)) return false;
  return true;
}
