// warmUp (formats/warm-up.ts): on every backend it writes and reads each format's tiny Asset
// without error, leaves the library-wide kernels as they were, and changes no later result.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFormat, FORMAT_NAMES, getKernels, initSync, MeshFormatError, warmUp } from '../bindings/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { BACKENDS } from './helpers/backends.js';

const tubeFiles = readdirSync(FIXTURES_DIR).filter((n) => n.startsWith('tube.') && !n.endsWith('.blob') && !n.endsWith('.bin'));

function parseAll(): unknown[] {
  return tubeFiles.map((name) => {
    const bytes = readFileSync(join(FIXTURES_DIR, name));
    const format = detectFormat(bytes, name)!;
    return format.parseSync(bytes, { fileName: name, resolve: (n: string) => (existsSync(join(FIXTURES_DIR, n)) ? readFileSync(join(FIXTURES_DIR, n)) : undefined) });
  });
}

describe('warmUp', () => {
  const before = getKernels().backend;
  afterAll(() => {
    initSync({ backend: before });
  });

  for (const backend of BACKENDS) {
    it(`writes and reads every format on ${backend}, leaving the kernels and later results as they were`, () => {
      const kernels = initSync({ backend });
      const expected = parseAll();
      expect(expected.length).toBeGreaterThanOrEqual(8);
      const arena = (kernels as unknown as { arena?: { top: number; base: number } }).arena;
      warmUp();
      expect(getKernels()).toBe(kernels);
      if (arena) expect(arena.top).toBe(arena.base);
      expect(parseAll()).toEqual(expected);
      for (const name of FORMAT_NAMES) expect(() => warmUp([name])).not.toThrow();
    });
  }

  it('refuses a name that is no format with BAD_OPTION', () => {
    expect(() => warmUp(['obj' as never])).toThrow(MeshFormatError);
    try {
      warmUp(['obj' as never]);
    } catch (error) {
      expect((error as MeshFormatError).code).toBe('BAD_OPTION');
    }
  });
});
