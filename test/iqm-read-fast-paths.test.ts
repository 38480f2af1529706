import { describe, expect, it } from 'vitest';
import { ByteReader } from '../bindings/io/byte-reader.js';
import { readHeaderFields } from '../bindings/formats/iqm/read-iqm.js';
import { emptyIqmDocument, IQM_HEADER_FIELDS, iqmText } from '../bindings/formats/iqm/iqm-document.js';

describe('IQM reader fast paths give what the general paths gave', () => {
  it('readHeaderFields reads every header field at its IQM_HEADER_FIELDS offset, and no other', () => {
    const bytes = new Uint8Array(124);
    const view = new DataView(bytes.buffer);
    // Each field holds its own offset times 1000 plus 7, so a field read from the wrong place shows.
    for (const offset of Object.values(IQM_HEADER_FIELDS)) view.setUint32(offset, offset * 1000 + 7, true);
    const r = new ByteReader(bytes, 'iqm');
    r.seek(IQM_HEADER_FIELDS.version);
    const h = readHeaderFields(r);
    expect(Object.keys(h).sort()).toEqual(Object.keys(IQM_HEADER_FIELDS).sort());
    for (const [key, offset] of Object.entries(IQM_HEADER_FIELDS)) expect(h[key as keyof typeof h], key).toBe(offset * 1000 + 7);
    expect(r.offset).toBe(124);
  });

  it('iqmText: ASCII, UTF-8, a BOM, invalid bytes and long names decode as TextDecoder decodes them', () => {
    const decoder = new TextDecoder();
    const names = ['', 'Body.jpg', 'joint\x7f\x01', 'tête', '\ufeffbom', 'x'.repeat(255), 'y'.repeat(256), 'z'.repeat(300), 'ok\u00e9'.repeat(90)];
    const raw = [Uint8Array.of(0xff, 0x41), Uint8Array.of(0x41, 0xc3), Uint8Array.of(0xef, 0xbb, 0xbf, 0x41)];
    const encoded = [...names.map((n) => new TextEncoder().encode(n)), ...raw];
    const text = new Uint8Array(encoded.reduce((n, e) => n + e.length + 1, 0));
    const offsets: number[] = [];
    let at = 0;
    for (const e of encoded) { offsets.push(at); text.set(e, at); at += e.length + 1; }
    const document = { ...emptyIqmDocument(), text };
    encoded.forEach((e, i) => expect(iqmText(document, offsets[i]!), `name ${i}`).toBe(decoder.decode(e)));
    // Without a terminating NUL, the name runs to the end of the table.
    const open = { ...emptyIqmDocument(), text: new TextEncoder().encode('abc') };
    expect(iqmText(open, 1)).toBe('bc');
    expect(iqmText(open, 3)).toBe('');
  });
});
