// `convert --shard I/N` (bindings/cli/shard.ts), through the CLI's main in this process: the
// shards of a run are disjoint and together every input exactly once; an input's shard depends on
// its path under its input root only (not the working folder, the root's own path, or how the
// root was named: folder or glob); JOB_COMPLETION_INDEX gives I; outputs are named as a run over
// every input names them; bad values are usage errors.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseShard, shardOf } from '../bindings/cli/shard.js';
import { BACKENDS } from './helpers/backends.js';
import { cli, ROOT, tileFixtures } from './helpers/cli-in-process.js';
import { testTempDir } from './helpers/temp-dir.js';

const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(folder, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();

/** The inputs (relative to `root`) and outputs a --json run reports. */
async function shardRun(root: string, args: string[], env: Record<string, string> = {}) {
  const r = await cli(['convert', ...args, '--json'], env);
  expect(r.code, r.err).toBe(0);
  return { inputs: r.lines.map((l) => relative(root, String(l.input)).split('\\').join('/')), outputs: r.lines.flatMap((l) => l.outputs as string[]) };
}

describe('--shard I/N: disjoint parts whose union is every input once', () => {
  for (const backend of BACKENDS) {
    it(`${backend}: N = 1, 2, 3, 5 over 60 inputs in nested folders; outputs as the unsharded run's`, async () => {
      const dir = testTempDir('shard');
      const root = join(dir, 'in');
      tileFixtures(root, 60);
      const all = await shardRun(root, [root, '--to', 'glb', '--out-dir', join(dir, 'whole'), '--backend', backend, '--jobs', '1']);
      expect(all.inputs).toHaveLength(60);
      const wholeOutputs = filesUnder(join(dir, 'whole'));
      for (const n of [1, 2, 3, 5]) {
        const seen: string[] = [];
        const out = join(dir, `out-${n}`);
        const sizes: number[] = [];
        for (let i = 0; i < n; i++) {
          const part = await shardRun(root, [root, '--to', 'glb', '--out-dir', out, '--backend', backend, '--jobs', '1', '--shard', `${i}/${n}`]);
          for (const input of part.inputs) expect(shardOf(input, n)).toBe(i);
          seen.push(...part.inputs);
          sizes.push(part.inputs.length);
        }
        expect(seen.slice().sort()).toEqual(all.inputs.slice().sort());
        expect(new Set(seen).size).toBe(seen.length);
        // Every shard's outputs together are the unsharded run's, name for name (tile-0000.mesh.glb beside tile-0000.anim.glb).
        expect(filesUnder(out)).toEqual(wholeOutputs);
        if (n > 1) expect(Math.min(...sizes), `shard sizes ${sizes.join(', ')}`).toBeGreaterThan(0);
      }
    });
  }
});

describe('a shard depends on the path under its input root only', () => {
  it('the same tree at another place, named by folder or glob, relative or absolute: the same shards', async () => {
    const dir = testTempDir('shard-stable');
    const first = join(dir, 'one', 'in');
    tileFixtures(first, 30);
    const second = join(dir, 'elsewhere', 'deeper', 'in');
    cpSync(first, second, { recursive: true });
    for (let i = 0; i < 4; i++) {
      const a = await shardRun(first, [first, '--to', 'iqm', '--out-dir', join(dir, 'o1'), '--jobs', '1', '--shard', `${i}/4`]);
      const b = await shardRun(second, [second, '--to', 'iqm', '--out-dir', join(dir, 'o2'), '--jobs', '1', '--shard', `${i}/4`]);
      const c = await shardRun(second, [`${relative(process.cwd(), second)}/**/*.{mesh,anim,iqm,glb,apg,data}`, '--to', 'iqm', '--out-dir', join(dir, 'o3'), '--jobs', '1', '--shard', `${i}/4`]);
      expect(b.inputs.slice().sort()).toEqual(a.inputs.slice().sort());
      expect(c.inputs.slice().sort()).toEqual(a.inputs.slice().sort());
    }
  });

  it('adding and removing inputs moves no other input to another shard (never by listing order)', async () => {
    const dir = testTempDir('shard-grow');
    const root = join(dir, 'in');
    tileFixtures(root, 24, ['tube.iqm']);
    const before = new Map<string, number>();
    for (let i = 0; i < 3; i++) for (const input of (await shardRun(root, [root, '--to', 'iqm', '--out-dir', join(dir, `b${i}`), '--jobs', '1', '--shard', `${i}/3`])).inputs) before.set(input, i);
    // New files sorting first and in between, one removed.
    copyFileSync(join(root, 'tile-0000.iqm'), join(root, '0-first.iqm'));
    copyFileSync(join(root, 'tile-0000.iqm'), join(root, 'tile-0000a.iqm'));
    rmSync(join(root, 'tile-0003.iqm'));
    before.delete('tile-0003.iqm');
    let kept = 0;
    for (let i = 0; i < 3; i++) {
      for (const input of (await shardRun(root, [root, '--to', 'iqm', '--out-dir', join(dir, `a${i}`), '--jobs', '1', '--shard', `${i}/3`])).inputs) {
        if (!before.has(input)) continue;
        expect(before.get(input), input).toBe(i);
        kept++;
      }
    }
    expect(kept).toBe(before.size);
  });

  it('the part is the first 4 bytes of the SHA-256 of the path, as `printf %s PATH | sha256sum` gives it, modulo N', () => {
    for (const path of ['tile-0001.mesh', 'a/b03/tile-0007.iqm', 'ünï/cödé.glb']) {
      const hex = execFileSync('sh', ['-c', 'printf %s "$1" | sha256sum', 'sh', path], { encoding: 'utf8' }).slice(0, 8);
      for (const n of [1, 2, 7, 16, 1000]) expect(shardOf(path, n)).toBe(parseInt(hex, 16) % n);
      // Windows separators are taken as '/': every OS puts an input in the same part.
      expect(shardOf(path.replace(/\//g, '\\'), 16)).toBe(shardOf(path, 16));
    }
  });
});

describe('JOB_COMPLETION_INDEX and usage', () => {
  it('--shard /N takes I from JOB_COMPLETION_INDEX (a Kubernetes Indexed Job); I/N wins over it', async () => {
    const dir = testTempDir('shard-env');
    const root = join(dir, 'in');
    tileFixtures(root, 20, ['tube.iqm']);
    for (let i = 0; i < 3; i++) {
      const explicit = await shardRun(root, [root, '--to', 'iqm', '--out-dir', join(dir, `e${i}`), '--jobs', '1', '--shard', `${i}/3`]);
      const fromEnv = await shardRun(root, [root, '--to', 'iqm', '--out-dir', join(dir, `k${i}`), '--jobs', '1', '--shard', '/3'], { JOB_COMPLETION_INDEX: String(i) });
      const overridden = await shardRun(root, [root, '--to', 'iqm', '--out-dir', join(dir, `o${i}`), '--jobs', '1', '--shard', `${i}/3`], { JOB_COMPLETION_INDEX: String((i + 1) % 3) });
      expect(fromEnv.inputs.sort()).toEqual(explicit.inputs.sort());
      expect(overridden.inputs.sort()).toEqual(explicit.inputs);
    }
  });

  it('bad --shard values and a missing JOB_COMPLETION_INDEX are usage errors (exit 2), before anything is read', async () => {
    const dir = testTempDir('shard-usage');
    const root = join(dir, 'in');
    tileFixtures(root, 3, ['tube.iqm']);
    const cases: [string, Record<string, string>, RegExp][] = [
      ['3/3', {}, /part 3 does not exist among 3/],
      ['0/0', {}, /at least 1/],
      ['--shard=-1/3', {}, /whole number from 0/],
      ['1.5/3', {}, /whole number from 0/],
      ['1', {}, /takes I\/N/],
      ['1/2/3', {}, /takes I\/N/],
      ['/3', {}, /JOB_COMPLETION_INDEX, which is not set/],
      ['/3', { JOB_COMPLETION_INDEX: 'x' }, /must be a whole number/],
      ['/3', { JOB_COMPLETION_INDEX: '5' }, /part 5 does not exist/],
    ];
    for (const [value, env, message] of cases) {
      const flag = value.startsWith('--') ? [value] : ['--shard', value];
      const r = await cli(['convert', root, '--to', 'glb', '--out-dir', join(dir, 'out'), ...flag], env);
      expect(r.code, value).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.out).toBe('');
    }
    expect(await cli(['info', root, '--shard', '0/2'])).toMatchObject({ code: 2, err: expect.stringMatching(/info does not take --shard/) });
    expect(parseShard('0/1', {})).toEqual({ index: 0, count: 1 });
  });
});

describe('the built command (dist/cli.js) from two working folders', () => {
  it('the same relative command run from two folders picks the same inputs for each shard', () => {
    const cliPath = join(ROOT, 'dist', 'cli.js');
    if (!existsSync(cliPath)) throw new Error(`${cliPath} is missing: run \`npm run build\` first (npm test does)`);
    const dir = testTempDir('shard-cwd');
    for (const place of ['one', 'two/deeper']) tileFixtures(join(dir, place, 'assets'), 18, ['tube.iqm', 'tube.mesh']);
    for (let i = 0; i < 3; i++) {
      const picked = ['one', 'two/deeper'].map((place) => {
        const r = spawnSync(process.execPath, [cliPath, 'convert', 'assets', '--to', 'iqm', '--out-dir', 'out', '--jobs', '2', '--shard', `${i}/3`, '--json'], { cwd: join(dir, place), encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
        return r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { input?: string }).flatMap((l) => (l.input ? [l.input] : [])).sort();
      });
      expect(picked[0]!.length).toBeGreaterThan(0);
      expect(picked[1]).toEqual(picked[0]);
    }
  });
});

