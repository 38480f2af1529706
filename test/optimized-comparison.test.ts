// The comparison test/browser-optimized.test.ts makes of what three.js decodes with the source
// Asset (test/helpers/optimized-comparison.ts), shown to fail where it must: here the "viewer" is
// meshcodec's own glTF reader (it reads quantized files dequantized, skinned meshes in their bind
// pose, as three.js's applyBoneTransform at rest does), on every backend; the decoded values it
// gives pass, and each kind of damage a viewer could see (a position a step off, a UV two
// half-steps off, a normal a few steps off, a tangent's handedness flipped, a skin weight three
// steps off, a flipped triangle, a rotation key two half-steps off, a scale key two filter steps off,
// a missing rotation track) is reported.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, gltf, iqmFormat, type Asset, type Kernels } from '../bindings/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { BACKENDS } from './helpers/backends.js';
import { compareAnimations, compareMeshes, ROTATION_SNORM16_BOUND, UV_UNORM16_BOUND, type DecodedAsset } from './helpers/optimized-comparison.js';

beforeAll(() => gltf.initMeshopt());

const TUBE = join(FIXTURES_DIR, 'tube.iqm');

function readTube(kernels: Kernels): Asset {
  return iqmFormat.parseSync(new Uint8Array(readFileSync(TUBE)), { kernels, fileName: TUBE });
}

/** The optimized GLB of the tube as meshcodec's reader decodes it, in the shape the browser page returns, and the GLB's JSON. */
function decodedTube(kernels: Kernels): { decoded: DecodedAsset; json: Record<string, any> } {
  const bytes = glbFormat.encodeSync(readTube(kernels), { kernels, quantize: true, compress: 'meshopt' });
  const json = gltf.readGltfInput(bytes).json as Record<string, any>;
  const back = glbFormat.parseSync(bytes, { kernels });
  const names = back.skeleton?.joints.map((j) => j.name) ?? [];
  const decoded: DecodedAsset = {
    meshes: back.meshes.map((m) => ({
      name: m.name,
      skinned: m.attributes.joints !== undefined,
      positions: Array.from(m.attributes.positions),
      normals: m.attributes.normals && Array.from(m.attributes.normals),
      tangents: m.attributes.tangents && Array.from(m.attributes.tangents),
      uvs: (m.attributes.uvs ?? []).map((uv) => Array.from(uv)),
      colors: m.attributes.colors && Array.from(m.attributes.colors),
      joints: m.attributes.joints && Array.from(m.attributes.joints),
      weights: m.attributes.weights && Array.from(m.attributes.weights),
      indices: Array.from(m.indices),
      textured: false,
    })),
    animations: (json.animations as Record<string, any>[]).map((a, k) => ({
      name: a.name,
      tracks: (a.channels as Record<string, any>[]).filter((c) => c.target.path !== 'weights').map((c) => {
        const path = c.target.path as 'rotation' | 'translation' | 'scale';
        const track = back.animations[k]!.tracks.find((t) => names[t.joint] === json.nodes[c.target.node].name && t[path])!;
        return { path, times: Array.from(track.times), values: Array.from(track[path]!) };
      }),
    })),
  };
  return { decoded, json };
}

describe.each(BACKENDS)('optimized-GLB comparison on %s', (backend) => {
  const kernels = createKernelsSync(backend);

  it('what meshcodec decodes of the optimized tube is the source within the bounds', () => {
    const { decoded, json } = decodedTube(kernels);
    const meshes = compareMeshes(readTube(kernels), decoded);
    expect(meshes.failures).toEqual([]);
    expect(meshes.skinnedVertices).toBe(78);
    expect(meshes.maxPositionSteps).toBeGreaterThan(0.3);
    expect(meshes.maxPositionSteps).toBeLessThanOrEqual(0.5);
    const animations = compareAnimations(readTube(kernels), json, decoded);
    expect(animations.failures).toEqual([]);
    expect(animations.keys.rotation).toBeGreaterThan(0);
    expect(animations.maxErrors.rotation).toBeLessThanOrEqual(ROTATION_SNORM16_BOUND);
  });

  it('a position one step off, a UV two half-steps off, a normal turned, a tangent w flipped, a skin weight three steps off, a flipped triangle: each reported', () => {
    const source = readTube(kernels);
    const p = source.meshes[0]!.attributes.positions;
    const extent = Math.max(...[0, 1, 2].map((c) => { const axis = p.filter((_, i) => i % 3 === c); return Math.max(...axis) - Math.min(...axis); }));
    const damaged = (damage: (d: DecodedAsset) => void) => {
      const { decoded } = decodedTube(kernels);
      damage(decoded);
      return compareMeshes(readTube(kernels), decoded).failures;
    };
    expect(damaged((d) => { d.meshes[0]!.positions[3 * 7 + 1]! += extent / 65535; })).toEqual([expect.stringMatching(/decoded vertex 7 .* matches no Asset vertex/)]);
    expect(damaged((d) => { d.meshes[0]!.uvs[0]![2 * 5]! += 2 * UV_UNORM16_BOUND; })).toEqual([expect.stringMatching(/decoded vertex 5 .* matches no Asset vertex/)]);
    expect(damaged((d) => { d.meshes[0]!.normals![3 * 9]! += 0.02; })).toEqual([expect.stringMatching(/decoded vertex 9 .* matches no Asset vertex/)]);
    expect(damaged((d) => { d.meshes[0]!.tangents![4 * 3 + 3]! *= -1; })).toEqual([expect.stringMatching(/decoded vertex 3 .* matches no Asset vertex/)]);
    // Three steps of an 8-bit weight moved from a vertex's first joint to its second (or to joint 0, where it has one joint).
    expect(damaged((d) => { const m = d.meshes[0]!; m.weights![4 * 11]! -= 3 / 255; m.weights![4 * 11 + 1]! += 3 / 255; })).toEqual([expect.stringMatching(/decoded vertex 11 .* matches no Asset vertex/)]);
    expect(damaged((d) => { const i = d.meshes[0]!.indices!; [i[1], i[2]] = [i[2]!, i[1]!]; })).toEqual([expect.stringMatching(/decoded triangle 0 .* is no Asset triangle/)]);
    expect(damaged((d) => { d.meshes.pop(); })).toEqual([expect.stringMatching(/meshes decoded/)]);
  });

  it('a rotation key two half-steps off, a scale key two filter steps off, a rotation track missing: each reported', () => {
    const { decoded, json } = decodedTube(kernels);
    const rotation = decoded.animations[0]!.tracks.find((t) => t.path === 'rotation')!;
    rotation.values[4 + 2]! += 2 * ROTATION_SNORM16_BOUND;
    expect(compareAnimations(readTube(kernels), json, decoded).failures).toEqual([expect.stringMatching(/joint \d+ rotation key 1: decoded/)]);
    const moved = decodedTube(kernels);
    // Translation and scale keys: within one EXPONENTIAL filter step (24 bits: about a float32 ulp
    // of the largest value); two steps off is reported. (The tube's animation scales, it does not translate.)
    const scale = moved.decoded.animations[0]!.tracks.find((t) => t.path === 'scale')!;
    scale.values[3] = scale.values[3]! * (1 + 2 ** -20);
    expect(compareAnimations(readTube(kernels), moved.json, moved.decoded).failures).toEqual([expect.stringMatching(/joint \d+ scale key 1: decoded/)]);
    const again = decodedTube(kernels);
    const tracks = again.decoded.animations[0]!.tracks;
    tracks.splice(tracks.findIndex((t) => t.path === 'rotation'), 1);
    const failures = compareAnimations(readTube(kernels), again.json, again.decoded).failures;
    expect(failures).toContainEqual(expect.stringMatching(/tracks decoded, \d+ channels written/));
    expect(failures).toContainEqual(expect.stringMatching(/moves its joint but was not decoded/));
  });
});
