// Every option the README documents, passed through the handlers (`iqmFormat`, `unigineFormat`)
// and through the namespaces (`iqm`, `unigine`), is in their types (this file is type-checked
// strictly by `npm run typecheck`; test/package.test.ts compiles the same calls against the
// published .d.ts) and changes the result. Also: `rewriteSync` is the document round trip.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { iqm, iqmFormat, MeshFormatError, unigine, unigineFormat, type Asset } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { corpusAvailable, corpusFiles, CORPUS_SKIP_MESSAGE, readCorpus } from './helpers/corpus.js';
import { sampleIqmDocument } from './helpers/iqm-samples.js';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));

/** The tube with vertex colors, so that the IQM `colors` option has something to write. */
function coloredTube(): Asset {
  const asset = tubeAsset();
  const mesh = asset.meshes[0]!;
  mesh.attributes.colors = Float32Array.from({ length: (mesh.attributes.positions.length / 3) * 4 }, (_, i) => (i % 7) / 6);
  return asset;
}

function iqmArrayFormats(bytes: Uint8Array): Record<string, string> {
  const d = iqm.readIqm(bytes);
  return Object.fromEntries(d.vertexArrays.filter((a) => a.type < iqm.IQM_CUSTOM).map((a) => [iqm.IQM_VERTEX_TYPE_NAMES[a.type]!, iqm.IQM_FORMAT_NAMES[a.format]]));
}

describe('IQM options', () => {
  it('blendWeights and colors: ubyte by default, float on request, through the handler and the namespace', () => {
    expect(iqmArrayFormats(iqmFormat.encodeSync(coloredTube()))).toMatchObject({ blendweights: 'ubyte', color: 'ubyte' });
    expect(iqmArrayFormats(iqmFormat.encodeSync(coloredTube(), { blendWeights: 'float' }))).toMatchObject({ blendweights: 'float', color: 'ubyte' });
    expect(iqmArrayFormats(iqmFormat.encodeSync(coloredTube(), { colors: 'float' }))).toMatchObject({ blendweights: 'ubyte', color: 'float' });
    const document = iqm.assetToIqm(coloredTube(), { blendWeights: 'float', colors: 'float' });
    expect(iqmArrayFormats(iqm.writeIqm(document))).toMatchObject({ blendweights: 'float', color: 'float' });
    expect(iqm.ASSET_TO_IQM_DEFAULTS).toEqual({ blendWeights: 'ubyte', colors: 'ubyte' });
  });

  it('maxExpansion: the handler and the reader refuse files promising more than that many times their size', () => {
    const bytes = iqm.writeIqm(sampleIqmDocument());
    expect(() => iqmFormat.parseSync(bytes)).not.toThrow();
    for (const attempt of [() => iqmFormat.parseSync(bytes, { maxExpansion: 1 }), () => iqm.readIqm(bytes, { maxExpansion: 1 }), () => iqmFormat.describe(bytes, { maxExpansion: 1 }), () => iqmFormat.rewriteSync(bytes, { maxExpansion: 1 })]) {
      expect(attempt).toThrow(MeshFormatError);
      try { attempt(); } catch (e) { expect((e as MeshFormatError).code).toBe('BAD_COUNT'); }
    }
  });

  it('frameRate: used for animations stored with framerate 0', () => {
    const document = sampleIqmDocument();
    document.anims[0]!.frameRate = 0;
    const bytes = iqm.writeIqm(document);
    expect(iqmFormat.parseSync(bytes).animations[0]!.frameRate).toBe(30);
    expect(iqmFormat.parseSync(bytes, { frameRate: 12 }).animations[0]!.frameRate).toBe(12);
  });
});

describe('UNIGINE options', () => {
  it('kind: mesh (ms11), anim (an10) or auto, through the handler and the namespace', () => {
    const magic = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(0, 4));
    expect(magic(unigineFormat.encodeSync(tubeAsset()))).toBe('ms11');
    expect(magic(unigineFormat.encodeSync(tubeAsset(), { kind: 'anim' }))).toBe('an10');
    expect(magic(unigineFormat.encodeSync(tubeAsset(), { kind: 'mesh' }))).toBe('ms11');
    expect(magic(unigine.encodeUnigine(tubeAsset(), { kind: 'anim' }))).toBe('an10');
    expect(unigine.assetToUnigine(tubeAsset(), { kind: 'anim' }).document.kind).toBe('anim');
  });

  it('quantize: truncate (UNIGINE\'s own) by default, round on request', () => {
    const truncated = unigineFormat.encodeSync(tubeAsset(), { kind: 'anim' });
    expect(unigineFormat.encodeSync(tubeAsset(), { kind: 'anim', quantize: 'truncate' })).toEqual(truncated);
    const rounded = unigineFormat.encodeSync(tubeAsset(), { kind: 'anim', quantize: 'round' });
    expect(rounded.length).toBe(truncated.length);
    expect(Buffer.compare(rounded, truncated)).not.toBe(0);
  });

  it('frameRate when writing: the grid for animations that have no frame rate', () => {
    const frames = (rate: number | undefined) => {
      const asset = tubeAsset();
      asset.animations[0]!.frameRate = 0;
      const document = unigine.assetToUnigine(asset, rate === undefined ? {} : { frameRate: rate }).document;
      return document.animations[0]!.frameCount;
    };
    expect(frames(undefined)).toBe(16);
    expect(frames(60)).toBe(31);
  });

  it('frameRate when reading: UNIGINE stores none (default 30)', () => {
    const anim = fixture('tube.anim');
    const times = (asset: Asset) => asset.animations[0]!.tracks[0]!.times;
    expect(times(unigineFormat.parseSync(anim))[1]).toBeCloseTo(1 / 30);
    expect(times(unigineFormat.parseSync(anim, { frameRate: 60 }))[1]).toBeCloseTo(1 / 60);
    expect(times(unigine.parseUnigine(anim, { frameRate: 10 }))[1]).toBeCloseTo(1 / 10);
  });
});

describe('rewriteSync: same-format conversion is the document round trip', () => {
  it('gives the fixtures back byte for byte', () => {
    for (const name of ['tube.mesh', 'tube.anim']) expect(Buffer.compare(unigineFormat.rewriteSync(fixture(name)), fixture(name)), name).toBe(0);
    expect(Buffer.compare(iqmFormat.rewriteSync(fixture('tube.iqm')), fixture('tube.iqm'))).toBe(0);
  });

  it('refuses bad input with MeshFormatError', () => {
    expect(() => unigineFormat.rewriteSync(fixture('tube.mesh').subarray(0, 40))).toThrow(MeshFormatError);
    expect(() => iqmFormat.rewriteSync(fixture('tube.iqm').subarray(0, 40))).toThrow(MeshFormatError);
  });
});

describe.skipIf(!corpusAvailable)(`rewriteSync on the UNIGINE corpus (${corpusAvailable ? 'shared/corpus/unigine' : CORPUS_SKIP_MESSAGE})`, () => {
  it.each(corpusFiles('unigine', ['.mesh', '.anim']).filter((f) => !f.includes('ms10')))('%s comes back byte for byte', (file) => {
    const bytes = readCorpus('unigine', file);
    expect(Buffer.compare(unigineFormat.rewriteSync(bytes), bytes)).toBe(0);
  });
});
