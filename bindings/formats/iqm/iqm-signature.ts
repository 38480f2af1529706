import type { FormatSignature } from '../format-signature.js';
import { IQM_MAGIC } from './iqm-document.js';

/** True when the file starts with IQM's magic. */
export function isIqm(bytes: Uint8Array): boolean {
  if (bytes.length < IQM_MAGIC.length) return false;
  for (let i = 0; i < IQM_MAGIC.length; i++) if (bytes[i] !== IQM_MAGIC.charCodeAt(i)) return false;
  return true;
}

/** IQM's signature (format-signature.ts): loaded without its reader. */
export const IQM_SIGNATURE: FormatSignature<'iqm'> = {
  name: 'iqm',
  extensions: ['.iqm'],
  mimeTypes: ['model/x-iqm', 'application/octet-stream'],
  binary: true,
  test: isIqm,
};
