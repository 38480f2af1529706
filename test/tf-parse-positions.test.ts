// Positions a TF parse gives in errors found after the descriptor is read: tables keep their
// place without a WeakMap (text-table.ts), and a submesh its table as a property nothing
// enumerates (read-tf.ts). The same line:column through the plain scan and through luaparse
// (a comment sends the text the full way), on every backend; a read submesh compares equal to
// a plain object with the same fields.
import { describe, expect, it } from 'vitest';
import { MeshFormatError, tfFormat } from '../bindings/index.js';
import { readTfMesh } from '../bindings/formats/tf/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();
const bytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

// Submesh 2 (line 9, column 3) has no position stream.
const DESCRIPTOR = `function data()
return {
  subMeshes = {
    { indices = {
        position = { count = 12, offset = 36, },
      },
      name = "a",
    },
  { indices = { normal = { count = 12, offset = 36, }, }, name = "b", },
  },
  vertexAttr = {
    position = { count = 36, numComp = 3, offset = 0, },
    normal = { count = 36, numComp = 3, offset = 0, },
  },
}
end
`;

const BLOB = new Uint8Array(48);
new Uint32Array(BLOB.buffer, 36, 3).set([0, 1, 2]);

function errorOf(text: string, backend: (typeof BACKENDS)[number]): { code: string; line?: number; column?: number; message: string } {
  try {
    tfFormat.parseSync(bytes(text), { fileName: 'x.msh', resolve: (n) => (n === 'x.msh.blob' ? BLOB : undefined), kernels: kernels[backend] });
  } catch (error) {
    if (!(error instanceof MeshFormatError)) throw error;
    return { code: error.code, line: error.line, column: error.column, message: error.message };
  }
  throw new Error('parsed');
}

describe('TF parse: positions of tables and submeshes', () => {
  it('a submesh without a position stream is named at its table, by the plain scan and by luaparse, on every backend', () => {
    const full = DESCRIPTOR.replace('return {', 'return { -- the full way');
    for (const backend of BACKENDS) {
      for (const text of [DESCRIPTOR, full, DESCRIPTOR.replace(/\n/g, '\r\n')]) {
        expect(errorOf(text, backend)).toEqual({ code: 'BAD_VALUE', line: 9, column: 3, message: 'tf: line 9:3: submesh 2 has no position index stream' });
      }
    }
  });

  it('a field of the wrong type is named at its table through either way', () => {
    const bad = DESCRIPTOR.replace('numComp = 3, offset = 0, },\n    normal', 'numComp = "3", offset = 0, },\n    normal');
    for (const text of [bad, bad.replace('return {', 'return { -- the full way')]) {
      expect(errorOf(text, 'js')).toMatchObject({ code: 'BAD_VALUE', line: 12, column: 16 });
    }
  });

  it('a read submesh has only its documented fields', () => {
    const doc = readTfMesh(bytes(DESCRIPTOR.replace('normal = { count = 12', 'position = { count = 12')), BLOB);
    const sub = doc.subMeshes[1]!;
    expect(Object.keys(sub)).toEqual(['indices', 'extra']);
    expect({ ...sub }).toEqual(sub);
    expect(sub).toEqual({ indices: sub.indices, extra: sub.extra });
  });
});
