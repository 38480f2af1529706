import { startsWithAscii, type FormatSignature } from '../format-signature.js';
import { IQM_MAGIC } from './iqm-document.js';

/** True when the file starts with IQM's magic. */
export function isIqm(bytes: Uint8Array): boolean {
  return startsWithAscii(bytes, IQM_MAGIC);
}

/** IQM's signature (format-signature.ts): loaded without its reader. */
export const IQM_SIGNATURE: FormatSignature<'iqm'> = {
  name: 'iqm',
  extensions: ['.iqm'],
  mimeTypes: ['model/x-iqm', 'application/octet-stream'],
  binary: true,
  test: isIqm,
};
