// The glTF writer's values of one V8 shape whatever the Asset (packed-lists.ts, issue 22 item 5):
// the lists and TRS arrays are checked with V8's own %HaveSameMap in a child process, and the
// joint nodes' JSON, now one literal with undefined where glTF's default holds, is checked to be
// what it was (keys left out, `children` only where a joint has them), on every backend.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, gltfFormat, type Asset, type Joint } from '../bindings/index.js';
import { BACKENDS } from './helpers/backends.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PACKED_LISTS = fileURLToPath(new URL('../bindings/formats/gltf/packed-lists.ts', import.meta.url));

/** Runs `body` (module code; `m` is packed-lists.ts) in a child Node with V8's natives syntax, giving what it printed as JSON. */
function inV8(body: string): unknown {
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', `const m = await import(${JSON.stringify(PACKED_LISTS)}); ${body}`], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
}

describe('packed lists: one elements kind whatever the contents', () => {
  it('doubles3 / doubles4 of whole numbers have the map of those of fractions (a literal does not)', () => {
    expect(inV8('console.log(JSON.stringify([%HaveSameMap(m.doubles3(0, 0, 0), m.doubles3(0.5, -1, 2e9)), %HaveSameMap(m.doubles4(0, 0, 0, 1), m.doubles4(0.1, 0.2, 0.3, 0.9)), %HaveSameMap(m.doubles3(1, 1, 1), m.doubles4(1, 2, 3, 4)), %HaveSameMap([0, 0, 0], [0.5, 1, 2])]))')).toEqual([true, true, true, false]);
  });

  it('an empty objectList has the map of a filled one (an empty literal does not)', () => {
    expect(inV8('const full = m.objectList(); full.push({ a: 1 }); const literal = []; literal.push({ a: 1 }); console.log(JSON.stringify([%HaveSameMap(m.objectList(), full), %HaveSameMap([], literal)]))')).toEqual([true, false]);
  });

  it('the values are the numbers given, as JSON too', () => {
    expect(inV8('console.log(JSON.stringify([m.doubles3(0, -0, 3), m.doubles4(1, 2.5, -0, NaN), m.objectList().length]))')).toEqual([[0, 0, 3], [1, 2.5, 0, null], 0]);
  });
});

const joint = (name: string, parent: number, translation: Joint['translation'], rotation: Joint['rotation'] = [0, 0, 0, 1], scale: Joint['scale'] = [1, 1, 1]): Joint => ({ name, parent, translation, rotation, scale });

/** A skeleton of joints at rest and not: every TRS default alone and together, children on some. */
function skeletonAsset(): Asset {
  const positions = Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0);
  return {
    source: 'test',
    meshes: [{ name: 'tri', attributes: { positions, joints: Uint16Array.of(0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0), weights: Float32Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0) }, indices: Uint16Array.of(0, 1, 2) }],
    skeleton: { joints: [joint('root', -1, [0, 0, 0]), joint('moved', 0, [0.25, 1, -2]), joint('turned', 0, [0, 0, 0], [0, 0.6, 0, 0.8]), joint('scaled', 2, [0, 0, 0], [0, 0, 0, 1], [2, 2, 2]), joint('leaf', -1, [1, 2, 3], [0.6, 0, 0, 0.8], [0.5, 1, 1])] },
    animations: [{ name: 'a', frameRate: 30, frameCount: 2, tracks: [{ joint: 1, times: Float32Array.of(0, 1 / 30), translation: Float32Array.of(0, 0, 0, 1, 0, 0) }] }],
    warnings: [],
  };
}

describe('joint nodes written as before', () => {
  for (const backend of BACKENDS) {
    it(`defaults left out, children only where there are some, bare nodes for animated joints beyond the skeleton (${backend})`, () => {
      const kernels = createKernelsSync(backend);
      for (const options of [{ kernels }, { kernels, quantize: true }]) {
        const asset = skeletonAsset();
        const bytes = gltfFormat.encodeSync(asset, options as never);
        const json = JSON.parse(new TextDecoder().decode(bytes)) as { nodes: Record<string, unknown>[] };
        const byName = Object.fromEntries(json.nodes.map((n) => [n.name, n]));
        expect(Object.keys(byName.root!)).toEqual(['name', 'children']);
        expect(byName.root!.children).toEqual([1, 2]);
        expect(Object.keys(byName.moved!)).toEqual(['name', 'translation']);
        expect(byName.moved!.translation).toEqual([0.25, 1, -2]);
        expect(Object.keys(byName.turned!)).toEqual(['name', 'rotation', 'children']);
        expect(Object.keys(byName.scaled!)).toEqual(['name', 'scale']);
        expect(Object.keys(byName.leaf!)).toEqual(['name', 'translation', 'rotation', 'scale']);
        // And read back: the same skeleton.
        const back = glbFormat.parseSync(glbFormat.encodeSync(skeletonAsset(), options as never));
        expect(back.skeleton!.joints.map((j) => [j.name, j.parent])).toEqual([['root', -1], ['moved', 0], ['turned', 0], ['scaled', 2], ['leaf', -1]]);
        expect(back.skeleton!.joints[1]!.translation).toEqual([0.25, 1, -2]);
        // Without a skeleton, animated joints become bare nodes named after their number.
        const bare: Asset = { ...skeletonAsset(), meshes: [], skeleton: undefined };
        bare.animations[0]!.tracks.push({ joint: 2, times: Float32Array.of(0, 1 / 30), rotation: Float32Array.of(0, 0, 0, 1, 0, 0.6, 0, 0.8) });
        const bareJson = JSON.parse(new TextDecoder().decode(gltfFormat.encodeSync(bare, options as never))) as { nodes: Record<string, unknown>[] };
        expect(bareJson.nodes).toEqual([{ name: 'joint 0' }, { name: 'joint 1' }, { name: 'joint 2' }]);
      }
    });
  }
});
