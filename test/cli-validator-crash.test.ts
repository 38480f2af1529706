// The Khronos validator throws some errors from its own scheduled callbacks, outside the promise
// the CLI awaits: a glTF with a 20,000-deep node chain overflowed its stack and ended the whole
// process with a raw stack trace (`validate` and `convert --validate` alike, found by h-review7d).
// Now such a crash fails that file with VALIDATOR_FAILED and the run goes on to the next.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const CHAIN = join(ROOT, 'test', 'hostile', 'gltf-node-chain-20000__quadratic-4s.gltf');
const TUBE = join(ROOT, 'fixtures', 'tube.gltf');

describe('a validator crash', () => {
  it('validate: fails that file with VALIDATOR_FAILED, validates the next, exits 1 without a stack trace', () => {
    const run = spawnSync(process.execPath, [CLI, 'validate', CHAIN, TUBE], { encoding: 'utf8', timeout: 120_000 });
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/gltf-node-chain-20000__quadratic-4s\.gltf: gltf: INVALID\n\s+VALIDATOR_FAILED: the Khronos glTF validator failed on this file/);
    expect(run.stdout + run.stderr).toMatch(/tube\.gltf: gltf: valid/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('validate --json: the crash is the file\'s problem', () => {
    const run = spawnSync(process.execPath, [CLI, 'validate', '--json', CHAIN], { encoding: 'utf8', timeout: 120_000 });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('"VALIDATOR_FAILED"');
  });
});
