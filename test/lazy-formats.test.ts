// Formats loaded on demand (bindings/formats/format-index.ts): the index's signatures are the
// registry's handlers' own, `loadFormat` gives the registry's very handler objects, detection by
// signature names what detection by handler names, and the built CLI converting one file loads
// the chunks of its two formats only, whatever the file's content names.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectFormat, formatByExtension, formatByName, FORMATS, FORMAT_NAMES, MeshFormatError, tfFormat } from '../bindings/index.js';
import { detectSignature, FORMAT_SIGNATURES, loadAllFormats, loadedFormat, loadFormat, signatureByExtension, signatureByName } from '../bindings/formats/format-index.js';
import { corpusAvailable, corpusPath } from './helpers/corpus.js';

const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');

describe('format index', () => {
  it("holds every registered format in the registry's detection order, each signature field the handler's own", () => {
    expect(FORMAT_SIGNATURES.map((f) => f.name)).toEqual(FORMAT_NAMES);
    FORMAT_SIGNATURES.forEach((signature, i) => {
      const handler = FORMATS[i]!;
      for (const key of ['name', 'aliases', 'extensions', 'mimeTypes', 'binary'] as const) expect(handler[key], `${signature.name}.${key}`).toEqual(signature[key]);
      // The same function, not a copy of it: the handler spreads its signature.
      expect(handler.test, `${signature.name}.test`).toBe(signature.test);
    });
  });

  it('loadFormat resolves every name and alias to the object formatByName returns (one registry), and rejects an unknown name', async () => {
    for (const signature of FORMAT_SIGNATURES) {
      for (const name of [signature.name, signature.name.toUpperCase(), ...(signature.aliases ?? [])]) {
        const handler = await loadFormat(name);
        expect(handler, name).toBe(formatByName(name));
        expect(loadedFormat(name), name).toBe(handler);
      }
    }
    expect(await loadAllFormats()).toEqual([...FORMATS]);
    await expect(loadFormat('obj')).rejects.toThrow(/unknown format 'obj'/);
    expect(loadedFormat('obj')).toBeUndefined();
  });

  it('names by name, extension and content what the registry names, on every fixture and corpus file and their truncations', () => {
    expect(signatureByName('nope')).toBeUndefined();
    const files = readdirSync(join(ROOT, 'fixtures')).filter((f) => f.startsWith('tube.')).map((f) => join(ROOT, 'fixtures', f));
    if (corpusAvailable) {
      for (const folder of ['apg', 'iqm', 'ms2', 'tf', 'unigine']) {
        const names = readdirSync(corpusPath(folder), { withFileTypes: true }).filter((e) => e.isFile()).slice(0, 8);
        files.push(...names.map((e) => corpusPath(folder, e.name)));
      }
    }
    for (const file of files) {
      const bytes = new Uint8Array(readFileSync(file));
      for (const cut of [bytes, bytes.subarray(0, 3), bytes.subarray(0, 64), bytes.subarray(1)]) {
        for (const name of [file, 'no-extension', 'x.glb', 'x.msh.blob']) {
          expect(detectSignature(cut, name)?.name, `${file} ${cut.length} as ${name}`).toBe(detectFormat(cut, name)?.name);
        }
      }
      expect(signatureByExtension(file)?.name, file).toBe(formatByExtension(file)?.name);
    }
  });
});

/** The dist/ modules a run of the built CLI loads (a module-loading hook records each URL). */
function distModulesLoaded(args: string[]): { status: number | null; stderr: string; modules: string[]; meshopt: boolean } {
  const dir = mkdtempSync(join(tmpdir(), 'lazy-formats-'));
  const log = join(dir, 'loaded.txt');
  writeFileSync(log, '');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(hooks, `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(${JSON.stringify(log)}, url + '\\n');\n  return next(url, context);\n}\n`);
  const register = join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, CLI, ...args], { encoding: 'latin1', cwd: dir });
  const distUrl = pathToFileURL(join(ROOT, 'dist')).href + '/';
  const modules = readFileSync(log, 'utf8').split('\n').filter((u) => u.startsWith(distUrl)).map((u) => u.slice(distUrl.length));
  return { status: r.status, stderr: r.stderr, modules, meshopt: readFileSync(log, 'utf8').includes('/node_modules/meshoptimizer/') };
}

const formatChunks = (modules: string[]) => modules.filter((m) => /^format-|^formats\.js$|^index\.js$/.test(m)).sort();

describe.skipIf(!existsSync(CLI))('dist/cli.js loads the handlers a one-file run needs', () => {
  it('apg → glb: the apg and glTF chunks, no other format and not the registry', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'lazy-out-')), 'tube.glb');
    const run = distModulesLoaded(['convert', join(ROOT, 'fixtures', 'tube.apg'), '--to', 'glb', '-o', out]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.modules).toContain('library.js');
    expect(formatChunks(run.modules)).toEqual(['format-apg.js', 'format-gltf.js']);
    // Nor the modules of other runs (a batch, the worker pool, info, validate, --validate's checks).
    for (const other of ['convert-batch.js', 'partial-registry.js', 'batch-affinity.js', 'early-pool.js', 'convert-pool.js', 'info.js', 'validate.js', 'check-outputs.js']) expect(run.modules).not.toContain(other);
    expect(readFileSync(out).subarray(0, 4).toString('latin1')).toBe('glTF');
  });

  it('iqm → unigine with --optimize-free flags: the iqm and unigine chunks', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'lazy-out-')), 'tube.mesh');
    const run = distModulesLoaded(['convert', join(ROOT, 'fixtures', 'tube.iqm'), '--to', 'unigine', '-o', out]);
    expect(run.status, run.stderr).toBe(0);
    expect(formatChunks(run.modules)).toEqual(['format-iqm.js', 'format-unigine.js']);
  });

  it('a file whose content is another format than its extension names: that format is loaded when read, and converts as before', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lazy-in-'));
    const input = join(dir, 'looks-like.apg');
    writeFileSync(input, readFileSync(join(ROOT, 'fixtures', 'tube.glb')));
    const run = distModulesLoaded(['convert', input, '--to', 'iqm', '-o', join(dir, 'out.iqm')]);
    expect(run.status, run.stderr).toBe(0);
    expect(formatChunks(run.modules)).toEqual(['format-apg.js', 'format-gltf.js', 'format-iqm.js']);
    expect(readFileSync(join(dir, 'out.iqm')).subarray(0, 15).toString('latin1')).toBe('INTERQUAKEMODEL');
  });

  it("a large file refused from its head by a format loaded only when read gives that reader's error, as the whole file would", () => {
    const dir = mkdtempSync(join(tmpdir(), 'lazy-in-'));
    const input = join(dir, 'big.apg');
    // Transport Fever by content (`function data()`), but no Lua chunk starts with '[': refused at its first token.
    const text = `[ junk\nfunction data()\nreturn {}\nend\n${'-- padding\n'.repeat(10_000)}`;
    writeFileSync(input, text);
    const run = distModulesLoaded(['convert', input, '--to', 'glb', '-o', join(dir, 'out.glb'), '--json']);
    expect(run.status).toBe(1);
    expect(formatChunks(run.modules)).toEqual(['format-apg.js', 'format-gltf.js', 'format-tf.js']);
    let expected: MeshFormatError | undefined;
    try {
      tfFormat.parseSync(new TextEncoder().encode(text), { fileName: input });
    } catch (e) {
      expected = e as MeshFormatError;
    }
    expect(expected).toBeInstanceOf(MeshFormatError);
    expect(run.stderr).toContain(expected!.message);
  });

  it("meshoptimizer: loaded for --optimize, not for a plain conversion of a GLB that does not name EXT_meshopt_compression", () => {
    const dir = mkdtempSync(join(tmpdir(), 'lazy-out-'));
    const plain = distModulesLoaded(['convert', join(ROOT, 'fixtures', 'tube.glb'), '--to', 'iqm', '-o', join(dir, 'a.iqm')]);
    expect(plain.status, plain.stderr).toBe(0);
    expect(plain.meshopt).toBe(false);
    const optimized = distModulesLoaded(['convert', join(ROOT, 'fixtures', 'tube.glb'), '--to', 'glb', '--optimize', '-o', join(dir, 'b.glb')]);
    expect(optimized.status, optimized.stderr).toBe(0);
    expect(optimized.meshopt).toBe(true);
    // Read back (its reader needs the decoder: info loads it for glTF inputs).
    const info = spawnSync(process.execPath, [CLI, 'info', join(dir, 'b.glb'), '--json'], { encoding: 'utf8' });
    expect(info.status, info.stderr).toBe(0);
  });

  it('several files: every format is loaded up front, as the threads read files of any format synchronously', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lazy-out-'));
    const run = distModulesLoaded(['convert', join(ROOT, 'fixtures', 'tube.apg'), join(ROOT, 'fixtures', 'tube.iqm'), '--to', 'glb', '--out-dir', dir, '--jobs', '1']);
    expect(run.status, run.stderr).toBe(0);
    expect(formatChunks(run.modules)).toEqual(FORMAT_NAMES.filter((n) => n !== 'glb').map((n) => `format-${n}.js`).sort());
  });
});
