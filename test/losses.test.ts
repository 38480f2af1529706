// Every loss said (issue 17, item 2): each writer's round trip of the rich Asset and of every
// fixture, compared property by property; what is lost must be in the writer's warnings, except
// the KNOWN_SILENT_LOSSES other work is fixing (asserted exactly, so a fix fails this test until
// its entry is removed). `npx tsx test/losses-table.ts` prints the table.
import { describe, expect, it } from 'vitest';
import type { Asset } from '../bindings/index.js';
import { compareForLosses, KNOWN_SILENT_LOSSES, lossSources, lossWriters, richLossAsset, silentLosses, warnedLosses } from './helpers/asset-losses.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

describe('compareForLosses', () => {
  it('finds nothing between an Asset and its copy', () => {
    const asset = richLossAsset();
    expect(compareForLosses(asset, structuredClone(asset), 'copy')).toEqual([]);
  });

  it('finds each kind of loss', () => {
    const before = richLossAsset();
    const after: Asset = structuredClone(before);
    delete after.meshes[0]!.targets;
    delete after.meshes[1]!.material;
    after.meshes[1]!.attributes.uvs!.pop();
    delete after.meshes[0]!.attributes.colors;
    after.meshes[0]!.name = 'submesh1';
    after.skeleton!.joints[2]!.name = 'bone2';
    after.animations[0]!.loop = false;
    after.meshes[1]!.attributes.weights = after.meshes[1]!.attributes.weights!.map((w) => w / 0.75);
    after.animations[1]!.tracks[0]!.times = after.animations[1]!.tracks[0]!.times.map((t) => t / 10);
    after.animations[0]!.tracks[0]!.rotation = after.animations[0]!.tracks[0]!.rotation!.map((v, i) => (i % 4 === 3 ? v : v + 0.2));
    const found = compareForLosses(before, after, 'test').map((l) => l.property);
    // The material's removal takes its texture along.
    expect(found.sort()).toEqual(['colours', 'durations', 'joint names', 'key values', 'loop flags', 'materials', 'mesh names', 'morph targets', 'skin weights', 'textures'].sort());
  });

  it('finds a texture whose image bytes did not come back', () => {
    const before = richLossAsset();
    const after: Asset = structuredClone(before);
    delete after.materials![0]!.baseColorTexture!.bytes;
    expect(compareForLosses(before, after, 'test').map((l) => l.property)).toEqual(['textures']);
  });

  it('a loss is warned when a warning names its property', () => {
    const losses = [{ property: 'morph targets' as const, detail: '' }, { property: 'loop flags' as const, detail: '' }];
    expect(warnedLosses(losses, ['morph targets were dropped']).map((l) => l.warned)).toEqual([true, false]);
  });
});

describe('every writer says what it loses', () => {
  it.each(BACKENDS)('%s: the silent losses over the rich Asset and the fixtures are exactly KNOWN_SILENT_LOSSES', (backend) => {
    const silent = silentLosses(lossSources(), kernels[backend]);
    expect(Object.keys(silent)).toEqual(lossWriters().map((w) => w.name));
    for (const [writer, { properties, examples }] of Object.entries(silent)) {
      expect({ writer, properties, examples: properties.length ? examples : [] }).toEqual({ writer, properties: KNOWN_SILENT_LOSSES[writer] ?? [], examples: expect.any(Array) });
    }
  });
});
