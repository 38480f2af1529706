import type { FormatSignature } from '../format-signature.js';

/** How far into a file `test` looks for `function data()` (other Lua may come first). */
const SNIFF_BYTES = 4096;
const DATA_FUNCTION = /function\s+data\s*\(\s*\)/;

/** Transport Fever's signature (format-signature.ts): a Lua `function data()`, loaded without its reader. */
export const TF_SIGNATURE: FormatSignature<'tf'> = {
  name: 'tf',
  aliases: ['transport-fever'],
  extensions: ['.msh', '.ani'],
  mimeTypes: ['text/x-lua', 'application/octet-stream'],
  binary: true,
  test: (bytes) => DATA_FUNCTION.test(String.fromCharCode(...bytes.subarray(0, SNIFF_BYTES))),
};
