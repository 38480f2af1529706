// Review of round seven's luaparse on demand (tf/luaparse-on-demand.cjs): the very first
// descriptor a fresh process leaves to luaparse (a corpus .msh or .ani with a comment before it,
// which the plain scan refuses) reads to the same whole Asset, hashed with bench/hash-value.ts,
// as the same text read again once luaparse is loaded, and as the plain text read by the scan;
// the errors of a broken descriptor met first are the same as met later. One fresh process per
// first file, each on every backend.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, CORPUS_SKIP_MESSAGE, corpusAvailable } from './helpers/corpus.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const TF = `${CORPUS_DIR}/tf`;

const SCRIPT = `
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createKernelsSync, tfFormat } from './bindings/index.ts';
import { hashValue } from './bench/hash-value.ts';
const [dir, name, backend, broken] = process.argv.slice(-4);
const kernels = createKernelsSync(backend);
const plain = new Uint8Array(readFileSync(dir + '/' + name));
const text = broken === '1' ? new TextEncoder().encode('-- first\\n' + new TextDecoder().decode(plain).replace('{', '{ = ')) : new Uint8Array([...new TextEncoder().encode('-- a comment: left to luaparse\\n'), ...plain]);
const resolve = (n) => { try { return new Uint8Array(readFileSync(dir + '/' + n)); } catch { return undefined; } };
const read = (bytes) => {
  try { const h = createHash('sha256'); hashValue(h, tfFormat.parseSync(bytes, { fileName: name, resolve, kernels })); return h.digest('hex'); }
  catch (e) { return 'error ' + e.code + ' ' + e.offset + ' ' + e.message; }
};
const first = read(text);
console.log(JSON.stringify({ first, again: read(text), plain: read(plain) }));
`;

function run(name: string, backend: string, broken: boolean) {
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT, TF, name, backend, broken ? '1' : '0'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return JSON.parse(output.trim().split('\n').pop()!) as { first: string; again: string; plain: string };
}

describe.skipIf(!corpusAvailable)(`luaparse set up on the first fallback of a fresh process (${corpusAvailable ? 'shared/corpus/tf' : CORPUS_SKIP_MESSAGE})`, () => {
  const files = corpusAvailable ? readdirSync(TF).filter((n) => /\.(msh|ani)$/.test(n)).sort() : [];

  it('reads the first fallback text to the Asset a later fallback and the plain scan give', () => {
    expect(files.length).toBeGreaterThan(2);
    for (const [i, name] of [files[0]!, files.find((n) => n.endsWith('.ani'))!].entries()) {
      const backend = ['wasm-simd', 'js'][i]!;
      const { first, again, plain } = run(name, backend, false);
      expect(first, `${name} ${backend}`).toMatch(/^[0-9a-f]{64}$/);
      expect([again, plain], `${name} ${backend}`).toEqual([first, first]);
    }
  }, 120_000);

  it('gives a broken descriptor met first the error it gives later', () => {
    const { first, again } = run(files[0]!, 'wasm-scalar', true);
    expect(first).toMatch(/^error SYNTAX /);
    expect(again).toBe(first);
  }, 60_000);
});
