import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { detectFormat, formatByName } from '../bindings/formats/registry.js';
import { iqmFormat, readIqm, writeIqm } from '../bindings/formats/iqm/index.js';
import { sampleIqmDocument } from './helpers/iqm-samples.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable, corpusPath } from './helpers/corpus.js';

describe('iqmFormat handler', () => {
  const bytes = writeIqm(sampleIqmDocument());

  it('is registered and recognised by its 16-byte magic, not by a prefix of it', () => {
    expect(formatByName('iqm')).toBe(iqmFormat);
    expect(detectFormat(bytes, 'anything.bin')).toBe(iqmFormat);
    expect(iqmFormat.test(bytes.subarray(0, 15))).toBe(false);
    expect(iqmFormat.test(new TextEncoder().encode('INTERQUAKEMODEL!'))).toBe(false);
    expect(iqmFormat.test(bytes.subarray(0, 16))).toBe(true);
  });

  it('describe gives version, meshes, vertex arrays with type/format/size, comment length and extensions', () => {
    expect(iqmFormat.describe!(bytes)).toEqual({
      version: 2,
      meshes: [{ name: 'body', material: 'skin.png', vertices: 3, triangles: 1 }, { name: 'head', material: 'skin.png', vertices: 2, triangles: 1 }],
      vertexArrays: [
        { type: 'position', format: 'float', size: 3 },
        { type: 'texcoord', format: 'half', size: 2 },
        { type: 'normal', format: 'double', size: 3 },
        { type: 'tangent', format: 'short', size: 4 },
        { type: 'blendindexes', format: 'uint', size: 4 },
        { type: 'blendweights', format: 'ubyte', size: 4 },
        { type: 'color', format: 'ushort', size: 4 },
        { type: 'custom:heat', format: 'byte', size: 1 },
        { type: 'custom:score', format: 'int', size: 2 },
      ],
      poses: 2,
      frameChannels: 3,
      adjacency: true,
      bounds: true,
      commentBytes: 13,
      extensions: [{ name: 'ext.a', bytes: 3 }, { name: 'ext.b', bytes: 0 }],
    });
  });

  it('encodeSync writes what parseSync reads', () => {
    const asset = iqmFormat.parseSync(bytes);
    const again = iqmFormat.parseSync(iqmFormat.encodeSync(asset));
    expect(again.meshes.map((m) => m.attributes.positions)).toEqual(asset.meshes.map((m) => m.attributes.positions));
    expect(again.skeleton).toEqual(asset.skeleton);
  });
});

describe.skipIf(!corpusAvailable)(`IQM from Node Buffers (${corpusAvailable ? 'shared/corpus/iqm' : CORPUS_SKIP_MESSAGE})`, () => {
  it('reads a Buffer (a view into a shared pool) as it reads a plain Uint8Array', () => {
    const buffer = readFileSync(corpusPath('iqm', 'raylib_guy.iqm'));
    expect(readIqm(buffer).triangles[0]).toBe(readIqm(new Uint8Array(buffer)).triangles[0]);
  });
});
