// apg files keep their number formatting through a rewrite: per block and column, `%.Nf`, C's
// `%g`, Python's str(float) or the shortest form, as the file wrote them (detect-precision.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apgFormat } from '../bindings/formats/apg/index.js';
import { detectNumberFormat } from '../bindings/formats/apg/detect-precision.js';
import { readApg as readApgDocument } from '../bindings/formats/apg/read-apg.js';
import { writeApg } from '../bindings/formats/apg/write-apg.js';
import { formatG, formatRepr } from '../bindings/formats/apg/format-number.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { corpusAvailable, corpusPath } from './helpers/corpus.js';

const kernels = allKernels();
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A document with the file's number format, as rewriteSync reads it. */
function readApg(bytes: Uint8Array, options: { kernels?: (typeof kernels)['js'] } = {}) {
  const document = readApgDocument(bytes, options);
  const numberFormat = detectNumberFormat(bytes);
  if (numberFormat) document.numberFormat = numberFormat;
  return document;
}

const FIXED = `@Anton's custom mesh format v.27DEC2014
@vert_count 3
@vp comps 3
-0.30 0.01 0.45
1.00 -0.00 2.50
0.25 0.50 0.75
@vn comps 3
0 1 -0
0.5 7.4e-06 1
0 0 1
@animation name a duration 1.625
@tra_keys node 0 count 2 comps 3
t 0.0 TRA 0.000 1.000 2.000
t 0.833 TRA 0.500 1.500 2.500
@bounding_radius 1.73
`;

describe('apg number formatting', () => {
  for (const backend of BACKENDS) {
    it(`${backend}: a file with %.Nf, %g and str(float) columns rewrites byte for byte`, () => {
      const bytes = new TextEncoder().encode(FIXED);
      const doc = readApg(bytes, { kernels: kernels[backend] });
      expect(doc.numberFormat).toEqual({ vp: [2, 2, 2], vn: [null, 'g', null], duration: [3], tra_keys: ['repr', 3, 3, 3], bounding_radius: [2] });
      expect(text(apgFormat.rewriteSync(bytes, { kernels: kernels[backend] }))).toBe(FIXED);
    });
  }

  it('an explicit precision overrides what the file had; a shortest-form file stays shortest', () => {
    const doc = readApg(new TextEncoder().encode(FIXED));
    expect(text(writeApg(doc, { precision: 'shortest' }))).toContain('\n-0.3 0.01 0.45\n');
    expect(text(writeApg(doc, { precision: 1 }))).toContain('\n-0.3 0.0 0.4\n1.0 -0.0 2.5\n');
    const shortest = writeApg(doc, { precision: 'shortest' });
    // Read again, the shortest-form file rewrites to itself (whatever its columns happen to look like).
    expect(text(apgFormat.rewriteSync(shortest))).toBe(text(shortest));
  });

  it("formatG is C's %g and formatRepr Python's str(float) on float32 values", () => {
    expect([7.4e-6, 0.752, 123456, 1234567, 0.0001, 0.00001, -0, 100].map((v) => formatG(Math.fround(v)))).toEqual(['7.4e-06', '0.752', '123456', '1.23457e+06', '0.0001', '1e-05', '-0', '100']);
    expect([0, 0.833, 2, -1.5].map((v) => formatRepr(Math.fround(v)))).toEqual(['0.0', '0.833', '2.0', '-1.5']);
  });

  it.skipIf(!corpusAvailable)('the corpus apg files (written with %.2f, %.3f, %g and Blender\'s str) rewrite byte for byte', () => {
    for (const name of ['coins.apg', 'untitled.apg']) {
      const bytes = new Uint8Array(readFileSync(corpusPath('apg', name)));
      for (const backend of BACKENDS) expect(Buffer.from(apgFormat.rewriteSync(bytes, { kernels: kernels[backend] })).equals(Buffer.from(bytes))).toBe(true);
    }
  });
});

describe('nan and inf keep the columns after them', () => {
  it('a vtan block whose rows start with nan rewrites byte for byte (0.123 stays 0.123)', () => {
    const text = `@Anton's pseudo-gltf\n@vert_count 2\n@vp comps 3\n0.000 0.000 0.000\n1.000 0.000 0.000\n@vtan comps 4\nnan 0.500 0.123 1.0\n-inf 0.250 0.789 -1.0\n`;
    const bytes = new TextEncoder().encode(text);
    expect(new TextDecoder().decode(apgFormat.rewriteSync!(bytes))).toBe(text);
  });
});
