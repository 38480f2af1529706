// readUnigine keeps the bytes of fields that would not re-encode to themselves (verbatim-fields.ts)
// so that writing gives the file back. Read from a Node Buffer, `slice()` made them views of the
// caller's memory (a Buffer's slice is a view): the document changed when the caller reused its
// buffer, and writeUnigine no longer gave the file back. README: readUnigine returns copies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readUnigine, writeUnigine } from '../bindings/formats/unigine/index.js';

const HOSTILE = join(import.meta.dirname, 'hostile');
const FILES = ['u-noncanonical-compact-zero.mesh', 'u-string-invalid-utf8.mesh', 'u-string-embedded-nul.mesh', 'u-negative-zero-compact.mesh'];

describe('readUnigine of a Node Buffer: the document does not change when the caller reuses its buffer', () => {
  for (const name of FILES) {
    it(name, () => {
      const original = readFileSync(join(HOSTILE, name));
      // A Buffer view inside a larger buffer, as Node's pooled Buffers are.
      const input = Buffer.alloc(original.length + 16).subarray(8, 8 + original.length);
      original.copy(input);
      const document = readUnigine(input);
      expect(Buffer.from(writeUnigine(document)).equals(original)).toBe(true);
      input.fill(0x41);
      expect(Buffer.from(writeUnigine(document)).equals(original)).toBe(true);
    });
  }
});
