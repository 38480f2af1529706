// `info` and `validate` loaded meshoptimizer's decoder only when an input was named .gltf/.glb (or
// --format said so), but a GLB is recognised by its content: a compressed GLB under another name
// failed with UNSUPPORTED (found by h-review7d). Now both commands read it whatever its name.
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testTempDir } from './helpers/temp-dir.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 120_000 });

describe('a meshopt-compressed GLB named otherwise', () => {
  it('is read by info and validate as a GLB', () => {
    const dir = testTempDir('cli-info-meshopt');
    const glb = join(dir, 'tube.glb');
    const renamed = join(dir, 'tube.apg');
    const made = run('convert', join(ROOT, 'fixtures', 'tube.glb'), '--to', 'glb', '--optimize', '-o', glb, '--force');
    expect(made.status, made.stderr).toBe(0);
    copyFileSync(glb, renamed);
    for (const command of ['info', 'validate']) {
      const result = run(command, renamed);
      expect(result.stdout + result.stderr, command).not.toContain('UNSUPPORTED');
      expect(result.status, `${command}: ${result.stdout}${result.stderr}`).toBe(0);
    }
  });
});
