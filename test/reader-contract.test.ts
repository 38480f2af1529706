// The reader contract (README § Limits), as regression tests for every way it was seen broken:
// valid files that crashed the wasm backends, tiny files that hung, memory the file could not
// justify, errors without an offset, Assets with index arrays too narrow for their vertices.
import { describe, expect, it } from 'vitest';
import { createKernelsSync, FORMATS, iqmFormat, summarizeAsset, unigineFormat, validateAsset, type Asset } from '../bindings/index.js';
import { emptyIqmDocument, IQM_HEADER_FIELDS, writeIqm, type IqmDocument } from '../bindings/formats/iqm/index.js';
import { readUnigine, writeUnigine, type UnigineAnimDocument, type UnigineMeshDocument } from '../bindings/formats/unigine/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { assetBytes, assetDigest, checkContract, fuzzKernels } from './helpers/fuzz.js';
import { iqmFilePerVertexFormat, richIqmFiles, richTubeAsset, richUnigineAnim, richUnigineMesh } from './helpers/synthetic.js';
import { textTable } from './helpers/iqm-samples.js';
import { refusal } from './helpers/refusal.js';

const kernels = fuzzKernels();


describe('branches the corpus lacks, made by the writers, read alike on every backend', () => {
  it('UNIGINE ms11: UV1, colours, three morph targets (two in the Asset beside the base), 1–4 weights, an empty surface, an animation of no bones', () => {
    const bytes = richUnigineMesh();
    expect(checkContract(unigineFormat, bytes, kernels).ok).toBe(true);
    const asset = unigineFormat.parseSync(bytes, { kernels: kernels['wasm-simd'] });
    const [tube, empty] = asset.meshes;
    expect(tube!.attributes.uvs).toHaveLength(2);
    expect(tube!.attributes.colors).toBeDefined();
    const weightsPerVertex = new Set<number>();
    for (let v = 0; v < tube!.attributes.weights!.length / 4; v++) weightsPerVertex.add(tube!.attributes.weights!.subarray(v * 4, v * 4 + 4).filter((w) => w > 0).length);
    expect([...weightsPerVertex].sort()).toEqual([1, 2, 3, 4]);
    expect(summarizeAsset({ ...asset, meshes: [empty!] })).toMatchObject({ vertices: 0, triangles: 0 });
    expect(tube!.targets!.map((t) => t.name)).toEqual(['swell1', 'swell2']);
    const [swell1] = tube!.targets!;
    // swell1 scales x by 1.1: the displacement is a tenth of each x, nothing in y or z.
    for (let v = 0; v < 5; v++) {
      expect(swell1!.positions[v * 3]).toBeCloseTo(tube!.attributes.positions[v * 3]! * 0.1, 5);
      expect([swell1!.positions[v * 3 + 1], swell1!.positions[v * 3 + 2]]).toEqual([0, 0]);
    }
    expect(swell1!.normals!.every((n) => n === 0)).toBe(true); // the targets keep the base's frames
    // …and they survive a write and a read.
    const again = unigineFormat.parseSync(unigineFormat.encodeSync(asset));
    expect(again.meshes[0]!.targets!.map((t) => [t.name, t.positions.length])).toEqual(tube!.targets!.map((t) => [t.name, t.positions.length]));
    expect(again.meshes[0]!.targets![1]!.positions).toEqual(tube!.targets![1]!.positions);
    const still = asset.animations.find((a) => a.name === 'still')!;
    expect([still.frameCount, still.tracks.length]).toEqual([9, 0]);
  });

  it('UNIGINE an10 with every channel quantized, and an animation of no bones', () => {
    expect(checkContract(unigineFormat, richUnigineAnim(), kernels).ok).toBe(true);
  });

  it('IQM: every vertex format for every standard array, and ubyte and float weights and colours', () => {
    for (const { bytes } of iqmFilePerVertexFormat()) expect(checkContract(iqmFormat, bytes, kernels).ok).toBe(true);
    const [ubyte, float] = richIqmFiles().map((bytes) => iqmFormat.parseSync(bytes, { kernels: kernels.js }));
    expect(ubyte!.meshes[0]!.attributes.uvs).toHaveLength(2);
    expect(float!.meshes[0]!.attributes.colors).toEqual(richTubeAsset().meshes[0]!.attributes.colors);
  });
});

/** an10 with one bone whose frames store nothing (flags 0). */
function stillAnim(frames: number): Uint8Array {
  const box = new Float32Array(3);
  const doc: UnigineAnimDocument = {
    kind: 'anim', bounds: { min: [0, 0, 0], max: [0, 0, 0], center: [0, 0, 0], radius: 0 } as never, bones: [{ name: 'root', parent: -1 }],
    bindPose: Float32Array.from([0, 0, 0, 0, 0, 0, 1, 1, 1, 1]),
    animations: [{ name: 'still', boneIndices: Int16Array.from([0]), mask: 0x7f, frameCount: frames, flags: new Uint8Array(frames), positions: new Uint16Array(0), rotations: new Int16Array(0), scales: new Uint16Array(0), positionMin: box, positionSize: box, scaleMin: box, scaleSize: box }],
  };
  const template = readUnigine(richUnigineAnim()) as UnigineAnimDocument;
  doc.bounds = template.bounds;
  return writeUnigine(doc);
}

/** An IQM file with one animation of `frames` frames over `poses` poses of channel mask 0. */
function stillIqm(frames: number, poses: number): Uint8Array {
  const { text, at } = textTable(['still']);
  const d: IqmDocument = { ...emptyIqmDocument(), text };
  d.poses = Array.from({ length: poses }, () => ({ parent: -1, channelMask: 0, channelOffset: Float32Array.from([0, 0, 0, 0, 0, 0, 1, 1, 1, 1]), channelScale: new Float32Array(10) }));
  d.anims = [{ name: at.still!, firstFrame: 0, frameCount: frames, frameRate: 30, flags: 0 }];
  d.frameCount = frames;
  return writeIqm(d);
}

describe('work and memory follow the bytes, not the counts', () => {
  it('an10: 0 animated bones and 2^31 − 1 frames read at once, with no keys', () => {
    const w = [...new TextEncoder().encode('an10'), ...new Uint8Array(40)];
    const bytes = new Uint8Array([...w, 0x00, 0x01, 0x02, 0x61, 0x00, ...new TextEncoder().encode('an10'), 0x00, ...new Uint8Array(48), 0x7f, 0xbf, 0xff, 0xff, 0xff, 0x0f, ...new TextEncoder().encode('an10')]);
    expect(bytes.length).toBe(112);
    expect(checkContract(unigineFormat, bytes, kernels).ok).toBe(true);
    expect(unigineFormat.parseSync(bytes).animations[0]!.frameCount).toBe(2 ** 31 - 1);
  });

  it('IQM: one animation of 2^31 − 1 frames and no poses reads at once, with no keys', () => {
    const bytes = stillIqm(2 ** 31 - 1, 0);
    expect(bytes.length).toBeLessThan(200);
    expect(checkContract(iqmFormat, bytes, kernels).ok).toBe(true);
    const asset = iqmFormat.parseSync(bytes);
    expect([asset.animations[0]!.frameCount, asset.animations[0]!.tracks.length]).toEqual([2 ** 31 - 1, 0]);
  });

  it('an10: one bone, flags 0, 4,000,000 frames (4 MB) becomes one constant key, and WebAssembly memory is given back', () => {
    const bytes = stillAnim(4_000_000);
    for (const k of Object.values(kernels)) {
      const asset = unigineFormat.parseSync(bytes, { kernels: k });
      expect(asset.animations[0]!.tracks[0]!.times.length).toBe(1);
      expect(assetBytes(asset)).toBeLessThan(1024);
      expect(k.memoryBytes).toBeLessThanOrEqual(k.memoryCap);
    }
  });

  it('IQM: 12,000 poses of mask 0 and 256 frames become one key per pose', () => {
    const bytes = stillIqm(256, 12_000);
    const outcome = checkContract(iqmFormat, bytes, kernels);
    expect(outcome.ok && outcome.assetBytes).toBeLessThan(bytes.length * 2);
  });

  it('a call that needs more WebAssembly memory than the cap gives it back afterwards', () => {
    const k = createKernelsSync('wasm-simd', 1 << 20);
    const asset = richTubeAsset({ rings: 200, segments: 64 }); // 13,000 vertices: several MB of workspace
    const bytes = unigineFormat.encodeSync(asset, { kernels: k });
    expect(unigineFormat.parseSync(bytes, { kernels: k }).meshes[0]!.attributes.positions.length).toBe(200 * 65 * 3);
    expect(k.memoryBytes).toBeLessThanOrEqual(1 << 20);
  });
});

describe('every refusal names the byte at fault', () => {
  it('UNIGINE: a cindex out of range, at the index', () => {
    const doc = readUnigine(unigineFormat.encodeSync(tubeAsset())) as UnigineMeshDocument;
    doc.surfaces[0]!.cindices[7] = 200;
    const bytes = writeUnigine(doc);
    const e = refusal(() => unigineFormat.parseSync(bytes));
    expect(e.code).toBe('BAD_INDEX');
    expect(bytes[e.offset!]).toBe(200);
    expect(bytes[e.offset! - 7]).toBe(doc.surfaces[0]!.cindices[0]);
  });

  it('UNIGINE: a tindex out of range, at the index', () => {
    const doc = readUnigine(unigineFormat.encodeSync(tubeAsset())) as UnigineMeshDocument;
    doc.surfaces[0]!.tindices[5] = 201;
    const bytes = writeUnigine(doc);
    const e = refusal(() => unigineFormat.parseSync(bytes));
    expect([e.code, bytes[e.offset!]]).toEqual(['BAD_INDEX', 201]);
  });

  it('UNIGINE: cindices and tindices of different counts, and partial triangles', () => {
    const doc = readUnigine(unigineFormat.encodeSync(tubeAsset())) as UnigineMeshDocument;
    const surface = doc.surfaces[0]!;
    surface.tindices = surface.tindices.slice(0, surface.tindices.length - 3);
    expect(refusal(() => unigineFormat.parseSync(writeUnigine(doc))).offset).toBeGreaterThan(0);
    surface.cindices = surface.cindices.slice(0, surface.tindices.length - 1);
    surface.tindices = surface.tindices.slice(0, surface.tindices.length - 1);
    const e = refusal(() => unigineFormat.parseSync(writeUnigine(doc)));
    expect([e.code, e.offset! > 0]).toEqual(['BAD_INDEX', true]);
  });

  it('IQM: a triangle using another mesh\'s vertex, at that index', () => {
    const asset: Asset = { ...tubeAsset(), animations: [] };
    asset.meshes.push({ ...asset.meshes[0]!, name: 'second' });
    const bytes = iqmFormat.encodeSync(asset);
    const view = new DataView(bytes.buffer);
    const ofsTriangles = view.getUint32(IQM_HEADER_FIELDS.ofsTriangles, true);
    const lastTriangle = ofsTriangles + (view.getUint32(IQM_HEADER_FIELDS.numTriangles, true) - 1) * 12;
    view.setUint32(lastTriangle + 4, 0, true); // a vertex of the first mesh, in the second mesh's triangle
    const e = refusal(() => iqmFormat.parseSync(bytes));
    expect([e.code, e.offset]).toEqual(['UNSUPPORTED', lastTriangle + 4]);
  });
});

describe('Assets handed to writers', () => {
  it('refuses an index array too narrow for its vertex count (a silent wrap)', () => {
    const asset = tubeAsset({ rings: 30, segments: 20 }); // 630 vertices
    expect(asset.meshes[0]!.indices).toBeInstanceOf(Uint16Array);
    expect(() => validateAsset(asset)).not.toThrow();
    asset.meshes[0]!.indices = Uint8Array.from(asset.meshes[0]!.indices);
    for (const format of [unigineFormat, iqmFormat]) {
      const e = refusal(() => format.encodeSync(asset));
      expect([e.code, e.format, e.path]).toEqual(['BAD_VALUE', 'asset', 'meshes[0].indices']);
    }
  });

  it('a tube of more than 256 vertices writes and reads back on every backend alike', () => {
    const bytes = iqmFormat.encodeSync(tubeAsset({ rings: 30, segments: 20 }));
    const outcome = checkContract(iqmFormat, bytes, kernels);
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && outcome.digest).toBe(assetDigest(iqmFormat.parseSync(bytes, { kernels: kernels.js })));
  });

  it('refuses an animation that would make a writer build more keys than its limit', () => {
    const asset = tubeAsset();
    asset.animations[0]!.frameCount = 2 ** 31 - 1;
    expect(refusal(() => iqmFormat.encodeSync(asset)).code).toBe('BAD_COUNT');
  });
});

describe('every writer, every combination of optional attributes, read alike on every backend', () => {
  const OPTIONAL = ['normals', 'tangents', 'uvs', 'colors', 'skin'] as const;
  it.each(FORMATS.map((f) => [f.name, f] as const))('%s', (_, format) => {
    for (let subset = 0; subset < 1 << OPTIONAL.length; subset++) {
      const asset = richTubeAsset();
      const a = asset.meshes[0]!.attributes;
      const dropped = OPTIONAL.filter((_, i) => !(subset & (1 << i)));
      for (const name of dropped) {
        if (name === 'skin') {
          delete a.joints;
          delete a.weights;
        } else delete a[name];
      }
      const main = `synthetic${format.extensions[0]}`;
      const files = format.encodeFiles ? format.encodeFiles(asset, main) : [{ name: main, bytes: format.encodeSync(asset) }];
      const companions = files.slice(1);
      const outcome = checkContract(format, files[0]!.bytes, kernels, {
        fileName: main,
        resolve: (name) => companions.find((c) => c.name === name)?.bytes,
        companionBytes: companions.reduce((n, c) => n + c.bytes.length, 0),
      });
      expect(outcome.ok, `${format.name} without ${dropped.join(', ') || 'nothing'}`).toBe(true);
      // Every format stores texture coordinates: they come back exactly when they were written.
      const back = format.parseSync(files[0]!.bytes, { fileName: main, resolve: (name) => companions.find((c) => c.name === name)?.bytes });
      expect(back.meshes[0]!.attributes.uvs !== undefined, `${format.name}: uvs`).toBe(!dropped.includes('uvs'));
    }
  });
});

describe('an Asset never shares memory with the bytes it was read from', () => {
  /** Every typed array reachable from `value`. */
  function typedArrays(value: unknown, found: ArrayBufferView[] = []): ArrayBufferView[] {
    if (ArrayBuffer.isView(value)) found.push(value);
    else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) typedArrays(item, found);
    return found;
  }

  it.each(FORMATS.map((f) => [f.name, f] as const))('%s, on every backend', (_, format) => {
    const main = `synthetic${format.extensions[0]}`;
    const files = format.encodeFiles ? format.encodeFiles(richTubeAsset(), main) : [{ name: main, bytes: format.encodeSync(richTubeAsset()) }];
    const inputs = new Set<ArrayBufferLike>(files.map((f) => f.bytes.buffer));
    for (const kernels of Object.values(fuzzKernels())) {
      const asset = format.parseSync(files[0]!.bytes, { kernels, fileName: main, resolve: (name) => files.find((f) => f.name === name)?.bytes });
      const arrays = typedArrays(asset);
      expect(arrays.length, format.name).toBeGreaterThan(0);
      for (const array of arrays) expect(inputs.has(array.buffer), `${format.name} on ${kernels.backend}`).toBe(false);
    }
  });
});
