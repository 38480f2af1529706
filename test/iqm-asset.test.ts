import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { emptyAsset, MeshFormatError, summarizeAsset, type Asset } from '../bindings/index.js';
import { assetToIqm, dequantizeFrames, iqmText, iqmToAsset, readIqm, writeIqm, type IqmDocument } from '../bindings/formats/iqm/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { sampleIqmDocument } from './helpers/iqm-samples.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable, readCorpus } from './helpers/corpus.js';

const kernels = allKernels();
const MRFIXIT = '/usr/share/assimp/models/IQM/mrfixit.iqm';

describe('IQM to Asset', () => {
  const asset = iqmToAsset(readIqm(writeIqm(sampleIqmDocument())));

  it('converts every vertex format to float32 (half, double, normalized integers) and slices meshes', () => {
    expect(asset.upAxis).toBe('z');
    const [body, head] = asset.meshes;
    expect([body!.name, body!.material, head!.name]).toEqual(['body', 'skin.png', 'head']);
    expect(Array.from(body!.attributes.positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 0]);
    // Half floats 0x0000 0x3c00 0x3800 0xb800 0x3c00 0x0000 | 0x7bff 0x0001 0x8000 0x3555.
    expect(Array.from(body!.attributes.uvs![0]!)).toEqual([0, 1, 0.5, -0.5, 1, 0]);
    expect(Array.from(head!.attributes.uvs![0]!)).toEqual([65504, 2 ** -24, -0, Math.fround(0.33325195)]);
    expect(Object.is(head!.attributes.uvs![0]![2], -0)).toBe(true);
    expect(Array.from(head!.attributes.normals!)).toEqual([0, 1, 0, Math.fround(0.6), Math.fround(0.8), 0]);
    // Tangents are shorts: normalized by 32767.
    expect(body!.attributes.tangents![0]).toBe(Math.fround(-16000 / 32767));
    // Blend indices stored as uint, weights as ubyte (n / 255), colors as ushort (n / 65535).
    expect(Array.from(body!.attributes.joints!)).toEqual([0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(Array.from(body!.attributes.weights!.subarray(0, 4))).toEqual([128 / 255, 127 / 255, 0, 0].map(Math.fround));
    expect(head!.attributes.colors![0]).toBe(Math.fround((12 * 3449) / 65535));
    // Custom arrays keep their names and plain integer values.
    expect(head!.extras!.heat).toEqual({ components: 1, data: Float32Array.from([1, 127]) });
    expect(Array.from(body!.extras!.score!.data)).toEqual([-2147483648, Math.fround(2147483647), 0, 1, -1, 5]);
  });

  it('turns clockwise triangles counter-clockwise, per mesh, at the narrowest width', () => {
    expect(asset.meshes[0]!.indices).toEqual(Uint8Array.from([0, 2, 1]));
    expect(asset.meshes[1]!.indices).toEqual(Uint8Array.from([0, 0, 1]));
  });

  it('skeleton from the joints, animations from the anims with framerate and loop flag', () => {
    expect(asset.skeleton!.joints.map((j) => [j.name, j.parent, j.translation])).toEqual([['root', -1, [0, 0, 1]], ['arm', 0, [0.5, 0, 0]]]);
    expect(asset.animations.map((a) => [a.name, a.frameRate, a.frameCount, a.loop, a.tracks.length])).toEqual([['wave', 24, 2, true, 2], ['idle', 10, 1, false, 2]]);
    const wave = asset.animations[0]!;
    expect(Array.from(wave.tracks[0]!.times)).toEqual([0, Math.fround(1 / 24)]);
    expect(Array.from(wave.tracks[0]!.translation!)).toEqual([1, 2, 3, 3, 2, 3]);
    expect(Array.from(wave.tracks[0]!.rotation!)).toEqual([0, 0, 0, 1, 0, 0, 0, 0.75]);
    expect(Array.from(wave.tracks[1]!.scale!)).toEqual([2, 2, 0, 2, 2, -1]);
    expect(Array.from(asset.animations[1]!.tracks[1]!.scale!)).toEqual([2, 2, -1 + 65535 * 0.125]);
  });

  it('names what it drops in warnings', () => {
    expect(asset.warnings).toEqual([
      'triangle adjacency is not kept (it can be recomputed from the triangles)',
      'per-frame bounds are not kept',
      'the 13-byte comment is not kept',
      "extension 'ext.a' (3 bytes) is not kept",
      "extension 'ext.b' (0 bytes) is not kept",
      'vertex array heat flags 7 are not kept',
    ]);
  });

  it('refuses a mesh whose triangles reach into another mesh’s vertices', () => {
    const document = sampleIqmDocument();
    document.triangles[5] = 0;
    expect(() => iqmToAsset(document)).toThrow(MeshFormatError);
  });

  it('gives the same Asset on every backend', () => {
    const results = BACKENDS.map((b) => iqmToAsset(readIqm(writeIqm(sampleIqmDocument())), { kernels: kernels[b] }));
    expect(results[0]).toEqual(results[2]);
    expect(results[1]).toEqual(results[2]);
  });
});

function animatedAsset(): Asset {
  const asset = emptyAsset('test');
  asset.meshes.push({
    name: 'quad',
    material: 'stone',
    attributes: {
      positions: Float32Array.from([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]),
      normals: Float32Array.from([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]),
      uvs: [Float32Array.from([0, 0, 1, 0, 1, 1, 0, 1])],
      joints: Uint16Array.from([0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]),
      weights: Float32Array.from([0.5, 0.5, 0, 0, 1, 0, 0, 0, 0.7, 0.3, 0, 0, 1, 0, 0, 0]),
    },
    indices: Uint8Array.from([0, 1, 2, 0, 2, 3]),
    extras: { heat: { components: 1, data: Float32Array.from([1, 2, 3, 4]) } },
  });
  asset.skeleton = {
    joints: [
      { name: 'root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
      { name: 'tip', parent: 0, translation: [0, 1, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
    ],
  };
  asset.animations.push({
    name: 'slide',
    frameRate: 10,
    frameCount: 3,
    loop: true,
    tracks: [{ joint: 1, times: Float32Array.from([0, 0.1, 0.2]), translation: Float32Array.from([0, 1, 0, 1, 1, 0, 0.5, 1, 0]) }],
  });
  return asset;
}

describe('Asset to IQM', () => {
  it('quantizes frames as the reference compiler: offset = min, scale = range/65535, ushort(0.5 + (v − offset)/scale)', () => {
    const document = assetToIqm(animatedAsset());
    expect(document.poses.map((p) => p.channelMask)).toEqual([0, 1]);
    const tip = document.poses[1]!;
    expect(tip.channelOffset[0]).toBe(0);
    expect(tip.channelScale[0]).toBe(Math.fround(1 / 65535));
    expect(Array.from(tip.channelOffset)).toEqual([0, 1, 0, 0, 0, 0, 1, 1, 1, 1]);
    const half = Math.trunc(Math.fround(0.5 + Math.fround(0.5 / Math.fround(1 / 65535))));
    expect(half).toBe(32768);
    expect([document.frameCount, document.frameChannelCount, Array.from(document.frames)]).toEqual([3, 1, [0, 65535, half]]);
    expect(document.anims).toEqual([{ name: document.anims[0]!.name, firstFrame: 0, frameCount: 3, frameRate: 10, flags: 1 }]);
    // Three ushorts, the last section: the file pads the frame data to an even count.
    const bytes = writeIqm(document);
    const header = new DataView(bytes.buffer);
    const [filesize, ofsFrames] = [header.getUint32(20, true), header.getUint32(100, true)];
    expect([filesize, filesize - ofsFrames]).toEqual([bytes.length, 8]);
    expect(Array.from(bytes.subarray(ofsFrames + 6))).toEqual([0, 0]);
  });

  it('writes clockwise triangles, ubyte blend data summing to 255, and a custom array', () => {
    const asset = animatedAsset();
    const document = assetToIqm(asset);
    expect(Array.from(document.triangles)).toEqual([0, 2, 1, 0, 3, 2]);
    const weights = document.vertexArrays.find((a) => a.type === 5)!;
    expect([weights.format, Array.from(weights.data)]).toEqual([1, [127, 128, 0, 0, 255, 0, 0, 0, 178, 77, 0, 0, 255, 0, 0, 0]]);
    expect(document.vertexArrays.map((a) => [a.type, a.format, a.size])).toEqual([[0, 7, 3], [1, 7, 2], [2, 7, 3], [4, 1, 4], [5, 1, 4], [0x10 + 12, 7, 1]]);
    expect(iqmText(document, 12)).toBe('heat');
    expect(asset.warnings).toEqual(['blend weights were quantized to ubyte (n/255), as the reference compiler stores them']);
  });

  it('a skinned model without animations: joints and no poses', () => {
    const source = animatedAsset();
    source.animations = [];
    const document = readIqm(writeIqm(assetToIqm(source)));
    expect([document.joints.length, document.poses.length, document.frameCount]).toEqual([2, 0, 0]);
    expect(iqmToAsset(document).skeleton).toEqual(source.skeleton);
  });

  it('round trips through a file: geometry exact, animation within half a quantization step', () => {
    const source = animatedAsset();
    const back = iqmToAsset(readIqm(writeIqm(assetToIqm(source))));
    const [a, b] = [source.meshes[0]!, back.meshes[0]!];
    expect(b.attributes.positions).toEqual(a.attributes.positions);
    expect(b.attributes.normals).toEqual(a.attributes.normals);
    expect(b.attributes.uvs).toEqual(a.attributes.uvs);
    expect(b.indices).toEqual(a.indices);
    expect(b.extras).toEqual(a.extras);
    expect([b.name, b.material]).toEqual(['quad', 'stone']);
    expect(back.skeleton).toEqual(source.skeleton);
    const track = back.animations[0]!.tracks[1]!;
    const step = 1 / 65535;
    Array.from(track.translation!).forEach((v, i) => expect(Math.abs(v - source.animations[0]!.tracks[0]!.translation![i]!)).toBeLessThanOrEqual(step / 2 + 1e-7));
    expect(back.animations[0]!.loop).toBe(true);
  });
});

describe.skipIf(!corpusAvailable)(`IQM ↔ Asset on the corpus (${corpusAvailable ? 'shared/corpus/iqm' : CORPUS_SKIP_MESSAGE})`, () => {
  it('raylib_guy.iqm: Asset totals, and the re-quantized animation moves the same', () => {
    const document = readIqm(readCorpus('iqm', 'raylib_guy.iqm'));
    const asset = iqmToAsset(document);
    expect(summarizeAsset(asset)).toEqual({ meshes: 1, vertices: 240, triangles: 120, joints: 14, animations: 2, frames: 122 });
    expect(asset.animations.map((a) => [a.name, a.frameRate, a.loop])).toEqual([['jump', 24, false], ['dance', 24, false]]);
    expect(requantizationError(document, assetToIqm(asset))).toBeLessThanOrEqual(1);
  });

  it('raylib_vertex_colored_object.iqm: ubyte colors to 0..1 floats and back to the same bytes', () => {
    const document = readIqm(readCorpus('iqm', 'raylib_vertex_colored_object.iqm'));
    const asset = iqmToAsset(document);
    expect(summarizeAsset(asset)).toMatchObject({ vertices: 24, triangles: 12, joints: 0 });
    const colors = document.vertexArrays[4]!.data;
    expect(Array.from(asset.meshes[0]!.attributes.colors!)).toEqual(Array.from(colors, (c) => Math.fround(c / 255)));
    expect(Array.from(assetToIqm(asset).vertexArrays.find((a) => a.type === 6)!.data)).toEqual(Array.from(colors));
  });
});

describe.skipIf(!existsSync(MRFIXIT))(`mrfixit.iqm to Asset (${existsSync(MRFIXIT) ? MRFIXIT : 'apt-get install assimp-testmodels to run'})`, () => {
  it('two meshes, 75 joints, a 101-frame animation, and back to IQM with the same frames', () => {
    const document = readIqm(new Uint8Array(readFileSync(MRFIXIT)));
    const asset = iqmToAsset(document);
    expect(summarizeAsset(asset)).toEqual({ meshes: 2, vertices: 1861, triangles: 2988, joints: 75, animations: 1, frames: 101 });
    expect(asset.meshes.map((m) => [m.name, m.indices.constructor.name])).toEqual([['Body', 'Uint16Array'], ['Head', 'Uint16Array']]);
    const again = assetToIqm(asset);
    expect(again.vertexArrays.map((a) => a.data)).toEqual(document.vertexArrays.map((a) => a.data));
    expect(again.triangles).toEqual(document.triangles);
    expect(requantizationError(document, again)).toBeLessThanOrEqual(1);
    expect(again.frameChannelCount).toBeLessThanOrEqual(document.frameChannelCount);
  });

  it('the same Asset, bit for bit, on wasm-simd, wasm-scalar and js', () => {
    const bytes = new Uint8Array(readFileSync(MRFIXIT));
    const [simd, scalar, js] = BACKENDS.map((b) => iqmToAsset(readIqm(bytes, { kernels: kernels[b] }), { kernels: kernels[b] }));
    expect(simd).toEqual(js);
    expect(scalar).toEqual(js);
  });
});

/**
 * Largest difference between two documents' dequantized frames, in units of half a
 * quantization step of the re-quantized one (plus float32 rounding of the values): ≤ 1 when
 * re-quantizing lost nothing beyond its own rounding.
 */
function requantizationError(original: IqmDocument, requantized: IqmDocument): number {
  const a = dequantizeFrames(original);
  const b = dequantizeFrames(requantized);
  expect(b.length).toBe(a.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) {
    const pose = requantized.poses[Math.floor(i / 10) % requantized.poses.length]!;
    const allowed = pose.channelScale[i % 10]! / 2 + 2 ** -22 * Math.abs(a[i]!) + 1e-30;
    worst = Math.max(worst, Math.abs(a[i]! - b[i]!) / allowed);
  }
  return worst;
}

describe('IQM to Asset: nothing dropped silently', () => {
  it('names triangles outside every mesh, and keeps same-named custom arrays apart', () => {
    const document = sampleIqmDocument();
    document.meshes.pop();
    document.vertexArrays.push({ ...document.vertexArrays[7]!, flags: 0 });
    const asset = iqmToAsset(document);
    expect(asset.warnings).toContain('1 triangles belong to no mesh and are not kept');
    expect(asset.warnings).toContain("a second vertex array named 'heat' is kept as extras['heat#2']");
    expect(Object.keys(asset.meshes[0]!.extras!)).toEqual(['heat', 'score', 'heat#2']);
  });
});
