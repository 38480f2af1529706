// The bulk CLI's per-file overhead, round seven (issue 22 item 5): the walk and the output plan
// build each path from its folder's once (no join, path.relative or resolve per file), folders are
// made with one stat each and not listed for stale temporaries when just made, a claimed batch's
// file and a --jobs 1 run's file are converted without a promise, and a file's format is detected
// once per conversion (test/bulk-detect-once.test.ts). Each against what it replaced: the same
// paths, names, errors and outputs.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeFilesAtomicSync } from '../bindings/cli/atomic-write.js';
import { InputIdentities } from '../bindings/cli/claim-targets.js';
import { convertBatchFile } from '../bindings/cli/convert-batch.js';
import { EventLoopTurns } from '../bindings/cli/event-loop-turns.js';
import { expandInputs, type InputFile } from '../bindings/cli/inputs.js';
import { planOutputs } from '../bindings/cli/output-plan.js';
import { loadAllFormats } from '../bindings/formats/format-index.js';
import { allKernels } from './helpers/backends.js';
import { ROOT } from './helpers/cli-in-process.js';
import { testTempDir } from './helpers/temp-dir.js';

/** planOutputs as it was until round seven (a join, dirname and four resolves per input): the reference. */
function planOutputsBefore(inputs: readonly InputFile[], outDir: string | undefined): { dir: string; stem: string }[] {
  const places = inputs.map((input) => {
    const rel = input.path === '-' ? 'stdin' : input.relative;
    const dir = outDir !== undefined ? join(outDir, dirname(rel)) : dirname(input.path);
    const name = basename(rel);
    return { dir, name, stem: name.slice(0, name.length - extname(name).length) || name };
  });
  const key = (dir: string, stem: string) => resolve(dir, stem).toLowerCase();
  const counts = new Map<string, number>();
  for (const p of places) counts.set(key(p.dir, p.stem), (counts.get(key(p.dir, p.stem)) ?? 0) + 1);
  const taken = new Set<string>();
  return places.map((p) => {
    let stem = counts.get(key(p.dir, p.stem))! > 1 ? p.name : p.stem;
    for (let n = 2; taken.has(key(p.dir, stem)); n++) stem = `${p.stem}-${n}${counts.get(key(p.dir, p.stem))! > 1 ? extname(p.name) : ''}`;
    taken.add(key(p.dir, stem));
    return { dir: p.dir, stem };
  });
}

describe('planOutputs: each folder resolved once', () => {
  const here = process.cwd();
  const folder = fc.constantFrom('', '.', './', 'x', 'x/', './x', 'x//y', 'x/./y', 'y/../x', 'X', join(here, 'x'), join(here, 'X', '..', 'x'), '/', '..', '../x', 'Σίσυφος', 'ΑΣ', 'İ');
  const name = fc.constantFrom('a.iqm', 'a.mesh', 'A.anim', 'a.glb', 'a.GLB', 'a', '.hidden', '...mesh', '..mesh', '.mesh', 'a.b.c', 'a.mesh.glb', 'ΑΣ.mesh', 'ας.iqm', 'İ.mesh', 'i̇.iqm', 'a-2.iqm', 'a-2', 'a.iqm-2.iqm');
  const input = fc.oneof(
    { weight: 12, arbitrary: fc.tuple(folder, fc.constantFrom('', 'sub', 'sub/deeper', 'Sub'), name).map(([f, sub, n]) => ({ path: join(f || '.', sub, n), relative: sub ? `${sub}/${n}` : n })) },
    { weight: 1, arbitrary: fc.constant({ path: '-', relative: 'stdin' }) },
  );
  it('gives the places the round-six plan gave, beside the inputs and under --out-dir (random batches)', () => {
    fc.assert(
      fc.property(fc.array(input, { maxLength: 24 }), fc.constantFrom(undefined, 'out', './out/', join(here, 'out'), '/', '.'), (inputs, outDir) => {
        expect(planOutputs(inputs, outDir)).toEqual(planOutputsBefore(inputs, outDir));
      }),
      { numRuns: 3000 },
    );
  });
});

/** The round-six walk: a join per entry, path.relative per file. */
function walkBefore(folder: string, out: { path: string; real: string }[], depth = Infinity, real = realpathSync.native(folder)): void {
  const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (depth > 1) walkBefore(path, out, depth - 1, join(real, entry.name));
    } else if (entry.isFile() && entry.name.endsWith('.mesh')) out.push({ path, real: join(real, entry.name) });
    else if (entry.isSymbolicLink() && statSync(path).isFile() && entry.name.endsWith('.mesh')) out.push({ path, real: realpathSync.native(path) });
  }
}

describe('expandInputs: paths by concatenation', () => {
  it('gives each file the path join gave and the relative path path.relative gave, however the folder is spelled', () => {
    const dir = testTempDir('per-file-overhead');
    for (const sub of ['a', 'a/b', 'a/b/c', 'A', 'ΑΣ', 'sp ace', 'x.mesh.d']) {
      mkdirSync(join(dir, 'tree', sub), { recursive: true });
      copyFileSync(join(ROOT, 'fixtures', 'tube.mesh'), join(dir, 'tree', sub, 'tube.mesh'));
      copyFileSync(join(ROOT, 'fixtures', 'tube.mesh'), join(dir, 'tree', sub, `${basename(sub)}.mesh`));
    }
    symlinkSync(join(dir, 'tree', 'a', 'b'), join(dir, 'tree', 'linked'));
    symlinkSync(join('..', 'A', 'A.mesh'), join(dir, 'tree', 'a', 'link.mesh'));
    const rel = relative(process.cwd(), join(dir, 'tree'));
    const spellings = [join(dir, 'tree'), `${join(dir, 'tree')}${sep}`, `${join(dir, 'tree')}${sep}${sep}`, join(dir, 'tree', 'a', '..'), `${dir}${sep}.${sep}tree`, rel, `.${sep}${rel}`, `${rel}${sep}`];
    for (const arg of spellings) {
      const expanded = expandInputs([arg], (n) => n.endsWith('.mesh'));
      const walked: { path: string; real: string }[] = [];
      walkBefore(arg, walked);
      const seen = new Set<string>();
      const expected = walked.filter((f) => !seen.has(f.real) && seen.add(f.real));
      expect(expanded.files.map((f) => f.path), arg).toEqual(expected.map((f) => f.path));
      expect(expanded.files.map((f) => f.relative), arg).toEqual(expected.map((f) => relative(arg, f.path)));
      expect(expanded.files.length).toBeGreaterThan(10);
    }
  });

  it('globs match and name files by their path relative to the glob base, as before', () => {
    const dir = testTempDir('per-file-overhead');
    for (const sub of ['a', 'a/b', 'c']) {
      mkdirSync(join(dir, sub), { recursive: true });
      copyFileSync(join(ROOT, 'fixtures', 'tube.mesh'), join(dir, sub, 'tube.mesh'));
    }
    for (const [pattern, files] of [
      [`${dir}/**/*.mesh`, ['a/b/tube.mesh', 'a/tube.mesh', 'c/tube.mesh']],
      [`${dir}/a/*.mesh`, ['tube.mesh']],
      [`${dir}//a/**/*.mesh`, ['b/tube.mesh', 'tube.mesh']],
      [`${dir}/*/tube.mesh`, ['a/tube.mesh', 'c/tube.mesh']],
    ] as const) {
      const expanded = expandInputs([pattern], (n) => n.endsWith('.mesh'));
      expect(expanded.files.map((f) => f.relative), pattern).toEqual(files.map((f) => f.split('/').join(sep)));
      const base = pattern.slice(0, pattern.search(/[*?[{]/)).replace(/\/+$/, '') || '/';
      for (const f of expanded.files) expect(f.relative).toBe(relative(base, f.path));
    }
  });
});

describe('folders for outputs', () => {
  it('a known folder tree removed during the run is made again, and one replaced by a file or a dangling link is refused as before', () => {
    const dir = testTempDir('per-file-overhead');
    const out = join(dir, 'out');
    writeFilesAtomicSync([{ path: join(out, 'a', 'b', 'one.glb'), bytes: new Uint8Array([1]) }], false);
    rmSync(join(out, 'a'), { recursive: true });
    writeFilesAtomicSync([{ path: join(out, 'a', 'c', 'two.glb'), bytes: new Uint8Array([2]) }], false);
    expect([...readFileSync(join(out, 'a', 'c', 'two.glb'))]).toEqual([2]);
    rmSync(join(out, 'a'), { recursive: true });
    writeFileSync(join(out, 'a'), 'a file where the folder was');
    // The stat of the missing folder under the file says ENOTDIR, as it did before.
    expect(() => writeFilesAtomicSync([{ path: join(out, 'a', 'd', 'three.glb'), bytes: new Uint8Array([3]) }], false)).toThrow(expect.objectContaining({ code: 'ENOTDIR', message: `${join(out, 'a', 'd')}: ENOTDIR: not a directory` }));
    expect(readdirSync(out)).toEqual(['a']);
    // A known folder now a dangling link: its mkdir fails, the walk starts again with stats and
    // ends where the round-six walk ended (ENOENT making the folder under the link).
    rmSync(join(out, 'a'));
    symlinkSync(join(dir, 'nowhere'), join(out, 'a'));
    expect(() => writeFilesAtomicSync([{ path: join(out, 'a', 'e', 'four.glb'), bytes: new Uint8Array([4]) }], false)).toThrow(expect.objectContaining({ code: 'ENOENT', message: expect.stringContaining(`${join(out, 'a', 'e')}: ENOENT`) }));
  });

  it('a stale temporary in a folder that existed is still removed; a folder made by the run holds nothing to remove', () => {
    const dir = testTempDir('per-file-overhead');
    mkdirSync(join(dir, 'old'));
    // A killed process's temporary (pid 2^22 + 1 is above Linux's pid_max default, so no live process has it), without a host tag (taken as this machine's).
    const stale = join(dir, 'old', `.x.glb.${2 ** 22 + 1}-0.partial`);
    writeFileSync(stale, 'half');
    writeFilesAtomicSync([{ path: join(dir, 'old', 'x.glb'), bytes: new Uint8Array([1]) }], false);
    expect(readdirSync(join(dir, 'old'))).toEqual(['x.glb']);
    writeFilesAtomicSync([{ path: join(dir, 'new', 'deeper', 'y.glb'), bytes: new Uint8Array([2]) }], false);
    expect(readdirSync(join(dir, 'new', 'deeper'))).toEqual(['y.glb']);
  });
});

describe('no promise per file', () => {
  it('convertBatchFile gives a usual file its result at once, and a --validate one through a promise (the same result)', async () => {
    await loadAllFormats();
    const kernels = allKernels().js;
    const dir = testTempDir('per-file-overhead');
    copyFileSync(join(ROOT, 'fixtures', 'tube.iqm'), join(dir, 'tube.iqm'));
    const file = { inputPath: join(dir, 'tube.iqm'), dir: join(dir, 'out'), stem: 'tube' };
    const writer = () => ({ inputIds: new InputIdentities([file.inputPath]), written: new Set<string>() });
    const now = convertBatchFile(file, { to: 'glb', flags: {}, force: false, validate: false }, kernels, writer());
    expect(now).not.toBeInstanceOf(Promise);
    const later = convertBatchFile({ ...file, dir: join(dir, 'out2') }, { to: 'glb', flags: {}, force: false, validate: true }, kernels, writer());
    expect(later).toBeInstanceOf(Promise);
    const [a, b] = [now as Exclude<typeof now, Promise<unknown>>, await later];
    expect({ ...b, outputs: [] }).toEqual({ ...a, outputs: [] });
    expect(readFileSync(join(dir, 'out', 'tube.glb')).equals(readFileSync(join(dir, 'out2', 'tube.glb')))).toBe(true);
  });

  it('EventLoopTurns: due() is false within the interval, and turn() lets the loop run', async () => {
    let ran = false;
    setImmediate(() => (ran = true));
    const rare = new EventLoopTurns(60_000);
    expect(rare.due()).toBe(false);
    const every = new EventLoopTurns(0);
    expect(every.due()).toBe(true);
    await every.turn();
    expect(ran).toBe(true);
  });
});
