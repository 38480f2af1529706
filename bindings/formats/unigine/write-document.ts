import { getKernels } from '../../kernels/backend.js';
import type { Kernels } from '../../kernels/kernels.js';
import type { UnigineDocument } from './mesh-document.js';
import { writeAnim } from './write-anim.js';
import { writeMesh } from './write-mesh.js';

/** Writes a document as the file its kind calls for (`.mesh` or `.anim`); `kernels` pack the mesh's weight records. */
export function writeUnigine(doc: UnigineDocument, kernels: Kernels = getKernels()): Uint8Array {
  return doc.kind === 'mesh' ? writeMesh(doc, kernels) : writeAnim(doc);
}
