// normalizedSkin's loop (bindings/formats/gltf/normalized-skin.ts): its written-straight path for
// the common vertex gives the same bits and counts as the general code run on every vertex, over
// random skins with zero, −0, negative, NaN, infinite, huge and repeated entries and joints outside
// the skeleton, into outputs that held other values (the writer's scratch is not zero-filled); and
// the GLB writer's skin reads back alike on every backend.
import { describe, expect, it } from 'vitest';
import { generalVertex, normalizedSkinLoop } from '../bindings/formats/gltf/normalized-skin.js';
import { glbFormat, type Asset } from '../bindings/index.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const SPECIAL = [0, -0, -0.25, NaN, Infinity, -Infinity, 3e38, 1e-45];

function randomSkin(seed: number, vertices: number, jointRange: number) {
  const next = rng(seed);
  const joints = new Uint16Array(vertices * 4);
  const weights = new Float32Array(vertices * 4);
  for (let i = 0; i < joints.length; i++) {
    joints[i] = Math.floor(next() * jointRange);
    const r = next();
    weights[i] = r < 0.35 ? 0 : r < 0.5 ? SPECIAL[Math.floor(next() * SPECIAL.length)]! : next();
  }
  // Some vertices of the common kind, with their trailing slots zero.
  for (let v = 0; v < vertices; v += 3) for (let k = 1 + (v % 4); k < 4; k++) weights[v * 4 + k] = 0;
  return { joints, weights };
}

function bits(a: Float32Array): Uint32Array {
  return new Uint32Array(a.buffer, a.byteOffset, a.length);
}

describe('normalizedSkinLoop', () => {
  for (const [outType, jointCount] of [[Uint8Array, 5], [Uint16Array, 300]] as const) {
    it(`gives the general code's bits and counts (${outType.name} joints, ${jointCount} joints)`, () => {
      for (let seed = 1; seed <= 300; seed++) {
        const { joints, weights } = randomSkin(seed, 40, jointCount + 2);
        const expectedJoints = new outType(joints.length).fill(77);
        const expectedWeights = new Float32Array(weights.length).fill(5);
        const expectedFound = Float64Array.of(0, 0, -1, -1);
        for (let v = 0; v < joints.length; v += 4) generalVertex(joints, weights, jointCount, expectedJoints, expectedWeights, expectedFound, v);
        const outJoints = new outType(joints.length).fill(99);
        const outWeights = new Float32Array(weights.length).fill(-3);
        const found = Float64Array.of(0, 0, -1, -1);
        normalizedSkinLoop(joints, weights, jointCount, outJoints, outWeights, found);
        expect(Array.from(outJoints), `seed ${seed}`).toEqual(Array.from(expectedJoints));
        expect(Array.from(bits(outWeights)), `seed ${seed}`).toEqual(Array.from(bits(expectedWeights)));
        expect(Array.from(found), `seed ${seed}`).toEqual(Array.from(expectedFound));
      }
    });
  }

  const kernels = allKernels();
  for (const backend of BACKENDS) {
    it(`${backend}: a random skin written as GLB reads back with weights summing to 1 and the same warnings on every backend`, () => {
      const { joints, weights } = randomSkin(7, 30, 3);
      const positions = new Float32Array(90).map((_, i) => i % 7);
      const asset = {
        source: 'test', upAxis: 'y',
        meshes: [{ name: 'm', attributes: { positions, joints, weights }, indices: Uint16Array.from({ length: 30 }, (_, i) => i) }],
        skeleton: { joints: [0, 1, 2].map((j) => ({ name: `j${j}`, parent: j - 1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] })) },
        animations: [], materials: [], warnings: [],
      } as unknown as Asset;
      const glb = glbFormat.encodeSync(asset, { kernels: kernels[backend] });
      const reference = { ...asset, warnings: [] as string[] };
      expect(glbFormat.encodeSync(reference, { kernels: kernels.js })).toEqual(glb);
      expect(asset.warnings).toEqual(reference.warnings);
      const back = glbFormat.parseSync(glb, { kernels: kernels[backend] }).meshes[0]!.attributes;
      for (let v = 0; v < 30; v++) {
        const sum = back.weights![v * 4]! + back.weights![v * 4 + 1]! + back.weights![v * 4 + 2]! + back.weights![v * 4 + 3]!;
        expect(Math.abs(sum - 1)).toBeLessThan(1e-6);
      }
    });
  }
});
