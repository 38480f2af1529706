// apg key blocks read in one pass (read-apg.ts keyLines) give what the token-by-token path gives,
// and every irregular block still goes that path (same warnings, same errors), on every backend.
import { describe, expect, it } from 'vitest';
import { apgFormat } from '../bindings/formats/apg/index.js';
import { readApg } from '../bindings/formats/apg/read-apg.js';
import { MeshFormatError } from '../bindings/io/errors.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();
const HEAD = '@Anton\'s custom mesh format v.27DEC2014\n@vert_count 0\n@skeleton bones 1 animations 1\n@hierarchy nodes 1\nparent -1 bone_id 0\n@animation name a duration 2\n';
const bytes = (text: string) => new TextEncoder().encode(text);

function outcome(text: string, backend: (typeof BACKENDS)[number]) {
  const warnings: string[] = [];
  try {
    const doc = readApg(bytes(text), { kernels: kernels[backend], warnings });
    return { keys: doc.animations[0]!.keys.map((k) => ({ kind: k.kind, node: k.node, times: Array.from(k.times), values: Array.from(k.values) })), warnings };
  } catch (error) {
    if (!(error instanceof MeshFormatError)) throw error;
    return { error: error.message };
  }
}

describe('apg key blocks', () => {
  it('regular blocks: times and values in order, blank lines and CRLF tolerated, numbers as the kernel reads them', () => {
    const text = HEAD + '@tra_keys node 0 count 3 comps 3\nt 0 TRA 1 2 3\n\n  t 0.5\tTRA -1e-3 .25 4.\r\nt 1 TRA 1e30 -0 7\n@rot_keys node 0 count 1 comps 4\nt 0 ROT 1 0 0 0\n';
    for (const backend of BACKENDS) {
      const result = outcome(text, backend);
      expect(result.keys?.[0]).toEqual({ kind: 'tra', node: 0, times: [0, 0.5, 1], values: [1, 2, 3, -1e-3, 0.25, 4, 1e30, -0, 7].map(Math.fround) });
      expect(result.keys?.[1]?.values).toEqual([1, 0, 0, 0]);
    }
  });

  it('irregular blocks take the token path: the Blender count one short warns, wrong words, field counts and numbers fail where they are', () => {
    const cases = [
      '@tra_keys node 0 count 1 comps 3\nt 0 TRA 1 2 3\nt 1 TRA 4 5 6\n',
      '@tra_keys node 0 count 1 comps 3\nt 0 ROT 1 2 3\n',
      '@tra_keys node 0 count 1 comps 3\ntt 0 TRA 1 2 3\n',
      '@tra_keys node 0 count 1 comps 3\nt 0 TRA 1 2\n',
      '@tra_keys node 0 count 1 comps 3\nt 0 TRA 1 2 3 4\n',
      '@tra_keys node 0 count 1 comps 3\nt 0 TRA 1 x 3\n',
      '@tra_keys node 0 count 2 comps 3\nt 0 TRA 1 2 3\n',
      '@rot_keys node 0 count 1 comps 3\nt 0 ROT 1 2 3 4\n',
    ];
    for (const block of cases) {
      const results = BACKENDS.map((b) => outcome(HEAD + block, b));
      for (const r of results) expect(r).toEqual(results[0]);
    }
    expect(outcome(HEAD + cases[0]!, 'js')).toMatchObject({ warnings: [expect.stringContaining('declare count 1 but 2 keys follow')] });
    expect(outcome(HEAD + cases[1]!, 'js')).toMatchObject({ error: expect.stringContaining('expected "TRA", found "ROT"') });
    expect(outcome(HEAD + cases[5]!, 'js')).toMatchObject({ error: expect.stringContaining('"x" is not a number') });
    expect(outcome(HEAD + cases[6]!, 'js')).toMatchObject({ error: expect.stringContaining('declare count 2 but 1 key lines follow') });
    // The whole handler agrees on every backend too.
    for (const backend of BACKENDS) expect(() => apgFormat.parseSync(bytes(HEAD + cases[3]!), { kernels: kernels[backend] })).toThrow(/expected 6 fields/);
  });
});
