import { UnigineReader } from './field-reader.js';
import { readAnimBody } from './read-anim.js';
import { readMeshBody } from './read-mesh.js';
import { FORMAT_NAME, readLeadingMagic } from './read-common.js';
import { MESH_MAGIC, type UnigineDocument } from './mesh-document.js';

/** Reads a `.mesh` or `.anim` file, whichever its magic says. */
export function readUnigine(bytes: Uint8Array): UnigineDocument {
  const reader = new UnigineReader(bytes, FORMAT_NAME);
  return readLeadingMagic(reader) === MESH_MAGIC ? readMeshBody(reader) : readAnimBody(reader);
}
