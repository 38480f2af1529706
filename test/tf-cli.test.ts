// Transport Fever pairs through the built command (dist/cli.js): the .msh.blob is found beside
// its .msh (inside the input's folder only), and converting to TF writes both files.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { summarizeAsset, tfFormat } from '../bindings/index.js';
import { nodeSiblingResolver } from '../bindings/node/sibling-resolver.js';
import { corpusAvailable, corpusPath } from './helpers/corpus.js';
import { testTempDir } from './helpers/temp-dir.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');

function run(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8') };
}

describe('meshcodec CLI with Transport Fever pairs', () => {
  it.skipIf(!corpusAvailable)('info finds each .msh.blob beside its .msh and reports .ani files', () => {
    const r = run(['info', '--json', corpusPath('tf', 'concrete_roof_tl.msh'), corpusPath('tf', 'car_r1_aquitaine_sive_lod0.msh'), corpusPath('tf', 'Blinker1.ani')]);
    expect(r.code).toBe(0);
    const infos = r.stdout.toString().trimEnd().split('\n').map((l) => JSON.parse(l)).filter((o) => !('summary' in o)) as { format: string; vertices: number; triangles: number; animations: number; frames: number }[];
    expect(infos.map((i) => [i.format, i.vertices, i.triangles, i.animations, i.frames])).toEqual([['tf', 12, 4, 0, 0], ['tf', 36, 12, 0, 0], ['tf', 0, 0, 1, 106]]); // Blinker1.ani: 16 keys over 3.5 s, 106 frames at 30 fps
  });

  it.skipIf(!corpusAvailable)('a .msh without its blob is reported with both names, exit 1', () => {
    const dir = testTempDir('tf');
    copyFileSync(corpusPath('tf', 'jct_ceil_br.msh'), join(dir, 'jct_ceil_br.msh'));
    const r = run(['info', join(dir, 'jct_ceil_br.msh')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/jct_ceil_br\.msh needs its blob jct_ceil_br\.msh\.blob: it was not found/);
  });

  it('convert to .msh writes the pair; converting it on reads the pair', () => {
    const dir = testTempDir('tf');
    expect(run(['convert', 'fixtures/tube.mesh', '-o', join(dir, 'tube.msh'), '--quiet']).code).toBe(0);
    expect(existsSync(join(dir, 'tube.msh.blob'))).toBe(true);
    expect(run(['convert', join(dir, 'tube.msh'), '-o', join(dir, 'tube.iqm'), '--quiet']).code).toBe(0);
    expect(run(['convert', 'fixtures/tube.iqm', '--out-dir', join(dir, 'tf'), '--to', 'tf', '--quiet']).code).toBe(0);
    const msh = join(dir, 'tf', 'tube.msh');
    const asset = tfFormat.parseSync(new Uint8Array(readFileSync(msh)), { fileName: msh, resolve: nodeSiblingResolver(msh) });
    expect(summarizeAsset(asset).triangles).toBe(120);
  });
});
