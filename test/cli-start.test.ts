// The CLI's start-up (bin.ts, node-builtins.ts, sha256.ts): what it avoids loading must not change
// what it writes. The host tag of temporaries' names is SHA-256 computed without node:crypto; it
// must equal node:crypto's digest for every text, across the padding's block boundaries.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sha256HexOfText } from '../bindings/cli/sha256.js';

const CLI = join(__dirname, '..', 'dist', 'cli.js');

describe('sha256HexOfText', () => {
  it("equals node:crypto's SHA-256 for texts of 0 to 200 bytes and non-ASCII host names", () => {
    const texts = ['', 'abc', 'build-7.example.internal', 'hôte-ü-名前', '\u{1F600}'];
    for (let n = 0; n <= 200; n++) texts.push(Array.from({ length: n }, (_, i) => String.fromCharCode(97 + ((i * 7 + n) % 26))).join(''));
    for (const text of texts) expect(sha256HexOfText(text), text).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
  });
});

describe.skipIf(!existsSync(CLI))('dist/cli.js start-up', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

  it('answers --version and -V alone without loading the library, and as before with other arguments', () => {
    const version = run('--version');
    expect(version.status).toBe(0);
    expect(version.stdout).toMatch(/^meshcodec \d+\.\d+\.\d+\n$/);
    expect(run('-V').stdout).toBe(version.stdout);
    // --version among other arguments goes through the argument parser, which still refuses an unknown option.
    expect(run('info', 'x.mesh', '--version').stdout).toBe(version.stdout);
    const bad = run('--version', '--no-such-option');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/no-such-option/);
  });

  it('loads neither piscina nor node:crypto, node:v8, node:worker_threads or perf_hooks for --version or a one-file conversion', () => {
    const probe = `process.on('exit', () => process.stderr.write('\\nLOADED ' + JSON.stringify(process.moduleLoadList.filter((m) => /^NativeModule (crypto|v8|worker_threads|perf_hooks)$/.test(m)).concat(Object.keys(require.cache).filter((p) => p.includes('piscina')))) + '\\n'));`;
    const probeFile = join(mkdtempSync(join(tmpdir(), 'cli-start-')), 'probe.cjs');
    writeFileSync(probeFile, probe);
    for (const args of [['--version'], ['convert', join(__dirname, '..', 'fixtures', 'tube.apg'), '--to', 'glb', '-o', '-']]) {
      const r = spawnSync(process.execPath, ['-r', probeFile, CLI, ...args], { encoding: 'latin1' });
      expect(r.status).toBe(0);
      expect(r.stderr).toContain('LOADED []');
    }
  });
});
