import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../bindings/cli/main.js';

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
    const dir = mkdtempSync(join(tmpdir(), 'meshcodec-cli-'));
    const junk = join(dir, 'junk.bin');
    writeFileSync(junk, new Uint8Array([1, 2, 3, 4]));
    const r = run(['info', '--json', join(dir, 'missing.mesh'), junk]);
    expect(r.code).toBe(1);
    const parsed = JSON.parse(r.stdout) as { file: string; error: string }[];
    expect(parsed).toHaveLength(2);
    expect(parsed[0]!.error).toMatch(/ENOENT/);
    expect(parsed[1]!.error).toMatch(/not a format meshcodec recognises/);
  });
});
