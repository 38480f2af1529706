// Review of h-lazy (25a49b1: meshoptimizer loaded by a conversion only when the file names
// EXT_meshopt_compression or the run writes it). prepareConvertJob looked for the name only in a
// GLB or in a text whose very first byte is '{', so a .gltf that opens with a UTF-8 byte order mark
// or white space (both read by the glTF reader), or that spells the name with a JSON escape
// (`EXT\u005fmeshopt_compression`, which JSON.parse reads as the name), and uses it failed with
// UNSUPPORTED "meshoptimizer's decoder is not loaded yet" where 8d0ff42's CLI, which loaded the
// decoder up front for any .gltf/.glb input, converted it. Worker threads (--jobs, several files)
// failed the same way before h-lazy too. Built CLI, one-file and pooled runs, every backend.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayNeedMeshoptDecoder, mentionsMeshopt } from '../bindings/formats/gltf/meshopt-module.js';
import { BACKENDS } from './helpers/backends.js';

const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const BOM = '\ufeff';
const PREFIXES = ['\n', '  ', '\r\n\t ', BOM, `${BOM}\n  `];
/** Each variant of the .gltf text the CLI is given (the name escaped, or a prefix before the '{'). */
const VARIANTS: [string, (gltf: string) => string][] = [['escaped name', (t) => t.replaceAll('EXT_meshopt_compression', 'EXT\\u005fmeshopt_compression')], ...PREFIXES.map((p): [string, (gltf: string) => string] => [JSON.stringify(p), (t) => p + t])];

const text = (s: string) => new TextEncoder().encode(s);

describe('mayNeedMeshoptDecoder', () => {
  it('finds the name in a GLB and in JSON text after a byte order mark and JSON white space, nowhere else', () => {
    const json = '{"asset":{"version":"2.0"},"extensionsUsed":["EXT_meshopt_compression"]}';
    for (const prefix of ['', ...PREFIXES]) expect(mayNeedMeshoptDecoder(text(prefix + json)), JSON.stringify(prefix)).toBe(true);
    expect(mayNeedMeshoptDecoder(text('{"asset":{"version":"2.0"}}'))).toBe(false);
    // The name spelled with an escape (JSON.parse reads it as the name): any \u escape counts.
    expect(mayNeedMeshoptDecoder(text(json.replace('EXT_', 'EXT\\u005f')))).toBe(true);
    expect(JSON.parse(json.replace('EXT_', 'EXT\\u005f')).extensionsUsed[0]).toBe('EXT_meshopt_compression');
    // An escaped backslash before a u is no escape.
    expect(mayNeedMeshoptDecoder(text('{"asset":{"version":"2.0","generator":"a\\\\u"}}'))).toBe(false);
    expect(mayNeedMeshoptDecoder(text('{"asset":{"version":"2.0","generator":"a\\\\\\u0041"}}'))).toBe(true);
    // Not JSON text: not searched (a binary or Lua file that happens to hold the name).
    for (const other of ['x{"EXT_meshopt_compression"', '-- EXT_meshopt_compression\n{', '\u00a0{"EXT_meshopt_compression"']) expect(mayNeedMeshoptDecoder(text(other)), other).toBe(false);
    expect(mayNeedMeshoptDecoder(new Uint8Array(0))).toBe(false);
    expect(mayNeedMeshoptDecoder(text(BOM))).toBe(false);
    // Same answer as mentionsMeshopt wherever the text opens with '{' or is a GLB.
    const glb = new Uint8Array(readFileSync(join(ROOT, 'fixtures', 'tube.glb')));
    expect(mayNeedMeshoptDecoder(glb)).toBe(mentionsMeshopt(glb));
  });
});

describe.skipIf(!existsSync(CLI))('dist/cli.js converts a meshopt-compressed .gltf that opens with a BOM or white space, or escapes the name', () => {
  const cli = (args: string[], cwd: string) => spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'latin1', timeout: 60_000 });

  for (const embed of [true, false]) {
    it(`${embed ? 'embedded buffer' : 'external .bin'}: one-file runs on every backend, and a pooled run of several files`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'review7d-meshopt-'));
      const made = cli(['convert', join(ROOT, 'fixtures', 'tube.glb'), '--to', 'gltf', '--optimize', ...(embed ? ['--embed-buffers'] : []), '-o', 'opt.gltf', '--quiet'], dir);
      expect(made.status, made.stderr).toBe(0);
      const original = readFileSync(join(dir, 'opt.gltf'), 'utf8');
      expect(original).toContain('EXT_meshopt_compression');
      const plain = cli(['convert', 'opt.gltf', '--to', 'iqm', '-o', 'plain.iqm', '--quiet'], dir);
      expect(plain.status, plain.stderr).toBe(0);
      const expected = readFileSync(join(dir, 'plain.iqm'));
      const names: string[] = [];
      VARIANTS.forEach(([what, variant], i) => {
        // The .bin keeps its name (opt.bin), which the JSON names.
        const name = `variant-${i}.gltf`;
        writeFileSync(join(dir, name), variant(original));
        names.push(name);
        for (const backend of BACKENDS) {
          const out = `out-${i}-${backend}.iqm`;
          const run = cli(['convert', name, '--to', 'iqm', '-o', out, '--backend', backend, '--quiet'], dir);
          expect(run.status, `${what} ${backend}: ${run.stderr}`).toBe(0);
          expect(readFileSync(join(dir, out)).equals(expected), `${what} ${backend}`).toBe(true);
        }
      });
      // Several files on worker threads (each worker prepares its own jobs).
      const pooled = cli(['convert', ...names, '--to', 'iqm', '--out-dir', 'pooled', '--jobs', '2', '--quiet'], dir);
      expect(pooled.status, pooled.stderr).toBe(0);
      for (const name of names) expect(readFileSync(join(dir, 'pooled', name.replace(/\.gltf$/, '.iqm'))).equals(expected), name).toBe(true);
    });
  }
});
