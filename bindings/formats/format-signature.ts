import type { FormatHandler } from './format.js';

/**
 * What is known of a format without its reader or writer: its names, extensions, mime types and
 * the `test` that recognises its files. Each format's handler spreads its signature (so the two
 * cannot disagree), and the format index (format-index.ts) holds all of them, so that a file is
 * detected and named before any handler is loaded.
 */
export type FormatSignature<N extends string = string> = Pick<FormatHandler<any, any, N>, 'name' | 'aliases' | 'extensions' | 'mimeTypes' | 'binary' | 'test'>;
