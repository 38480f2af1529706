// Review of h-uniframes and h-iqm22: an Asset parsed from a file shares no memory with the
// file's bytes (README: a reader's Asset does not depend on the caller's buffer unless asked):
// overwriting the input after the parse leaves the Asset as it was. On every backend.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iqmFormat, unigineFormat, type FormatHandler } from '../bindings/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { assetBits } from './helpers/backend-outcomes.js';
import { richUnigineAnim, richUnigineMesh } from './helpers/synthetic.js';

const kernels = allKernels();

const CASES: [string, FormatHandler, () => Uint8Array][] = [
  ['tube.anim', unigineFormat, () => new Uint8Array(readFileSync(join(FIXTURES_DIR, 'tube.anim')))],
  ['tube.mesh', unigineFormat, () => new Uint8Array(readFileSync(join(FIXTURES_DIR, 'tube.mesh')))],
  ['rich .mesh', unigineFormat, richUnigineMesh],
  ['rich .anim', unigineFormat, richUnigineAnim],
  ['tube.iqm', iqmFormat, () => new Uint8Array(readFileSync(join(FIXTURES_DIR, 'tube.iqm')))],
];

describe('a parsed Asset shares no memory with the input bytes nor with a later parse\'s Asset', () => {
  for (const [name, format, make] of CASES) {
    for (const backend of BACKENDS) {
      it(`${name} on ${backend}`, () => {
        const bytes = make();
        const asset = format.parseSync(bytes, { kernels: kernels[backend] });
        const before = JSON.stringify(assetBits(asset));
        bytes.fill(0x5a);
        expect(JSON.stringify(assetBits(asset))).toBe(before);
        // Nor with the next parse's output (the kernels' workspaces are reused).
        for (const [, other, again] of CASES) other.parseSync(again(), { kernels: kernels[backend] });
        expect(JSON.stringify(assetBits(asset))).toBe(before);
      });
    }
  }
});
