// `convert --incremental` when an input's planned output name changes although the input did not:
// `x.mesh` beside `x.anim` writes `x.mesh.glb`; with `x.anim` gone, a run writes `x.glb`. The
// incremental rerun must write `x.glb` too (it skipped the input, `x.mesh.glb` starting with the
// stem `x.`, and left no `x.glb`): the outputs of an incremental run are a full run's.
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers/backends.js';
import { cli, ROOT } from './helpers/cli-in-process.js';
import { testTempDir } from './helpers/temp-dir.js';

describe.each(BACKENDS)('--incremental follows the planned output names (%s)', (backend) => {
  it('an input whose output name changed is converted again under the new name', async () => {
    const dir = testTempDir('incremental-names');
    const root = join(dir, 'in');
    mkdirSync(root);
    copyFileSync(join(ROOT, 'fixtures', 'tube.mesh'), join(root, 'tube.mesh'));
    copyFileSync(join(ROOT, 'fixtures', 'tube.anim'), join(root, 'tube.anim'));
    const out = join(dir, 'out');
    const args = ['convert', root, '--to', 'glb', '--out-dir', out, '--manifest', join(dir, 'run.jsonl'), '--incremental', '--backend', backend, '--json'];
    const first = await cli(args);
    expect(first.code).toBe(0);
    expect(existsSync(join(out, 'tube.mesh.glb'))).toBe(true);
    rmSync(join(root, 'tube.anim'));
    const second = await cli(args);
    expect(second.code).toBe(0);
    expect(second.lines.map((l) => ('skipped' in l ? 'skipped' : l.ok ? 'converted' : 'failed'))).toEqual(['converted']);
    expect(existsSync(join(out, 'tube.glb'))).toBe(true);
    // Unchanged since: the next rerun skips it under its new name.
    const third = await cli(args);
    expect(third.lines.map((l) => 'skipped' in l)).toEqual([true]);
  });
});
