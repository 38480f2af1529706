// The CLI's pieces in isolation: glob matching, output naming, atomic writes, the progress bar
// on a terminal, the warning tally, and the sibling resolver the CLI hands to readers.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFilesAtomic } from '../bindings/cli/atomic-write.js';
import { globToRegExp, splitGlob } from '../bindings/cli/glob.js';
import { expandInputs } from '../bindings/cli/inputs.js';
import { planOutputs } from '../bindings/cli/output-plan.js';
import { Progress } from '../bindings/cli/progress.js';
import type { CliIO } from '../bindings/cli/stdio.js';
import { WarningTally } from '../bindings/cli/warning-tally.js';
import { nodeSiblingResolver } from '../bindings/node/sibling-resolver.js';
import type { FormatHandler } from '../bindings/formats/format.js';
import { unigineFormat } from '../bindings/formats/unigine/index.js';
import { detectFormat } from '../bindings/formats/registry.js';
import { createKernelsSync } from '../bindings/kernels/backend.js';
import { runConvertJob } from '../bindings/workers/convert-job.js';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'meshcodec-cli-parts-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('globs', () => {
  it('splits the folder to walk from the pattern', () => {
    expect(splitGlob('assets/unigine/*.mesh')).toEqual({ base: 'assets/unigine', rest: '*.mesh' });
    expect(splitGlob('**/*.iqm')).toEqual({ base: '.', rest: '**/*.iqm' });
    expect(splitGlob('/abs/x?/y')).toEqual({ base: '/abs', rest: 'x?/y' });
  });

  it('matches *, ?, **, [classes] and {alternatives} on relative paths', () => {
    const cases: [string, string, boolean][] = [
      ['*.mesh', 'a.mesh', true],
      ['*.mesh', 'sub/a.mesh', false],
      ['**/*.mesh', 'a.mesh', true],
      ['**/*.mesh', 'x/y/a.mesh', true],
      ['x/**', 'x/y/z', true],
      ['a?.iqm', 'ab.iqm', true],
      ['a?.iqm', 'a/.iqm', false],
      ['[ab]*.anim', 'b1.anim', true],
      ['[!ab]*.anim', 'b1.anim', false],
      ['*.{mesh,anim}', 'q.anim', true],
      ['*.{mesh,anim}', 'q.iqm', false],
      ['a+b(1).mesh', 'a+b(1).mesh', true],
    ];
    for (const [glob, path, expected] of cases) expect(globToRegExp(glob).test(path), `${glob} ~ ${path}`).toBe(expected);
  });

  it('expands folders and globs to known extensions, keeps relative paths, and reports what names nothing', () => {
    const root = join(dir, 'tree');
    mkdirSync(join(root, 'a', 'b'), { recursive: true });
    for (const name of ['x.mesh', 'a/y.iqm', 'a/b/z.mesh', 'a/readme.txt']) writeFileSync(join(root, name), '');
    const accept = (name: string) => /\.(mesh|iqm)$/.test(name);
    const walked = expandInputs([root, join(root, 'x.mesh')], accept);
    expect(walked.files.map((f) => f.relative)).toEqual([join('a', 'b', 'z.mesh'), join('a', 'y.iqm'), 'x.mesh']);
    expect(walked.missing).toEqual([]);
    const globbed = expandInputs([`${root}/**/*.mesh`, `${root}/*.nothing`, join(root, 'gone.mesh')], accept);
    expect(globbed.files.map((f) => f.relative)).toEqual([join('a', 'b', 'z.mesh'), 'x.mesh']);
    expect(globbed.missing.map((m) => m.error.code)).toEqual(['ENOENT']);
    // A glob that matches nothing (or a folder with no known file) is a usage error naming it.
    expect(globbed.empty).toEqual([{ pattern: `${root}/*.nothing`, why: 'no file matches' }]);
  });
});

describe('output names', () => {
  it('keeps folder structure under --out-dir, writes beside inputs otherwise, and resolves collisions by keeping the source extension', () => {
    const inputs = [
      { path: 'c/QBZ95_long.mesh', relative: 'QBZ95_long.mesh' },
      { path: 'c/QBZ95_long.anim', relative: 'QBZ95_long.anim' },
      { path: 'c/sub/arm.mesh', relative: 'sub/arm.mesh' },
      { path: 'd/arm.mesh', relative: 'arm.mesh' },
      { path: 'e/arm.mesh', relative: 'arm.mesh' },
    ];
    expect(planOutputs(inputs, 'out')).toEqual([
      { dir: 'out', stem: 'QBZ95_long.mesh' },
      { dir: 'out', stem: 'QBZ95_long.anim' },
      { dir: join('out', 'sub'), stem: 'arm' },
      { dir: 'out', stem: 'arm.mesh' },
      { dir: 'out', stem: 'arm-2.mesh' },
    ]);
    expect(planOutputs(inputs.slice(2), undefined)).toEqual([
      { dir: 'c/sub', stem: 'arm' },
      { dir: 'd', stem: 'arm' },
      { dir: 'e', stem: 'arm' },
    ]);
  });
});

describe('atomic writes', () => {
  it('writes every file or none, refuses existing ones without force, and leaves no temporary files', async () => {
    const out = join(dir, 'atomic');
    await writeFilesAtomic([{ path: join(out, 'a.msh'), bytes: new Uint8Array([1]) }, { path: join(out, 'a.msh.blob'), bytes: new Uint8Array([2]) }], false);
    writeFileSync(join(out, 'b.msh.blob'), 'old');
    await expect(writeFilesAtomic([{ path: join(out, 'b.msh'), bytes: new Uint8Array([3]) }, { path: join(out, 'b.msh.blob'), bytes: new Uint8Array([4]) }], false)).rejects.toMatchObject({ code: 'OUTPUT_EXISTS' });
    expect(readdirSync(out).sort()).toEqual(['a.msh', 'a.msh.blob', 'b.msh.blob']);
    await writeFilesAtomic([{ path: join(out, 'a.msh'), bytes: new Uint8Array([9]) }], true);
    expect([...readFileSync(join(out, 'a.msh'))]).toEqual([9]);
    expect(readdirSync(out).filter((n) => n.includes('partial'))).toEqual([]);
  });
});

function fakeIO(tty: boolean) {
  let err = '';
  const io: CliIO = { out: () => undefined, err: (s) => void (err += s), outIsTTY: false, errIsTTY: tty, columns: 80, readStdin: async () => new Uint8Array() };
  return { io, text: () => err };
}

describe('progress', () => {
  it('draws a bar in place on a terminal and prints failures above it', () => {
    const { io, text } = fakeIO(true);
    const p = new Progress(io, 2, false);
    p.fileDone(1000, 'a -> b');
    p.fileFailed('c: error: bad');
    p.finish();
    expect(text()).not.toContain('a -> b');
    expect(text()).toContain('\r\x1b[K[');
    expect(text()).toContain('2/2 files');
    expect(text()).toContain('\r\x1b[Kc: error: bad\n');
  });

  it('prints plain lines when not on a terminal, and only failures when quiet', () => {
    const plain = fakeIO(false);
    const p = new Progress(plain.io, 2, false);
    p.fileDone(1, 'a -> b');
    p.fileFailed('c: error: bad');
    expect(plain.text()).toBe('a -> b\nc: error: bad\n');
    const quiet = fakeIO(true);
    const q = new Progress(quiet.io, 2, true);
    q.fileDone(1, 'a -> b');
    q.fileFailed('c: error: bad');
    expect(quiet.text()).toBe('c: error: bad\n');
  });
});

describe('warning tally', () => {
  it('shows each distinct warning once with its count, most frequent first', () => {
    const tally = new WarningTally();
    for (let i = 0; i < 200; i++) tally.add(['loop flag is not stored']);
    tally.add(['material is not stored', 'loop flag is not stored']);
    tally.add([]);
    expect(tally.summary()).toEqual([
      'warnings: 202 in 201 file(s), 2 distinct (--verbose lists them per file):',
      '    201 × loop flag is not stored',
      '      1 × material is not stored',
    ]);
  });
});

describe('sibling resolver', () => {
  it("reads files in the input's folder and nothing outside it", () => {
    const folder = join(dir, 'siblings');
    mkdirSync(join(folder, 'inner'), { recursive: true });
    writeFileSync(join(folder, 'model.msh'), 'main');
    writeFileSync(join(folder, 'model.msh.blob'), 'blob');
    writeFileSync(join(folder, 'inner', 'tex.bin'), 'inner');
    writeFileSync(join(dir, 'secret.bin'), 'secret');
    symlinkSync(join(dir, 'secret.bin'), join(folder, 'link.bin'));
    const resolve = nodeSiblingResolver(join(folder, 'model.msh'));
    const text = (name: string) => {
      const bytes = resolve(name);
      return bytes && Buffer.from(bytes).toString();
    };
    expect(text('model.msh.blob')).toBe('blob');
    expect(text('inner/tex.bin')).toBe('inner');
    expect(text('missing.bin')).toBeUndefined();
    expect(text('../secret.bin')).toBeUndefined();
    expect(text(join(dir, 'secret.bin'))).toBeUndefined();
    expect(text('link.bin')).toBeUndefined();
    expect(text('inner')).toBeUndefined();
    expect(text('')).toBeUndefined();
  });
});

describe('convert job', () => {
  const tube = new Uint8Array(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'tube.mesh')));
  const kernels = createKernelsSync('js');

  it("rewrites a same-format file with the handler's rewriteSync when it has one, unless the output's extension changes the kind", () => {
    const calls: Uint8Array[] = [];
    const handler = unigineFormat as FormatHandler;
    handler.rewriteSync = (bytes) => {
      calls.push(bytes);
      return bytes.slice();
    };
    try {
      const same = runConvertJob({ bytes: tube, inputPath: 'in/tube.mesh', to: 'unigine', outputStem: 'tube' }, kernels);
      expect(same).toMatchObject({ ok: true, rewritten: true, files: [{ name: 'tube.mesh', bytes: tube }] });
      const named = runConvertJob({ bytes: tube, inputPath: 'in/tube.mesh', to: 'mesh', outputName: 'out/copy.mesh' }, kernels);
      expect(named).toMatchObject({ ok: true, rewritten: true, files: [{ name: 'copy.mesh' }] });
      const anim = runConvertJob({ bytes: tube, inputPath: 'in/tube.mesh', to: 'unigine', outputName: 'out/tube.anim' }, kernels);
      expect(anim).toMatchObject({ ok: true, rewritten: false, files: [{ name: 'tube.anim' }] });
      expect(calls).toHaveLength(2);
    } finally {
      delete handler.rewriteSync;
    }
  });

  it('returns failures as data with code, format and offset (they cross worker boundaries intact)', () => {
    expect(runConvertJob({ bytes: tube.subarray(0, 1000), inputPath: 'broken.mesh', to: 'iqm', outputStem: 'broken' }, kernels)).toMatchObject({
      ok: false,
      error: { format: 'unigine', offset: expect.any(Number), code: expect.stringMatching(/^[A-Z_]+$/) },
    });
    expect(runConvertJob({ bytes: new Uint8Array(8), inputPath: '-', to: 'iqm' }, kernels)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_FORMAT', format: null } });
  });
});

describe('inspect (info --verbose reads each file once)', () => {
  const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
  for (const name of ['tube.mesh', 'tube.anim', 'tube.iqm']) {
    it(`${name}: inspect gives what parseSync and describe give`, () => {
      const bytes = new Uint8Array(readFileSync(join(fixtures, name)));
      const handler = detectFormat(bytes, name)!;
      const inspected = handler.inspect!(bytes);
      expect(inspected.details).toEqual(handler.describe!(bytes));
      expect(inspected.asset).toEqual(handler.parseSync(bytes));
    });
  }
});
