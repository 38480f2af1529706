// readIqm's options read without a spread (read-iqm.ts `option`): they keep the meaning
// `{ ...READ_IQM_DEFAULTS, ...options }` gave them, an own property winning even when undefined.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readIqm } from '../bindings/formats/iqm/read-iqm.js';
import { MeshFormatError } from '../bindings/index.js';

const bytes = new Uint8Array(readFileSync(new URL('../fixtures/tube.iqm', import.meta.url)));

describe('readIqm options', () => {
  it('keeps the layout by default, not with layout false or an own undefined', () => {
    expect(readIqm(bytes).layout).toBeDefined();
    expect(readIqm(bytes, { layout: true }).layout).toBeDefined();
    expect(readIqm(bytes, { layout: false }).layout).toBeUndefined();
    expect(readIqm(bytes, { layout: undefined }).layout).toBeUndefined();
  });

  it('bounds the expansion by maxExpansion (64 by default)', () => {
    expect(() => readIqm(bytes)).not.toThrow();
    let error: unknown;
    try {
      readIqm(bytes, { maxExpansion: 0.01 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MeshFormatError);
    expect(() => readIqm(bytes, { maxExpansion: 1000 })).not.toThrow();
  });

  it('views the input for the text table only when asked', () => {
    expect(readIqm(bytes, { viewInput: true }).text.buffer).toBe(bytes.buffer);
    expect(readIqm(bytes).text.buffer).not.toBe(bytes.buffer);
  });
});
