// Review of the CLI's output names (output-plan.ts): inputs whose outputs would meet keep their
// source extension. "Meet" is the same file, however the folder is spelled: `/abs/x/a.iqm` and
// `x/a.mesh` (run from /abs) both went to x/a.glb, so without --force the second failed with
// OUTPUT_EXISTS and with --force it silently replaced the first's output (both reported ok), on
// --jobs 1 and on the claimed batch alike.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planOutputs } from '../bindings/cli/output-plan.js';

describe('planOutputs', () => {
  it('names meet across spellings of one folder (absolute and relative, ./, ..): both keep their extension', () => {
    const here = process.cwd();
    const inputs = [
      { path: join(here, 'x', 'a.iqm'), relative: 'a.iqm' },
      { path: join('x', 'a.mesh'), relative: 'a.mesh' },
      { path: join('.', 'x', 'A.anim'), relative: 'A.anim' },
      { path: join('y', '..', 'x', 'a.apg'), relative: 'a.apg' },
    ];
    const places = planOutputs(inputs, undefined);
    expect(places.map((p) => p.stem)).toEqual(['a.iqm', 'a.mesh', 'A.anim', 'a.apg']);
    expect(new Set(places.map((p) => resolve(p.dir, p.stem).toLowerCase())).size).toBe(4);
  });

  it('inputs in different folders keep their plain stems', () => {
    const places = planOutputs([{ path: join('x', 'a.iqm'), relative: 'a.iqm' }, { path: join('z', 'a.mesh'), relative: 'a.mesh' }], undefined);
    expect(places.map((p) => p.stem)).toEqual(['a', 'a']);
  });
});
