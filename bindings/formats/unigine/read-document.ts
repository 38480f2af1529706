import type { Kernels } from '../../kernels/kernels.js';
import { UnigineReader } from './field-reader.js';
import { readAnimBody } from './read-anim.js';
import { readMeshBody } from './read-mesh.js';
import { FORMAT_NAME, readLeadingMagic } from './read-common.js';
import { MESH_MAGIC, type UnigineDocument } from './mesh-document.js';

/** Reads a `.mesh` or `.anim` file, whichever its magic says. */
export function readUnigine(bytes: Uint8Array): UnigineDocument {
  return readWith(new UnigineReader(bytes, FORMAT_NAME));
}

/**
 * readUnigine for one parse: the same document and checks, with the surfaces' large arrays left
 * in `bytes` until read (stored-arrays.ts), and the skin and frame records walked by `kernels`
 * (else the js twins). Only for a document used while `bytes` stays as it is.
 */
export function readUnigineStaged(bytes: Uint8Array, kernels?: Kernels): UnigineDocument {
  const reader = new UnigineReader(bytes, FORMAT_NAME);
  reader.staged = true;
  reader.kernels = kernels;
  return readWith(reader);
}

function readWith(reader: UnigineReader): UnigineDocument {
  return readLeadingMagic(reader) === MESH_MAGIC ? readMeshBody(reader) : readAnimBody(reader);
}
