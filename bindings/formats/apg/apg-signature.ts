import { startsWithAscii, type FormatSignature } from '../format-signature.js';
import { APG_MAGIC } from './apg-document.js';

/** True when the file starts with apg's header magic. */
export function isApg(bytes: Uint8Array): boolean {
  return startsWithAscii(bytes, APG_MAGIC);
}

/** apg's signature (format-signature.ts): loaded without its reader. */
export const APG_SIGNATURE: FormatSignature<'apg'> = {
  name: 'apg',
  extensions: ['.apg'],
  mimeTypes: ['model/x-apg', 'text/plain'],
  binary: false,
  test: isApg,
};
