// The glTF writer's `quantize` option (KHR_mesh_quantization): every quantized file is valid,
// reads back on every backend, and each attribute comes back within the error README § glTF
// quantization states.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { glbFormat, gltf, gltfFormat, iqmFormat, ms2Format, MeshFormatError, unigineFormat, type Asset, type Kernels } from '../bindings/index.js';
import { corpusAvailable, readCorpus } from './helpers/corpus.js';
import { VECTOR3_UNIT_TOLERANCE } from '../bindings/formats/gltf/quantize-attributes.js';
import { quantizedUnitVectors } from './helpers/two-pass-references.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { validateGltf } from './helpers/gltf-validator.js';

const FIXTURES = join(import.meta.dirname, '../fixtures');
const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const kernelsOf = allKernels();

function jsonOf(bytes: Uint8Array): Record<string, any> {
  return gltf.readGltfInput(bytes).json as Record<string, any>;
}

/** The tube without its skin, with colours and a morph target, moved off the origin. */
function staticTube(): Asset {
  const tube = tubeAsset();
  const mesh = tube.meshes[0]!;
  const { joints: _j, weights: _w, ...attributes } = mesh.attributes;
  const count = attributes.positions.length / 3;
  const next = rng(7);
  const positions = attributes.positions.map((v, i) => v + [100.25, -3, 0.5][i % 3]!);
  const colors = Float32Array.from({ length: count * 4 }, () => next());
  const target = { name: 'bulge', positions: Float32Array.from({ length: count * 3 }, () => next() * 0.1 - 0.05) };
  return { source: 'test', upAxis: 'y', meshes: [{ ...mesh, attributes: { ...attributes, positions, colors }, targets: [target] }], animations: [], warnings: [] };
}

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
  return max;
}

function largestExtent(positions: Float32Array): number {
  let extent = 0;
  for (let c = 0; c < 3; c++) {
    let lo = Infinity, hi = -Infinity;
    for (let i = c; i < positions.length; i += 3) { lo = Math.min(lo, positions[i]!); hi = Math.max(hi, positions[i]!); }
    extent = Math.max(extent, hi - lo);
  }
  return extent;
}

/** Largest angle (radians) between corresponding xyz vectors, `stride` floats apart. */
function largestAngle(a: Float32Array, b: Float32Array, stride: number): number {
  let max = 0;
  for (let i = 0; i < a.length; i += stride) {
    const dot = a[i]! * b[i]! + a[i + 1]! * b[i + 1]! + a[i + 2]! * b[i + 2]!;
    const la = Math.hypot(a[i]!, a[i + 1]!, a[i + 2]!), lb = Math.hypot(b[i]!, b[i + 1]!, b[i + 2]!);
    max = Math.max(max, Math.acos(Math.min(1, dot / (la * lb))));
  }
  return max;
}

describe('quantizedUnitVectors', () => {
  it('every snorm8 and snorm16 vector within the validator\'s Vector3 tolerance (0.00674), 200,000 random directions and the diagonals', () => {
    const next = rng(11);
    const count = 200_000;
    const data = new Float32Array(count * 3);
    for (let v = 0; v < count; v++) {
      const d = v < 8 ? [v & 1 ? 1 : -1, v & 2 ? 1 : -1, v & 4 ? 1 : -1] : [next() * 2 - 1, next() * 2 - 1, next() * 2 - 1];
      const l = Math.hypot(d[0]!, d[1]!, d[2]!);
      data.set([d[0]! / l, d[1]! / l, d[2]! / l], v * 3);
    }
    for (const bits of [8, 16] as const) {
      const { array, byteStride } = quantizedUnitVectors(data, data, 3, false, bits);
      const top = bits === 8 ? 127 : 32767;
      const slots = byteStride! / array.BYTES_PER_ELEMENT;
      let worstLength = 0;
      let worstComponent = 0;
      for (let v = 0; v < count; v++) {
        const q = [array[v * slots]! / top, array[v * slots + 1]! / top, array[v * slots + 2]! / top];
        worstLength = Math.max(worstLength, Math.abs(Math.hypot(q[0]!, q[1]!, q[2]!) - 1));
        for (let c = 0; c < 3; c++) worstComponent = Math.max(worstComponent, Math.abs(q[c]! - data[v * 3 + c]!));
      }
      expect(worstLength).toBeLessThanOrEqual(VECTOR3_UNIT_TOLERANCE);
      // A component moved to its other rounding is still within one step.
      expect(worstComponent).toBeLessThanOrEqual(1 / top + 1e-7);
    }
  });
});

describe.each(BACKENDS)('quantized glTF on %s', (backend) => {
  const kernels: Kernels = kernelsOf[backend];

  it('a static mesh: positions on a uniform uint16 grid in the node transform, normals, tangents, UVs, colours within their bounds; morph targets follow', async () => {
    const source = staticTube();
    const bytes = glbFormat.encodeSync(staticTube(), { kernels, quantize: true });
    expect((await validateGltf(bytes)).errors).toBe(0);
    const json = jsonOf(bytes);
    expect(json.extensionsRequired).toEqual(['KHR_mesh_quantization']);
    const primitive = json.meshes[0].primitives[0];
    const types = Object.fromEntries(Object.entries(primitive.attributes as Record<string, number>).map(([k, i]) => [k, json.accessors[i].componentType]));
    expect(types).toMatchObject({ POSITION: 5123, NORMAL: 5120, TANGENT: 5120, TEXCOORD_0: 5123, COLOR_0: 5121 });
    expect(json.nodes[0].scale[0]).toBe(json.nodes[0].scale[2]);

    const back = glbFormat.parseSync(bytes, { kernels }).meshes[0]!;
    const a = source.meshes[0]!.attributes;
    const step = Math.fround(largestExtent(a.positions) / 65535);
    expect(maxDifference(back.attributes.positions, a.positions)).toBeLessThanOrEqual(step / 2 + 101 * 2 ** -23);
    expect(largestAngle(back.attributes.normals!, a.normals!, 3)).toBeLessThanOrEqual(0.0069);
    expect(largestAngle(back.attributes.tangents!, a.tangents!, 4)).toBeLessThanOrEqual(0.0069);
    for (let i = 3; i < a.tangents!.length; i += 4) expect(back.attributes.tangents![i]).toBe(a.tangents![i]);
    expect(maxDifference(back.attributes.uvs![0]!, a.uvs![0]!)).toBeLessThanOrEqual(0.5 / 65535 + 2 ** -24);
    expect(maxDifference(back.attributes.colors!, a.colors!)).toBeLessThanOrEqual(0.5 / 255 + 2 ** -24);
    // Target displacements are written as whole grid steps (int16), the displaced positions on the grid (test/gltf-morph-quantize.test.ts).
    const displacements = source.meshes[0]!.targets![0]!.positions;
    expect(maxDifference(back.targets![0]!.positions, displacements)).toBeLessThanOrEqual(step + 101 * 2 ** -23);
    expect(maxDifference(back.attributes.positions.map((p, i) => p + back.targets![0]!.positions[i]!), a.positions.map((p, i) => p + displacements[i]!))).toBeLessThanOrEqual(step / 2 + 101 * 2 ** -23);
    expect(back.indices).toEqual(source.meshes[0]!.indices);
  });

  it('16-bit normals and tangents, 8-bit positions: the bounds follow the bits', async () => {
    const source = staticTube();
    const bytes = glbFormat.encodeSync(staticTube(), { kernels, quantize: { position: 8, normal: 16, tangent: 16, uv: 8, color: 'float' } });
    expect((await validateGltf(bytes)).errors).toBe(0);
    const back = glbFormat.parseSync(bytes, { kernels }).meshes[0]!;
    const a = source.meshes[0]!.attributes;
    const step = Math.fround(largestExtent(a.positions) / 255);
    const error = maxDifference(back.attributes.positions, a.positions);
    expect(error).toBeLessThanOrEqual(step / 2 + 101 * 2 ** -23);
    expect(error).toBeGreaterThan(step / 8);
    expect(largestAngle(back.attributes.normals!, a.normals!, 3)).toBeLessThanOrEqual(0.00006);
    expect(maxDifference(back.attributes.uvs![0]!, a.uvs![0]!)).toBeLessThanOrEqual(0.5 / 255 + 2 ** -24);
    expect(back.attributes.colors).toEqual(a.colors);
  });

  it('a skinned mesh: positions on a grid folded into the inverse bind matrices (glTF ignores its node transform), read back in place; weights unorm8 summing to 1, rotation keys snorm16', async () => {
    const source = tubeAsset();
    const asset = tubeAsset();
    const bytes = glbFormat.encodeSync(asset, { kernels, quantize: true });
    expect((await validateGltf(bytes)).errors).toBe(0);
    const json = jsonOf(bytes);
    const primitive = json.meshes[0].primitives[0];
    expect(json.accessors[primitive.attributes.POSITION].componentType).toBe(5123);
    expect(json.nodes[json.nodes.findIndex((n: { mesh?: number }) => n.mesh === 0)].scale).toBeUndefined();
    expect(json.accessors[primitive.attributes.WEIGHTS_0].componentType).toBe(5121);
    expect(asset.warnings.some((w) => w.startsWith('quantized (KHR_mesh_quantization): positions uint16'))).toBe(true);
    const back = glbFormat.parseSync(bytes, { kernels });
    // The plain writer's weights (packed to the front, summing to 1) are what quantization starts from.
    const plain = glbFormat.parseSync(glbFormat.encodeSync(tubeAsset(), { kernels }), { kernels });
    const p = source.meshes[0]!.attributes.positions;
    // The grid's step / 2, and the float32 inverse bind matrices times the grid (relative 2^-22 of the largest coordinate).
    const largest = Math.max(...p.map(Math.abs));
    expect(maxDifference(back.meshes[0]!.attributes.positions, p)).toBeLessThanOrEqual(Math.fround(largestExtent(p) / 65535) / 2 + largest * 2 ** -20);
    expect(back.skeleton).toEqual(plain.skeleton);
    expect(back.meshes[0]!.attributes.joints).toEqual(plain.meshes[0]!.attributes.joints);
    expect(maxDifference(back.meshes[0]!.attributes.weights!, plain.meshes[0]!.attributes.weights!)).toBeLessThanOrEqual(2.5 / 255);
    const track = source.animations[0]!.tracks.find((t) => t.rotation)!;
    const backTrack = back.animations[0]!.tracks.find((t) => t.joint === track.joint && t.rotation)!;
    expect(backTrack.times).toEqual(track.times);
    expect(maxDifference(backTrack.rotation!, track.rotation!)).toBeLessThanOrEqual(0.5 / 32767 + 2 ** -23);
  });

  it.skipIf(!existsSync(MRFIXIT))('mrfixit.iqm: IQM\'s ubyte weights come back exactly; smaller than the plain GLB; 0 validator errors', async () => {
    const file = new Uint8Array(readFileSync(MRFIXIT));
    const source = iqmFormat.parseSync(file, { kernels });
    const plain = glbFormat.encodeSync(iqmFormat.parseSync(file, { kernels }), { kernels });
    const bytes = glbFormat.encodeSync(iqmFormat.parseSync(file, { kernels }), { kernels, quantize: true });
    expect(bytes.length).toBeLessThan(plain.length * 0.75);
    expect((await validateGltf(bytes)).errors).toBe(0);
    const back = glbFormat.parseSync(bytes, { kernels });
    const plainBack = glbFormat.parseSync(plain, { kernels });
    // Each weight is its source byte / 255 again (as float32); the plain GLB's are the same up to float32 rounding of w / sum.
    back.meshes.forEach((m, i) => {
      const bytes255 = m.attributes.weights!.map((w) => Math.round(w * 255));
      expect(m.attributes.weights).toEqual(bytes255.map((b) => Math.fround(b / 255)));
      expect(maxDifference(m.attributes.weights!, plainBack.meshes[i]!.attributes.weights!)).toBeLessThanOrEqual(2 ** -23);
      expect(maxDifference(m.attributes.weights!, source.meshes[i]!.attributes.weights!)).toBeLessThanOrEqual(2 ** -23);
    });
    // Skinned: both meshes on one grid over both, folded into the inverse bind matrices.
    const all = Float32Array.from(plainBack.meshes.flatMap((m) => [...m.attributes.positions]));
    const bound = Math.fround(largestExtent(all) / 65535) / 2 + Math.max(...all.map(Math.abs)) * 2 ** -20;
    back.meshes.forEach((m, i) => expect(maxDifference(m.attributes.positions, plainBack.meshes[i]!.attributes.positions)).toBeLessThanOrEqual(bound));
  });

  it.skipIf(!corpusAvailable)('UNIGINE\'s snorm16 rotation keys (actor_00_idle.anim) come back on their own step, every one', () => {
    const bytes = readCorpus('unigine', 'actor_00_idle.anim');
    const source = unigineFormat.parseSync(bytes, { kernels });
    const back = glbFormat.parseSync(glbFormat.encodeSync(unigineFormat.parseSync(bytes, { kernels }), { kernels, quantize: true }), { kernels, upAxis: 'z' });
    let compared = 0;
    for (const track of source.animations[0]!.tracks) {
      const got = back.animations[0]!.tracks.find((t) => t.joint === track.joint)?.rotation;
      if (!track.rotation || !got || got.length !== track.rotation.length) continue;
      for (let k = 0; k < got.length; k++) expect(Math.round(got[k]! * 32767) + 0).toBe(Math.round(track.rotation[k]! * 32767) + 0);
      compared += got.length;
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it.skipIf(!corpusAvailable)('MeshSerializer2\'s snorm8 normals (SerializedMesh.data) come back on their own step where glTF allows them (within the unit-length tolerance)', async () => {
    const bytes = readCorpus('ms2', 'SerializedMesh.data');
    const source = ms2Format.parseSync(bytes, { kernels }).meshes[0]!.attributes.normals!;
    const glb = glbFormat.encodeSync(ms2Format.parseSync(bytes, { kernels }), { kernels, quantize: true });
    expect((await validateGltf(glb)).errors).toBe(0);
    const back = glbFormat.parseSync(glb, { kernels }).meshes[0]!.attributes.normals!;
    const steps = (values: Float32Array, v: number) => [0, 1, 2].map((c) => Math.round(values[v * 3 + c]! * 127) + 0);
    let kept = 0;
    for (let v = 0; v < source.length / 3; v++) {
      const length = Math.hypot(source[v * 3]!, source[v * 3 + 1]!, source[v * 3 + 2]!);
      if (Math.abs(length - 1) > VECTOR3_UNIT_TOLERANCE * 0.99) continue;
      expect(steps(back, v)).toEqual(steps(source, v));
      kept++;
    }
    expect(kept).toBeGreaterThan(2500);
  });

  it('a MeshSerializer2 source (16 bits per axis of its own box) keeps float32 positions and UVs unless bits are given', () => {
    const asset = ms2Format.parseSync(new Uint8Array(readFileSync(join(FIXTURES, 'tube.data'))), { kernels });
    const json = jsonOf(glbFormat.encodeSync(asset, { kernels, quantize: true }));
    const primitive = json.meshes[0].primitives[0];
    expect(json.accessors[primitive.attributes.POSITION].componentType).toBe(5126);
    expect(json.accessors[primitive.attributes.TEXCOORD_0].componentType).toBe(5126);
    const given = jsonOf(glbFormat.encodeSync(ms2Format.parseSync(new Uint8Array(readFileSync(join(FIXTURES, 'tube.data'))), { kernels }), { kernels, quantize: { position: 16 } }));
    expect(given.accessors[given.meshes[0].primitives[0].attributes.POSITION].componentType).toBe(5123);
  });

  it('UVs outside 0–1 stay float32; a .gltf with a .bin and an embedded one read back alike', async () => {
    const asset = staticTube();
    asset.meshes[0]!.attributes.uvs![0]![0] = 1.5;
    const files = gltfFormat.encodeFiles!(asset, 'q.gltf', { kernels, quantize: true });
    const json = JSON.parse(new TextDecoder().decode(files[0]!.bytes));
    expect(json.accessors[json.meshes[0].primitives[0].attributes.TEXCOORD_0].componentType).toBe(5126);
    expect((await validateGltf(files[0]!.bytes, { 'q.bin': files[1]!.bytes })).errors).toBe(0);
    const fromFiles = gltfFormat.parseSync(files[0]!.bytes, { kernels, resolve: (name) => (name === 'q.bin' ? files[1]!.bytes : undefined) });
    const embedded = gltfFormat.parseSync(gltfFormat.encodeSync(staticTube2(asset), { kernels, quantize: true }), { kernels });
    expect(fromFiles.meshes[0]!.attributes.positions).toEqual(embedded.meshes[0]!.attributes.positions);
  });

  it('compress: meshopt before the encoder is loaded (this file never loads it) is UNSUPPORTED, saying to await initMeshopt()', () => {
    try {
      glbFormat.encodeSync(staticTube(), { kernels, quantize: true, compress: 'meshopt' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(MeshFormatError);
      expect((e as MeshFormatError).code).toBe('UNSUPPORTED');
      expect((e as Error).message).toContain('initMeshopt');
    }
  });

  it('off by default: float32 everywhere, no extension; bad bits are a BAD_OPTION error', () => {
    const json = jsonOf(glbFormat.encodeSync(staticTube(), { kernels }));
    expect(json.extensionsUsed).toBeUndefined();
    expect(json.accessors.every((a: { componentType: number }, i: number) => a.componentType === 5126 || i === json.meshes[0].primitives[0].indices)).toBe(true);
    for (const quantize of [{ position: 12 }, { rotation: 8 }, { positions: 16 }, 'yes']) {
      try {
        glbFormat.encodeSync(staticTube(), { kernels, quantize: quantize as never });
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(MeshFormatError);
        expect((e as MeshFormatError).code).toBe('BAD_OPTION');
      }
    }
  });
});

/** The same Asset again (the writer appends to warnings; the arrays are not changed). */
function staticTube2(asset: Asset): Asset {
  return { ...asset, warnings: [] };
}
