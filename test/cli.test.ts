// Drives the built command (dist/cli.js, as `npm test` builds it) over a temporary folder of
// good and broken files: exit codes, stdout/stderr separation, collisions, --force, atomic
// outputs, the worker pool, stdin/stdout, EPIPE, validate --json.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS, formatByName } from '../bindings/formats/registry.js';
import { iqmFormat } from '../bindings/formats/iqm/index.js';
import { unigineFormat } from '../bindings/formats/unigine/index.js';
import { summarizeAsset } from '../bindings/model/asset.js';
import { corpusAvailable, corpusPath } from './helpers/corpus.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

let dir = '';
const inDir = () => join(dir, 'in');

function run(args: string[], input?: Uint8Array) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, input, maxBuffer: 64 << 20 });
  return { code: r.status, stdout: r.stdout, out: r.stdout.toString('utf8'), err: r.stderr.toString('utf8') };
}

function filesUnder(folder: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) (e.isDirectory() ? walk : (p: string) => out.push(relative(folder, p)))(join(d, e.name));
  };
  walk(folder);
  return out.sort();
}

/** The per-file lines of a --json run (JSON Lines), without the final summary line. */
const fileLines = (out: string) => out.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>).filter((o) => !('summary' in o));

const magic = (path: string) => readFileSync(path).subarray(0, 4).toString('latin1');

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first (npm test does)`);
  dir = mkdtempSync(join(tmpdir(), 'meshcodec-cli-'));
  mkdirSync(join(inDir(), 'sub'), { recursive: true });
  for (const name of ['tube.mesh', 'tube.anim', 'tube.iqm']) copyFileSync(join(ROOT, 'fixtures', name), join(inDir(), name));
  copyFileSync(join(ROOT, 'fixtures', 'tube.iqm'), join(inDir(), 'sub', 'nested.iqm'));
  writeFileSync(join(inDir(), 'broken.mesh'), readFileSync(join(ROOT, 'fixtures', 'tube.mesh')).subarray(0, 1000));
  writeFileSync(join(inDir(), 'junk.iqm'), new Uint8Array(64).fill(7));
  writeFileSync(join(inDir(), 'notes.txt'), 'not a mesh: folder walks skip it');
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('meshcodec (dist/cli.js): help, version, usage', () => {
  it('--version prints the package version; --help lists exactly the registered formats', () => {
    expect(run(['--version'])).toMatchObject({ code: 0, out: `meshcodec ${VERSION}\n`, err: '' });
    const help = run(['--help']);
    expect(help.code).toBe(0);
    for (const f of FORMATS) expect(help.out).toContain(f.name);
    for (const name of ['ms2', 'tf', 'apg', 'gltf', 'glb']) if (!formatByName(name)) expect(help.out).not.toMatch(new RegExp(`\\b${name}\\b`));
    for (const command of ['info', 'convert', 'validate']) {
      const r = run([command, '--help']);
      expect(r.code).toBe(0);
      expect(r.out).toContain('Examples:');
      expect(r.out).toContain(`meshcodec ${command}`);
    }
  });

  it('usage errors exit 2 once, on stderr, with nothing on stdout', () => {
    const cases = [
      [[], /Usage: meshcodec/],
      [['frobnicate', 'x'], /unknown command 'frobnicate'/],
      [['info'], /needs at least one file/],
      [['info', '--bogus', 'x'], /Unknown option '--bogus'/],
      [['info', '--backend', 'gpu', 'x'], /unknown backend 'gpu'/],
      [['info', '--to', 'iqm', 'x'], /info does not take --to/],
      [['convert', 'in/tube.mesh'], /convert needs --to NAME/],
      [['convert', 'in/tube.mesh', '-o', 'x.unknown'], /cannot tell the format from x\.unknown/],
      [['convert', 'in/tube.mesh', '-o', 'x.mesh', '--to', 'iqm'], /x\.mesh has a unigine extension, but --to is iqm/],
      [['convert', 'in', '-o', 'x.iqm'], /-o takes one input/],
      [['convert', 'in/tube.mesh', '--to', 'iqm', '--jobs', '0'], /--jobs takes a whole number/],
      [['convert', 'in/tube.mesh', '--to', 'nope'], /unknown format 'nope'/],
    ] as const;
    for (const [args, message] of cases) {
      const r = run([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.out).toBe('');
    }
    const unknown = run(['info', '--format', 'nope', 'a', 'b', 'c']);
    expect(unknown.code).toBe(2);
    expect(unknown.err.match(/unknown format 'nope'/g)).toHaveLength(1);
  });

  it('format aliases come from the registry (unigine = mesh)', () => {
    const r = run(['info', '--json', '--format', 'mesh', 'in/tube.mesh']);
    expect(r.code).toBe(0);
    expect((fileLines(r.out) as any)[0].format).toBe('unigine');
  });
});

describe('meshcodec info', () => {
  it('walks a folder: a table on stdout, broken files on stderr, exit 1', () => {
    const r = run(['info', 'in']);
    expect(r.code).toBe(1);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^file\s+format\s+vertices\s+triangles\s+joints\s+animations\s+frames\s+bytes$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/)[0])).toEqual(['in/sub/nested.iqm', 'in/tube.anim', 'in/tube.iqm', 'in/tube.mesh']);
    expect(lines.find((l) => l.startsWith('in/tube.mesh'))!.split(/\s+/)).toEqual(['in/tube.mesh', 'unigine', '78', '120', '2', '1', '16', '4059']);
    expect(r.out).not.toMatch(/error|warning/);
    expect(r.err).toMatch(/in\/broken\.mesh: error: unigine: at byte \d+/);
    expect(r.err).toMatch(/in\/junk\.iqm: error:/);
    expect(r.err).not.toContain('notes.txt');
  });

  it('--json gives counts, and error objects with code, format and offset', () => {
    const r = run(['info', '--json', 'in/tube.mesh', 'in/broken.mesh', 'in/missing.mesh']);
    expect(r.code).toBe(1);
    const results = fileLines(r.out) as unknown as Record<string, unknown>[];
    expect(results.map((x) => x.file)).toEqual(['in/tube.mesh', 'in/broken.mesh', 'in/missing.mesh']);
    const byFile = Object.fromEntries(results.map((x) => [x.file, x]));
    expect(byFile['in/tube.mesh']).toMatchObject({ format: 'unigine', vertices: 78, triangles: 120, joints: 2, animations: 1, frames: 16, bytes: 4059 });
    expect(byFile['in/broken.mesh']!.error).toMatchObject({ format: 'unigine', offset: expect.any(Number), code: expect.stringMatching(/^[A-Z_]+$/) });
    expect(byFile['in/missing.mesh']!.error).toMatchObject({ code: 'ENOENT', format: null, offset: null });
  });

  it('--verbose shows meshes, animations and the format facts as readable tables', () => {
    const r = run(['info', '--verbose', 'in/tube.mesh']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/meshes \(1\):\n\s+name\s+material\s+vertices\s+triangles\n\s+tube/);
    expect(r.out).toMatch(/surfaces \(1\):/);
    expect(r.out.split('\n').every((line) => line.length < 200)).toBe(true);
    const json = (fileLines(run(['info', '--json', '--verbose', 'in/tube.iqm']).out) as any)[0];
    expect(json.details.vertexArrays[0]).toEqual({ type: 'position', format: 'float', size: 3 });
    expect(json.meshes).toEqual([{ name: 'tube', material: 'tube.mat', vertices: 78, triangles: 120 }]);
  });

  it("reads standard input as '-'", () => {
    const r = run(['info', '--json', '-'], readFileSync(join(inDir(), 'tube.iqm')));
    expect(r.code).toBe(0);
    expect((fileLines(r.out) as any)[0]).toMatchObject({ file: '-', format: 'iqm', triangles: 120 });
  });

  it('a closed stdout (info … | head) ends quietly', async () => {
    const many = join(dir, 'many');
    mkdirSync(many);
    for (let i = 0; i < 300; i++) copyFileSync(join(inDir(), 'tube.mesh'), join(many, `t${i}.mesh`));
    const child = spawn(process.execPath, [CLI, 'info', '--json', '--verbose', 'many'], { cwd: dir });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(err).not.toMatch(/EPIPE|Error|at /);
    expect(code).toBe(0);
    rmSync(many, { recursive: true });
  });
});

describe('meshcodec info: formats told apart by size, extension or --format', () => {
  it('reads MeshSerializer2 (by size, by extension, by --format) and apg', () => {
    const fixtures = ['tube.data', 'tube.apg'].map((name) => join(ROOT, 'fixtures', name));
    const r = run(['info', '--json', ...fixtures]);
    expect(r.code).toBe(0);
    const infos = fileLines(r.out) as unknown as { format: string; triangles: number; joints: number; frames: number }[];
    expect(infos.map((i) => [i.format, i.triangles, i.joints, i.frames])).toEqual([
      ['ms2', 120, 0, 0],
      ['apg', 120, 2, 16],
    ]);
    const padded = join(dir, 'padded.bin');
    writeFileSync(padded, Buffer.concat([readFileSync(fixtures[0]!), Buffer.from([0])]));
    expect(run(['info', padded]).err).toContain('not a format meshcodec recognises');
    expect(run(['info', '--format', 'ms2', padded]).err).toContain('follow the last triangle');
  });

  it('reads a Transport Fever .msh with its .msh.blob from the same folder, and converts the pair to GLB', () => {
    const pair = join(dir, 'pair');
    mkdirSync(pair, { recursive: true });
    for (const name of ['tube.msh', 'tube.msh.blob']) copyFileSync(join(ROOT, 'fixtures', name), join(pair, name));
    const info = run(['info', '--json', join(pair, 'tube.msh')]);
    expect(info.code).toBe(0);
    expect((fileLines(info.out) as unknown as { format: string; triangles: number }[])[0]).toMatchObject({ format: 'tf', triangles: 120 });
    const out = run(['convert', join(pair, 'tube.msh'), '--to', 'glb', '--out-dir', join(dir, 'pair-out'), '--quiet']);
    expect(out.code).toBe(0);
    expect(magic(join(dir, 'pair-out', 'tube.glb'))).toBe('glTF');
    rmSync(join(pair, 'tube.msh.blob'));
    const missing = run(['info', join(pair, 'tube.msh')]);
    expect([missing.code, missing.err]).toEqual([1, expect.stringContaining('tube.msh.blob')]);
  });
});

describe('meshcodec convert', () => {
  it('converts a folder on 2 workers: structure kept, collisions keep the source extension, failures listed, exit 1', () => {
    const r = run(['convert', 'in', '--to', 'iqm', '--out-dir', 'out', '--jobs', '2']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(filesUnder(join(dir, 'out'))).toEqual(['sub/nested.iqm', 'tube.anim.iqm', 'tube.iqm.iqm', 'tube.mesh.iqm']);
    expect(r.err).toMatch(/in\/broken\.mesh: error: unigine: at byte \d+/);
    expect(r.err).toMatch(/in\/junk\.iqm: error:/);
    expect(r.err).toMatch(/4 of 6 file\(s\) converted, 2 failed/);
    expect(r.err).toMatch(/in, .* out; [\d.]+ s; [\d.]+ MB\/s/);
    expect(r.err).toMatch(/in\/tube\.mesh -> out\/tube\.mesh\.iqm \(unigine -> iqm, 4059 -> \d+ bytes\)/);
    const asset = iqmFormat.parseSync(new Uint8Array(readFileSync(join(dir, 'out', 'tube.mesh.iqm'))));
    expect(summarizeAsset(asset)).toMatchObject({ triangles: 120, joints: 2, frames: 16 });
  });

  it('refuses existing outputs without --force (inputs and outputs untouched), replaces them with it', () => {
    const output = join(dir, 'out', 'tube.mesh.iqm');
    writeFileSync(output, 'keep me');
    const refused = run(['convert', 'in/tube.mesh', 'in/tube.anim', 'in/tube.iqm', '--to', 'iqm', '--out-dir', 'out', '--json', '--jobs', '2']);
    expect(refused.code).toBe(1);
    const results = fileLines(refused.out) as unknown as { input: string; ok: boolean; error?: { code: string } }[];
    // JSON Lines come as files finish: any order.
    expect(results.map((x) => [x.input, x.ok, x.error?.code]).sort()).toEqual([
      ['in/tube.anim', false, 'OUTPUT_EXISTS'],
      ['in/tube.iqm', false, 'OUTPUT_EXISTS'],
      ['in/tube.mesh', false, 'OUTPUT_EXISTS'],
    ]);
    expect(readFileSync(output, 'utf8')).toBe('keep me');
    const forced = run(['convert', 'in/tube.mesh', '--to', 'iqm', '-o', 'out/tube.mesh.iqm', '--force']);
    expect(forced.code).toBe(0);
    expect(iqmFormat.test(new Uint8Array(readFileSync(output)))).toBe(true);
    expect(filesUnder(join(dir, 'out')).filter((f) => f.includes('.partial'))).toEqual([]);
  });

  it('writes beside the input without -o or --out-dir, and never over an input', () => {
    const side = join(dir, 'side');
    mkdirSync(side);
    copyFileSync(join(inDir(), 'tube.mesh'), join(side, 'tube.mesh'));
    const before = readFileSync(join(side, 'tube.mesh'));
    expect(run(['convert', 'side/tube.mesh', '--to', 'iqm']).code).toBe(0);
    expect(iqmFormat.test(new Uint8Array(readFileSync(join(side, 'tube.iqm'))))).toBe(true);
    const same = run(['convert', 'side/tube.mesh', '--to', 'unigine', '--force']);
    expect(same.code).toBe(1);
    expect(same.err).toMatch(/is an input of this run and is never overwritten/);
    expect(readFileSync(join(side, 'tube.mesh')).equals(before)).toBe(true);
  });

  it('the output file name decides the kind: .anim from a .mesh, .mesh from an .anim', () => {
    expect(run(['convert', 'in/tube.mesh', '-o', 'kinds/a.anim']).code).toBe(0);
    expect(magic(join(dir, 'kinds', 'a.anim'))).toBe('an10');
    const r = run(['convert', 'in/tube.anim', '-o', 'kinds/b.mesh']);
    expect(r.code).toBe(0);
    expect(magic(join(dir, 'kinds', 'b.mesh'))).toBe('ms11');
    expect(r.err).toMatch(/no meshes: the \.mesh file holds only the skeleton and animations/);
    expect(run(['convert', 'in/tube.anim', '--to', 'unigine', '--out-dir', 'kinds']).code).toBe(0);
    expect(magic(join(dir, 'kinds', 'tube.anim'))).toBe('an10');
  });

  it("streams stdin to stdout with '-': only data on stdout", () => {
    const r = run(['convert', '-', '--to', 'unigine', '-o', '-'], readFileSync(join(inDir(), 'tube.iqm')));
    expect(r.code).toBe(0);
    expect(r.stdout.subarray(0, 4).toString('latin1')).toBe('ms11');
    expect(summarizeAsset(unigineFormat.parseSync(new Uint8Array(r.stdout)))).toMatchObject({ triangles: 120, joints: 2 });
    expect(r.err).toMatch(/1 of 1 file\(s\) converted/);
  });

  it('counts repeated warnings once in the summary, per file only with --verbose; --quiet keeps only failures', () => {
    const copies = join(dir, 'copies');
    mkdirSync(copies);
    for (let i = 0; i < 5; i++) copyFileSync(join(inDir(), 'tube.iqm'), join(copies, `c${i}.iqm`));
    const r = run(['convert', 'copies', '--to', 'unigine', '--out-dir', 'copies-out', '--jobs', '2']);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/warnings: 10 in 5 file\(s\), 2 distinct/);
    expect(r.err.match(/loop flag is not stored/g)).toHaveLength(1);
    expect(r.err).toMatch(/\s5 × animation bend: the loop flag is not stored/);
    const verbose = run(['convert', 'copies', '--to', 'unigine', '--out-dir', 'copies-verbose', '--verbose']);
    expect(verbose.err.match(/ warning: animation bend/g)).toHaveLength(5);
    const quiet = run(['convert', 'copies', 'in/broken.mesh', '--to', 'iqm', '--out-dir', 'copies-quiet', '--quiet']);
    expect(quiet.code).toBe(1);
    expect(quiet.err.trim().split('\n')).toEqual([expect.stringMatching(/^in\/broken\.mesh: error:/)]);
  });

  it('an interrupted run (SIGTERM) ends by SIGTERM and leaves no temporary files', async () => {
    const src = join(dir, 'interrupt');
    mkdirSync(src);
    for (let i = 0; i < 400; i++) copyFileSync(join(inDir(), 'tube.mesh'), join(src, `t${i}.mesh`));
    const child = spawn(process.execPath, [CLI, 'convert', 'interrupt', '--to', 'iqm', '--out-dir', 'interrupted', '--jobs', '1'], { cwd: dir });
    // Stopped once the first file is done, so that it stops in the middle of the batch.
    child.stderr.once('data', () => child.kill('SIGTERM'));
    // The signal is raised again with its default action once temporaries are removed: the
    // process ends by SIGTERM (a shell's $? is 143) even if a thread were blocked in a system call.
    const signal = await new Promise<NodeJS.Signals | null>((done) => child.on('close', (_code, s) => done(s)));
    expect(signal).toBe('SIGTERM');
    const written = filesUnder(join(dir, 'interrupted'));
    expect(written.length).toBeGreaterThan(0);
    expect(written.length).toBeLessThan(400);
    expect(written.filter((f) => f.includes('.partial'))).toEqual([]);
  });

  it.skipIf(!corpusAvailable)('QBZ95_long.mesh and QBZ95_long.anim in one batch both convert (corpus)', () => {
    const q = join(dir, 'qbz');
    mkdirSync(q);
    for (const name of ['QBZ95_long.mesh', 'QBZ95_long.anim']) copyFileSync(corpusPath('unigine', name), join(q, name));
    const r = run(['convert', 'qbz', '--to', 'iqm', '--out-dir', 'qbz-out', '--jobs', '2']);
    expect(r.code).toBe(0);
    expect(filesUnder(join(dir, 'qbz-out'))).toEqual(['QBZ95_long.anim.iqm', 'QBZ95_long.mesh.iqm']);
    expect(statSync(join(dir, 'qbz-out', 'QBZ95_long.mesh.iqm')).size).toBeGreaterThan(statSync(join(dir, 'qbz-out', 'QBZ95_long.anim.iqm')).size);
  });
});

describe('meshcodec validate', () => {
  it('--json: one object per file with ok, byteExact and problems with offsets', () => {
    const r = run(['validate', '--json', 'in/tube.mesh', 'in/broken.mesh', 'in/tube.iqm']);
    expect(r.code).toBe(1);
    const results = fileLines(r.out) as unknown as { file: string; format: string; ok: boolean; byteExact: boolean; problems: { code: string; severity: string; offset: number | null; pointer: string | null; message: string }[] }[];
    expect(results.map((x) => [x.file, x.format, x.ok])).toEqual([
      ['in/tube.mesh', 'unigine', true],
      ['in/broken.mesh', 'unigine', false],
      ['in/tube.iqm', 'iqm', true],
    ]);
    for (const x of results) expect(typeof x.byteExact).toBe('boolean');
    expect(results[0]!.problems).toEqual([]);
    expect(results[1]!.problems).toEqual([{ code: expect.stringMatching(/^[A-Z_]+$/), severity: 'error', offset: expect.any(Number), pointer: null, message: expect.stringContaining('unigine: at byte') }]);
  });

  it('human output says valid / INVALID with the byte offset', () => {
    const r = run(['validate', 'in/tube.mesh', 'in/broken.mesh']);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/in\/tube\.mesh: unigine: valid, /);
    expect(r.out).toMatch(/in\/broken\.mesh: unigine: INVALID\n\s+[A-Z_]+ at byte \d+: /);
  });
});
