import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../bindings/cli/main.js';
import { summarizeAsset, tfFormat } from '../bindings/index.js';
import { siblingResolver } from '../bindings/cli/siblings.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable, corpusPath } from './helpers/corpus.js';

function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = runCli(args, (s) => (stdout += s), (s) => (stderr += s));
  return { code, stdout, stderr };
}

describe('meshcodec CLI with Transport Fever pairs', () => {
  it.skipIf(!corpusAvailable)(`info finds each .msh.blob beside its .msh and reports .ani files ${corpusAvailable ? '' : CORPUS_SKIP_MESSAGE}`, () => {
    const r = run(['info', '--json', corpusPath('tf', 'concrete_roof_tl.msh'), corpusPath('tf', 'car_r1_aquitaine_sive_lod0.msh'), corpusPath('tf', 'Blinker1.ani')]);
    expect(r.code).toBe(0);
    const infos = JSON.parse(r.stdout) as { format: string; vertices: number; triangles: number; animations: number; frames: number; details: Record<string, unknown> }[];
    expect(infos.map((i) => [i.format, i.vertices, i.triangles, i.animations, i.frames])).toEqual([['tf', 12, 4, 0, 0], ['tf', 36, 12, 0, 0], ['tf', 0, 0, 1, 16]]);
    expect(infos[0]!.details).toMatchObject({ kind: 'msh', matConfigs: 1, blobBytes: 624, subMeshes: [{ corners: 9, sharedStreams: true, materials: ['flying_junction/concrete.mtl'] }, { corners: 3 }] });
    expect(infos[2]!.details).toEqual({ kind: 'ani', keys: 16, durationMs: 3500 });
  });

  it.skipIf(!corpusAvailable)('a .msh without its blob is reported with both names, exit 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'meshcodec-tf-'));
    copyFileSync(corpusPath('tf', 'jct_ceil_br.msh'), join(dir, 'jct_ceil_br.msh'));
    const r = run(['info', join(dir, 'jct_ceil_br.msh')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/jct_ceil_br\.msh needs its blob jct_ceil_br\.msh\.blob: it was not found/);
  });

  it('convert to .msh writes the pair; converting it on reads the pair', () => {
    const dir = mkdtempSync(join(tmpdir(), 'meshcodec-tf-'));
    const toTf = run(['convert', 'fixtures/tube.mesh', '-o', join(dir, 'tube.msh')]);
    expect(toTf.code).toBe(0);
    expect(toTf.stdout).toContain(`with ${join(dir, 'tube.msh.blob')}`);
    expect(existsSync(join(dir, 'tube.msh.blob'))).toBe(true);
    const back = run(['convert', join(dir, 'tube.msh'), '-o', join(dir, 'tube.iqm')]);
    expect(back.code).toBe(0);
    const many = run(['convert', 'fixtures/tube.iqm', '--out-dir', join(dir, 'tf'), '--to', 'tf']);
    expect(many.code).toBe(0);
    const asset = tfFormat.parseSync(new Uint8Array(readFileSync(join(dir, 'tf', 'tube.msh'))), { fileName: join(dir, 'tf', 'tube.msh'), resolve: siblingResolver(join(dir, 'tf', 'tube.msh')) });
    expect(summarizeAsset(asset).triangles).toBe(120);
  });

  it('siblings resolve only inside the input folder', () => {
    const resolve = siblingResolver('fixtures/tube.mesh');
    expect(resolve('tube.iqm')).toBeInstanceOf(Uint8Array);
    expect(resolve('../package.json')).toBeUndefined();
    expect(resolve('..')).toBeUndefined();
    expect(resolve('missing')).toBeUndefined();
  });
});
