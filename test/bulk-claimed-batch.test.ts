// `convert --jobs N` as a claimed batch (bindings/cli/convert-batch.ts, issue 22 item 5): every
// thread claims units of files from shared counters and writes its own outputs. Checked here:
// the units (outputs that could meet share one; the counters: bulk-affinity.test.ts), the registry of a
// worker's temporaries that a signal reads (partial-registry.ts), and, on the built command, that
// the guarantees convert states hold with --jobs 2 as with --jobs 1.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { partialName, removePartialFiles, watchPartials } from '../bindings/cli/atomic-write.js';
import { batchUnits } from '../bindings/cli/convert-batch.js';
import { PartialRegistry } from '../bindings/cli/partial-registry.js';
import { corpusAvailable, corpusPath } from './helpers/corpus.js';
import { testTempDir } from './helpers/temp-dir.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const built = existsSync(join(ROOT, 'dist', 'convert-worker.js'));
const TUBE = join(ROOT, 'fixtures', 'tube.mesh');

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

/** `count` copies of tube.mesh in `dir/src`. */
function copies(dir: string, count: number): void {
  mkdirSync(join(dir, 'src'), { recursive: true });
  for (let i = 0; i < count; i++) copyFileSync(TUBE, join(dir, 'src', `t${i}.mesh`));
}

describe('batch units', () => {
  it('puts files whose output names could meet (same folder, same name up to the first dot, any case) in one unit', () => {
    const units = batchUnits([
      { inputPath: 'a/x.mesh', dir: 'o', stem: 'x.mesh' },
      { inputPath: 'a/y.iqm', dir: 'o', stem: 'y' },
      { inputPath: 'a/x.anim', dir: 'o', stem: 'X.anim' },
      { inputPath: 'b/x.mesh', dir: 'p', stem: 'x' },
      { inputPath: 'a/x-2.iqm', dir: 'o', stem: 'x-2' },
    ]);
    expect(units).toEqual([[0, 2], [1], [3], [4]]);
  });

  it('one folder spelled two ways (relative, absolute, through ..) is one unit', () => {
    const units = batchUnits([
      { inputPath: 'a/x.mesh', dir: 'o', stem: 'x' },
      { inputPath: 'a/x.iqm', dir: join(process.cwd(), 'o'), stem: 'x' },
      { inputPath: 'a/x.apg', dir: 'q/../o', stem: 'x' },
      { inputPath: 'a/y.apg', dir: 'o', stem: 'y' },
    ]);
    expect(units).toEqual([[0, 1, 2], [3]]);
  });

});

describe('PartialRegistry', () => {
  it('a stop between writes finds nothing in flight and lets no write begin after it', () => {
    const registry = new PartialRegistry();
    expect(registry.begin(['/x/.a.partial'])).toBe(true);
    registry.end();
    expect(registry.stop(0)).toEqual([]);
    expect(registry.begin(['/x/.b.partial'])).toBe(false);
  });

  it('a stop during a write that does not end in time returns its temporaries; the write that ends later begins no other', () => {
    const registry = new PartialRegistry(new SharedArrayBuffer(new PartialRegistry().buffer.byteLength));
    expect(registry.begin(['/x/.a.glb.1-0.partial', '/x/.a.bin.1-1.partial'])).toBe(true);
    const started = Date.now();
    expect(registry.stop(50)).toEqual(['/x/.a.glb.1-0.partial', '/x/.a.bin.1-1.partial']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    registry.end();
    expect(registry.begin(['/x/.c.partial'])).toBe(false);
  });

  it("the main thread's signal cleanup removes a watched writer's temporaries in flight", () => {
    const dir = testTempDir('claimed');
    const registry = new PartialRegistry();
    watchPartials(registry);
    const temporary = partialName(join(dir, 'out.glb'), process.pid, 9, hostname());
    expect(registry.begin([temporary])).toBe(true);
    writeFileSync(temporary, 'half');
    removePartialFiles(); // waits for the writer up to its limit, then removes what it listed
    expect(existsSync(temporary)).toBe(false);
    expect(registry.begin([temporary])).toBe(false);
  });
});

describe.skipIf(!built)('convert --jobs 2: a claimed batch keeps convert’s guarantees', () => {
  it('refuses existing outputs without --force and replaces them with it, as --jobs 1 does, file for file', () => {
    const dir = testTempDir('claimed');
    copies(dir, 60);
    expect(run(['convert', 'src', '--to', 'iqm', '--out-dir', 'out', '--jobs', '2', '--quiet'], dir).code).toBe(0);
    const names = filesUnder(join(dir, 'out'));
    expect(names).toHaveLength(60);
    const again = (jobs: string, force: string[]) => run(['convert', 'src', '--to', 'iqm', '--out-dir', 'out', '--jobs', jobs, '--json', ...force], dir);
    const codes = (out: string) =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{"input"'))
        .map((l) => JSON.parse(l) as { input: string; ok: boolean; error?: { code: string } })
        .map((l) => [l.input, l.ok ? 'ok' : l.error!.code])
        .sort((a, b) => a[0]!.localeCompare(b[0]!));
    const refused2 = again('2', []);
    const refused1 = again('1', []);
    expect(refused2.code).toBe(1);
    expect(codes(refused2.out)).toEqual(codes(refused1.out));
    expect(new Set(codes(refused2.out).map((c) => c[1]))).toEqual(new Set(['OUTPUT_EXISTS']));
    const forced = again('2', ['--force']);
    expect(forced.code).toBe(0);
    expect(new Set(codes(forced.out).map((c) => c[1]))).toEqual(new Set(['ok']));
    expect(filesUnder(join(dir, 'out'))).toEqual(names);
  });

  it('never writes over an input, whichever thread converts it', () => {
    const dir = testTempDir('claimed');
    copies(dir, 40);
    const before = readFileSync(join(dir, 'src', 't7.mesh'));
    const r = run(['convert', 'src', '--to', 'unigine', '--force', '--jobs', '2', '--json'], dir);
    expect(r.code).toBe(1);
    const errors = r.out
      .split('\n')
      .filter((l) => l.startsWith('{"input"'))
      .map((l) => (JSON.parse(l) as { error?: { code: string } }).error?.code);
    expect(errors).toEqual(Array(40).fill('WOULD_OVERWRITE_INPUT'));
    expect(readFileSync(join(dir, 'src', 't7.mesh')).equals(before)).toBe(true);
  });

  it("removes a killed run's temporaries once, whichever thread writes in that folder first", () => {
    const dir = testTempDir('claimed');
    copies(dir, 30);
    mkdirSync(join(dir, 'out'));
    const stale = partialName(join(dir, 'out', 't3.iqm'), 4194304999, 0, hostname());
    writeFileSync(stale, 'left by a killed run');
    const r = run(['convert', 'src', '--to', 'iqm', '--out-dir', 'out', '--jobs', '2', '--json'], dir);
    expect(r.code).toBe(0);
    const summary = JSON.parse(r.out.trim().split('\n').pop()!) as { summary: { staleTemporariesRemoved: number } };
    expect(summary.summary.staleTemporariesRemoved).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect(filesUnder(join(dir, 'out'))).toHaveLength(30);
  });

  it.skipIf(!corpusAvailable)('SIGTERM while both threads write multi-MB outputs leaves no temporary, over ten runs (corpus)', async () => {
    // Without the worker's temporaries in the signal's reach (watchPartials left out), 1 and 2 of 10 such runs left one.
    const dir = testTempDir('claimed');
    mkdirSync(join(dir, 'src'));
    for (let i = 0; i < 120; i++) copyFileSync(corpusPath('unigine', i % 2 ? 'Box47.mesh' : 'actor_00.mesh'), join(dir, 'src', `t${i}.mesh`));
    for (let attempt = 0; attempt < 10; attempt++) {
      const out = join(dir, `out${attempt}`);
      const child = spawn(process.execPath, [CLI, 'convert', 'src', '--to', 'glb', '--out-dir', out, '--jobs', '2'], { cwd: dir });
      let lines = 0;
      child.stderr.on('data', (chunk: Buffer) => {
        lines += chunk.toString().split('\n').length - 1;
        if (lines >= 10 + attempt * 3 && !child.killed) child.kill('SIGTERM');
      });
      const signal = await new Promise<NodeJS.Signals | null>((done) => child.on('close', (_code, s) => done(s)));
      expect(signal).toBe('SIGTERM');
      expect(filesUnder(out).filter((f) => f.includes('.partial'))).toEqual([]);
    }
  }, 120_000);

  it('SIGTERM in the middle of a --jobs 2 batch ends it by SIGTERM with no temporary left by either thread', async () => {
    const dir = testTempDir('claimed');
    copies(dir, 600);
    const child = spawn(process.execPath, [CLI, 'convert', 'src', '--to', 'iqm', '--out-dir', 'out', '--jobs', '2'], { cwd: dir });
    let lines = 0;
    // Stopped once both threads are converting (a few dozen files done).
    child.stderr.on('data', (chunk: Buffer) => {
      lines += chunk.toString().split('\n').length - 1;
      if (lines >= 40 && !child.killed) child.kill('SIGTERM');
    });
    const signal = await new Promise<NodeJS.Signals | null>((done) => child.on('close', (_code, s) => done(s)));
    expect(signal).toBe('SIGTERM');
    const written = filesUnder(join(dir, 'out'));
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(600);
    expect(written.filter((f) => f.includes('.partial'))).toEqual([]);
  });
});
