// `convert --incremental` and the files an input reads beside it: a `.msh`'s `.msh.blob` (or a
// `.gltf`'s `.bin`) is not an input of its own, so a rerun after only the companion changed
// skipped the `.msh` and kept outputs made from the old companion. The manifest now records each
// companion the reader read (name beside the input, SHA-256), and a changed one converts again.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifest } from '../bindings/cli/manifest.js';
import { BACKENDS } from './helpers/backends.js';
import { cli, ROOT } from './helpers/cli-in-process.js';
import { testTempDir } from './helpers/temp-dir.js';

const outcomes = (lines: Record<string, unknown>[]) => lines.map((l) => ('skipped' in l ? 'skipped' : l.ok ? 'converted' : 'failed'));

describe.each(BACKENDS)('--incremental and companions (%s)', (backend) => {
  it('a changed .msh.blob converts its .msh again; an unchanged one is skipped', async () => {
    const dir = testTempDir('incremental-companions');
    const root = join(dir, 'in');
    mkdirSync(root);
    copyFileSync(join(ROOT, 'fixtures', 'tube.msh'), join(root, 'tube.msh'));
    copyFileSync(join(ROOT, 'fixtures', 'tube.msh.blob'), join(root, 'tube.msh.blob'));
    const manifest = join(dir, 'run.jsonl');
    const args = ['convert', root, '--to', 'glb', '--out-dir', join(dir, 'out'), '--manifest', manifest, '--incremental', '--backend', backend, '--json'];
    expect(outcomes((await cli(args)).lines)).toEqual(['converted']);
    expect(readManifest(readFileSync(manifest, 'utf8')).get('tube.msh')?.companions?.map((c) => c.name)).toEqual(['tube.msh.blob']);
    expect(outcomes((await cli(args)).lines)).toEqual(['skipped']);
    // The blob's first float changed (the blob starts with vertex data), the .msh not.
    const blob = readFileSync(join(root, 'tube.msh.blob'));
    blob.writeFloatLE(blob.readFloatLE(0) + 1, 0);
    writeFileSync(join(root, 'tube.msh.blob'), blob);
    const after = await cli(args);
    expect(outcomes(after.lines)).toEqual(['converted']);
    expect(outcomes((await cli(args)).lines)).toEqual(['skipped']);
  });
});
