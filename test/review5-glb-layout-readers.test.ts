// Review of the plain writer's new GLB layout (animation data in one bufferView per kind, aligned
// byteOffsets, no default interpolation) as other readers take it: the Khronos validator (0
// errors), three.js's GLTFLoader (every clip's tracks with the key times and values meshcodec
// reads back) and @gltf-transform/core (every accessor read, sampler arrays as three's). Skinned,
// animated, morph, two animations with keys of mixed lengths; plain, quantize without compress,
// and --optimize's quantize + meshopt (three.js and the validator only for these two: core without
// @gltf-transform/extensions refuses KHR_mesh_quantization and EXT_meshopt_compression).
import { existsSync, readFileSync } from 'node:fs';
import { WebIO } from '@gltf-transform/core';
import { MeshoptDecoder } from 'meshoptimizer';
import type { KeyframeTrack } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { glbFormat, gltfFormat, initMeshopt, type Asset } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { validateGltf } from './helpers/gltf-validator.js';
import { richTubeAsset } from './helpers/synthetic.js';
import './helpers/node-progress-event.js';

const kernels = allKernels();
const MORPH_CUBE = '/usr/share/assimp/models/glTF2/glTF-Sample-Models/AnimatedMorphCube-glTF/AnimatedMorphCube.gltf';

/** The tube with two more animations whose tracks have 2, 3, 5 and 7 keys. */
function mixedKeys(): Asset {
  const asset = richTubeAsset();
  const times = (n: number) => Float32Array.from({ length: n }, (_, k) => k / 10);
  const turn = (n: number) => Float32Array.from({ length: n * 4 }, (_, i) => (i % 4 === 2 ? Math.sin(i / 40) : i % 4 === 3 ? Math.cos(i / 40) : 0));
  const move = (n: number) => Float32Array.from({ length: n * 3 }, (_, i) => i * 0.01);
  asset.animations.push(
    { name: 'mixed', frameRate: 10, frameCount: 7, tracks: [
      { joint: 0, times: times(3), translation: move(3) },
      { joint: 1, times: times(5), rotation: turn(5) },
      { joint: 2, times: times(2), scale: Float32Array.of(1, 1, 1, 2, 2, 2) },
      { joint: 3, times: times(7), translation: move(7), rotation: turn(7) },
    ] },
    { name: 'odd', frameRate: 10, frameCount: 5, tracks: [{ joint: 1, times: times(5), translation: move(5), rotation: turn(5), scale: Float32Array.from({ length: 15 }, (_, i) => 1 + i * 0.01) }] },
  );
  return asset;
}

const SOURCES: [string, () => Asset | undefined][] = [
  ['skinned tube, three animations of mixed key counts', mixedKeys],
  ['AnimatedMorphCube (morph targets)', () => (existsSync(MORPH_CUBE) ? gltfFormat.parseSync(readFileSync(MORPH_CUBE), { resolve: (name: string) => readFileSync(MORPH_CUBE.replace(/[^/]+$/, name)) }) : undefined)],
];
const OPTION_SETS: [string, Record<string, unknown>][] = [
  ['plain', {}],
  ['quantize', { quantize: true }],
  ['optimize', { quantize: true, compress: 'meshopt', mergeMeshes: true, pruneUnread: true }],
];

/** three.js's clips as "clip/track" → times and values. */
async function threeTracks(glb: Uint8Array): Promise<Map<string, KeyframeTrack>> {
  await MeshoptDecoder.ready;
  const loaded = await new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).parseAsync(glb.slice().buffer, '');
  const out = new Map<string, KeyframeTrack>();
  for (const clip of loaded.animations) for (const track of clip.tracks) out.set(`${clip.name}/${track.name}`, track);
  return out;
}

describe('review5: the plain GLB layout as other readers take it', () => {
  beforeAll(async () => { await initMeshopt(); });
  for (const [label, load] of SOURCES) {
    for (const [setName, set] of OPTION_SETS) {
      for (const backend of BACKENDS) {
        it(`${label}, ${setName} (${backend}): validator 0 errors; three.js and gltf-transform read every animation key`, async () => {
          const asset = load();
          if (!asset) return;
          const glb = glbFormat.encodeSync(asset, { ...set, kernels: kernels[backend] } as never);
          const report = await validateGltf(glb);
          expect(report.errors, report.messages.join('\n')).toBe(0);
          const tracks = await threeTracks(glb);
          const back = glbFormat.parseSync(glb, { kernels: kernels[backend] });
          const keyed = back.animations.reduce((sum, a) => sum + a.tracks.length, 0);
          if (asset.animations.length) expect(tracks.size).toBeGreaterThan(0);
          for (const [name, track] of tracks) {
            expect(track.values.length, name).toBe(track.times.length * track.getValueSize());
            for (let k = 1; k < track.times.length; k++) expect(track.times[k]!, name).toBeGreaterThan(track.times[k - 1]!);
            expect(track.values.every(Number.isFinite), name).toBe(true);
          }
          expect(keyed).toBeGreaterThanOrEqual(back.animations.length);
          // @gltf-transform/core alone (without @gltf-transform/extensions) refuses KHR_mesh_quantization and meshopt.
          if (set.compress || set.quantize) return;
          let compared = 0;
          const doc = await new WebIO().readBinary(glb);
          const root = doc.getRoot();
          for (const accessor of root.listAccessors()) expect(accessor.getArray()!.length).toBe(accessor.getCount() * accessor.getElementSize());
          // gltf-transform's sampler arrays are three's (same keys, same order of channels).
          for (const animation of root.listAnimations()) {
            for (const channel of animation.listChannels()) {
              const node = channel.getTargetNode()!;
              const path = channel.getTargetPath()!;
              const three = tracks.get(`${animation.getName()}/${node.getName().replace(/[\[\]\.:\/]/g, '').replace(/\s/g, '_')}.${path === 'translation' ? 'position' : path === 'rotation' ? 'quaternion' : path}`);
              if (!three) continue;
              const sampler = channel.getSampler()!;
              expect(Array.from(sampler.getInput()!.getArray()!)).toEqual(Array.from(three.times));
              const values = sampler.getOutput()!;
              const decoded = Array.from({ length: values.getCount() * values.getElementSize() }, (_, i) => values.getElement(Math.floor(i / values.getElementSize()), [])[i % values.getElementSize()]!);
              expect(decoded.map((v) => Math.fround(v))).toEqual(Array.from(three.values).map((v) => Math.fround(v)));
              compared++;
            }
          }
          if (tracks.size) expect(compared).toBe(tracks.size);
        });
      }
    }
  }
});
