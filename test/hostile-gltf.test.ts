// The glTF reader under hostile input: accessor field combinations, the memory promise counted on
// everything the reader makes, deep and cyclic node graphs. Every case runs on all three backends
// through checkContract (only MeshFormatError, same outcome everywhere, Asset within 64× + 64 KiB).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gltfFormat, type Asset } from '../bindings/index.js';
import { BACKENDS, rng } from './helpers/backends.js';
import { ASSET_BYTES_PER_FILE_BYTE, ASSET_BYTES_SLACK, assetBytes, checkContract, fuzzKernels, type FuzzOutcome } from './helpers/fuzz.js';
import { pack } from './helpers/gltf-samples.js';
import { refusal } from './helpers/refusal.js';

const kernels = fuzzKernels();
const HOSTILE = join(import.meta.dirname, 'hostile');
const hostile = (name: string) => new Uint8Array(readFileSync(join(HOSTILE, name)));
const encode = (json: object) => new TextEncoder().encode(JSON.stringify(json));
const dataUri = (bytes: Uint8Array) => `data:application/octet-stream;base64,${Buffer.from(bytes).toString('base64')}`;
const contract = (bytes: Uint8Array): FuzzOutcome => checkContract(gltfFormat, bytes, kernels);
const read = (bytes: Uint8Array): Asset[] => BACKENDS.map((backend) => gltfFormat.parseSync(bytes, { kernels: kernels[backend] }));

describe('accessors: normalized, type, componentType, sparse, stride and count together', () => {
  it('normalized FLOAT and UNSIGNED_INT accessors are BAD_VALUE on every backend (hostile reproducers)', () => {
    for (const name of ['gltf-normalized-float-accessor__INTERNAL.gltf', 'gltf-normalized-uint32-accessor__INTERNAL.gltf']) {
      const outcome = contract(hostile(name));
      expect(outcome, name).toMatchObject({ ok: false, code: 'BAD_VALUE' });
      expect(refusal(() => gltfFormat.parseSync(hostile(name))).message).toMatch(/cannot be normalized/);
    }
  });

  /** A 3-vertex skinned, animated triangle whose accessor 0 is `accessor`, placed at `slot`; bytes patterned so most reads succeed. */
  function withAccessor(slot: string, accessor: Record<string, unknown>): Uint8Array {
    const data = new Uint8Array(1024);
    for (let i = 0; i < data.length; i++) data[i] = i % 2 === 0 ? i % 3 : 0;
    const sparseIndices = new Uint8Array([0, 1]);
    const { bytes, offsets } = pack(data, sparseIndices, new Float32Array([0, 0, 0, 1, 1, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0]), new Float32Array([0, 1, 2]), new Uint8Array([0, 1, 2]), new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
    const views = [
      { buffer: 0, byteOffset: offsets[0], byteLength: data.length, ...(accessor.stride ? { byteStride: accessor.stride } : {}) },
      { buffer: 0, byteOffset: offsets[1], byteLength: 2 },
      { buffer: 0, byteOffset: offsets[2], byteLength: 64 },
      { buffer: 0, byteOffset: offsets[3], byteLength: 12 },
      { buffer: 0, byteOffset: offsets[4], byteLength: 3 },
      { buffer: 0, byteOffset: offsets[5], byteLength: 36 },
    ];
    const { stride: _, ...fields } = accessor;
    const accessors: Record<string, unknown>[] = [
      { bufferView: 0, ...fields },
      { bufferView: 5, componentType: 5126, count: 3, type: 'VEC3' }, // 1: positions
      { bufferView: 3, componentType: 5126, count: 3, type: 'SCALAR' }, // 2: key times
      { bufferView: 4, componentType: 5121, count: 3, type: 'SCALAR' }, // 3: indices
      { bufferView: 2, componentType: 5126, count: 3, type: 'VEC3' }, // 4: key values
    ];
    const attributes: Record<string, number> = { POSITION: 1 };
    const primitive: Record<string, unknown> = { attributes, indices: 3 };
    const sampler = { input: 2, output: 4 };
    if (slot === 'indices') primitive.indices = 0;
    else if (slot === 'target') primitive.targets = [{ POSITION: 0 }];
    else if (slot === 'input') sampler.input = 0;
    else if (slot === 'output') sampler.output = 0;
    else if (slot === 'JOINTS_0') Object.assign(attributes, { JOINTS_0: 0, WEIGHTS_0: 0 });
    else attributes[slot] = 0;
    return encode({
      asset: { version: '2.0' },
      nodes: [{ mesh: 0, skin: 0 }, { name: 'bone', children: [2] }, { name: 'tip' }],
      meshes: [{ primitives: [primitive] }],
      skins: [{ joints: [1, 2] }],
      animations: [{ samplers: [sampler], channels: [{ sampler: 0, target: { node: 2, path: 'translation' } }] }],
      accessors,
      bufferViews: views,
      buffers: [{ byteLength: bytes.length, uri: dataUri(bytes) }],
    });
  }

  it('every combination is read or refused with a MeshFormatError, alike on every backend, within the memory bound', () => {
    const slots = ['POSITION', 'NORMAL', 'TANGENT', 'TEXCOORD_0', 'COLOR_0', 'JOINTS_0', '_EXTRA', 'indices', 'target', 'input', 'output'];
    const types = ['SCALAR', 'VEC2', 'VEC3', 'VEC4', 'MAT2', 'MAT3', 'MAT4'];
    const componentTypes = [5120, 5121, 5122, 5123, 5125, 5126, 5124];
    const sparse = { count: 2, indices: { bufferView: 1, componentType: 5121 }, values: { bufferView: 2 } };
    const codes = new Map<string, number>();
    let read = 0;
    for (const slot of slots) {
      for (const type of types) {
        for (const componentType of componentTypes) {
          for (const normalized of [false, true]) {
            for (const variant of [{ count: 3 }, { count: 3, stride: 16 }, { count: 3, sparse }, { count: 3, bufferView: undefined, sparse }, { count: 2 ** 40 }, { count: 100, stride: 8 }]) {
              const accessor = { type, componentType, normalized, ...variant };
              const outcome = contract(withAccessor(slot, accessor));
              if (outcome.ok) read++;
              else codes.set(outcome.code, (codes.get(outcome.code) ?? 0) + 1);
              // glTF allows normalized only on BYTE, UNSIGNED_BYTE, SHORT and UNSIGNED_SHORT.
              if (normalized && (componentType === 5125 || componentType === 5126)) expect(outcome, `${slot} ${JSON.stringify(accessor)}`).toMatchObject({ ok: false, code: 'BAD_VALUE' });
            }
          }
        }
      }
    }
    expect(read).toBeGreaterThan(100);
    expect([...codes.keys()].sort()).toEqual(expect.arrayContaining(['BAD_COUNT', 'BAD_VALUE']));
  });

  it('sparse data in a buffer view with a byteStride is BAD_VALUE (glTF forbids it)', () => {
    const bin = pack(new Float32Array(9), new Uint8Array([1, 0, 0, 0]), new Float32Array([5, 5, 5]));
    const json = {
      asset: { version: '2.0' },
      nodes: [{ mesh: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', sparse: { count: 1, indices: { bufferView: 1, componentType: 5121 }, values: { bufferView: 2 } } }],
      bufferViews: [{ buffer: 0, byteLength: 36 }, { buffer: 0, byteOffset: bin.offsets[1], byteLength: 4, byteStride: 4 }, { buffer: 0, byteOffset: bin.offsets[2], byteLength: 12 }],
      buffers: [{ byteLength: bin.bytes.length, uri: dataUri(bin.bytes) }],
    };
    expect(contract(encode(json))).toMatchObject({ ok: false, code: 'BAD_VALUE' });
    delete (json.bufferViews[1] as { byteStride?: number }).byteStride;
    expect(contract(encode(json)).ok).toBe(true);
    expect(Array.from(read(encode(json))[0]!.meshes[0]!.attributes.positions.subarray(3, 6))).toEqual([5, 5, 5]);
  });
});

describe('memory: every value the reader makes counts against the file\'s bytes', () => {
  const bound = (bytes: Uint8Array) => ASSET_BYTES_PER_FILE_BYTE * bytes.length + ASSET_BYTES_SLACK;

  it('438 bytes of zero-filled accessors are refused (BAD_COUNT) instead of becoming 460 kB; small ones still read', () => {
    const bytes = hostile('gltf-zero-filled-accessors-438B__asset-1000x-input.gltf');
    expect(contract(bytes)).toMatchObject({ ok: false, code: 'BAD_COUNT' });
    const small = new TextEncoder().encode(new TextDecoder().decode(bytes).replaceAll('"count":6228', '"count":600'));
    const outcome = contract(small);
    expect(outcome.ok).toBe(true);
    const asset = read(small)[0]!;
    expect(asset.meshes[0]!.attributes.positions).toEqual(new Float32Array(1800));
    expect(assetBytes(asset)).toBeLessThanOrEqual(bound(small));
  });

  /** A mesh of `vertices` zero-filled positions drawn as `mode`, on `instances` nodes. */
  function instanced(vertices: number, instances: number, mode = 4, sparse = false): Uint8Array {
    const bin = pack(Uint32Array.from({ length: 64 }, (_, i) => i), new Float32Array(192));
    return encode({
      asset: { version: '2.0' },
      nodes: Array.from({ length: instances }, (_, i) => ({ mesh: 0, translation: [i, 0, 0] })),
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, mode }] }],
      accessors: [{ componentType: 5126, count: vertices, type: 'VEC3', ...(sparse ? { sparse: { count: 64, indices: { bufferView: 0, componentType: 5125 }, values: { bufferView: 1 } } } : {}) }],
      bufferViews: [{ buffer: 0, byteLength: 256 }, { buffer: 0, byteOffset: 256, byteLength: 768 }],
      buffers: [{ byteLength: bin.bytes.length, uri: dataUri(bin.bytes) }],
    });
  }

  it('zero-filled, sparse, strip and fan expansion and per-node instancing all count: the Asset never exceeds 64× + 64 KiB', () => {
    const next = rng(17);
    let refused = 0;
    let accepted = 0;
    for (let i = 0; i < 60; i++) {
      const bytes = instanced(3 + Math.floor(next() ** 3 * 200_000), 1 + Math.floor(next() ** 2 * 400), [4, 5, 6][Math.floor(next() * 3)]!, next() < 0.5);
      const outcome = contract(bytes); // throws when an Asset exceeds the bound
      if (outcome.ok) accepted++;
      else {
        expect(outcome.code).toBe('BAD_COUNT');
        refused++;
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
    // One mesh on 2,000 nodes: each copy counts (the mesh alone would fit).
    expect(contract(instanced(1000, 1))).toMatchObject({ ok: true });
    expect(contract(instanced(1000, 2000))).toMatchObject({ ok: false, code: 'BAD_COUNT' });
  });

  it('animation keys count too: channels merged onto one set of times, and resampling', () => {
    const keys = 2000;
    const times = Float32Array.from({ length: keys }, (_, k) => k);
    const later = Float32Array.from({ length: keys }, (_, k) => k + 0.5);
    const bin = pack(times, later, new Float32Array(keys * 4));
    const json = {
      asset: { version: '2.0' },
      nodes: [{ name: 'joint' }],
      animations: [{
        samplers: [{ input: 0, output: 2 }, { input: 1, output: 3 }],
        channels: [{ sampler: 0, target: { node: 0, path: 'translation' } }, { sampler: 1, target: { node: 0, path: 'rotation' } }],
      }],
      accessors: [
        { bufferView: 0, componentType: 5126, count: keys, type: 'SCALAR' },
        { bufferView: 1, componentType: 5126, count: keys, type: 'SCALAR' },
        { componentType: 5126, count: keys, type: 'VEC3' },
        { bufferView: 2, componentType: 5126, count: keys, type: 'VEC4' },
      ],
      bufferViews: [{ buffer: 0, byteLength: keys * 4 }, { buffer: 0, byteOffset: bin.offsets[1], byteLength: keys * 4 }, { buffer: 0, byteOffset: bin.offsets[2], byteLength: keys * 16 }],
      buffers: [{ byteLength: bin.bytes.length, uri: dataUri(bin.bytes) }],
    };
    const bytes = encode(json);
    expect(contract(bytes)).toMatchObject({ ok: true });
    expect(read(bytes)[0]!.animations[0]!.tracks[0]!.times.length).toBe(2 * keys);
    // 2,000 s resampled at 1000 fps: 64 MB of keys, far beyond the file's bytes; at 10 fps they fit.
    for (const backend of BACKENDS) {
      expect(refusal(() => gltfFormat.parseSync(bytes, { resample: 1000, kernels: kernels[backend] })).code).toBe('BAD_COUNT');
      expect(gltfFormat.parseSync(bytes, { resample: 10, kernels: kernels[backend] }).animations[0]!.tracks[0]!.times.length).toBe(19996);
    }
  });
});

describe('node graphs: linear at any depth, cycles refused', () => {
  it('the 20,000-node chain reads (no ancestor walk per node, no recursion)', () => {
    expect(contract(hostile('gltf-node-chain-20000__quadratic-4s.gltf'))).toMatchObject({ ok: true });
  });

  /** A chain of `depth` nodes each moved by +1 in x, the last holding a skinned mesh whose joint is the chain's middle, animated. */
  function chain(depth: number, cycle = false): Uint8Array {
    const bin = pack(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), new Uint8Array(12), new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]), new Float32Array([0, 1]), new Float32Array(6));
    const nodes: Record<string, unknown>[] = Array.from({ length: depth }, (_, i) => ({ translation: [1, 0, 0], ...(i + 1 < depth ? { children: [i + 1] } : {}) }));
    nodes.push({ mesh: 0 });
    nodes.push({ mesh: 0, skin: 0 });
    nodes[depth - 1]!.children = [depth, depth + 1];
    if (cycle) nodes[depth - 1]!.children = [depth, depth + 1, 1];
    return encode({
      asset: { version: '2.0' },
      nodes,
      meshes: [{ primitives: [{ attributes: { POSITION: 0, JOINTS_0: 1, WEIGHTS_0: 2 } }] }],
      skins: [{ joints: [depth >> 1] }],
      animations: [{ samplers: [{ input: 3, output: 4 }], channels: [{ sampler: 0, target: { node: depth - 1, path: 'translation' } }] }],
      accessors: [
        { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' },
        { bufferView: 1, componentType: 5121, count: 3, type: 'VEC4' },
        { bufferView: 2, componentType: 5126, count: 3, type: 'VEC4' },
        { bufferView: 3, componentType: 5126, count: 2, type: 'SCALAR' },
        { bufferView: 4, componentType: 5126, count: 2, type: 'VEC3' },
      ],
      bufferViews: [0, 1, 2, 3, 4].map((i) => ({ buffer: 0, byteOffset: bin.offsets[i], byteLength: [36, 12, 48, 8, 24][i] })),
      buffers: [{ byteLength: bin.bytes.length, uri: dataUri(bin.bytes) }],
    });
  }

  it('a static mesh 20,000 nodes deep gets every ancestor\'s transform; joints keep their ancestors, parents first', () => {
    const depth = 20_000;
    const bytes = chain(depth);
    expect(contract(bytes)).toMatchObject({ ok: true });
    const asset = gltfFormat.parseSync(bytes);
    const baked = asset.meshes.find((m) => !m.attributes.joints)!;
    expect(baked.attributes.positions[0]).toBe(depth);
    const joints = asset.skeleton!.joints;
    expect(joints.length).toBe(depth);
    expect(joints.every((j, i) => j.parent === i - 1)).toBe(true);
  });

  it('a cycle under a root is BAD_VALUE naming a node on it', () => {
    const outcome = contract(chain(50, true));
    expect(outcome).toMatchObject({ ok: false, code: 'BAD_VALUE' });
    expect(refusal(() => gltfFormat.parseSync(chain(50, true))).message).toMatch(/more than one parent|own ancestor/);
    const loop = encode({ asset: { version: '2.0' }, nodes: [{ children: [1] }, { children: [2] }, { children: [0] }, { mesh: 0 }], meshes: [] });
    expect(contract(loop)).toMatchObject({ ok: false, code: 'BAD_VALUE' });
    expect(refusal(() => gltfFormat.parseSync(loop)).message).toMatch(/node 0 is its own ancestor/);
  });
});

describe('skins beyond what the Asset can name', () => {
  it('a skinned mesh whose skin names skeleton joints past 65535 is UNSUPPORTED (the Asset holds joints as uint16), not wrapped', () => {
    const count = 70_000;
    const bin = pack(new Float32Array(9), new Uint8Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]), new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]));
    const bytes = encode({
      asset: { version: '2.0' },
      nodes: [...Array.from({ length: count }, () => ({})), { mesh: 0, skin: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0, JOINTS_0: 1, WEIGHTS_0: 2 } }] }],
      skins: [{ joints: [...Array.from({ length: count - 2 }, (_, i) => i), count - 1] }],
      accessors: [
        { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' },
        { bufferView: 1, componentType: 5121, count: 3, type: 'VEC4' },
        { bufferView: 2, componentType: 5126, count: 3, type: 'VEC4' },
      ],
      bufferViews: [0, 1, 2].map((i) => ({ buffer: 0, byteOffset: bin.offsets[i], byteLength: [36, 12, 48][i] })),
      buffers: [{ byteLength: bin.bytes.length, uri: dataUri(bin.bytes) }],
    });
    expect(contract(bytes)).toMatchObject({ ok: false, code: 'UNSUPPORTED' });
  });
});
