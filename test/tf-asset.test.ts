import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iqmFormat, summarizeAsset, tfFormat, unigineFormat, type Asset } from '../bindings/index.js';
import {
  assetToTf, composeMatrix, decomposeMatrix, eulerDegreesToQuaternion, parseTfPair, quaternionToEulerDegrees, readTfMesh, tfToAsset, type TfMeshDocument,
} from '../bindings/formats/tf/index.js';
import { FIXTURES_DIR } from '../fixtures/make-fixtures.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable, readCorpus } from './helpers/corpus.js';
import { corpusResolver, memoryResolver, TF_CORPUS_ANIS, TF_CORPUS_MESHES } from './helpers/tf-files.js';

const kernels = allKernels();
const text = (s: string) => new TextEncoder().encode(s);

function readCorpusMesh(name: string): TfMeshDocument {
  return readTfMesh(readCorpus('tf', name), readCorpus('tf', `${name}.blob`));
}

/** Rotates v by unit quaternion q. */
function rotate(q: readonly number[], v: readonly number[]): number[] {
  const m = composeMatrix([0, 0, 0], q as [number, number, number, number], [1, 1, 1]);
  return [0, 1, 2].map((r) => m[r]! * v[0]! + m[4 + r]! * v[1]! + m[8 + r]! * v[2]!);
}

const close = (a: ArrayLike<number>, b: ArrayLike<number>, digits = 5) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) expect(a[i]!).toBeCloseTo(b[i]!, digits);
};

describe.skipIf(!corpusAvailable)(`TF corpus to Asset ${corpusAvailable ? '' : CORPUS_SKIP_MESSAGE}`, () => {
  for (const [name, expected] of Object.entries(TF_CORPUS_MESHES)) {
    it(`${name}: ${expected.vertices} welded vertices, ${expected.triangles} triangles; every corner keeps its attributes; same Asset on every backend`, () => {
      const doc = readCorpusMesh(name);
      const assets = BACKENDS.map((b) => tfToAsset(doc, { kernels: kernels[b] }));
      for (const asset of assets) expect(asset).toEqual(assets[0]);
      const asset = assets[0]!;
      expect(summarizeAsset(asset)).toMatchObject({ meshes: expected.meshes, vertices: expected.vertices, triangles: expected.triangles, joints: 0, animations: 0 });
      // NaN tangents are repaired with a warning (test/tf-tangent-repair.test.ts).
      expect(asset.warnings.filter((w) => !/tangents were not finite/.test(w))).toEqual([]);
      expect(asset.upAxis).toBe('z');
      const byName = new Map(doc.attributes.map((a) => [a.name, a]));
      doc.subMeshes.forEach((subMesh, m) => {
        const mesh = asset.meshes[m]!;
        // Independent of the kernel: distinct index tuples counted with a Set.
        const streams = subMesh.indices.map((s) => s.data);
        const tuples = new Set(Array.from(streams[0]!, (_, c) => streams.map((s) => s[c]).join(',')));
        expect(mesh.attributes.positions.length / 3).toBe(tuples.size);
        for (const stream of subMesh.indices) {
          const attribute = byName.get(stream.attribute)!;
          const slot = { position: mesh.attributes.positions, normal: mesh.attributes.normals, tangent: mesh.attributes.tangents, uv0: mesh.attributes.uvs?.[0] }[stream.attribute]!;
          const n = attribute.numComp;
          for (let c = 0; c < stream.data.length; c++) {
            const stored = Array.from(attribute.data.subarray(stream.data[c]! * n, stream.data[c]! * n + n));
            const got = Array.from(slot.subarray(mesh.indices[c]! * n, mesh.indices[c]! * n + n));
            // uv0 is flipped (v = 1 − v) by default.
            if (stream.attribute === 'uv0') stored[1] = Math.fround(1 - stored[1]!);
            if (stream.attribute === 'tangent' && !stored.every(Number.isFinite)) continue;
            expect(got).toEqual(stored);
          }
        }
      });
    });
  }

  it('flipV: false keeps the stored v; materials come from matConfigs', () => {
    const doc = readCorpusMesh('concrete_roof_tl.msh');
    const flipped = tfToAsset(doc);
    const stored = tfToAsset(doc, { flipV: false });
    const v = (a: Asset) => a.meshes[0]!.attributes.uvs![0]![1]!;
    expect(v(flipped)).toBe(Math.fround(1 - v(stored)));
    expect(flipped.meshes.map((m) => m.material)).toEqual(['flying_junction/concrete.mtl', 'flying_junction/paving.mtl']);
    doc.matConfigs = [[1, 0], [0, 0]];
    doc.subMeshes[0]!.materials!.push('other.mtl');
    const picked = tfToAsset(doc);
    expect(picked.meshes[0]!.material).toBe('other.mtl');
    expect(picked.warnings.join('\n')).toMatch(/1 other material.*\n.*configurations after the first/);
  });

  for (const [name, keys] of Object.entries(TF_CORPUS_ANIS)) {
    it(`${name}: one joint, one animation of ${keys} keys`, () => {
      const asset = tfFormat.parseSync(readCorpus('tf', name), { fileName: name });
      expect(summarizeAsset(asset)).toMatchObject({ meshes: 0, joints: 1, animations: 1 });
      const [animation] = asset.animations;
      expect(animation!.tracks[0]!.times.length).toBe(keys);
      // The frame count covers the keys at the reported rate (TF stores key times, not frames).
      expect(animation!.frameCount).toBe(Math.round(animation!.tracks[0]!.times[keys - 1]! * animation!.frameRate) + 1);
      expect(animation!.name).toBe(name.replace('.ani', ''));
    });
  }

  it('sbb_ec_door_open.ani: the door turns −3.75° about Z and slides along −X', () => {
    const track = tfFormat.parseSync(readCorpus('tf', 'sbb_ec_door_open.ani')).animations[0]!.tracks[0]!;
    close(track.times, [0, 0.5, 2.5]);
    const angle = (-Math.asin(0.0654) * 180) / Math.PI;
    close(quaternionToEulerDegrees(Array.from(track.rotation!.subarray(4, 8)) as [number, number, number, number]), [0, 0, angle], 3);
    close(track.translation!.subarray(6, 9), [-0.94, -0.08434, 0]);
    close(track.scale!.subarray(3, 6), [1, 1, 1], 5);
  });

  it('TF → IQM → Asset and TF → UNIGINE → Asset keep vertices and triangles', () => {
    for (const name of Object.keys(TF_CORPUS_MESHES)) {
      const asset = tfFormat.parseSync(readCorpus('tf', name), { fileName: name, resolve: corpusResolver });
      const expected = summarizeAsset(asset);
      const viaIqm = iqmFormat.parseSync(iqmFormat.encodeSync(asset));
      expect(summarizeAsset(viaIqm)).toMatchObject({ vertices: expected.vertices, triangles: expected.triangles });
      close(viaIqm.meshes[0]!.attributes.positions, asset.meshes[0]!.attributes.positions, 6);
      const viaUnigine = unigineFormat.parseSync(unigineFormat.encodeSync(asset));
      expect(summarizeAsset(viaUnigine).triangles).toBe(expected.triangles);
    }
  });
});

describe('Asset to TF and back', () => {
  it('the tube: a valid pair with one shared index stream per submesh; geometry, UVs and material come back', () => {
    const tube = tubeAsset();
    const files = tfFormat.encodeFiles!(tube, 'tube.msh');
    expect(files.map((f) => f.name)).toEqual(['tube.msh', 'tube.msh.blob']);
    expect(tube.warnings.join('\n')).toMatch(/skin joints and weights are not carried/);
    expect(tube.warnings.join('\n')).toMatch(/scale keys are not carried/);
    const [msh, blob] = files.map((f) => f.bytes);
    const doc = readTfMesh(msh!, blob!);
    expect(new Set(doc.subMeshes[0]!.indices.map((i) => i.offset)).size).toBe(1);
    expect(doc.attributes.map((a) => a.name)).toEqual(['normal', 'position', 'tangent', 'uv0']);
    const back = tfFormat.parseSync(msh!, { fileName: 'tube.msh', resolve: memoryResolver({ 'tube.msh.blob': blob! }) });
    const mesh = back.meshes[0]!;
    const original = tube.meshes[0]!;
    // Vertices come back in order of first use; every corner keeps its values.
    const corner = (m: typeof mesh, values: Float32Array | undefined, n: number) =>
      Array.from(m.indices, (v) => Array.from(values!.subarray(v * n, v * n + n))).flat();
    expect(mesh.indices.length).toBe(original.indices.length);
    expect(mesh.attributes.positions.length).toBe(original.attributes.positions.length);
    expect(corner(mesh, mesh.attributes.positions, 3)).toEqual(corner(original, original.attributes.positions, 3));
    expect(corner(mesh, mesh.attributes.normals, 3)).toEqual(corner(original, original.attributes.normals, 3));
    expect(corner(mesh, mesh.attributes.tangents, 4)).toEqual(corner(original, original.attributes.tangents, 4));
    close(corner(mesh, mesh.attributes.uvs![0], 2), corner(original, original.attributes.uvs![0], 2), 6);
    expect(mesh.material).toBe('tube.mat');
    // The bend animation (one track) becomes a KEYFRAME animation about the joint's origin.
    expect(doc.animations?.[0]).toMatchObject({ name: 'bend', type: 'KEYFRAME', origin: [0, 1, 0] });
    const track = back.animations[0]!.tracks[0]!;
    const source = tube.animations[0]!.tracks[0]!;
    close(track.times, source.times, 5);
    close(track.translation!, source.translation!, 5);
    for (let k = 0; k < source.times.length; k++) {
      const a = Array.from(track.rotation!.subarray(k * 4, k * 4 + 4)), b = Array.from(source.rotation!.subarray(k * 4, k * 4 + 4));
      const dot = Math.abs(a.reduce((s, v, i) => s + v * b[i]!, 0));
      expect(dot).toBeCloseTo(1, 5);
    }
    expect(parseTfPair(msh!, blob!)).toEqual(back);
  });

  it('encodeSync: an .ani or a mesh without vertices as one file; a mesh with vertices points to encodeFiles', () => {
    expect(() => tfFormat.encodeSync(tubeAsset())).toThrow(/encodeFiles/);
    const aniOnly: Asset = { ...tubeAsset(), meshes: [] };
    const ani = tfFormat.encodeSync(aniOnly);
    expect(new TextDecoder().decode(ani)).toMatch(/times = \{ 0, 33\.333, 66\.667,/);
    expect(summarizeAsset(tfFormat.parseSync(ani))).toMatchObject({ animations: 1, frames: 16, joints: 1 });
    const empty = tfFormat.encodeSync({ source: 'x', meshes: [], animations: [], warnings: [] }, { kind: 'msh' });
    expect(new TextDecoder().decode(empty)).toContain('vertexAttr = { }');
    expect(tfFormat.encodeFiles!(tubeAsset(), 'bend.ani').map((f) => f.name)).toEqual(['bend.ani']);
  });

  it('the .ani kind writes T · R · S matrices that decompose to the track (scale included)', () => {
    const tube = tubeAsset();
    const [file] = tfFormat.encodeFiles!(tube, 'bend.ani');
    const track = tfFormat.parseSync(file!.bytes).animations[0]!.tracks[0]!;
    const source = tube.animations[0]!.tracks[0]!;
    close(track.translation!, source.translation!, 5);
    close(track.scale!, source.scale!, 5);
  });

  it('UNIGINE and IQM fixtures convert to TF and back with their triangles', () => {
    for (const fixture of ['tube.mesh', 'tube.iqm']) {
      const bytes = new Uint8Array(readFileSync(join(FIXTURES_DIR, fixture)));
      const asset = (fixture.endsWith('.iqm') ? iqmFormat : unigineFormat).parseSync(bytes);
      const [msh, blob] = tfFormat.encodeFiles!(asset, 'out.msh');
      const back = tfFormat.parseSync(msh!.bytes, { fileName: 'out.msh', resolve: memoryResolver({ 'out.msh.blob': blob!.bytes }) });
      expect(summarizeAsset(back)).toMatchObject({ triangles: summarizeAsset(asset).triangles, vertices: summarizeAsset(asset).vertices });
    }
  });

  it('meshes lacking an attribute get their own index streams; unknown attributes round-trip through extras', () => {
    const positions = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    const asset: Asset = {
      source: 'test',
      meshes: [
        { name: 'a', attributes: { positions, uvs: [new Float32Array([0, 0, 1, 0, 0, 1])] }, indices: new Uint8Array([0, 1, 2]), extras: { attrOffsetLOD: { components: 1, data: new Float32Array([5, 6, 7]) } } },
        { name: 'b', attributes: { positions }, indices: new Uint8Array([2, 1, 0]) },
      ],
      animations: [],
      warnings: [],
    };
    const { document, warnings } = assetToTf(asset);
    expect(warnings.join('\n')).toMatch(/mesh b has no uv0/);
    const doc = document as TfMeshDocument;
    expect(doc.attributes.map((a) => [a.name, a.data.length])).toEqual([['position', 18], ['uv0', 6], ['attrOffsetLOD', 3]]);
    expect(doc.subMeshes[1]!.indices.map((i) => [i.attribute, Array.from(i.data)])).toEqual([['position', [5, 4, 3]]]);
    const back = tfToAsset(doc);
    expect(back.meshes[0]!.extras).toEqual({ attrOffsetLOD: { components: 1, data: new Float32Array([5, 6, 7]) } });
    // Mesh b's corners, whatever the order of its vertices (a run of elements stays in file order).
    const b = back.meshes[1]!;
    expect(Array.from(b.indices, (i) => Array.from(b.attributes.positions.subarray(i * 3, i * 3 + 3)))).toEqual([[0, 1, 0], [1, 0, 0], [0, 0, 0]]);
    expect(b.attributes.positions.length).toBe(9);
  });

  it('a submesh whose stream uses a run of elements keeps them in file order without welding', () => {
    const tube = tubeAsset({ rings: 4, segments: 5 });
    const asset: Asset = { ...tube, meshes: [tube.meshes[0]!, { ...tube.meshes[0]!, name: 'second' }] };
    const back = tfToAsset(assetToTf(asset).document as TfMeshDocument, { flipV: false });
    for (const mesh of back.meshes) {
      expect(mesh.attributes.positions).toEqual(tube.meshes[0]!.attributes.positions);
      expect(Array.from(mesh.indices)).toEqual(Array.from(tube.meshes[0]!.indices));
    }
  });

  it('index out of range and unequal stream lengths name the blob offset', () => {
    const blob = new Uint8Array(48);
    blob.set(new Uint8Array(new Uint32Array([0, 0, 3]).buffer), 36);
    const msh = text('function data() return { subMeshes = { { indices = { position = { count = 12, offset = 36 } } } }, vertexAttr = { position = { count = 36, numComp = 3, offset = 0 } } } end');
    expect(() => tfToAsset(readTfMesh(msh, blob))).toThrow(expect.objectContaining({ code: 'BAD_INDEX', offset: 44 }));
    const uneven = text('function data() return { subMeshes = { { indices = { position = { count = 12, offset = 36 }, uv0 = { count = 8, offset = 36 } } } }, vertexAttr = { position = { count = 36, numComp = 3, offset = 0 }, uv0 = { count = 8, numComp = 2, offset = 0 } } } end');
    expect(() => tfToAsset(readTfMesh(uneven, blob))).toThrow(expect.objectContaining({ code: 'BAD_COUNT', offset: 36 }));
  });
});

describe('TF transforms', () => {
  it('rot = {x, y, z} degrees is R = Rz · Ry · Rx: X first, then Y, then Z, about fixed axes', () => {
    close(rotate(eulerDegreesToQuaternion([0, 0, 90]), [1, 0, 0]), [0, 1, 0]);
    close(rotate(eulerDegreesToQuaternion([90, 0, 0]), [0, 1, 0]), [0, 0, 1]);
    // X then Z: y → z (X) → z (Z); x → x (X) → y (Z).
    const q = eulerDegreesToQuaternion([90, 0, 90]);
    close(rotate(q, [0, 1, 0]), [0, 0, 1]);
    close(rotate(q, [1, 0, 0]), [0, 1, 0]);
    const next = rng(5);
    for (let i = 0; i < 200; i++) {
      const angles: [number, number, number] = [next() * 360 - 180, next() * 178 - 89, next() * 360 - 180];
      close(quaternionToEulerDegrees(eulerDegreesToQuaternion(angles)), angles, 6);
    }
    // Gimbal lock: the same rotation comes back, with Z folded into X.
    const locked = eulerDegreesToQuaternion([30, 90, 20]);
    const angles = quaternionToEulerDegrees(locked);
    close(rotate(eulerDegreesToQuaternion(angles), [1, 2, 3]), rotate(locked, [1, 2, 3]), 6);
  });

  it('decomposes known matrices: identity, translation, rotation, scale, and a mirror (negative scale)', () => {
    const identity = decomposeMatrix([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    expect(identity).toEqual({ translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] });
    // 90° about Z, translated: column 0 (image of x) is +y.
    const turned = decomposeMatrix([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1]);
    expect(turned.translation).toEqual([5, 6, 7]);
    close(turned.rotation, [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    close(turned.scale, [1, 1, 1]);
    const q = eulerDegreesToQuaternion([10, -20, 30]);
    const mirrored = decomposeMatrix(composeMatrix([1, 2, 3], q, [-2, 3, 4]));
    close(mirrored.scale, [-2, 3, 4]);
    close(mirrored.rotation, q[3] < 0 ? q.map((v) => -v) : q);
    // A mirror on another axis: X takes the sign, and the matrix is the same.
    const m = composeMatrix([0, 0, 0], q, [2, -3, 4]);
    const other = decomposeMatrix(m);
    expect(other.scale[0]).toBeLessThan(0);
    close(composeMatrix(other.translation, other.rotation, other.scale), m);
    // Degenerate: a zero column.
    expect(decomposeMatrix([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]).rotation).toEqual([0, 0, 0, 1]);
  });
});
