// Hostile reproducers of issue 17 closed by the writer gate (validateAsset): a bind pose that is
// not finite as a float32 (an infinite UNIGINE bind translation, a glTF joint matrix of 1e308)
// made the GLB writer emit files its reader refuses. Now every writer refuses the Asset with the
// path of the value, on every backend.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, FORMATS } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { refusal } from './helpers/refusal.js';

const kernels = allKernels();
const HOSTILE = join(import.meta.dirname, 'hostile');

describe.each([
  ['gltf-joint-matrix-1e308__glb-writer-nonfinite-translation-unreadable.gltf', 'skeleton.joints[0].translation[0]'],
  ['unigine-tube-bindpose-translation-inf__glb-writer-nonfinite-unreadable.mesh', 'skeleton.joints[0].translation[0]'],
])('%s', (name, path) => {
  const bytes = new Uint8Array(readFileSync(join(HOSTILE, name)));
  it.each(BACKENDS)('%s: read, then refused by every writer with the path of the value', (backend) => {
    const format = detectFormat(bytes, name)!;
    for (const writer of FORMATS) {
      const asset = format.parseSync(bytes, { kernels: kernels[backend] });
      const error = refusal(() => (writer.encodeFiles ? writer.encodeFiles(asset, `out${writer.extensions[0]}`, { kernels: kernels[backend] }) : writer.encodeSync(asset, { kernels: kernels[backend] })));
      expect([writer.name, error.code, error.format, error.path]).toEqual([writer.name, 'BAD_VALUE', 'asset', path]);
    }
  });
});
