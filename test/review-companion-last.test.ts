// An output with companions (`.gltf` + `.bin`, `.msh` + `.msh.blob`) takes its final names
// companions first, main file last: a main file under its final name always has its companions
// beside it. Before, the main file was renamed first, and a companion that then failed to take
// its name (here a folder in its place, with --force) left a `.gltf` whose `.bin` was missing.
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers/backends.js';
import { cli, ROOT } from './helpers/cli-in-process.js';
import { testTempDir } from './helpers/temp-dir.js';

describe.each(BACKENDS)('outputs with companions (%s)', (backend) => {
  it('a companion that cannot take its name leaves no main file under its final name', async () => {
    const dir = testTempDir('companion-last');
    copyFileSync(join(ROOT, 'fixtures', 'tube.iqm'), join(dir, 'tube.iqm'));
    const out = join(dir, 'out');
    mkdirSync(join(out, 'tube.bin'), { recursive: true });
    writeFileSync(join(out, 'tube.bin', 'keep'), 'a folder where the companion goes');
    const r = await cli(['convert', join(dir, 'tube.iqm'), '--to', 'gltf', '--out-dir', out, '--force', '--backend', backend, '--json']);
    expect(r.code).toBe(1);
    expect(r.lines[0]).toMatchObject({ ok: false });
    expect(existsSync(join(out, 'tube.gltf'))).toBe(false);
  });

  it('the same conversion with the way clear writes both', async () => {
    const dir = testTempDir('companion-last');
    copyFileSync(join(ROOT, 'fixtures', 'tube.iqm'), join(dir, 'tube.iqm'));
    const out = join(dir, 'out');
    const r = await cli(['convert', join(dir, 'tube.iqm'), '--to', 'gltf', '--out-dir', out, '--backend', backend]);
    expect(r.code).toBe(0);
    expect(existsSync(join(out, 'tube.gltf')) && existsSync(join(out, 'tube.bin'))).toBe(true);
  });
});
