// `convert --manifest FILE.jsonl` and `--incremental` (bindings/cli/manifest.ts, manifest-file.ts,
// incremental.ts), through the CLI's main in this process: what each line records (checked
// against the files on disk), "last line wins" over concatenated shard manifests and torn lines,
// and incremental reruns: unchanged inputs are skipped without any format handler decoding them
// (spied), a changed input, a deleted or edited output, other options or another version convert
// again.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manifestEntry, manifestLine, manifestOptions, readManifest, type ManifestEntry } from '../bindings/cli/manifest.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { BACKENDS } from './helpers/backends.js';
import { cli, ROOT, TEST_VERSION, tileFixtures } from './helpers/cli-in-process.js';
import { testTempDir } from './helpers/temp-dir.js';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const entries = (path: string) => readManifest(readFileSync(path, 'utf8'));
const lineCount = (path: string) => readFileSync(path, 'utf8').split('\n').filter((l) => l !== '').length;

/** Spies on every way a handler decodes or encodes (parseSync, rewriteSync, inspect, encode*): the total of calls. */
function spyOnHandlers(): () => number {
  const spies = FORMATS.flatMap((f) => (['parseSync', 'rewriteSync', 'inspect', 'encodeSync', 'encodeFiles'] as const).filter((m) => typeof f[m] === 'function').map((m) => vi.spyOn(f, m)));
  return () => spies.reduce((sum, s) => sum + s.mock.calls.length, 0);
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** A folder of inputs (fixtures tiled, plus one broken file) and the arguments of a run over it. */
function setup(count = 12) {
  const dir = testTempDir('manifest');
  const root = join(dir, 'in');
  tileFixtures(root, count);
  writeFileSync(join(root, 'broken.mesh'), readFileSync(join(ROOT, 'fixtures', 'tube.mesh')).subarray(0, 1000));
  const out = join(dir, 'out');
  const manifest = join(dir, 'run.jsonl');
  const args = (...more: string[]) => ['convert', root, '--to', 'glb', '--out-dir', out, '--jobs', '1', '--manifest', manifest, '--json', ...more];
  return { dir, root, out, manifest, args };
}

describe('--manifest: one line per input read, true to the files on disk', () => {
  for (const backend of BACKENDS) {
    it(`${backend}: input path, size, SHA-256, options, version, outputs and their SHA-256, warnings; the broken file's error`, async () => {
      const { root, out, manifest, args } = setup();
      const r = await cli(args('--backend', backend, '--up-axis', 'keep', '--flip-v'));
      expect(r.code).toBe(1); // broken.mesh
      const map = entries(manifest);
      expect(lineCount(manifest)).toBe(13);
      expect(map.size).toBe(13);
      for (const line of r.lines) {
        const rel = relative(root, String(line.input)).split('\\').join('/');
        const entry = map.get(rel)!;
        expect(entry, rel).toBeDefined();
        const bytes = readFileSync(String(line.input));
        expect(entry).toMatchObject({ input: rel, size: bytes.byteLength, sha256: sha(bytes), version: TEST_VERSION });
        expect(entry.options).toEqual({ flags: { 'flip-v': true, 'up-axis': 'keep' }, to: 'glb' });
        expect(Object.keys(entry.options)).toEqual(['flags', 'to']);
        if (line.ok) {
          expect(entry.error).toBeUndefined();
          const outputs = line.outputs as string[];
          expect(entry.outputs!.map((o) => o.name)).toEqual(outputs.map((p) => relative(out, p).split('\\').join('/')));
          for (const o of entry.outputs!) expect(o.sha256).toBe(sha(readFileSync(join(out, o.name))));
          expect(entry.warnings ?? []).toEqual(line.warnings);
        } else {
          expect(rel).toBe('broken.mesh');
          expect(entry.outputs).toBeUndefined();
          expect(entry.error).toEqual(line.error);
          expect(entry.error).toMatchObject({ format: 'unigine', code: expect.any(String), offset: expect.any(Number) });
        }
      }
    });
  }

  it('outputs are byte-identical across backends: a manifest made on one lets a rerun on another skip everything', async () => {
    const { manifest, args } = setup();
    await cli(args('--backend', 'wasm-simd'));
    for (const backend of ['wasm-scalar', 'js']) {
      const r = await cli(args('--backend', backend, '--incremental'));
      expect(r.lines.filter((l) => l.skipped === true)).toHaveLength(12);
    }
    expect(entries(manifest).size).toBe(13);
  });
});

describe('reading manifests: the last line for an input wins', () => {
  const entry = (input: string, n: number): ManifestEntry => manifestEntry({ input, bytes: new Uint8Array([n]), options: manifestOptions({ to: 'glb' }), version: '1' });

  it('later lines replace earlier ones; blank lines, other JSON and a torn last line are skipped', () => {
    const text = [entry('a.mesh', 1), entry('b.mesh', 2), entry('a.mesh', 3)].map(manifestLine).join('') + '\n[1,2]\n{"summary":{}}\n' + manifestLine(entry('c.mesh', 4)).slice(0, 30);
    const map = readManifest(text);
    expect([...map.keys()].sort()).toEqual(['a.mesh', 'b.mesh']);
    expect(map.get('a.mesh')!.sha256).toBe(sha(new Uint8Array([3])));
  });

  it('`cat shard-0.jsonl shard-1.jsonl`: a shard manifest with a torn last line loses only that line', () => {
    const torn = manifestLine(entry('a.mesh', 1)) + manifestLine(entry('x.mesh', 9)).slice(0, 40);
    const other = manifestLine(entry('b.mesh', 2)) + manifestLine(entry('c.mesh', 3));
    const map = readManifest(torn + other);
    expect([...map.keys()].sort()).toEqual(['a.mesh', 'b.mesh', 'c.mesh']);
  });

  it('options are canonical: the same flags in any order give the same text', () => {
    const a = manifestOptions({ to: 'iqm', flags: { 'up-axis': 'keep', 'frame-rate': 24 } });
    const b = manifestOptions({ to: 'iqm', flags: { 'frame-rate': 24, 'up-axis': 'keep' } });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).toBe('{"flags":{"frame-rate":24,"up-axis":"keep"},"to":"iqm"}');
  });

  it('sharded runs, one manifest each, concatenate into the unsharded run\'s manifest', async () => {
    const { dir, root, args, manifest } = setup(30);
    await cli(args());
    const whole = entries(manifest);
    const parts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const part = join(dir, `shard-${i}.jsonl`);
      await cli(['convert', root, '--to', 'glb', '--out-dir', join(dir, 'sharded'), '--jobs', '1', '--manifest', part, '--shard', `${i}/3`]);
      parts.push(readFileSync(part, 'utf8'));
    }
    const merged = readManifest(parts.join(''));
    expect(merged.size).toBe(whole.size);
    for (const [input, e] of whole) expect(merged.get(input)).toEqual(e);
  });

  it('a run appending to a manifest whose last line was torn (a killed run) starts a line of its own', async () => {
    const { manifest, args } = setup(4);
    await cli(args());
    const before = readFileSync(manifest, 'utf8');
    writeFileSync(manifest, before + before.split('\n')[0]!.slice(0, 25));
    await cli(args('--force'));
    const map = entries(manifest);
    expect(map.size).toBe(5);
    expect(lineCount(manifest)).toBe(11); // 5 + the torn one + 5
  });
});

describe('--incremental', () => {
  for (const backend of BACKENDS) {
    it(`${backend}: a rerun over unchanged inputs decodes nothing and appends nothing; the failed input is tried again`, async () => {
      const { manifest, args } = setup();
      expect((await cli(args('--backend', backend))).code).toBe(1);
      const lines = lineCount(manifest);
      const calls = spyOnHandlers();
      // Without the broken file, nothing at all is decoded.
      rmSync(join(manifest, '..', 'in', 'broken.mesh'));
      const r = await cli(args('--backend', backend, '--incremental'));
      expect(r.code, r.err).toBe(0);
      expect(r.lines).toHaveLength(12);
      for (const l of r.lines) expect(l).toMatchObject({ ok: true, skipped: true });
      expect(r.summary).toMatchObject({ converted: 0, skipped: 12, failed: 0 });
      expect(calls()).toBe(0);
      expect(lineCount(manifest)).toBe(lines);
    });
  }

  it('a failed input is converted again (decoded) and its new error appended', async () => {
    const { manifest, args } = setup(2);
    await cli(args());
    const calls = spyOnHandlers();
    const r = await cli(args('--incremental'));
    expect(r.code).toBe(1);
    expect(r.lines.find((l) => String(l.input).endsWith('broken.mesh'))).toMatchObject({ ok: false });
    expect(calls()).toBeGreaterThan(0);
    expect(lineCount(manifest)).toBe(4);
  });

  it('a changed input converts again and replaces its own earlier outputs without --force; the others stay skipped', async () => {
    const { root, out, manifest, args } = setup();
    await cli(args());
    const target = join(root, 'tile-0000.iqm');
    const earlier = readFileSync(join(out, 'tile-0000.iqm.glb'));
    copyFileSync(join(ROOT, 'fixtures', 'tube.glb'), target); // other content, same name
    const parse = vi.spyOn(FORMATS.find((f) => f.name === 'glb')!, 'parseSync');
    const r = await cli(args('--incremental'));
    const converted = r.lines.filter((l) => l.ok === true && l.skipped === undefined);
    expect(converted.map((l) => l.input)).toEqual([target]);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(readFileSync(join(out, 'tile-0000.iqm.glb')).equals(earlier)).toBe(false);
    expect(entries(manifest).get('tile-0000.iqm')!.sha256).toBe(sha(readFileSync(target)));
  });

  it('a deleted output is made again; an edited output is not skipped and, not being the one recorded, not replaced without --force', async () => {
    const { out, args } = setup(6);
    await cli(args());
    rmSync(join(out, 'tile-0000.mesh.glb'));
    appendFileSync(join(out, 'tile-0000.iqm.glb'), 'edited');
    const r = await cli(args('--incremental'));
    expect(r.code).toBe(1);
    const byName = new Map(r.lines.map((l) => [relative(join(out, '..', 'in'), String(l.input)), l]));
    expect(byName.get('tile-0000.mesh')).toMatchObject({ ok: true, rewritten: false });
    expect(byName.get('tile-0000.mesh')!.skipped).toBeUndefined();
    expect(byName.get('tile-0000.iqm')).toMatchObject({ ok: false, error: { code: 'OUTPUT_EXISTS' } });
    expect(byName.get('tile-0000.glb')).toMatchObject({ skipped: true });
    const forced = await cli(args('--incremental', '--force'));
    expect(forced.lines.filter((l) => l.skipped === undefined).map((l) => relative(join(out, '..', 'in'), String(l.input))).sort()).toEqual(['broken.mesh', 'tile-0000.iqm']);
  });

  it('other options or another meshcodec version convert everything again (replacing the recorded outputs)', async () => {
    const { args } = setup(6);
    await cli(args());
    const flipped = await cli(args('--incremental', '--flip-winding'));
    expect(flipped.summary).toMatchObject({ converted: 6, skipped: 0, failed: 1 });
    const same = await cli(args('--incremental', '--flip-winding'));
    expect(same.summary).toMatchObject({ converted: 0, skipped: 6 });
    const upgraded = await cli(args('--incremental', '--flip-winding'), {}, '10.0.0');
    expect(upgraded.summary).toMatchObject({ converted: 6, skipped: 0 });
  });

  it('a run without --incremental that failed on existing outputs (OUTPUT_EXISTS) does not keep the next incremental run from replacing them', async () => {
    const { manifest, args } = setup(3);
    await cli(args());
    const plain = await cli(args());
    expect(plain.lines.filter((l) => (l.error as { code?: string } | undefined)?.code === 'OUTPUT_EXISTS')).toHaveLength(3);
    expect([...entries(manifest).values()].every((e) => e.error !== undefined)).toBe(true);
    const healed = await cli(args('--incremental'));
    expect(healed.summary).toMatchObject({ converted: 3, skipped: 0, failed: 1 });
    const again = await cli(args('--incremental'));
    expect(again.summary).toMatchObject({ converted: 0, skipped: 3, failed: 1 });
  });

  it('usage: --incremental needs --manifest, and cannot check -o -', async () => {
    const { root, out } = setup(1);
    expect(await cli(['convert', root, '--to', 'glb', '--out-dir', out, '--incremental'])).toMatchObject({ code: 2, err: expect.stringMatching(/--incremental needs --manifest/) });
    expect(await cli(['convert', join(root, 'tile-0000.mesh'), '--to', 'glb', '-o', '-', '--manifest', join(out, 'm.jsonl'), '--incremental'])).toMatchObject({ code: 2, err: expect.stringMatching(/cannot check an output written to stdout/) });
  });

  it('-o FILE: skipped when unchanged, converted again when -o names another file', async () => {
    const { dir, root } = setup(1);
    const manifest = join(dir, 'one.jsonl');
    const input = join(root, 'tile-0000.mesh');
    const run = (o: string) => cli(['convert', input, '-o', join(dir, o), '--manifest', manifest, '--incremental', '--json']);
    expect((await run('x.glb')).summary).toMatchObject({ converted: 1 });
    expect((await run('x.glb')).summary).toMatchObject({ skipped: 1 });
    expect((await run('y.glb')).summary).toMatchObject({ converted: 1, skipped: 0 });
    expect(entries(manifest).get('tile-0000.mesh')!.outputs!.map((o) => o.name)).toEqual(['y.glb']);
  });
});

describe('a manifest is input too', () => {
  it('lines of the wrong shape are skipped, never trusted: outputs that are not a list, names leaving the output folder', async () => {
    const { dir, manifest, args } = setup(2);
    await cli(args());
    const good = entries(manifest).get('tile-0000.mesh')!;
    const bad: unknown[] = [
      { ...good, outputs: 5 },
      { ...good, outputs: [{ name: 7, sha256: 'x' }] },
      { ...good, warnings: [1] },
      { ...good, options: [] },
      { ...good, error: 'boom' },
    ];
    for (const line of bad) {
      expect(readManifest(JSON.stringify(line) + '\n').size).toBe(0);
      writeFileSync(manifest, JSON.stringify(line) + '\n');
      const r = await cli(args('--incremental'));
      expect(r.lines.some((l) => l.skipped === true)).toBe(false);
    }
    // An entry whose output names leave the output folder: the file there is neither read as the output nor replaced.
    const outside = join(dir, 'outside.glb');
    writeFileSync(outside, 'not ours');
    const traversal = { ...good, outputs: [{ name: '../outside.glb', sha256: sha(readFileSync(outside)) }] };
    writeFileSync(manifest, JSON.stringify(traversal) + '\n');
    const r = await cli(args('--incremental', '--force'));
    expect(r.lines.find((l) => String(l.input).endsWith('tile-0000.mesh'))).toMatchObject({ ok: true });
    expect(r.lines.find((l) => String(l.input).endsWith('tile-0000.mesh'))!.skipped).toBeUndefined();
    expect(readFileSync(outside, 'utf8')).toBe('not ours');
  });

  it('a manifest path that cannot be opened (a folder) is refused before any file is read (exit 2)', async () => {
    const { dir, root, out } = setup(1);
    const calls = spyOnHandlers();
    const r = await cli(['convert', root, '--to', 'glb', '--out-dir', out, '--manifest', dir]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--manifest: .*EISDIR/);
    expect(calls()).toBe(0);
  });
});

describe('the built command (dist/cli.js) with its worker pool', () => {
  // The pool takes each input's bytes over to a worker thread: the manifest must describe the input as read, not the emptied buffer.
  it('--jobs 2: sizes and SHA-256 of the inputs as on disk; a rerun with --incremental skips every one', () => {
    const cliPath = join(ROOT, 'dist', 'cli.js');
    if (!existsSync(cliPath)) throw new Error(`${cliPath} is missing: run \`npm run build\` first (npm test does)`);
    const { root, out, manifest } = setup(12);
    rmSync(join(root, 'broken.mesh'));
    const run = (...more: string[]) => spawnSync(process.execPath, [cliPath, 'convert', root, '--to', 'glb', '--out-dir', out, '--jobs', '2', '--manifest', manifest, '--json', ...more], { encoding: 'utf8' });
    expect(run().status).toBe(0);
    const map = entries(manifest);
    expect(map.size).toBe(12);
    for (const [input, entry] of map) {
      const bytes = readFileSync(join(root, input));
      expect(entry, input).toMatchObject({ size: bytes.byteLength, sha256: sha(bytes) });
    }
    const rerun = run('--incremental');
    expect(rerun.status).toBe(0);
    expect(JSON.parse(rerun.stdout.trimEnd().split('\n').at(-1)!).summary).toMatchObject({ converted: 0, skipped: 12 });
  });

  it('shard processes running at once may append to one manifest: every line whole, every input once', async () => {
    const cliPath = join(ROOT, 'dist', 'cli.js');
    const { root, out, manifest } = setup(60);
    rmSync(join(root, 'broken.mesh'));
    const runs = [0, 1, 2].map(
      (i) =>
        new Promise<number | null>((done) => {
          const child = spawn(process.execPath, [cliPath, 'convert', root, '--to', 'glb', '--out-dir', out, '--jobs', '2', '--manifest', manifest, '--shard', `${i}/3`, '--quiet'], { stdio: 'ignore' });
          child.on('close', done);
        }),
    );
    expect(await Promise.all(runs)).toEqual([0, 0, 0]);
    const lines = readFileSync(manifest, 'utf8').split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(60);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(entries(manifest).size).toBe(60);
  });
});

describe('inputs that share a path under their roots', () => {
  it('two folders holding the same names: the second input is `NAME#2`, and incremental reruns skip both', async () => {
    const dir = testTempDir('manifest-same-names');
    tileFixtures(join(dir, 'a'), 3, ['tube.iqm']);
    tileFixtures(join(dir, 'b'), 3, ['tube.iqm']);
    const manifest = join(dir, 'run.jsonl');
    const args = ['convert', join(dir, 'a'), join(dir, 'b'), '--to', 'glb', '--out-dir', join(dir, 'out'), '--jobs', '1', '--manifest', manifest, '--json'];
    const first = await cli(args);
    expect(first.code, first.err).toBe(0);
    const map = entries(manifest);
    expect(map.get('a/b01/tile-0001.iqm')!.outputs!.map((o) => o.name)).not.toEqual(map.get('a/b01/tile-0001.iqm#2')!.outputs!.map((o) => o.name));
    expect(map.size).toBe(6);
    const rerun = await cli([...args, '--incremental']);
    expect(rerun.code, rerun.err).toBe(0);
    expect(rerun.summary).toMatchObject({ converted: 0, skipped: first.lines.length });
  });
});

