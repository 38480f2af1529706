import type { FormatSignature } from '../format-signature.js';

const UNIGINE_MAGIC = /^(ms|an)\d\d$/;

/** UNIGINE's signature (format-signature.ts): `ms11`/`an10`-style magic, loaded without its reader. */
export const UNIGINE_SIGNATURE: FormatSignature<'unigine'> = {
  name: 'unigine',
  aliases: ['mesh'],
  extensions: ['.mesh', '.anim'],
  mimeTypes: ['application/octet-stream'],
  binary: true,
  test: (bytes) => bytes.length >= 4 && UNIGINE_MAGIC.test(String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!)),
};
