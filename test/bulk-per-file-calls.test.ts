// The per-file system calls and event-loop turns of a bulk conversion (issue 22 item 5, round six):
// a single output written without --force is not stat'ed first (its hard link refuses an existing
// file, classified afterwards as OUTPUT_EXISTS or WOULD_OVERWRITE_INPUT), the inputs' device and
// inode are taken only when an output exists, and the event loop gets a turn once an interval has
// passed rather than after every file. What a user sees is unchanged: the same refusals, nothing
// replaced, no temporary left.
import { copyFileSync, linkSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFilesAtomicSync } from '../bindings/cli/atomic-write.js';
import { claimTargets, InputIdentities } from '../bindings/cli/claim-targets.js';
import { convertBatchFile, type BatchWriter } from '../bindings/cli/convert-batch.js';
import { EventLoopTurns } from '../bindings/cli/event-loop-turns.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { cli, ROOT } from './helpers/cli-in-process.js';
import { testTempDir } from './helpers/temp-dir.js';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('a single output without --force: the link decides', () => {
  it('claimTargets asks nothing of one path (null), and still asks every path of several', () => {
    const dir = testTempDir('per-file-calls');
    writeFileSync(join(dir, 'old.glb'), 'old');
    const ids = new InputIdentities([]);
    expect(claimTargets([join(dir, 'old.glb')], ids, new Set(), true)).toEqual([null]);
    expect(claimTargets([join(dir, 'old.msh'), join(dir, 'old.glb')], ids, new Set(), true)).toEqual([false, true]);
    expect(claimTargets([join(dir, 'old.glb')], ids, new Set(), false)).toEqual([true]);
  });

  it('an existing file is refused as OUTPUT_EXISTS by the link, left as it was, and no temporary stays', () => {
    const dir = testTempDir('per-file-calls');
    const path = join(dir, 'a.glb');
    writeFileSync(path, 'before');
    const ids = new InputIdentities([]);
    const existing = claimTargets([path], ids, new Set(), true);
    expect(() => writeFilesAtomicSync([{ path, bytes: bytes(1, 2) }], false, existing, ids)).toThrow(expect.objectContaining({ code: 'OUTPUT_EXISTS' }));
    expect(readFileSync(path, 'utf8')).toBe('before');
    expect(readdirSync(dir)).toEqual(['a.glb']);
  });

  it('an input of the run under the output name (a hard link to it) is refused as WOULD_OVERWRITE_INPUT', () => {
    const dir = testTempDir('per-file-calls');
    writeFileSync(join(dir, 'input.mesh'), 'input');
    linkSync(join(dir, 'input.mesh'), join(dir, 'alias.glb'));
    const ids = new InputIdentities([join(dir, 'input.mesh')]);
    const path = join(dir, 'alias.glb');
    const existing = claimTargets([path], ids, new Set(), true);
    expect(() => writeFilesAtomicSync([{ path, bytes: bytes(1) }], false, existing, ids)).toThrow(expect.objectContaining({ code: 'WOULD_OVERWRITE_INPUT' }));
    expect(readFileSync(join(dir, 'input.mesh'), 'utf8')).toBe('input');
    expect(readdirSync(dir).sort()).toEqual(['alias.glb', 'input.mesh']);
  });

  it('a new output is written whole under its name, one link to it', () => {
    const dir = testTempDir('per-file-calls');
    const path = join(dir, 'sub', 'b.glb');
    writeFilesAtomicSync([{ path, bytes: bytes(7, 8, 9) }], false, claimTargets([path], new InputIdentities([]), new Set(), true));
    expect([...readFileSync(path)]).toEqual([7, 8, 9]);
    expect(statSync(path).nlink).toBe(1);
    expect(readdirSync(join(dir, 'sub'))).toEqual(['b.glb']);
  });
});

describe('InputIdentities', () => {
  it("takes the inputs' device and inode when first asked, not when made", () => {
    const dir = testTempDir('per-file-calls');
    const input = join(dir, 'late.mesh');
    const ids = new InputIdentities([input, join(dir, 'absent.mesh')]);
    writeFileSync(input, 'made after the set'); // a stat at construction would have missed it
    const s = statSync(input);
    expect(ids.has(`${s.dev}:${s.ino}`)).toBe(true);
    expect(ids.has('0:0')).toBe(false);
  });
});

describe('EventLoopTurns', () => {
  it('gives the loop no turn within the interval, and one once it has passed', async () => {
    let ran = false;
    setImmediate(() => (ran = true));
    const rare = new EventLoopTurns(60_000);
    await rare.maybe();
    expect(ran).toBe(false);
    const every = new EventLoopTurns(0);
    await every.maybe();
    expect(ran).toBe(true);
  });
});

describe('a thread that met an existing output asks first from then on', () => {
  const kernels = allKernels();
  for (const backend of BACKENDS) {
    it(`${backend}: the first refusal comes from the link, the next ones from a stat, with the same error and nothing left behind`, async () => {
      const dir = testTempDir('per-file-calls');
      copyFileSync(join(ROOT, 'fixtures', 'tube.iqm'), join(dir, 'tube.iqm'));
      const settings = { to: 'glb', flags: {}, force: false, validate: false };
      const file = { inputPath: join(dir, 'tube.iqm'), dir, stem: 'tube' };
      const fresh = (): BatchWriter => ({ inputIds: new InputIdentities([file.inputPath]), written: new Set() });
      const first = await convertBatchFile(file, settings, kernels[backend], fresh());
      expect(first.ok).toBe(true);
      const before = readFileSync(join(dir, 'tube.glb'));
      const writer = fresh();
      const again = await convertBatchFile(file, settings, kernels[backend], writer);
      expect(again).toMatchObject({ ok: false, error: { code: 'OUTPUT_EXISTS' } });
      expect(writer.askFirst).toBe(true);
      writer.written.clear();
      const third = await convertBatchFile(file, settings, kernels[backend], writer);
      expect(third).toMatchObject({ ok: false, error: { code: 'OUTPUT_EXISTS' } });
      expect(readFileSync(join(dir, 'tube.glb')).equals(before)).toBe(true);
      expect(readdirSync(dir).sort()).toEqual(['tube.glb', 'tube.iqm']);
    });
  }

  it('a rerun over a converted tree without --force refuses every file (OUTPUT_EXISTS), replaces nothing and leaves no temporary', async () => {
    const dir = testTempDir('per-file-calls');
    for (const name of ['tube.iqm', 'tube.mesh', 'tube.msh', 'tube.msh.blob', 'tube.apg']) copyFileSync(join(ROOT, 'fixtures', name), join(dir, name));
    const out = join(testTempDir('per-file-calls'), 'out');
    const first = await cli(['convert', dir, '--to', 'glb', '--out-dir', out, '--json', '--quiet', '--jobs', '1']);
    expect(first.code).toBe(0);
    const written = readdirSync(out).sort();
    const bytes = written.map((name) => readFileSync(join(out, name)));
    const again = await cli(['convert', dir, '--to', 'glb', '--out-dir', out, '--json', '--quiet', '--jobs', '1']);
    expect(again.code).toBe(1);
    expect(again.lines.length).toBe(first.lines.length);
    for (const line of again.lines) expect(line).toMatchObject({ ok: false, error: { code: 'OUTPUT_EXISTS' } });
    expect(readdirSync(out).sort()).toEqual(written);
    written.forEach((name, i) => expect(readFileSync(join(out, name)).equals(bytes[i]!)).toBe(true));
  });
});
