// `convert --jobs N` starts its worker threads before the inputs are expanded (early-pool.ts,
// issue 22 item 5): which command lines start them, and, on the built command, that every way a
// run can end with them started (adopted, not needed, a different count, a usage error after the
// walk, a manifest that cannot be opened) converts what it should and reports what it should.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { namesSeveralFiles } from '../bindings/cli/early-pool.js';
import { testTempDir } from './helpers/temp-dir.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const built = existsSync(join(ROOT, 'dist', 'convert-worker.js'));
const TUBE = join(ROOT, 'fixtures', 'tube.mesh');

function run(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, timeout: 60_000, encoding: 'utf8' });
  return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr };
}

/** `count` copies of tube.mesh in `dir/src`. */
function copies(dir: string, count: number): string {
  const src = join(dir, 'src');
  mkdirSync(src, { recursive: true });
  for (let i = 0; i < count; i++) copyFileSync(TUBE, join(src, `t${i}.mesh`));
  return src;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

describe('which command lines start workers before the walk', () => {
  it('several arguments, a folder or a glob may name several files; one file, stdin or a missing path does not', () => {
    const dir = testTempDir('early-pool-args');
    const src = copies(dir, 1);
    const file = join(src, 't0.mesh');
    expect(namesSeveralFiles([file, file])).toBe(true);
    expect(namesSeveralFiles([src])).toBe(true);
    expect(namesSeveralFiles([join(src, '*.mesh')])).toBe(true);
    expect(namesSeveralFiles([file])).toBe(false);
    expect(namesSeveralFiles(['-'])).toBe(false);
    expect(namesSeveralFiles([join(dir, 'missing.mesh')])).toBe(false);
    expect(namesSeveralFiles([])).toBe(false);
  });
});

describe.skipIf(!built)('convert with workers started early', () => {
  it('a folder of files with --jobs 2 and --jobs 3 converts every file, as --jobs 1 does', () => {
    const dir = testTempDir('early-pool-folder');
    const src = copies(dir, 7);
    const outputs: Record<string, string[]> = {};
    for (const jobs of ['1', '2', '3']) {
      const out = join(dir, `out${jobs}`);
      const r = run(['convert', src, '--to', 'glb', '--out-dir', out, '--jobs', jobs, '--quiet'], dir);
      expect(r.code, r.err).toBe(0);
      outputs[jobs] = filesUnder(out);
      for (const name of outputs[jobs]!) expect(readFileSync(join(out, name))).toEqual(readFileSync(join(dir, 'out1', name)));
    }
    expect(outputs['1']).toHaveLength(7);
    expect(outputs['2']).toEqual(outputs['1']);
    expect(outputs['3']).toEqual(outputs['1']);
  });

  it('a folder with one file (the workers not needed) and two files with --jobs 4 (fewer needed) convert and end', () => {
    const dir = testTempDir('early-pool-fewer');
    const one = copies(join(dir, 'one'), 1);
    const two = copies(join(dir, 'two'), 2);
    const r1 = run(['convert', one, '--to', 'iqm', '--out-dir', join(dir, 'o1'), '--jobs', '2', '--quiet'], dir);
    expect(r1.code, r1.err).toBe(0);
    expect(filesUnder(join(dir, 'o1'))).toEqual(['t0.iqm']);
    const r2 = run(['convert', two, '--to', 'iqm', '--out-dir', join(dir, 'o2'), '--jobs', '4', '--quiet'], dir);
    expect(r2.code, r2.err).toBe(0);
    expect(filesUnder(join(dir, 'o2'))).toEqual(['t0.iqm', 't1.iqm']);
  });

  it('a usage error found after the walk, and a manifest that cannot be opened (a folder), end the run with status 2', () => {
    const dir = testTempDir('early-pool-usage');
    const src = copies(dir, 3);
    const unknown = run(['convert', src, '--to', 'nosuch', '--out-dir', join(dir, 'o'), '--jobs', '2'], dir);
    expect(unknown.signal).toBeNull();
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("unknown format 'nosuch'");
    const incremental = run(['convert', src, '--to', 'glb', '--out-dir', join(dir, 'o'), '--jobs', '2', '--incremental'], dir);
    expect(incremental.code).toBe(2);
    expect(incremental.err).toContain('--incremental needs --manifest');
    const manifest = run(['convert', src, '--to', 'glb', '--out-dir', join(dir, 'o'), '--jobs', '2', '--manifest', src, '--incremental'], dir);
    expect(manifest.signal).toBeNull();
    expect(manifest.code).toBe(2);
    expect(manifest.err).toContain('--manifest');
    expect(existsSync(join(dir, 'o'))).toBe(false);
  });

  it('a manifest run (the main thread hands files to the workers) converts every file with --jobs 2', () => {
    const dir = testTempDir('early-pool-manifest');
    const src = copies(dir, 5);
    const r = run(['convert', src, '--to', 'glb', '--out-dir', join(dir, 'o'), '--jobs', '2', '--manifest', join(dir, 'm.jsonl'), '--quiet'], dir);
    expect(r.code, r.err).toBe(0);
    expect(filesUnder(join(dir, 'o'))).toHaveLength(5);
    expect(readFileSync(join(dir, 'm.jsonl'), 'utf8').trim().split('\n')).toHaveLength(5);
  });
});
