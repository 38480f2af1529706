// The glTF reader's plan (bindings/formats/gltf/small-arrays.ts, plannedFloats in accessors.ts):
// a file's float accessors and primitive indices are copied into one block sized by the plan,
// each array a disjoint, 16-byte aligned view, none sharing memory with the input; whatever the
// layout (a buffer view per accessor, accessors sharing views at byte offsets, interleaved
// attributes with a byteStride, omitted defaults), the Asset is the same, on every backend.
import { describe, expect, it } from 'vitest';
import { glbFormat } from '../bindings/formats/gltf/gltf-format.js';
import { plannedFloats, primitiveIndices } from '../bindings/formats/gltf/accessors.js';
import { BLOCK_FLOATS, SmallFloatArrays } from '../bindings/formats/gltf/small-arrays.js';
import type { Asset } from '../bindings/model/asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';

const kernels = allKernels();

describe('SmallFloatArrays with a plan', () => {
  it('takes planned arrays of any size from one block of the plan, integer arrays included, then falls back', () => {
    const pool = new SmallFloatArrays(1e6, () => {}, () => Infinity, 4000 + 1000 + 100);
    const a = pool.take(3999);
    const b = pool.takeOf(Uint16Array, 2000);
    const c = pool.take(100);
    expect(a.buffer).toBe(b.buffer);
    expect(a.buffer).toBe(c.buffer);
    expect(a.buffer.byteLength).toBe((4000 + 1000 + 100) * 4);
    expect([a.byteOffset, b.byteOffset, c.byteOffset]).toEqual([0, 4000 * 4, 5000 * 4]);
    // Past the plan: a large float array and any integer array get buffers of their own.
    const d = pool.take(5000);
    const e = pool.takeOf(Uint32Array, 10);
    expect(d.buffer).not.toBe(a.buffer);
    expect(d.byteOffset).toBe(0);
    expect(e.buffer.byteLength).toBe(40);
  });

  it('a plan larger than a block (120 KiB) is not followed: large arrays keep buffers of their own', () => {
    const pool = new SmallFloatArrays(1e7, () => {}, () => Infinity, 100_000);
    const a = pool.take(20_000);
    expect(a.byteOffset).toBe(0);
    expect(a.buffer.byteLength).toBe(80_000);
    expect(pool.takeOf(Uint16Array, 30).buffer.byteLength).toBe(60);
  });

  it('past a block, the small arrays the plan expects size the blocks, so the last is no larger than they need', () => {
    const pool = new SmallFloatArrays(1e7, () => {}, () => Infinity, 100_000, 1000);
    const a = pool.take(300);
    expect(a.buffer.byteLength).toBe(1000 * 4);
    pool.take(700);
    // The expected small arrays are all taken: a further one starts a block of the usual size.
    expect(pool.take(8).buffer.byteLength).toBe(BLOCK_FLOATS * 4);
  });

  it('the planned block is no larger than the array plus the room the budget has left', () => {
    const pool = new SmallFloatArrays(1e6, () => {}, () => 400, 4000);
    expect(pool.take(100).buffer.byteLength).toBe(100 * 4 + 400);
  });
});

describe('plannedFloats', () => {
  const views = [{ byteLength: 1200 }, { byteLength: 64 }];
  it('counts FLOAT accessors and the primitives\' index accessors, each view for no more than it holds', () => {
    const accessors = [
      { bufferView: 0, componentType: 5126, count: 100, type: 'VEC3' }, // 1200 bytes: 300 units
      { bufferView: 0, componentType: 5126, count: 1, type: 'SCALAR' }, // the view is full: left out
      { bufferView: 1, componentType: 5123, count: 9, type: 'SCALAR' }, // indices, 18 bytes: 5 units → 8
      { bufferView: 1, componentType: 5121, count: 4, type: 'VEC4' }, // not indices: left out
    ];
    const indices = primitiveIndices({ meshes: [{ primitives: [{ indices: 2 }, { attributes: {} }] }, 'junk'] });
    expect([...indices]).toEqual([2]);
    expect(plannedFloats(accessors, views, 1e6, indices)).toEqual({ all: 300 + 8, small: 0 });
    // Float arrays of at most 300 floats counted apart too (the indices are not floats).
    expect(plannedFloats(accessors, views, 1e6, indices, 300)).toEqual({ all: 308, small: 300 });
    expect(plannedFloats(accessors, views, 1e6, indices, 299).small).toBe(0);
  });

  it('leaves out malformed, sparse and view-less accessors, and never plans more than the input', () => {
    const accessors = [
      null, { bufferView: 0.5, componentType: 5126, count: 3, type: 'VEC3' }, { bufferView: 7, componentType: 5126, count: 3, type: 'VEC3' },
      { bufferView: 0, componentType: 5126, count: -1, type: 'VEC3' }, { bufferView: 0, componentType: 5126, count: 3, type: 'VEC9' },
      { componentType: 5126, count: 1000, type: 'VEC3' }, { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', sparse: {} },
      { bufferView: 0, componentType: '5126', count: 3, type: 'VEC3' },
    ];
    expect(plannedFloats(accessors, views, 1e6, new Set(), 1e6)).toEqual({ all: 0, small: 0 });
    const aliasing = Array.from({ length: 50 }, (_, i) => ({ bufferView: i, componentType: 5126, count: 300, type: 'SCALAR' }));
    expect(plannedFloats(aliasing, aliasing.map(() => ({ byteLength: 1200 })), 4000, new Set(), 300)).toEqual({ all: 1000 + 4 * 50, small: 1000 + 4 * 50 });
  });
});

interface Built { json: Record<string, unknown>; bin: Uint8Array }

function glb({ json, bin }: Built): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = (text.length + 3) & ~3;
  const binLength = (bin.length + 3) & ~3;
  const out = new Uint8Array(12 + 8 + jsonLength + 8 + binLength);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, out.length, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(text, 20);
  view.setUint32(20 + jsonLength, binLength, true);
  view.setUint32(24 + jsonLength, 0x004e4942, true);
  out.set(bin, 28 + jsonLength);
  return out;
}

/** A skinned, animated quad strip: vertices, indices, two joints, one animation of both joints. */
function source(seed: number) {
  const next = rng(seed);
  const vertices = 300; // above 256: the Asset keeps 16-bit indices as stored
  const keys = 9;
  const floats = (n: number) => Float32Array.from({ length: n }, () => Math.fround(next() * 4 - 2));
  const unit = (n: number) => {
    const q = floats(n * 4);
    for (let i = 0; i < q.length; i += 4) {
      const l = Math.hypot(q[i]!, q[i + 1]!, q[i + 2]!, q[i + 3]!);
      for (let c = 0; c < 4; c++) q[i + c] = Math.fround(q[i + c]! / l);
    }
    return q;
  };
  const weights = new Float32Array(vertices * 4);
  const joints = new Uint8Array(vertices * 4);
  for (let v = 0; v < vertices; v++) {
    const w = Math.fround(next());
    weights.set([w, Math.fround(1 - w), 0, 0], v * 4);
    joints.set([0, 1, 0, 0], v * 4);
  }
  const indices = Uint16Array.from({ length: (vertices - 2) * 3 }, (_, i) => Math.floor(i / 3) + (i % 3));
  const times = Float32Array.from({ length: keys }, (_, k) => k / 30);
  return {
    vertices, keys, indices, times, joints, weights,
    positions: floats(vertices * 3), normals: floats(vertices * 3), uvs: floats(vertices * 2),
    tracks: [0, 1].map(() => ({ translation: floats(keys * 3), rotation: unit(keys) })),
  };
}

const SCENE = {
  asset: { version: '2.0' },
  scene: 0,
  scenes: [{ nodes: [0, 1] }],
  nodes: [{ name: 'root', children: [2], translation: [0, 1, 0] }, { name: 'skinned', mesh: 0, skin: 0 }, { name: 'tip', translation: [0, 1, 0] }],
  skins: [{ joints: [0, 2] }],
};

/** Every array in a buffer view of its own, every default written out. */
function separate(s: ReturnType<typeof source>): Built {
  const parts: Uint8Array[] = [];
  const bufferViews: unknown[] = [];
  const accessors: unknown[] = [];
  let at = 0;
  const add = (data: ArrayBufferView, componentType: number, count: number, type: string, extra: Record<string, unknown> = {}) => {
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parts.push(bytes, new Uint8Array(((bytes.length + 3) & ~3) - bytes.length));
    bufferViews.push({ buffer: 0, byteOffset: at, byteLength: bytes.length });
    at += (bytes.length + 3) & ~3;
    accessors.push({ bufferView: bufferViews.length - 1, byteOffset: 0, componentType, count, type, normalized: false, ...extra });
    return accessors.length - 1;
  };
  const attributes = {
    POSITION: add(s.positions, 5126, s.vertices, 'VEC3', { min: [-2, -2, -2], max: [2, 2, 2] }), NORMAL: add(s.normals, 5126, s.vertices, 'VEC3'),
    TEXCOORD_0: add(s.uvs, 5126, s.vertices, 'VEC2'), JOINTS_0: add(s.joints, 5121, s.vertices, 'VEC4'), WEIGHTS_0: add(s.weights, 5126, s.vertices, 'VEC4'),
  };
  const indices = add(s.indices, 5123, s.indices.length, 'SCALAR');
  const input = add(s.times, 5126, s.keys, 'SCALAR', { min: [0], max: [s.times[s.keys - 1]] });
  const samplers: unknown[] = [];
  const channels: unknown[] = [];
  s.tracks.forEach((track, j) => {
    for (const path of ['translation', 'rotation'] as const) {
      samplers.push({ input, output: add(track[path], 5126, s.keys, path === 'rotation' ? 'VEC4' : 'VEC3'), interpolation: 'LINEAR' });
      channels.push({ sampler: samplers.length - 1, target: { node: [0, 2][j], path } });
    }
  });
  const bin = concat(parts);
  return { json: { ...SCENE, meshes: [{ primitives: [{ attributes, indices, mode: 4 }] }], animations: [{ name: 'move', samplers, channels }], accessors, bufferViews, buffers: [{ byteLength: bin.length }] }, bin };
}

/** Vertex attributes interleaved in one strided view; the animation's keys share one view at byte offsets; defaults left out. */
function packed(s: ReturnType<typeof source>): Built {
  const stride = 12 + 12 + 8 + 4 + 16;
  const vertexBytes = new Uint8Array(s.vertices * stride);
  const dv = new DataView(vertexBytes.buffer);
  for (let v = 0; v < s.vertices; v++) {
    const o = v * stride;
    for (let c = 0; c < 3; c++) dv.setFloat32(o + c * 4, s.positions[v * 3 + c]!, true);
    for (let c = 0; c < 3; c++) dv.setFloat32(o + 12 + c * 4, s.normals[v * 3 + c]!, true);
    for (let c = 0; c < 2; c++) dv.setFloat32(o + 24 + c * 4, s.uvs[v * 2 + c]!, true);
    for (let c = 0; c < 4; c++) dv.setUint8(o + 32 + c, s.joints[v * 4 + c]!);
    for (let c = 0; c < 4; c++) dv.setFloat32(o + 36 + c * 4, s.weights[v * 4 + c]!, true);
  }
  const keyArrays = [s.times, ...s.tracks.flatMap((t) => [t.translation, t.rotation])];
  const keyBytes = concat(keyArrays.map((a) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength)));
  const indexBytes = new Uint8Array(s.indices.buffer, s.indices.byteOffset, s.indices.byteLength);
  const indexPadded = (indexBytes.length + 3) & ~3;
  const bin = concat([indexBytes, new Uint8Array(indexPadded - indexBytes.length), vertexBytes, keyBytes]);
  const bufferViews = [
    { buffer: 0, byteLength: indexBytes.length },
    { buffer: 0, byteOffset: indexPadded, byteLength: vertexBytes.length, byteStride: stride },
    { buffer: 0, byteOffset: indexPadded + vertexBytes.length, byteLength: keyBytes.length },
  ];
  const accessors: unknown[] = [
    { bufferView: 0, componentType: 5123, count: s.indices.length, type: 'SCALAR' },
    { bufferView: 1, componentType: 5126, count: s.vertices, type: 'VEC3', min: [-2, -2, -2], max: [2, 2, 2] },
    { bufferView: 1, byteOffset: 12, componentType: 5126, count: s.vertices, type: 'VEC3' },
    { bufferView: 1, byteOffset: 24, componentType: 5126, count: s.vertices, type: 'VEC2' },
    { bufferView: 1, byteOffset: 32, componentType: 5121, count: s.vertices, type: 'VEC4' },
    { bufferView: 1, byteOffset: 36, componentType: 5126, count: s.vertices, type: 'VEC4' },
  ];
  let offset = 0;
  const keyAccessors = keyArrays.map((a, i) => {
    accessors.push({ bufferView: 2, byteOffset: offset, componentType: 5126, count: s.keys, type: i === 0 ? 'SCALAR' : i % 2 ? 'VEC3' : 'VEC4', ...(i === 0 ? { min: [0], max: [s.times[s.keys - 1]] } : {}) });
    offset += a.byteLength;
    return accessors.length - 1;
  });
  const samplers = keyAccessors.slice(1).map((output) => ({ input: keyAccessors[0], output }));
  const channels = samplers.map((_, i) => ({ sampler: i, target: { node: [0, 2][i >> 1], path: i % 2 ? 'rotation' : 'translation' } }));
  const attributes = { POSITION: 1, NORMAL: 2, TEXCOORD_0: 3, JOINTS_0: 4, WEIGHTS_0: 5 };
  return { json: { ...SCENE, meshes: [{ primitives: [{ attributes, indices: 0 }] }], animations: [{ name: 'move', samplers, channels }], accessors, bufferViews, buffers: [{ byteLength: bin.length }] }, bin };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
}

/** Every typed array of an Asset. */
function arraysOf(asset: Asset): ArrayBufferView[] {
  const found: ArrayBufferView[] = [];
  const walk = (value: unknown) => {
    if (ArrayBuffer.isView(value)) found.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(asset);
  return found;
}

/** The Asset with its typed arrays as bytes (NaN payloads and −0 exact). */
function bits(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) return [value.constructor.name, Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')];
  if (Array.isArray(value)) return value.map(bits);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bits(v)]));
  return value;
}

describe('glTF reads of every layout give the same Asset; its arrays are disjoint views of fresh memory', () => {
  for (const backend of BACKENDS) {
    it(`${backend}: a buffer view per accessor and shared, strided views with defaults left out`, () => {
      for (const seed of [1, 2, 3]) {
        const s = source(seed);
        const [a, b] = [separate(s), packed(s)].map((built) => {
          const bytes = glb(built);
          const input = bytes.slice();
          const asset = glbFormat.parseSync(bytes, { kernels: kernels[backend] });
          expect(bytes).toEqual(input);
          return { asset, bytes };
        });
        expect(bits(b!.asset)).toEqual(bits(a!.asset));
        for (const { asset, bytes } of [a!, b!]) {
          const mesh = asset.meshes[0]!;
          expect(Array.from(mesh.attributes.positions)).toEqual(Array.from(s.positions));
          expect(Array.from(mesh.indices)).toEqual(Array.from(s.indices));
          expect(Array.from(asset.animations[0]!.tracks[1]!.rotation!)).toEqual(Array.from(s.tracks[1]!.rotation));
          const arrays = arraysOf(asset);
          // The attributes and the indices come out of one block.
          expect(mesh.attributes.positions.buffer).toBe(mesh.indices.buffer);
          for (const array of arrays) expect(array.buffer).not.toBe(bytes.buffer);
          // No two distinct arrays overlap (key times shared by tracks are one array).
          const distinct = [...new Set(arrays)].filter((x) => x.byteLength > 0);
          for (const x of distinct) {
            expect(x.byteOffset % 4).toBe(0);
            for (const y of distinct) {
              if (x === y || x.buffer !== y.buffer) continue;
              expect(x.byteOffset + x.byteLength <= y.byteOffset || y.byteOffset + y.byteLength <= x.byteOffset).toBe(true);
            }
          }
        }
      }
    });
  }
});
