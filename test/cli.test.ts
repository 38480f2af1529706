import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../bindings/cli/main.js';
import { iqmFormat } from '../bindings/formats/iqm/index.js';
import { unigineFormat } from '../bindings/formats/unigine/index.js';
import { summarizeAsset } from '../bindings/index.js';
import { testTempDir } from './helpers/temp-dir.js';

function run(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = runCli(args, (s) => (stdout += s), (s) => (stderr += s));
  return { code, stdout, stderr };
}

describe('meshcodec CLI', () => {
  it('prints help with exit 0, and usage with exit 2 when misused', () => {
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('info [--json] [--format NAME] FILES');
    expect(run([]).code).toBe(2);
    expect(run(['frobnicate', 'x']).stderr).toContain("unknown command 'frobnicate'");
    expect(run(['info']).stderr).toContain('needs at least one file');
    expect(run(['info', '--bogus', 'x']).code).toBe(2);
    expect(run(['info', '--backend', 'gpu', 'x']).stderr).toContain("unknown backend 'gpu'");
  });

  it('reports unreadable and unrecognised files per file, exit 1, without stopping', () => {
    const dir = testTempDir('cli');
    const junk = join(dir, 'junk.bin');
    writeFileSync(junk, new Uint8Array([1, 2, 3, 4]));
    const r = run(['info', '--json', join(dir, 'missing.mesh'), junk]);
    expect(r.code).toBe(1);
    const parsed = JSON.parse(r.stdout) as { file: string; error: string }[];
    expect(parsed).toHaveLength(2);
    expect(parsed[0]!.error).toMatch(/ENOENT/);
    expect(parsed[1]!.error).toMatch(/not a format meshcodec recognises/);
  });

  it('info --json reports the fixtures with their counts', () => {
    const r = run(['info', '--json', 'fixtures/tube.mesh', 'fixtures/tube.iqm', 'fixtures/tube.anim']);
    expect(r.code).toBe(0);
    const infos = JSON.parse(r.stdout) as { format: string; vertices: number; triangles: number; joints: number; animations: number; frames: number }[];
    expect(infos.map((i) => [i.format, i.triangles, i.joints, i.animations, i.frames])).toEqual([
      ['unigine', 120, 2, 1, 16],
      ['iqm', 120, 2, 1, 16],
      ['unigine', 0, 2, 1, 16],
    ]);
  });

  it('info reads MeshSerializer2 (by size, by extension, by --format) and apg', () => {
    const r = run(['info', '--json', 'fixtures/tube.data', 'fixtures/tube.apg']);
    expect(r.code).toBe(0);
    const infos = JSON.parse(r.stdout) as { format: string; triangles: number; joints: number; frames: number; details: Record<string, unknown> }[];
    expect(infos.map((i) => [i.format, i.triangles, i.joints, i.frames])).toEqual([
      ['ms2', 120, 0, 0],
      ['apg', 120, 2, 16],
    ]);
    expect(infos[0]!.details).toMatchObject({ vertexFormat: 15 });
    const dir = testTempDir('ms2');
    const padded = join(dir, 'padded.bin');
    writeFileSync(padded, Buffer.concat([readFileSync('fixtures/tube.data'), Buffer.from([0])]));
    expect(run(['info', padded]).stderr).toContain('not a format meshcodec recognises');
    expect(run(['info', '--format', 'ms2', padded]).stderr).toContain('follow the last triangle');
  });

  it('convert writes the target format, one file (-o) or many (--out-dir --to)', () => {
    const dir = testTempDir('convert');
    const one = run(['convert', 'fixtures/tube.mesh', '-o', join(dir, 'a.iqm')]);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('-> ' + join(dir, 'a.iqm') + ' (iqm,');
    const asset = iqmFormat.parseSync(new Uint8Array(readFileSync(join(dir, 'a.iqm'))));
    expect(summarizeAsset(asset)).toMatchObject({ triangles: 120, joints: 2, frames: 16 });

    const many = run(['convert', 'fixtures/tube.iqm', '--out-dir', join(dir, 'u'), '--to', 'unigine']);
    expect(many.code).toBe(0);
    expect(unigineFormat.test(new Uint8Array(readFileSync(join(dir, 'u', 'tube.mesh'))))).toBe(true);
  });

  it('convert refuses a batch whose outputs would overwrite each other, before writing anything', () => {
    const dir = testTempDir('convert');
    const r = run(['convert', 'fixtures/tube.mesh', 'fixtures/tube.iqm', '--out-dir', dir, '--to', 'iqm']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('would both be written to');
    expect(existsSync(join(dir, 'tube.iqm'))).toBe(false);
    expect(run(['convert', 'fixtures/tube.mesh']).stderr).toContain('convert needs -o OUTPUT');
    expect(run(['convert', 'fixtures/tube.mesh', '-o', join(dir, 'x.unknown')]).stderr).toContain('cannot tell the output format');
  });
});
