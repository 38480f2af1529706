// Review of h-enc20 / h-enc20b (the GLB writer's parts as typed arrays, positions quantized
// straight from the source, meshopt's remap used as is): Assets the hash runs did not cover.
// Meshes sharing one attribute array, and every array a view at a byteOffset into one larger
// ArrayBuffer that positions and indices share, must write the same bytes as the same Asset
// with an array of its own each; writing must leave the input's arrays as they were; every
// backend writes the same bytes. With morph targets, quantize, pruneUnread, mergeMeshes and
// meshopt together.
import { describe, expect, it, beforeAll } from 'vitest';
import { FORMATS, gltf, type Asset } from '../bindings/index.js';
import { richTubeAsset } from './helpers/synthetic.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

/** Two meshes of the rich tube sharing their attribute arrays, the first with a morph target; a singular bind pose. */
function sharingAsset(): Asset {
  const asset = richTubeAsset();
  const mesh = asset.meshes[0]!;
  const count = mesh.attributes.positions.length / 3;
  const displacement = new Float32Array(count * 3);
  for (let i = 0; i < displacement.length; i++) displacement[i] = ((i % 7) - 3) * 0.01;
  mesh.targets = [{ name: 'bulge', positions: displacement }];
  asset.meshes.push({ ...mesh, name: 'twin', targets: undefined, attributes: { ...mesh.attributes } });
  asset.meshes.push({ ...mesh, name: 'twin2', targets: undefined, attributes: { ...mesh.attributes } });
  // A second animation whose tracks are the first's arrays (times and keys shared).
  if (asset.animations[0]) asset.animations.push({ ...asset.animations[0], name: 'again', tracks: asset.animations[0].tracks.map((t) => ({ ...t })) });
  // A singular bind pose: the last joint scaled to nothing (its inverse bind matrix the identity, the grid not folded).
  const joints = asset.skeleton!.joints;
  joints[joints.length - 1]!.scale = [0, 0, 0];
  return asset;
}

/** Every typed array of `asset` (once each) moved into one ArrayBuffer, each at an offset past some padding. */
function intoOneBuffer(asset: Asset): Asset {
  const seen = new Map<ArrayBufferView, ArrayBufferView>();
  const arrays: ArrayBufferView[] = [];
  JSON.stringify(asset, (_k, v) => {
    if (ArrayBuffer.isView(v) && !seen.has(v)) {
      seen.set(v, v);
      arrays.push(v);
    }
    return ArrayBuffer.isView(v) ? null : v;
  });
  let size = 0;
  for (const a of arrays) size += 16 + a.byteLength + 16;
  const buffer = new ArrayBuffer(size);
  let at = 16;
  for (const a of arrays) {
    const Ctor = a.constructor as new (b: ArrayBuffer, o: number, n: number) => ArrayBufferView & { set(x: ArrayLike<number>): void; length: number };
    const view = new Ctor(buffer, at, (a as unknown as { length: number }).length);
    new Uint8Array(buffer, at, a.byteLength).set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    seen.set(a, view);
    at += a.byteLength + 16;
  }
  const rebuild = (v: unknown): unknown => {
    if (ArrayBuffer.isView(v)) return seen.get(v);
    if (Array.isArray(v)) return v.map(rebuild);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, rebuild(x)]));
    return v;
  };
  return rebuild(asset) as Asset;
}

/** A deep copy with an array (and buffer) of its own for every typed array. */
function ownArrays(asset: Asset): Asset {
  return structuredClone(asset);
}

function snapshot(asset: Asset): string {
  return JSON.stringify(asset, (_k, v) => (ArrayBuffer.isView(v) ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') : v));
}

const OPTION_SETS: Record<string, Parameters<typeof gltf.glbFormat.encodeSync>[1]> = {
  plain: {},
  quantize: { quantize: true },
  'quantize + meshopt': { quantize: true, compress: 'meshopt' },
  'quantize + pruneUnread + mergeMeshes + meshopt': { quantize: true, pruneUnread: true, mergeMeshes: true, compress: 'meshopt' },
  'quantize 8-bit positions + pruneUnread': { quantize: { position: 8 } as never, pruneUnread: true },
};

describe('GLB writer: shared arrays and views into larger buffers write what arrays of their own write', () => {
  beforeAll(async () => {
    await gltf.initMeshopt();
  });
  for (const [label, options] of Object.entries(OPTION_SETS)) {
    it(label, () => {
      const results = BACKENDS.map((backend) => {
        const shared = intoOneBuffer(sharingAsset());
        const before = snapshot(shared);
        const own = ownArrays(sharingAsset());
        const a = gltf.glbFormat.encodeSync(shared, { ...options, kernels: kernels[backend] });
        const b = gltf.glbFormat.encodeSync(own, { ...options, kernels: kernels[backend] });
        shared.warnings.length = 0;
        const after = snapshot(shared);
        expect(after, `${backend}: the input's arrays are unchanged`).toBe(before);
        expect(Buffer.from(a).equals(Buffer.from(b)), `${backend}: same bytes`).toBe(true);
        gltf.glbFormat.parseSync(a, { kernels: kernels[backend] });
        return Buffer.from(a).toString('base64');
      });
      for (const r of results) expect(r).toBe(results[0]);
    });
  }
});

describe('every writer: shared arrays and views into larger buffers write what arrays of their own write', () => {
  for (const format of FORMATS) {
    it(format.name, () => {
      for (const backend of BACKENDS) {
        const shared = intoOneBuffer(sharingAsset());
        const before = snapshot(shared);
        const own = ownArrays(sharingAsset());
        const write = (asset: Asset) => (format.encodeFiles
          ? format.encodeFiles(asset, `out.${format.extensions[0]!.replace(/^\./, '')}`, { kernels: kernels[backend] } as never)
          : [{ bytes: format.encodeSync(asset, { kernels: kernels[backend] } as never) }]);
        const a = write(shared).map((f) => Buffer.from(f.bytes).toString('base64'));
        const b = write(own).map((f) => Buffer.from(f.bytes).toString('base64'));
        shared.warnings.length = 0;
        expect(snapshot(shared), `${format.name} ${backend}: the input's arrays are unchanged`).toBe(before);
        expect(a, `${format.name} ${backend}`).toEqual(b);
      }
    });
  }
});
