// Bulk conversion (issue 22): pool workers read their own inputs, the CLI reads and writes with
// synchronous calls. What a batch gives must not depend on --jobs: the same output bytes, the
// same per-file results and errors (code, message) in --json, and every file's outcome once.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeFilesAtomic } from '../bindings/cli/atomic-write.js';
import { HEAD_BYTES, readInputFile, readInputFileSync } from '../bindings/cli/read-input.js';
import { testTempDir } from './helpers/temp-dir.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const built = existsSync(join(ROOT, 'dist', 'convert-worker.js'));
const hasMkfifo = spawnSync('mkfifo', ['--version']).status === 0;

function run(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, timeout: 60_000, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

/** A batch: every fixture (TF's blob beside its .msh) in two folders, plus files that fail. */
function makeBatch(dir: string): string {
  const src = join(dir, 'src');
  for (const sub of ['a', 'b']) {
    mkdirSync(join(src, sub), { recursive: true });
    for (const name of readdirSync(join(ROOT, 'fixtures')).filter((n) => !n.endsWith('.ts'))) copyFileSync(join(ROOT, 'fixtures', name), join(src, sub, name));
  }
  writeFileSync(join(src, 'a', 'broken.mesh'), new Uint8Array(HEAD_BYTES + 10).fill(7)); // no magic, refused from its head
  writeFileSync(join(src, 'b', 'short.iqm'), 'INTERQUAKEMODEL\0'); // a magic and nothing after it
  writeFileSync(join(src, 'b', 'orphan.msh'), 'data = { }'); // a TF mesh without its blob
  return src;
}

interface Line {
  input: string;
  ok: boolean;
  outputs?: string[];
  error?: { code: string; message: string };
}

/** Outputs are printed relative to the run's folder (the parent of each test's output folder). */
const cwdOf = (base: string) => dirname(base);

function jsonLines(out: string, base: string): Line[] {
  return out
    .split('\n')
    .filter((l) => l.startsWith('{"input"'))
    .map((l) => JSON.parse(l) as Line)
    .map((l) => ({ ...l, outputs: l.outputs?.map((o) => relative(base, resolve(cwdOf(base), o))) }))
    .sort((x, y) => x.input.localeCompare(y.input));
}

describe.skipIf(!built)('bulk conversion: --jobs 1 and --jobs 2 give the same batch', () => {
  it('same output bytes, same per-file results and errors, whatever --jobs', () => {
    const dir = testTempDir('bulk');
    const src = makeBatch(dir);
    const results: Record<number, Line[]> = {};
    for (const jobs of [1, 2, 3]) {
      const out = join(dir, `out${jobs}`);
      const r = run(['convert', 'src', '--to', 'glb', '--out-dir', out, '--jobs', String(jobs), '--json'], dir);
      expect(r.code).toBe(1); // the broken files
      results[jobs] = jsonLines(r.out, out);
    }
    expect(results[1]!.filter((l) => !l.ok).map((l) => [l.input, l.error!.code])).toEqual([
      ['src/a/broken.mesh', 'BAD_MAGIC'],
      ['src/b/orphan.msh', expect.any(String)],
      ['src/b/short.iqm', expect.any(String)],
    ]);
    expect(results[1]!.filter((l) => l.ok).length).toBeGreaterThanOrEqual(16);
    expect(results[2]).toEqual(results[1]);
    expect(results[3]).toEqual(results[1]);
    const names = filesUnder(join(dir, 'out1'));
    expect(filesUnder(join(dir, 'out2'))).toEqual(names);
    for (const name of names) expect(readFileSync(join(dir, 'out2', name)).equals(readFileSync(join(dir, 'out1', name)))).toBe(true);
    expect(names.filter((n) => n.includes('.partial'))).toEqual([]);
  });

  it('an input that is gone or not a regular file fails alone, read in the worker as on the main thread', () => {
    const dir = testTempDir('bulk');
    const src = makeBatch(dir);
    if (hasMkfifo) spawnSync('mkfifo', [join(src, 'b', 'pipe.iqm')]);
    const outputs: Record<number, Line[]> = {};
    for (const jobs of [1, 2]) {
      const r = run(['convert', 'src/a/tube.mesh', 'src/b/tube.iqm', 'src/a/missing.mesh', ...(hasMkfifo ? ['src/b/pipe.iqm'] : []), '--to', 'iqm', '--out-dir', `o${jobs}`, '--jobs', String(jobs), '--json'], dir);
      expect(r.code).toBe(1);
      outputs[jobs] = jsonLines(r.out, join(dir, `o${jobs}`));
    }
    expect(outputs[2]).toEqual(outputs[1]);
    const failed = outputs[1]!.filter((l) => !l.ok).map((l) => l.error!.code);
    expect(failed).toEqual(hasMkfifo ? ['ENOENT', 'NOT_A_FILE'] : ['ENOENT']);
  });
});

describe('synchronous reads and writes', () => {
  it('readInputFileSync reads what readInputFile reads and refuses what it refuses, with the same error', async () => {
    const dir = testTempDir('bulk');
    const cases: [string, Uint8Array | undefined][] = [
      ['tube.mesh', new Uint8Array(readFileSync(join(ROOT, 'fixtures', 'tube.mesh')))],
      ['big.glb', new Uint8Array(HEAD_BYTES * 3 + 5).map((_, i) => i * 7)], // read past its head, no magic: refused from the head
      ['big.bin', new Uint8Array(HEAD_BYTES * 2 + 1).map((_, i) => i)], // unknown: read whole
      ['empty.iqm', new Uint8Array(0)],
      ['missing.mesh', undefined],
    ];
    for (const [name, bytes] of cases) if (bytes) writeFileSync(join(dir, name), bytes);
    const io = { readStdin: async () => new Uint8Array() } as never;
    for (const [name, bytes] of cases) {
      const path = join(dir, name);
      const viaAsync = await readInputFile(path, io, { format: undefined }).then((b) => ({ b }), (e: { code?: string; message: string }) => ({ e: [e.code, e.message] }));
      let viaSync: typeof viaAsync;
      try {
        viaSync = { b: readInputFileSync(path, { format: undefined }) };
      } catch (e) {
        viaSync = { e: [(e as { code?: string }).code, (e as Error).message] };
      }
      expect(viaSync).toEqual(viaAsync);
      if (bytes && name !== 'big.glb') expect('b' in viaSync && Buffer.from(viaSync.b).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('writeFilesAtomic makes a folder again when it is removed during a run', async () => {
    const dir = testTempDir('bulk');
    const folder = join(dir, 'x', 'y');
    await writeFilesAtomic([{ path: join(folder, 'one.iqm'), bytes: new Uint8Array([1]) }], false);
    rmSync(join(dir, 'x'), { recursive: true });
    await writeFilesAtomic([{ path: join(folder, 'two.iqm'), bytes: new Uint8Array([2]) }], false);
    expect(readdirSync(folder)).toEqual(['two.iqm']);
    expect([...readFileSync(join(folder, 'two.iqm'))]).toEqual([2]);
  });
});
