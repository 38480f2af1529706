// Review of the CLI's input walk with workers started early (cli/inputs.ts, early-pool.ts): a
// folder the walk cannot list (here a path past PATH_MAX, ENAMETOOLONG, which root cannot bypass
// as it does EACCES) is a failed input with its errno, as README § CLI says of file system
// errors; the other files are converted, the run exits 1 and ends (no uncaught exception, no
// stack trace, no worker keeping it alive), with --jobs 1 and --jobs 2.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expandInputs } from '../bindings/cli/inputs.js';
import { testTempDir } from './helpers/temp-dir.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const built = existsSync(join(ROOT, 'dist', 'convert-worker.js'));
const TUBE = join(ROOT, 'fixtures', 'tube.mesh');

/** `dir/src` with two tubes and a chain of folders whose path is past PATH_MAX (built by renames, each path short). */
function tree(dir: string): string {
  const src = join(dir, 'src');
  mkdirSync(src, { recursive: true });
  copyFileSync(TUBE, join(src, 'a.mesh'));
  copyFileSync(TUBE, join(src, 'b.mesh'));
  const long = 'd'.repeat(250);
  let chain = join(dir, 'c0');
  mkdirSync(chain);
  copyFileSync(TUBE, join(chain, 'x.mesh'));
  for (let i = 1; i <= 18; i++) {
    const outer = join(dir, `c${i}`);
    mkdirSync(outer);
    renameSync(chain, join(outer, long));
    chain = outer;
  }
  renameSync(chain, join(src, 'deep'));
  return src;
}

/** The chain taken apart again (renames of short paths), so that the temporary folder can be removed. */
function untangle(dir: string): void {
  const long = 'd'.repeat(250);
  let at = join(dir, 'src', 'deep');
  for (let i = 0; existsSync(join(at, long)); i++) {
    const next = join(dir, `u${i}`);
    renameSync(join(at, long), next);
    at = next;
  }
}

describe('review5: a folder the walk cannot list', () => {
  it('is a failed input with its errno; the walk goes on', () => {
    const dir = testTempDir('review5-walk-unit');
    const src = tree(dir);
    try {
      const inputs = expandInputs([src], (name) => name.endsWith('.mesh'));
      expect(inputs.files.map((f) => f.relative)).toEqual(['a.mesh', 'b.mesh']);
      expect(inputs.missing).toHaveLength(1);
      expect(inputs.missing[0]!.error.code).toBe('ENAMETOOLONG');
      expect(inputs.missing[0]!.error.message).toMatch(/ENAMETOOLONG: name too long$/);
      const globbed = expandInputs([join(src, '**', '*.mesh')], (name) => name.endsWith('.mesh'));
      expect(globbed.files).toHaveLength(2);
      expect(globbed.missing.map((m) => m.error.code)).toEqual(['ENAMETOOLONG']);
    } finally {
      untangle(dir);
    }
  });

  it.skipIf(!built)('convert with --jobs 1 and --jobs 2: the others converted, the folder reported, exit 1', () => {
    const dir = testTempDir('review5-walk-cli');
    const src = tree(dir);
    try {
      for (const jobs of ['1', '2']) {
        const out = join(dir, `out${jobs}`);
        const r = spawnSync(process.execPath, [CLI, 'convert', src, '--to', 'glb', '--out-dir', out, '--jobs', jobs], { cwd: dir, timeout: 60_000, encoding: 'utf8' });
        expect(r.signal, r.stderr).toBeNull();
        expect(r.status, r.stderr).toBe(1);
        expect(r.stderr).toContain('ENAMETOOLONG');
        expect(r.stderr).not.toMatch(/\n\s+at /);
        expect(readdirSync(out).sort()).toEqual(['a.glb', 'b.glb']);
      }
    } finally {
      untangle(dir);
    }
  });
});
