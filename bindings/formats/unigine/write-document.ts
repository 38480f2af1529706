import type { UnigineDocument } from './mesh-document.js';
import { writeAnim } from './write-anim.js';
import { writeMesh } from './write-mesh.js';

/** Writes a document as the file its kind calls for (`.mesh` or `.anim`). */
export function writeUnigine(doc: UnigineDocument): Uint8Array {
  return doc.kind === 'mesh' ? writeMesh(doc) : writeAnim(doc);
}
