// The glTF and Transport Fever signatures answer most files from a byte pre-test (glTF: the first
// byte; TF: the word `function` in the first 4 KiB) before their regular expression. Each must give
// exactly what the regular expression alone gave: on random bytes, on texts built to sit at the
// edges (white space, BOM, Unicode spaces, `function` cut at 4 KiB), and on every corpus file.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { GLTF_SIGNATURE } from '../bindings/formats/gltf/gltf-signature.js';
import { TF_SIGNATURE } from '../bindings/formats/tf/tf-signature.js';
import { isGlb } from '../bindings/formats/gltf/glb-container.js';
import { CORPUS_DIR, corpusAvailable } from './helpers/corpus.js';

const gltfAlone = (bytes: Uint8Array) => !isGlb(bytes) && /^\s*\{[\s\S]*"asset"\s*:/.test(new TextDecoder().decode(bytes.subarray(0, 4096)));
const tfAlone = (bytes: Uint8Array) => /function\s+data\s*\(\s*\)/.test(String.fromCharCode(...bytes.subarray(0, 4096)));
const text = (s: string) => new TextEncoder().encode(s);

const PIECES = ['', ' ', '\t', '\n', '\r', '\v', '\f', '\u00a0', '\ufeff', '\u2028', '\u3000', '{', '}', '"asset"', '"asset" :', ':', 'x', 'function', 'function data()', 'function  data ( )', 'data()', 'functio', 'n data()', '\u0085', 'é', 'glTF'];
const edgeText = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((parts) => text(parts.join('')));
const paddedAtLimit = fc.tuple(fc.integer({ min: 4080, max: 4100 }), fc.constantFrom('function data()', 'function', '{"asset":1}')).map(([pad, tail]) => text(' '.repeat(pad) + tail));
const anyBytes = fc.uint8Array({ maxLength: 64 });

describe('signature pre-tests', () => {
  for (const [name, signature, alone] of [['gltf', GLTF_SIGNATURE, gltfAlone], ['tf', TF_SIGNATURE, tfAlone]] as const) {
    it(`${name}: the same answer as the regular expression alone, on random and edge inputs`, () => {
      fc.assert(fc.property(fc.oneof(edgeText, paddedAtLimit, anyBytes), (bytes) => signature.test(bytes) === alone(bytes)), { numRuns: 3000 });
    });
  }

  it.skipIf(!corpusAvailable)('the same answers on every corpus and fixture file', () => {
    const root = CORPUS_DIR;
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const path = join(dir, entry);
        if (statSync(path).isDirectory()) walk(path);
        else files.push(path);
      }
    };
    walk(root);
    walk('fixtures');
    expect(files.length).toBeGreaterThan(10);
    let tf = 0;
    let gltf = 0;
    for (const path of files) {
      const bytes = new Uint8Array(readFileSync(path));
      expect(GLTF_SIGNATURE.test(bytes), path).toBe(gltfAlone(bytes));
      expect(TF_SIGNATURE.test(bytes), path).toBe(tfAlone(bytes));
      if (tfAlone(bytes)) tf++;
      if (gltfAlone(bytes)) gltf++;
    }
    expect(tf).toBeGreaterThan(0);
    expect(gltf).toBeGreaterThan(0);
  });
});
