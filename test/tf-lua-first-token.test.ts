// luaparse throws a TypeError (not its SyntaxError) when the first token of the text cannot be
// lexed: the TF reader must still refuse it as SYNTAX with its line:column, on every backend.
import { describe, expect, it } from 'vitest';
import { tfFormat } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();
const cases: [string, number][] = [['@', 1], ['$function data() return {} end', 1], ['\0', 1], ['\x01', 1], ['`', 1], ['   @', 4], ['\n\n  $', 3]];

describe('a Lua text whose first token cannot be lexed is SYNTAX with its position', () => {
  for (const backend of BACKENDS) {
    it.each(cases)(`%j (${backend})`, (text, column) => {
      const bytes = new TextEncoder().encode(text);
      expect(() => tfFormat.parseSync(bytes, { fileName: 'x.msh', kernels: kernels[backend] })).toThrow(expect.objectContaining({ code: 'SYNTAX', format: 'tf', column }));
    });
  }
  it('a 70,000-byte file of zeros is refused the same way', () => {
    expect(() => tfFormat.parseSync(new Uint8Array(70_000), { fileName: 'x.msh' })).toThrow(expect.objectContaining({ code: 'SYNTAX', line: 1, column: 1 }));
  });
});
