/**
 * KHR_mesh_quantization as the reader meets it: integer and normalized-integer POSITION,
 * NORMAL, TANGENT, TEXCOORD and animation outputs; dequantization in the node transform, in the
 * skin's inverse bind matrices (one for all joints, or differing per joint), and in
 * KHR_texture_transform. On all three backends.
 */
import { describe, expect, it } from 'vitest';
import { glbFormat } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { glb, pack } from './helpers/gltf-samples.js';

const kernels = allKernels();
const REQUIRED = { extensionsUsed: ['KHR_mesh_quantization'], extensionsRequired: ['KHR_mesh_quantization'] };

function quad(extra: (views: number) => Record<string, any>, parts: ArrayBufferView[], json: Record<string, any>) {
  const positions = new Int16Array([0, 0, 0, 0, 100, 0, 0, 0, 200, 200, 0, 0, 0, 200, 0, 0]); // stride 8: xyz + pad; (0,0,0) (100,0,0) (200,200,0) (0,200,0)
  const normals = new Int8Array([0, 0, 127, 0, 0, 0, -127, 0, 127, 0, 0, 0, 0, 127, 0, 0]);
  const tangents = new Int8Array([127, 0, 0, 127, 127, 0, 0, -127, 0, 127, 0, 127, 0, -127, 0, 127]);
  const uvs = new Uint16Array([0, 0, 65535, 0, 65535, 65535, 0, 65535]);
  const indices = new Uint8Array([0, 1, 2, 0, 2, 3]);
  const { bytes, offsets } = pack(positions, normals, tangents, uvs, indices, ...parts);
  const sizes = [positions, normals, tangents, uvs, indices, ...parts].map((p) => p.byteLength);
  const bufferViews = sizes.map((byteLength, i) => ({ buffer: 0, byteOffset: offsets[i], byteLength, ...(i === 0 ? { byteStride: 8 } : i === 1 ? { byteStride: 4 } : {}) }));
  const base = {
    asset: { version: '2.0' },
    ...REQUIRED,
    buffers: [{ byteLength: bytes.length }],
    bufferViews,
    accessors: [
      { bufferView: 0, componentType: 5122, count: 4, type: 'VEC3', min: [0, 0, 0], max: [200, 200, 200] },
      { bufferView: 1, componentType: 5120, normalized: true, count: 4, type: 'VEC3' },
      { bufferView: 2, componentType: 5120, normalized: true, count: 4, type: 'VEC4' },
      { bufferView: 3, componentType: 5123, normalized: true, count: 4, type: 'VEC2' },
      { bufferView: 4, componentType: 5121, count: 6, type: 'SCALAR' },
      ...(extra(5).accessors ?? []),
    ],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, NORMAL: 1, TANGENT: 2, TEXCOORD_0: 3 }, indices: 4, ...(json.primitive ?? {}) }] }],
  };
  const { accessors: _, ...rest } = extra(5);
  return glb({ ...base, ...rest, ...json.top }, bytes);
}

describe.each(BACKENDS)('KHR_mesh_quantization (%s)', (backend) => {
  const read = (bytes: Uint8Array) => glbFormat.parseSync(bytes, { kernels: kernels[backend] });

  it('int16 positions dequantized by the node transform, snorm8 normals and tangents, unorm16 UVs', () => {
    const asset = read(quad(() => ({ nodes: [{ mesh: 0, translation: [1, 2, 3], scale: [0.01, 0.01, 0.01] }] }), [], {}));
    const { positions, normals, tangents, uvs } = asset.meshes[0]!.attributes;
    expect([...positions].map((v) => +v.toFixed(5))).toEqual([1, 2, 3, 2, 2, 3, 3, 4, 3, 1, 4, 3]);
    expect([...normals!]).toEqual([0, 0, 1, 0, 0, -1, 1, 0, 0, 0, 1, 0]);
    expect([...tangents!]).toEqual([1, 0, 0, 1, 1, 0, 0, -1, 0, 1, 0, 1, 0, -1, 0, 1]);
    expect([...uvs![0]!]).toEqual([0, 0, 1, 0, 1, 1, 0, 1]);
    expect(asset.warnings).toEqual([]);
  });

  it('normalized int16 rotations and int8 translations as animation outputs', () => {
    const times = new Float32Array([0, 1]);
    const rotations = new Int16Array([0, 0, 0, 32767, 0, 23170, 0, 23170]);
    const translations = new Int8Array([0, 0, 0, 10, -20, 30]); // VEC3 int8: animation data need not be 4-byte aligned per element
    const bytes = quad((views) => ({
      accessors: [
        { bufferView: views, componentType: 5126, count: 2, type: 'SCALAR', min: [0], max: [1] },
        { bufferView: views + 1, componentType: 5122, normalized: true, count: 2, type: 'VEC4' },
        { bufferView: views + 2, componentType: 5120, count: 2, type: 'VEC3' },
      ],
      nodes: [{ mesh: 0 }, { name: 'bone' }],
      animations: [{ name: 'turn', samplers: [{ input: 5, output: 6 }, { input: 5, output: 7 }], channels: [{ sampler: 0, target: { node: 1, path: 'rotation' } }, { sampler: 1, target: { node: 1, path: 'translation' } }] }],
    }), [times, rotations, translations], {});
    const asset = read(bytes);
    const track = asset.animations[0]!.tracks[0]!;
    const last = track.rotation!.subarray(track.rotation!.length - 4);
    expect(last[1]).toBeCloseTo(Math.SQRT1_2, 4);
    expect(last[3]).toBeCloseTo(Math.SQRT1_2, 4);
    expect([...track.translation!.subarray(track.translation!.length - 3)]).toEqual([10, -20, 30]);
  });

  it('dequantization folded into the inverse bind matrices: one for every joint, or one per joint blended by weight', () => {
    const joints = new Uint8Array([0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0]);
    const weights = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0.5, 0.5, 0, 0, 1, 0, 0, 0]);
    // Joint 0 at the origin, joint 1 translated by (5, 0, 0). D0 = scale 0.01, D1 = scale 0.02 + translation (1, 0, 0).
    const ibm = (d: number[], jointX: number) => [d[0]!, 0, 0, 0, 0, d[0]!, 0, 0, 0, 0, d[0]!, 0, d[1]! - jointX, 0, 0, 1];
    const make = (d1: number[]) => quad((views) => ({
      accessors: [
        { bufferView: views, componentType: 5121, count: 4, type: 'VEC4' },
        { bufferView: views + 1, componentType: 5126, count: 4, type: 'VEC4' },
        { bufferView: views + 2, componentType: 5126, count: 2, type: 'MAT4' },
      ],
      nodes: [{ mesh: 0, skin: 0 }, { name: 'j0', children: [2] }, { name: 'j1', translation: [5, 0, 0] }],
      skins: [{ joints: [1, 2], inverseBindMatrices: 7 }],
    }), [joints, weights, new Float32Array([...ibm([0.01, 0], 0), ...ibm(d1, 5)])], { primitive: { attributes: { POSITION: 0, NORMAL: 1, TANGENT: 2, TEXCOORD_0: 3, JOINTS_0: 5, WEIGHTS_0: 6 } } });
    const same = read(make([0.01, 0])).meshes[0]!.attributes.positions;
    expect([...same].map((v) => +v.toFixed(5))).toEqual([0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 2, 0]);
    // A far joint whose float32 bind matrix only nearly undoes it (−123456.7 stored as −123456.703125): nothing moves, bits kept.
    const far = quad((views) => ({
      accessors: [
        { bufferView: views, componentType: 5121, count: 4, type: 'VEC4' },
        { bufferView: views + 1, componentType: 5126, count: 4, type: 'VEC4' },
        { bufferView: views + 2, componentType: 5126, count: 2, type: 'MAT4' },
      ],
      nodes: [{ mesh: 0, skin: 0 }, { name: 'j0', children: [2] }, { name: 'j1', translation: [123456.7, 0, 0] }],
      skins: [{ joints: [1, 2], inverseBindMatrices: 7 }],
    }), [joints, weights, new Float32Array([...ibm([1, 0], 0), ...ibm([1, 0], 123456.7)])], { primitive: { attributes: { POSITION: 0, NORMAL: 1, TANGENT: 2, TEXCOORD_0: 3, JOINTS_0: 5, WEIGHTS_0: 6 } } });
    expect([...read(far).meshes[0]!.attributes.positions]).toEqual([0, 0, 0, 100, 0, 0, 200, 200, 0, 0, 200, 0]);
    const blended = read(make([0.02, 1])).meshes[0]!.attributes.positions;
    // Vertex 1 (joint 1 only): 0.02 × (100, 0, 0) + (1, 0, 0); vertex 2 (half each): the mean of (2, 2, 0) and (5, 4, 0).
    expect([...blended].map((v) => +v.toFixed(5))).toEqual([0, 0, 0, 3, 0, 0, 3.5, 3, 0, 0, 2, 0]);
  });

  it('KHR_texture_transform offset, rotation and scale applied to the UVs; disagreeing textures warned, UVs kept', () => {
    const material = (transforms: Record<string, unknown>[]) => ({
      materials: [{ name: 'm', pbrMetallicRoughness: { baseColorTexture: { index: 0, extensions: { KHR_texture_transform: transforms[0] } } }, ...(transforms[1] ? { normalTexture: { index: 0, extensions: { KHR_texture_transform: transforms[1] } } } : {}) }],
      textures: [{}],
    });
    const make = (transforms: Record<string, unknown>[]) => quad(() => ({ nodes: [{ mesh: 0 }] }), [], { top: { ...material(transforms), extensionsUsed: ['KHR_mesh_quantization', 'KHR_texture_transform'] }, primitive: { material: 0 } });
    const moved = read(make([{ offset: [0.25, 0.5], scale: [0.5, 0.25] }]));
    expect([...moved.meshes[0]!.attributes.uvs![0]!]).toEqual([0.25, 0.5, 0.75, 0.5, 0.75, 0.75, 0.25, 0.75]);
    // The texture has no image (the reader of textures says so); nothing else is warned.
    expect(moved.warnings.filter((w) => !w.includes('has no source image'))).toEqual([]);
    // The extension's own example: offset [0, 1], rotation π/2, scale 0.5 puts the unit square on the image's lower-left quadrant.
    const rotated = read(make([{ offset: [0, 1], rotation: Math.PI / 2, scale: [0.5, 0.5] }]));
    expect([...rotated.meshes[0]!.attributes.uvs![0]!].map((v) => +v.toFixed(6) + 0)).toEqual([0, 1, 0, 0.5, 0.5, 0.5, 0.5, 1]);
    expect(rotated.warnings.filter((w) => !w.includes('has no source image'))).toEqual([]);
    const disagreeing = read(make([{ scale: [2, 2] }, { scale: [3, 3] }]));
    expect(disagreeing.warnings.join()).toMatch(/different KHR_texture_transform values/);
  });
});
