// What makes `compress: 'meshopt'` output small without changing what it holds: accessors of one
// kind in one shared bufferView (animation inputs, each animation path's outputs), and channels
// that hold one value at every key written with their first and last key only. Each file valid,
// and read back as the same animation (translation and scale keys within quantize.translation's
// stated bound), on every backend.
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { glbFormat, gltf, iqmFormat, type Asset, type Kernels } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { expectWithinExponentialBound } from './helpers/exponential-bound.js';
import { validateGltf } from './helpers/gltf-validator.js';

const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';
const kernelsOf = allKernels();
beforeAll(() => gltf.initMeshopt());

function jsonOf(bytes: Uint8Array): Record<string, any> {
  return gltf.readGltfInput(bytes).json as Record<string, any>;
}

/** The tube with its bend joint moved to one translation (not its rest one) at every key. */
function tubeWithConstantTranslation() {
  const asset = tubeAsset();
  const track = asset.animations[0]!.tracks[0]!;
  for (let i = 0; i < track.translation!.length; i += 3) track.translation!.set([0.25, 1.5, -0.75], i);
  return asset;
}

describe.each(BACKENDS)('optimized GLB size on %s', (backend) => {
  const kernels: Kernels = kernelsOf[backend];

  it('a channel holding one value at every key: two keys (first and last time), a warning, the same value read back at every key, 0 validator errors', async () => {
    const asset = tubeWithConstantTranslation();
    const times = asset.animations[0]!.tracks[0]!.times;
    const bytes = glbFormat.encodeSync(asset, { kernels, compress: 'meshopt' });
    expect((await validateGltf(bytes)).errors).toBe(0);
    expect(asset.warnings.some((w) => /1 translation or scale channels that hold one value at every key are written with their first and last key only/.test(w))).toBe(true);
    const json = jsonOf(bytes);
    const animation = json.animations[0];
    const translation = animation.channels.find((c: any) => c.target.path === 'translation');
    const input = json.accessors[animation.samplers[translation.sampler].input];
    expect(input.count).toBe(2);
    expect([input.min[0], input.max[0]]).toEqual([times[0], times[times.length - 1]]);
    const rotation = animation.channels.find((c: any) => c.target.path === 'rotation');
    expect(json.accessors[animation.samplers[rotation.sampler].input].count).toBe(times.length);
    const back = glbFormat.parseSync(bytes, { kernels });
    const plain = glbFormat.parseSync(glbFormat.encodeSync(tubeWithConstantTranslation(), { kernels }), { kernels });
    const track = back.animations[0]!.tracks.find((t) => t.joint === 1)!;
    const plainTrack = plain.animations[0]!.tracks.find((t) => t.joint === 1)!;
    expect(track.times).toEqual(plainTrack.times);
    expect(track.translation).toEqual(plainTrack.translation);
    expect(track.rotation).toEqual(plainTrack.rotation);
  });

  it('without compression every channel keeps its keys (the plain writer is unchanged)', () => {
    const json = jsonOf(glbFormat.encodeSync(tubeWithConstantTranslation(), { kernels }));
    for (const sampler of json.animations[0].samplers) expect(json.accessors[sampler.input].count).toBeGreaterThan(2);
  });

  it.skipIf(!existsSync(MRFIXIT))('mrfixit.iqm: the animation inputs share one view, each path\'s outputs one view and each vertex attribute one view across both meshes (accessors at byteOffsets in it); read back as the quantized file without compression', async () => {
    const bytes = new Uint8Array(readFileSync(MRFIXIT));
    const source = iqmFormat.parseSync(bytes, { kernels });
    const out = glbFormat.encodeSync(source, { kernels, quantize: true, compress: 'meshopt', textures: 'none' });
    expect(source.warnings.some((w) => /animation idle: \d+ translation or scale channels within half a quantization step/.test(w))).toBe(true);
    // Sampler interpolation left at glTF's default (LINEAR).
    expect(jsonOf(out).animations[0].samplers.every((s: any) => s.interpolation === undefined)).toBe(true);
    expect((await validateGltf(out)).errors).toBe(0);
    const json = jsonOf(out);
    const animation = json.animations[0];
    const viewsOf = (key: 'input' | 'output', path?: string) => new Set(animation.channels.filter((c: any) => !path || c.target.path === path).map((c: any) => json.accessors[animation.samplers[c.sampler][key]].bufferView));
    expect(viewsOf('input').size).toBe(1);
    for (const path of ['translation', 'rotation']) {
      expect(viewsOf('output', path).size).toBe(1);
      const view = json.bufferViews[[...viewsOf('output', path)][0] as number];
      const accessors = json.accessors.filter((a: any) => viewsOf("output", path).has(a.bufferView));
      expect(accessors.length).toBeGreaterThan(1);
      expect(view.extensions.EXT_meshopt_compression.count * view.extensions.EXT_meshopt_compression.byteStride).toBe(view.byteLength);
    }
    // Both meshes' vertex attributes of a kind in one view, which then states its byteStride.
    expect(json.meshes.length).toBe(2);
    const indexViews = new Set(json.meshes.map((m: any) => json.accessors[m.primitives[0].indices].bufferView));
    expect(indexViews.size).toBe(1);
    expect(json.bufferViews[[...indexViews][0] as number].extensions.EXT_meshopt_compression.mode).toBe('TRIANGLES');
    expect(json.bufferViews[[...indexViews][0] as number].byteStride).toBeUndefined();
    for (const name of ['POSITION', 'NORMAL', 'TEXCOORD_0', 'JOINTS_0', 'WEIGHTS_0']) {
      const views = new Set(json.meshes.map((m: any) => json.accessors[m.primitives[0].attributes[name]].bufferView));
      expect(views.size).toBe(1);
      expect(json.bufferViews[[...views][0] as number].byteStride).toBeGreaterThan(0);
    }
    const quantized = glbFormat.parseSync(glbFormat.encodeSync(iqmFormat.parseSync(bytes, { kernels }), { kernels, quantize: true, textures: 'none' }), { kernels });
    const back = glbFormat.parseSync(out, { kernels });
    expectWithinExponentialBound(back, quantized, 24);
    const exact = glbFormat.parseSync(glbFormat.encodeSync(iqmFormat.parseSync(bytes, { kernels }), { kernels, quantize: { translation: 'float' }, compress: 'meshopt', textures: 'none' }), { kernels });
    expect(exact.animations).toEqual(quantized.animations);
    expect(back.skeleton).toEqual(quantized.skeleton);
  });

  it.each([24, 16] as const)('quantize.translation %i: random translation and scale keys over six orders of magnitude come back within the stated step, through the EXPONENTIAL filter; 0 validator errors', async (bits) => {
    const make = () => {
      const asset = tubeAsset();
      const track = asset.animations[0]!.tracks[0]!;
      const next = rng(bits);
      track.translation = track.translation!.map(() => (next() - 0.5) * 10 ** Math.floor(next() * 6 - 3));
      track.scale = track.translation.map((v) => 1 + v / 1000);
      return asset;
    };
    const asset = make();
    const bytes = glbFormat.encodeSync(asset, { kernels, quantize: { translation: bits }, compress: 'meshopt' });
    expect((await validateGltf(bytes)).errors).toBe(0);
    expect(asset.warnings.some((w) => w.includes(`translation and scale keys through EXT_meshopt_compression's EXPONENTIAL filter at ${bits} bits`))).toBe(true);
    const json = jsonOf(bytes);
    const filters = json.animations[0].channels.filter((c: any) => c.target.path !== 'rotation').map((c: any) => json.bufferViews[json.accessors[json.animations[0].samplers[c.sampler].output].bufferView].extensions.EXT_meshopt_compression.filter);
    expect(filters).toEqual(['EXPONENTIAL', 'EXPONENTIAL']);
    const reference = glbFormat.parseSync(glbFormat.encodeSync(make(), { kernels, quantize: true }), { kernels });
    expectWithinExponentialBound(glbFormat.parseSync(bytes, { kernels }), reference, bits);
  });

  it('quantize.translation takes 24, 16 or float', () => {
    expect(() => glbFormat.encodeSync(tubeAsset(), { kernels, quantize: { translation: 12 as never }, compress: 'meshopt' })).toThrow(/quantize.translation must be 24 or 16 or float, not 12/);
  });

  it('quantize.position 14 (gltfpack\'s precision): uint16 values up to 16383 on the grid of the largest extent / 16383, each position within half a step, static and skinned; 0 validator errors', async () => {
    const make = () => {
      const asset = tubeAsset();
      const mesh = asset.meshes[0]!;
      mesh.attributes.positions = mesh.attributes.positions.map((v, i) => v * 3 + [100.25, -3, 0.5][i % 3]!);
      return asset;
    };
    for (const skinned of [true, false]) {
      const source = make();
      const asset = make();
      if (!skinned) for (const a of [source, asset]) { delete a.meshes[0]!.attributes.joints; delete a.meshes[0]!.attributes.weights; a.skeleton = undefined; a.animations = []; }
      const bytes = glbFormat.encodeSync(asset, { kernels, quantize: { position: 14 } });
      expect((await validateGltf(bytes)).errors).toBe(0);
      expect(asset.warnings.some((w) => w.includes('positions uint16 at 14 bits'))).toBe(true);
      const json = jsonOf(bytes);
      const position = json.accessors[json.meshes[0].primitives[0].attributes.POSITION];
      expect(position.componentType).toBe(5123);
      expect(Math.max(...position.max)).toBe(16383);
      const p = source.meshes[0]!.attributes.positions;
      let extent = 0;
      for (let c = 0; c < 3; c++) { let lo = Infinity, hi = -Infinity; for (let i = c; i < p.length; i += 3) { lo = Math.min(lo, p[i]!); hi = Math.max(hi, p[i]!); } extent = Math.max(extent, hi - lo); }
      const back = glbFormat.parseSync(bytes, { kernels }).meshes[0]!.attributes.positions;
      let error = 0;
      for (let i = 0; i < p.length; i++) error = Math.max(error, Math.abs(back[i]! - p[i]!));
      // Half a step, plus float32 rounding of the dequantization (and of the folded inverse bind matrices when skinned).
      expect(error).toBeLessThanOrEqual(Math.fround(extent / 16383) / 2 + 110 * 2 ** -20);
      expect(error).toBeGreaterThan(Math.fround(extent / 65535) / 2);
    }
  });

  it('UV sets outside 0–1, compressed: through the EXPONENTIAL filter at 24 bits, each value within one float32 ulp of the set\'s largest magnitude (sorted values compared: vertices are renumbered); without compression float32 as they are', async () => {
    const make = () => {
      const asset = tubeAsset();
      const uv = asset.meshes[0]!.attributes.uvs![0]!;
      const next = rng(3);
      for (let i = 0; i < uv.length; i++) uv[i] = (next() - 0.3) * 170;
      return asset;
    };
    const asset = make();
    const bytes = glbFormat.encodeSync(asset, { kernels, quantize: true, compress: 'meshopt' });
    expect((await validateGltf(bytes)).errors).toBe(0);
    expect(asset.warnings.some((w) => w.includes("1 UV sets outside 0–1 through EXT_meshopt_compression's EXPONENTIAL filter at 24 bits"))).toBe(true);
    const json = jsonOf(bytes);
    const uvAccessor = json.accessors[json.meshes[0].primitives[0].attributes.TEXCOORD_0];
    expect(uvAccessor.componentType).toBe(5126);
    expect(json.bufferViews[uvAccessor.bufferView].extensions.EXT_meshopt_compression.filter).toBe('EXPONENTIAL');
    const source = make().meshes[0]!.attributes.uvs![0]!;
    const back = glbFormat.parseSync(bytes, { kernels }).meshes[0]!.attributes.uvs![0]!;
    expect(back.length).toBe(source.length);
    let exact = 0;
    for (let c = 0; c < 2; c++) {
      const a = source.filter((_, i) => i % 2 === c).sort();
      const b = back.filter((_, i) => i % 2 === c).sort();
      const largest = Math.max(...a.map(Math.abs));
      const step = 2 ** (Math.floor(Math.log2(largest)) + 2 - 24);
      for (let i = 0; i < a.length; i++) {
        expect(Math.abs(a[i]! - b[i]!)).toBeLessThanOrEqual(step);
        if (a[i] === b[i]) exact++;
      }
    }
    expect(exact).toBeLessThan(source.length);
    const plain = glbFormat.parseSync(glbFormat.encodeSync(make(), { kernels, quantize: true }), { kernels }).meshes[0]!.attributes.uvs![0]!;
    expect(plain).toEqual(source);
  });

  it('quantize normal / tangent oct8, compressed: OCTAHEDRAL-filtered int8 within 0.02 per component of 3,999 random unit vectors (tangent w exactly ±1), 0 validator errors; without compression snorm8', async () => {
    const next = rng(11);
    const count = 3999;
    const unit = () => { for (;;) { const v = [next() * 2 - 1, next() * 2 - 1, next() * 2 - 1]; const l = Math.hypot(...v); if (l > 0.1 && l <= 1) return v.map((x) => x / l); } };
    const positions = Float32Array.from({ length: count * 3 }, (_, i) => i + next());
    const normals = new Float32Array(count * 3);
    const tangents = new Float32Array(count * 4);
    for (let v = 0; v < count; v++) {
      const n = unit();
      normals.set(n, v * 3);
      // A unit tangent perpendicular to the normal, w ±1.
      const r = unit();
      const d = r[0]! * n[0]! + r[1]! * n[1]! + r[2]! * n[2]!;
      const t = [r[0]! - d * n[0]!, r[1]! - d * n[1]!, r[2]! - d * n[2]!];
      const l = Math.hypot(...t);
      tangents.set([t[0]! / l, t[1]! / l, t[2]! / l, next() < 0.5 ? -1 : 1], v * 4);
    }
    const indices = Uint32Array.from({ length: count }, (_, i) => i);
    const make = (): Asset => ({ source: 'test', upAxis: 'y', meshes: [{ name: 'm', indices, attributes: { positions: positions.slice(), normals: normals.slice(), tangents: tangents.slice() } }], animations: [], warnings: [] } as unknown as Asset);
    const asset = make();
    const options = { kernels, quantize: { position: 'float', normal: 'oct8', tangent: 'oct8' } } as const;
    const bytes = glbFormat.encodeSync(asset, { ...options, compress: 'meshopt' });
    expect((await validateGltf(bytes)).errors).toBe(0);
    expect(asset.warnings.some((w) => w.includes("normals int8 through EXT_meshopt_compression's OCTAHEDRAL filter at 8 bits"))).toBe(true);
    const json = jsonOf(bytes);
    const attributes = json.meshes[0].primitives[0].attributes;
    for (const name of ['NORMAL', 'TANGENT']) expect(json.bufferViews[json.accessors[attributes[name]].bufferView].extensions.EXT_meshopt_compression.filter).toBe('OCTAHEDRAL');
    const back = glbFormat.parseSync(bytes, { kernels }).meshes[0]!.attributes;
    const at = new Map<number, number>();
    for (let v = 0; v < count; v++) at.set(positions[v * 3]!, v);
    let largest = 0;
    for (let v = 0; v < count; v++) {
      const s = at.get(back.positions[v * 3]!)!;
      for (let c = 0; c < 3; c++) largest = Math.max(largest, Math.abs(back.normals![v * 3 + c]! - normals[s * 3 + c]!), Math.abs(back.tangents![v * 4 + c]! - tangents[s * 4 + c]!));
      expect(back.tangents![v * 4 + 3]).toBe(tangents[s * 4 + 3]);
    }
    expect(largest).toBeLessThanOrEqual(0.02);
    expect(largest).toBeGreaterThan(1 / 254);
    const plain = jsonOf(glbFormat.encodeSync(make(), options));
    const normal = plain.accessors[plain.meshes[0].primitives[0].attributes.NORMAL];
    expect([normal.componentType, plain.bufferViews[normal.bufferView].extensions]).toEqual([5120, undefined]);
  });

  it('quantize.rotation 12, compressed: QUATERNION-filtered keys within 0.001 per component of random unit rotations (q and −q alike), 0 validator errors; without compression snorm16', async () => {
    const make = () => {
      const asset = tubeAsset();
      const track = asset.animations[0]!.tracks[0]!;
      const next = rng(5);
      for (let i = 0; i < track.rotation!.length; i += 4) {
        const q = [next() - 0.5, next() - 0.5, next() - 0.5, next() - 0.5];
        const l = Math.hypot(...q);
        track.rotation!.set(q.map((x) => x / l), i);
      }
      return asset;
    };
    const asset = make();
    const bytes = glbFormat.encodeSync(asset, { kernels, quantize: { rotation: 12 }, compress: 'meshopt' });
    expect((await validateGltf(bytes)).errors).toBe(0);
    expect(asset.warnings.some((w) => w.includes("rotation keys int16 through EXT_meshopt_compression's QUATERNION filter at 12 bits"))).toBe(true);
    const json = jsonOf(bytes);
    const channel = json.animations[0].channels.find((c: any) => c.target.path === 'rotation');
    const output = json.accessors[json.animations[0].samplers[channel.sampler].output];
    expect([output.componentType, output.normalized, json.bufferViews[output.bufferView].extensions.EXT_meshopt_compression.filter]).toEqual([5122, true, 'QUATERNION']);
    const source = make().animations[0]!.tracks[0]!.rotation!;
    const back = glbFormat.parseSync(bytes, { kernels }).animations[0]!.tracks.find((t) => t.joint === 1)!.rotation!;
    expect(back.length).toBe(source.length);
    let largest = 0;
    for (let i = 0; i < source.length; i += 4) {
      const sign = back[i]! * source[i]! + back[i + 1]! * source[i + 1]! + back[i + 2]! * source[i + 2]! + back[i + 3]! * source[i + 3]! < 0 ? -1 : 1;
      for (let c = 0; c < 4; c++) largest = Math.max(largest, Math.abs(sign * back[i + c]! - source[i + c]!));
    }
    expect(largest).toBeLessThanOrEqual(0.001);
    expect(largest).toBeGreaterThan(1 / 65534);
    const plain = jsonOf(glbFormat.encodeSync(make(), { kernels, quantize: { rotation: 12 } }));
    const plainChannel = plain.animations[0].channels.find((c: any) => c.target.path === 'rotation');
    expect(plain.accessors[plain.animations[0].samplers[plainChannel.sampler].output].componentType).toBe(5122);
  });
});
