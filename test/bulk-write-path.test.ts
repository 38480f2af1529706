// The per-file write path of a bulk conversion (issue 22 item 5): one stat per output answers both
// "is it an input of the run?" and "does it exist?", a forced write renames its temporary (nothing
// left to remove), a linked one is removed, and a sibling resolver still reads only inside the
// input's folder, through a symbolic link to the folder too.
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFilesAtomic, writeFilesAtomicSync } from '../bindings/cli/atomic-write.js';
import { claimTargets } from '../bindings/cli/claim-targets.js';
import { nodeSiblingResolver } from '../bindings/node/sibling-resolver.js';
import { testTempDir } from './helpers/temp-dir.js';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('claimTargets', () => {
  it('says which outputs exist, refuses an input under another name (same inode) and a path written twice', () => {
    const dir = testTempDir('write-path');
    writeFileSync(join(dir, 'input.mesh'), 'input');
    linkSync(join(dir, 'input.mesh'), join(dir, 'alias.glb'));
    writeFileSync(join(dir, 'old.glb'), 'old');
    const s = statSync(join(dir, 'input.mesh'));
    const inputs = new Set([`${s.dev}:${s.ino}`]);
    const written = new Set<string>();
    expect(claimTargets([join(dir, 'new.glb'), join(dir, 'old.glb')], inputs, written)).toEqual([false, true]);
    expect(() => claimTargets([join(dir, 'alias.glb')], inputs, written)).toThrow(expect.objectContaining({ code: 'WOULD_OVERWRITE_INPUT' }));
    expect(() => claimTargets([join(dir, 'new.glb')], inputs, written)).toThrow(expect.objectContaining({ code: 'OUTPUT_COLLISION' }));
    expect(readFileSync(join(dir, 'input.mesh'), 'utf8')).toBe('input');
  });
});

describe('writeFilesAtomicSync', () => {
  it("takes the caller's stat: a path said to exist is refused without --force, before anything is written", () => {
    const dir = testTempDir('write-path');
    expect(() => writeFilesAtomicSync([{ path: join(dir, 'a.glb'), bytes: bytes(1) }], false, [true])).toThrow(expect.objectContaining({ code: 'OUTPUT_EXISTS' }));
    expect(readdirSync(dir)).toEqual([]);
  });

  it('replaces with --force, links without it, and leaves no temporary either way', async () => {
    const dir = testTempDir('write-path');
    const main = join(dir, 'out', 'a.msh');
    const blob = join(dir, 'out', 'a.msh.blob');
    writeFilesAtomicSync([{ path: main, bytes: bytes(1) }, { path: blob, bytes: bytes(2) }], false, [false, false]);
    expect([...readFileSync(main)]).toEqual([1]);
    // linked, then the temporary removed: one name per file
    expect(statSync(main).nlink).toBe(1);
    await expect(writeFilesAtomic([{ path: main, bytes: bytes(3) }], false)).rejects.toMatchObject({ code: 'OUTPUT_EXISTS' });
    writeFilesAtomicSync([{ path: main, bytes: bytes(4) }, { path: blob, bytes: bytes(5) }], true);
    expect([...readFileSync(main)]).toEqual([4]);
    expect([...readFileSync(blob)]).toEqual([5]);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['a.msh', 'a.msh.blob']);
  });
});

describe('nodeSiblingResolver', () => {
  it('reads companions of an input reached through a symbolic link to its folder, and nothing that leads out', () => {
    const dir = testTempDir('write-path');
    mkdirSync(join(dir, 'real'));
    writeFileSync(join(dir, 'real', 'm.msh'), 'main');
    writeFileSync(join(dir, 'real', 'm.msh.blob'), 'blob');
    writeFileSync(join(dir, 'outside.bin'), 'secret');
    symlinkSync(join(dir, 'outside.bin'), join(dir, 'real', 'escape.bin'));
    symlinkSync(join(dir, 'real'), join(dir, 'via'));
    const resolve = nodeSiblingResolver(join(dir, 'via', 'm.msh'));
    expect(Buffer.from(resolve('m.msh.blob')!).toString()).toBe('blob');
    expect(resolve('escape.bin')).toBeUndefined();
    expect(resolve('absent.png')).toBeUndefined();
    expect(Buffer.from(resolve('m.msh.blob')!).toString()).toBe('blob'); // asked again: the folder's real path taken once
    expect(existsSync(join(dir, 'via', 'escape.bin'))).toBe(true);
  });
});
