// What the CLI prints and decides (issue 18.2, 18.3, 18.6, 17.7), through the built dist/cli.js:
// JSON Lines, validation through the Khronos validator, convert --validate, TF folders that
// validate, and the smaller points (-V, help COMMAND, empty matches, EPIPE on -o -, TF bytes,
// aligned format list, validate --verbose).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkOutputs } from '../bindings/cli/check-outputs.js';
import { glbFormat } from '../bindings/formats/gltf/gltf-format.js';
import { FORMATS } from '../bindings/formats/registry.js';
import { createKernelsSync } from '../bindings/index.js';
import { corpusAvailable, corpusPath } from './helpers/corpus.js';
import { testTempDir } from './helpers/temp-dir.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const BOX_WITH_INFINITES = '/usr/share/assimp/models/glTF2/BoxWithInfinites-glTF-Binary/BoxWithInfinites.glb';

function run(args: string[], cwd = ROOT) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, timeout: 60_000, maxBuffer: 64 << 20 });
  return { code: r.status, out: r.stdout.toString(), err: r.stderr.toString() };
}

/** Each line parsed on its own (JSON Lines). */
const lines = (out: string) => out.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, any>);

function fixtureFolder(): string {
  const dir = testTempDir('cli-output');
  mkdirSync(join(dir, 'in'));
  for (const name of ['tube.mesh', 'tube.anim', 'tube.iqm', 'tube.glb']) copyFileSync(join(ROOT, 'fixtures', name), join(dir, 'in', name));
  writeFileSync(join(dir, 'in', 'broken.iqm'), new Uint8Array(64).fill(7));
  return dir;
}

describe.skipIf(!existsSync(CLI))('--json: JSON Lines', () => {
  it('info and validate: one object per line in argument order, then a summary line', () => {
    const dir = fixtureFolder();
    for (const command of ['info', 'validate']) {
      const r = run([command, '--json', 'in/tube.mesh', 'in/broken.iqm', 'in/missing.mesh', 'in/tube.iqm'], dir);
      expect(r.code).toBe(1);
      const parsed = lines(r.out);
      expect(parsed.map((o) => o.file ?? 'summary')).toEqual(['in/tube.mesh', 'in/broken.iqm', 'in/missing.mesh', 'in/tube.iqm', 'summary']);
      expect(parsed.at(-1)!.summary).toMatchObject({ command, files: 4 });
    }
  });

  it('convert: one line per file as it finishes, each complete on its own, and the summary last with the warning counts', () => {
    const dir = fixtureFolder();
    const r = run(['convert', 'in', '--to', 'glb', '--out-dir', 'out', '--json', '--jobs', '2'], dir);
    expect(r.code).toBe(1);
    const parsed = lines(r.out);
    expect(parsed.slice(0, -1).map((o) => o.input).sort()).toEqual(['in/broken.iqm', 'in/tube.anim', 'in/tube.glb', 'in/tube.iqm', 'in/tube.mesh']);
    const summary = parsed.at(-1)!.summary;
    expect(summary).toMatchObject({ command: 'convert', files: 5, converted: 4, failed: 1 });
    const warned = parsed.slice(0, -1).flatMap((o) => (o.ok ? o.warnings : []) as string[]);
    expect(Object.values(summary.warnings as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(warned.length);
  });
});

describe.skipIf(!existsSync(CLI))('validate through the Khronos validator', () => {
  it.skipIf(!existsSync(BOX_WITH_INFINITES))('BoxWithInfinites.glb: INVALID, with the validator errors and their JSON pointers, exit 1', () => {
    const r = run(['validate', '--json', BOX_WITH_INFINITES]);
    expect(r.code).toBe(1);
    const [result] = lines(r.out);
    expect(result).toMatchObject({ format: 'glb', ok: false });
    const errors = (result!.problems as { severity: string; pointer: string | null; code: string }[]).filter((p) => p.severity === 'error');
    expect(errors.length).toBe(25);
    expect(errors.every((p) => p.pointer !== null && p.pointer.startsWith('/'))).toBe(true);
    expect(errors.map((p) => p.code)).toContain('ACCESSOR_INVALID_FLOAT');
    const human = run(['validate', BOX_WITH_INFINITES]);
    expect(human.out).toMatch(/glb: INVALID\n\s+[A-Z_]+ at \/[a-z]+\/\d+/);
    expect(human.out).toMatch(/ACCESSOR_INVALID_FLOAT at \/accessors\/2: /);
  });

  it.skipIf(!existsSync(BOX_WITH_INFINITES))('checkOutputs: an output its reader reads but the validator refuses is OUTPUT_INVALID, with pointers', async () => {
    const box = new Uint8Array(readFileSync(BOX_WITH_INFINITES));
    await expect(checkOutputs([{ name: 'x.glb', bytes: box }], glbFormat, createKernelsSync('js'))).rejects.toMatchObject({
      code: 'OUTPUT_INVALID',
      message: expect.stringMatching(/^x\.glb: 25 Khronos validator error\(s\): [A-Z_]+ at \/[a-z]+\/\d+/),
    });
    // An output its own reader refuses fails first.
    await expect(checkOutputs([{ name: 'x.glb', bytes: box.subarray(0, 40) }], glbFormat, createKernelsSync('js'))).rejects.toMatchObject({ code: 'OUTPUT_INVALID', message: expect.stringContaining('does not read back') });
  });

  it('a valid GLB is valid; convert --validate passes good outputs', () => {
    const dir = fixtureFolder();
    expect(run(['validate', 'in/tube.glb'], dir)).toMatchObject({ code: 0, out: expect.stringContaining('glb: valid') });
    const r = run(['convert', 'in/tube.mesh', 'in/tube.iqm', '--to', 'glb', '--out-dir', 'out', '--validate', '--json'], dir);
    expect(r.code).toBe(0);
    expect(existsSync(join(dir, 'out', 'tube.mesh.glb'))).toBe(true);
  });

  it.skipIf(!existsSync(BOX_WITH_INFINITES))('convert --validate fails a file whose GLB output has validator errors, and writes nothing for it', () => {
    const dir = testTempDir('cli-output');
    copyFileSync(BOX_WITH_INFINITES, join(dir, 'box.glb'));
    const r = run(['convert', 'box.glb', '--to', 'glb', '--up-axis', 'keep', '-o', 'out.glb', '--validate', '--json'], dir);
    const [result] = lines(r.out);
    if (result!.ok) {
      // The writer repaired every non-finite value: then the output must validate.
      expect(r.code).toBe(0);
    } else {
      expect(r.code).toBe(1);
      expect(result).toMatchObject({ ok: false, error: { code: 'OUTPUT_INVALID', message: expect.stringMatching(/Khronos validator error\(s\): [A-Z_]+ at \//) } });
      expect(existsSync(join(dir, 'out.glb'))).toBe(false);
    }
  });

  it.skipIf(!corpusAvailable)('Transport Fever folders validate with exit 0 (the blob reached by the rewrite too)', () => {
    const r = run(['validate', '--json', corpusPath('tf')]);
    expect(r.code).toBe(0);
    const parsed = lines(r.out);
    const files = parsed.slice(0, -1);
    expect(files.length).toBeGreaterThan(4);
    for (const f of files) expect(f).toMatchObject({ format: 'tf', ok: true, reencodedBy: 'document', problems: [] });
    expect(files.filter((f) => String(f.file).endsWith('.msh') && f.byteExact).length).toBeGreaterThan(0);
  });
});

describe.skipIf(!existsSync(CLI))('smaller points', () => {
  it('-V prints the version; `help convert` is `convert --help`; `help` alone the general help', () => {
    expect(run(['-V'])).toMatchObject({ code: 0, out: `meshcodec ${VERSION}\n` });
    const help = run(['help', 'convert']);
    expect(help.code).toBe(0);
    expect(help.out).toBe(run(['convert', '--help']).out);
    expect(run(['help'])).toMatchObject({ code: 0, out: expect.stringContaining('Usage: meshcodec <command>') });
    expect(run(['help', 'frobnicate']).code).toBe(2);
  });

  it('an empty folder or a glob matching nothing is a usage error naming it (exit 2)', () => {
    const dir = testTempDir('cli-output');
    mkdirSync(join(dir, 'empty'));
    const folder = run(['info', 'empty'], dir);
    expect(folder.code).toBe(2);
    expect(folder.err).toContain('empty: the folder holds no file with a known extension');
    const glob = run(['convert', 'nothing/*.mesh', '--to', 'iqm'], dir);
    expect(glob.code).toBe(2);
    expect(glob.err).toContain('nothing/*.mesh: no file matches');
    expect(glob.out).toBe('');
  });

  it.skipIf(!corpusAvailable)('convert -o - | head -c 10: a truncated output is a failure (exit 1, a message)', () => {
    const input = corpusPath('unigine', 'actor_00.mesh');
    // The GLB (259 KB) is larger than a pipe's buffer: head leaves before the end.
    const child = spawnSync('bash', ['-c', `"${process.execPath}" "${CLI}" convert "${input}" --to glb -o - | head -c 10 > /dev/null; exit \${PIPESTATUS[0]}`], { timeout: 60_000 });
    expect(child.status).toBe(1);
    expect(child.stderr.toString()).toContain('standard output closed before the output was complete (EPIPE): the output is truncated');
    expect(child.stderr.toString()).toContain('0 of 1 file(s) converted, 1 failed');
  });

  it.skipIf(!corpusAvailable)("info on a TF .msh counts its blob's bytes too", () => {
    const msh = corpusPath('tf', 'concrete_roof_tl.msh');
    const [info] = lines(run(['info', '--json', msh]).out);
    expect(info!.bytes).toBe(statSync(msh).size + statSync(msh + '.blob').size);
  });

  it("--help's format list is aligned: every extension column starts at the same place", () => {
    const help = run(['--help']).out;
    const block = help.slice(help.indexOf('Formats:\n') + 9, help.indexOf('\n\nOptions:')).split('\n');
    expect(block.length).toBe(FORMATS.length);
    const columns = block.map((line, i) => line.indexOf(FORMATS[i]!.extensions[0]!, 2 + FORMATS[i]!.name.length));
    expect(new Set(columns).size).toBe(1);
  });

  it('validate --verbose lists warnings instead of pointing to --verbose', () => {
    const dir = fixtureFolder();
    const plain = run(['validate', 'in/tube.glb'], dir).out;
    const verbose = run(['validate', '--verbose', 'in/tube.glb'], dir).out;
    if (plain.includes('warning(s)')) expect(plain).toContain('(--verbose lists them)');
    expect(verbose).not.toContain('--verbose lists them');
    const withWarnings = run(['validate', '--verbose', 'in/tube.anim'], dir).out;
    expect(withWarnings).not.toContain('--verbose lists them');
  });
});
