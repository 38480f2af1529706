// Review of h-iqm22's iqmText ASCII path: names at every offset of random text tables (ASCII,
// bytes ≥ 0x80, NULs, names of 250–260 bytes around the path's limit, no NUL before the end)
// read as TextDecoder reads them (up to the NUL or the table's end).
import { describe, expect, it } from 'vitest';
import { iqmText, type IqmDocument } from '../bindings/formats/iqm/index.js';
import { rng } from './helpers/backends.js';

const decoder = new TextDecoder('utf-8', { fatal: false });

function expected(text: Uint8Array, offset: number): string {
  if (offset >= text.length) return '';
  let end = text.indexOf(0, offset);
  if (end < 0) end = text.length;
  return decoder.decode(text.subarray(offset, end));
}

describe('iqmText: the decoder\'s string at every offset', () => {
  it('random tables', () => {
    const next = rng(7);
    for (let trial = 0; trial < 200; trial++) {
      const length = trial % 4 === 0 ? 250 + Math.floor(next() * 20) : 1 + Math.floor(next() * 64);
      const text = Uint8Array.from({ length }, () => {
        const r = next();
        return r < 0.08 ? 0 : r < 0.15 ? 0x80 + Math.floor(next() * 128) : 0x20 + Math.floor(next() * 95);
      });
      if (trial % 3 === 0) text.fill(0x61, 0, Math.min(length, 256 + (trial % 3)));
      const document = { text } as unknown as IqmDocument;
      for (let offset = 0; offset <= length + 1; offset++) expect(iqmText(document, offset), `trial ${trial} offset ${offset}`).toBe(expected(text, offset));
    }
  });
});
