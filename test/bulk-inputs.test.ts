// expandInputs takes each file once however it is reached (issue 22 item 5: the walk now joins a
// folder's real path with its entries' names, and asks realpath(3) only for symbolic links).
import { copyFileSync, mkdirSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expandInputs } from '../bindings/cli/inputs.js';
import { testTempDir } from './helpers/temp-dir.js';

const accept = (name: string) => name.endsWith('.mesh');

/** dir/real/{a.mesh, sub/b.mesh, notes.txt}; dir/via → dir/real; dir/real/sub/link.mesh → ../a.mesh; dir/other/c.mesh → dir/real/sub/b.mesh. */
function tree(): string {
  const dir = testTempDir('bulk-inputs');
  mkdirSync(join(dir, 'real', 'sub'), { recursive: true });
  mkdirSync(join(dir, 'other'));
  const tube = join(__dirname, '..', 'fixtures', 'tube.mesh');
  copyFileSync(tube, join(dir, 'real', 'a.mesh'));
  copyFileSync(tube, join(dir, 'real', 'sub', 'b.mesh'));
  copyFileSync(tube, join(dir, 'real', 'notes.txt'));
  symlinkSync(join(dir, 'real'), join(dir, 'via'));
  symlinkSync(join('..', 'a.mesh'), join(dir, 'real', 'sub', 'link.mesh'));
  symlinkSync(join(dir, 'real', 'sub', 'b.mesh'), join(dir, 'other', 'c.mesh'));
  return dir;
}

const paths = (dir: string, args: string[]) => expandInputs(args, accept).files.map((f) => relative(dir, f.path));

describe('expandInputs reads each file once', () => {
  it('a folder walked: files and links to files under it, a link to a file already found taken once', () => {
    const dir = tree();
    expect(paths(dir, [join(dir, 'real')])).toEqual(['real/a.mesh', 'real/sub/b.mesh']);
  });

  it('one folder named directly, through a link, and spelled with ..: its files once', () => {
    const dir = tree();
    expect(paths(dir, [join(dir, 'real'), join(dir, 'via'), join(dir, 'other', '..', 'real')])).toEqual(['real/a.mesh', 'real/sub/b.mesh']);
    expect(paths(dir, [join(dir, 'via'), join(dir, 'real')])).toEqual(['via/a.mesh', 'via/sub/b.mesh']);
  });

  it('a file named before its folder, a link from another folder, and a glob through the linked folder: once each', () => {
    const dir = tree();
    expect(paths(dir, [join(dir, 'real', 'sub', 'b.mesh'), join(dir, 'other'), join(dir, 'real')])).toEqual(['real/sub/b.mesh', 'real/a.mesh']);
    expect(paths(dir, [join(dir, 'via', '**', '*.mesh'), join(dir, 'real', 'sub', 'link.mesh'), join(dir, 'other', 'c.mesh')])).toEqual(['via/a.mesh', 'via/sub/b.mesh']);
  });

  it('relative arguments resolve against the working folder as absolute ones do', () => {
    const dir = tree();
    const cwd = process.cwd();
    try {
      process.chdir(join(dir, 'other'));
      expect(paths(dir, [join('..', 'real'), join(dir, 'via', 'a.mesh'), 'c.mesh'])).toEqual(['real/a.mesh', 'real/sub/b.mesh']);
    } finally {
      process.chdir(cwd);
    }
  });
});
