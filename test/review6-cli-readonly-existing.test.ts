// Review of round six's bulk CLI (claimTargets' `linkDecides`): a single output written without
// --force is no longer stat'ed first, and its hard link is meant to refuse an existing file. In a
// folder where nothing can be created (a read-only mount: EROFS; a folder without write permission:
// EACCES) the temporary cannot be made, so the link is never reached: the run said
// "a.iqm: EROFS: read-only file system" where 364d481 said OUTPUT_EXISTS (or WOULD_OVERWRITE_INPUT
// for an input of the run), for an output that exists. The refusal a user sees must not depend on
// whether the folder is writable. The read-only folder is simulated (openSync of a temporary
// fails with EROFS: tests may run as root, and mounting needs privileges); the real permission
// case runs when the tests do not run as root.
import { chmodSync, copyFileSync, linkSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeFilesAtomicSync } from '../bindings/cli/atomic-write.js';
import { claimTargets, InputIdentities } from '../bindings/cli/claim-targets.js';
import { convertBatchFile } from '../bindings/cli/convert-batch.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { ROOT } from './helpers/cli-in-process.js';
import { testTempDir } from './helpers/temp-dir.js';

const readOnly = vi.hoisted(() => new Set<string>());

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const { dirname } = await import('node:path');
  const openSync = ((path: string, flags: string, ...rest: unknown[]) => {
    if (typeof path === 'string' && flags === 'wx' && readOnly.has(dirname(path))) {
      throw Object.assign(new Error(`EROFS: read-only file system, open '${path}'`), { code: 'EROFS', errno: -30, syscall: 'open', path });
    }
    return (fs.openSync as (...a: unknown[]) => number)(path, flags, ...rest);
  }) as typeof fs.openSync;
  return { ...fs, default: { ...fs, openSync }, openSync };
});

afterEach(() => readOnly.clear());

describe('an existing output in a folder where no file can be made', () => {
  it('writeFilesAtomicSync: OUTPUT_EXISTS (not EROFS), the file left as it was', () => {
    const dir = testTempDir('review6-readonly');
    const path = join(dir, 'a.iqm');
    writeFileSync(path, 'before');
    readOnly.add(dir);
    const ids = new InputIdentities([]);
    const existing = claimTargets([path], ids, new Set(), true);
    expect(() => writeFilesAtomicSync([{ path, bytes: new Uint8Array([1, 2]) }], false, existing, ids)).toThrow(expect.objectContaining({ code: 'OUTPUT_EXISTS' }));
    expect(readFileSync(path, 'utf8')).toBe('before');
    expect(readdirSync(dir)).toEqual(['a.iqm']);
  });

  it('writeFilesAtomicSync: an input of the run under the output name is WOULD_OVERWRITE_INPUT (not EROFS)', () => {
    const dir = testTempDir('review6-readonly');
    writeFileSync(join(dir, 'in.glb'), 'input');
    linkSync(join(dir, 'in.glb'), join(dir, 'alias.glb'));
    readOnly.add(dir);
    const ids = new InputIdentities([join(dir, 'in.glb')]);
    const path = join(dir, 'alias.glb');
    const existing = claimTargets([path], ids, new Set(), true);
    expect(() => writeFilesAtomicSync([{ path, bytes: new Uint8Array([1]) }], false, existing, ids)).toThrow(expect.objectContaining({ code: 'WOULD_OVERWRITE_INPUT' }));
    expect(readFileSync(join(dir, 'in.glb'), 'utf8')).toBe('input');
  });

  it('a new output in such a folder still says why it cannot be written (EROFS)', () => {
    const dir = testTempDir('review6-readonly');
    readOnly.add(dir);
    const path = join(dir, 'new.iqm');
    const ids = new InputIdentities([]);
    expect(() => writeFilesAtomicSync([{ path, bytes: new Uint8Array([1]) }], false, claimTargets([path], ids, new Set(), true), ids)).toThrow(expect.objectContaining({ code: 'EROFS' }));
    expect(readdirSync(dir)).toEqual([]);
  });

  const kernels = allKernels();
  for (const backend of BACKENDS) {
    it(`${backend}: convertBatchFile over a converted read-only folder says OUTPUT_EXISTS, as 364d481 did`, async () => {
      const dir = testTempDir('review6-readonly');
      copyFileSync(join(ROOT, 'fixtures', 'tube.iqm'), join(dir, 'tube.iqm'));
      const settings = { to: 'glb', flags: {}, force: false, validate: false };
      const file = { inputPath: join(dir, 'tube.iqm'), dir, stem: 'tube' };
      const fresh = () => ({ inputIds: new InputIdentities([file.inputPath]), written: new Set<string>() });
      expect((await convertBatchFile(file, settings, kernels[backend], fresh())).ok).toBe(true);
      readOnly.add(dir);
      const again = await convertBatchFile(file, settings, kernels[backend], fresh());
      expect(again).toMatchObject({ ok: false, error: { code: 'OUTPUT_EXISTS' } });
      expect(readdirSync(dir).sort()).toEqual(['tube.glb', 'tube.iqm']);
    });
  }

  it.runIf(process.getuid?.() !== 0)('a real folder without write permission: OUTPUT_EXISTS', () => {
    const dir = testTempDir('review6-readonly');
    const path = join(dir, 'a.iqm');
    writeFileSync(path, 'before');
    chmodSync(dir, 0o555);
    try {
      const ids = new InputIdentities([]);
      expect(() => writeFilesAtomicSync([{ path, bytes: new Uint8Array([1]) }], false, claimTargets([path], ids, new Set(), true), ids)).toThrow(expect.objectContaining({ code: 'OUTPUT_EXISTS' }));
    } finally {
      chmodSync(dir, 0o755);
    }
  });
});
