// The plain glTF writer's layout (README § GLB layout): animation data in one bufferView per kind
// (key times, translations, rotations, scales), each accessor at an aligned byteOffset and without
// a byteStride; samplers without the default `interpolation`; vertex attributes and indices in a
// view each. Every output passes the Khronos validator and reads back, on every backend, to the
// Asset the .gltf (+ .bin) of the same writer reads back to.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { glbFormat, gltfFormat, iqmFormat, type Asset } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { assetDigest } from './helpers/fuzz.js';
import { validateGltf } from './helpers/gltf-validator.js';

const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const kernels = allKernels();

function jsonOf(glb: Uint8Array): any {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
}

/** A skinned triangle with two animations: the second reuses the first's key times, its translations move. */
function twoAnimations(): Asset {
  const times = Float32Array.of(0, 0.5, 1);
  const joints = [
    { name: 'root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
    { name: 'child', parent: 0, translation: [0, 1, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
  ];
  const turn = (a: number) => [0, Math.sin(a / 2), 0, Math.cos(a / 2)];
  return {
    source: 'test',
    upAxis: 'y',
    meshes: [{
      name: 'tri',
      attributes: { positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0), joints: Uint16Array.of(0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0), weights: Float32Array.of(0.5, 0.5, 0, 0, 1, 0, 0, 0, 0.25, 0.75, 0, 0) },
      indices: Uint16Array.of(0, 1, 2),
    }],
    skeleton: { joints },
    animations: [
      { name: 'spin', frameRate: 2, frameCount: 3, tracks: [{ joint: 1, times, rotation: Float32Array.from([...turn(0), ...turn(1), ...turn(2)]) }] },
      { name: 'move', frameRate: 2, frameCount: 3, tracks: [{ joint: 0, times, translation: Float32Array.of(0, 0, 0, 1, 0, 0, 2, 0, 0), scale: Float32Array.of(1, 1, 1, 2, 2, 2, 1, 1, 1) }] },
    ],
    materials: [],
    warnings: [],
  } as unknown as Asset;
}

const sources: [string, () => Asset][] = [['two animations sharing key times', twoAnimations]];
if (existsSync(MRFIXIT)) sources.push(['mrfixit.iqm', () => iqmFormat.parseSync(readFileSync(MRFIXIT), { kernels: kernels.js })]);

describe('plain GLB layout', () => {
  for (const [label, load] of sources) {
    for (const backend of BACKENDS) {
      it(`${label} (${backend}): animation data shares one view per kind, no default interpolation, validator-clean, reads back as the .gltf does`, async () => {
        const glb = glbFormat.encodeSync(load(), { kernels: kernels[backend] });
        const json = jsonOf(glb);
        const samplers = json.animations.flatMap((a: any) => a.samplers);
        expect(samplers.length).toBeGreaterThan(0);
        expect(samplers.every((s: any) => s.interpolation === undefined)).toBe(true);
        // Which kind uses each view: an input, or the output of a path.
        const kinds = new Map<number, Set<string>>();
        const use = (accessor: number, kind: string) => {
          const view = json.accessors[accessor].bufferView;
          kinds.set(view, (kinds.get(view) ?? new Set()).add(kind));
        };
        for (const a of json.animations) {
          for (const c of a.channels) use(a.samplers[c.sampler].output, c.target.path);
          for (const s of a.samplers) use(s.input, 'input');
        }
        for (const [view, used] of kinds) {
          expect([...used]).toHaveLength(1);
          expect(json.bufferViews[view].byteStride).toBeUndefined();
          expect(json.bufferViews[view].target).toBeUndefined();
        }
        // One view per kind, however many channels.
        expect(kinds.size).toBe(new Set([...kinds.values()].map((s) => [...s][0])).size);
        for (const accessor of json.accessors) expect((accessor.byteOffset ?? 0) % 4).toBe(0);
        // Vertex attributes and indices: a view each, at its start.
        const vertexViews = json.meshes.flatMap((m: any) => m.primitives.flatMap((p: any) => [...Object.values(p.attributes), p.indices])).map((i: any) => json.accessors[i]);
        for (const accessor of vertexViews) expect(accessor.byteOffset).toBeUndefined();
        expect(new Set(vertexViews.map((a: any) => a.bufferView)).size).toBe(vertexViews.length);
        const report = await validateGltf(glb);
        expect(report.messages.filter((m) => !m.startsWith('UNUSED'))).toEqual([]);
        expect(report.errors).toBe(0);
        const files = gltfFormat.encodeFiles!(load(), 'out.gltf', { kernels: kernels[backend] });
        const fromGltf = gltfFormat.parseSync(files[0]!.bytes, { fileName: 'out.gltf', resolve: (n) => files.find((f) => f.name === n)?.bytes, kernels: kernels[backend] });
        const fromGlb = glbFormat.parseSync(glb, { kernels: kernels[backend] });
        expect(assetDigest(fromGlb)).toBe(assetDigest(fromGltf));
        expect(fromGlb.animations.map((a) => a.tracks.length)).toEqual(load().animations.map((a) => a.tracks.length));
      });
    }
  }
});
