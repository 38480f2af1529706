import { MeshFormatError } from '../../io/errors.js';
const FORMAT_NAME = 'unigine';

/** A UNIGINE document handed to a writer that breaks the format's rules (no file offset: it is in memory). */
export function documentError(detail: string): never {
  throw new MeshFormatError({ code: 'BAD_VALUE', format: FORMAT_NAME }, detail);
}
