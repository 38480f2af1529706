// Review of round six (h-box21's quantized min / max from the positions kernel, the caller's
// minMax kept outside pruneUnread's weld, skinnedGrid; h-enc21's shared views and reused
// accessors): every accessor's min / max in an optimized GLB is exactly the least and greatest of
// the values a reader decodes (EXT_meshopt_compression and its filters undone with meshoptimizer's
// own decoder, not meshcodec's reader), on every backend. The Khronos validator does not decode
// EXT_meshopt_compression views, so its "0 errors" says nothing about these bounds.
import { MeshoptDecoder } from 'meshoptimizer';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKernelsSync, glbFormat, gltf, type Asset } from '../bindings/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { BACKENDS } from './helpers/backends.js';
import { manyMeshes } from './review6b-many-meshes.js';
import { validateGltf } from './helpers/gltf-validator.js';

beforeAll(async () => {
  await gltf.initMeshopt();
  await MeshoptDecoder.ready;
});

const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };
const READ: Record<number, (dv: DataView, at: number) => number> = {
  5120: (dv, at) => dv.getInt8(at),
  5121: (dv, at) => dv.getUint8(at),
  5122: (dv, at) => dv.getInt16(at, true),
  5123: (dv, at) => dv.getUint16(at, true),
  5125: (dv, at) => dv.getUint32(at, true),
  5126: (dv, at) => dv.getFloat32(at, true),
};
const SIZE: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };

/** The GLB's JSON and each bufferView's bytes as a reader has them (compressed views decoded through their filter by meshoptimizer). */
function decodedViews(glb: Uint8Array): { json: Record<string, any>; views: Uint8Array[] } {
  const dv = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = dv.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  const bin = glb.subarray(28 + jsonLength, 28 + jsonLength + dv.getUint32(20 + jsonLength, true));
  const views: Uint8Array[] = (json.bufferViews as Record<string, any>[]).map((v) => {
    const e = v.extensions?.EXT_meshopt_compression;
    if (!e) return bin.subarray(v.byteOffset ?? 0, (v.byteOffset ?? 0) + v.byteLength);
    const raw = new Uint8Array(e.count * e.byteStride);
    MeshoptDecoder.decodeGltfBuffer(raw, e.count, e.byteStride, bin.subarray(e.byteOffset ?? 0, (e.byteOffset ?? 0) + e.byteLength), e.mode, e.filter);
    return raw;
  });
  return { json, views };
}

/** Each accessor with min / max whose stated bounds are not the decoded values' (index: what differs). */
function boundMismatches(glb: Uint8Array): string[] {
  const { json, views } = decodedViews(glb);
  const out: string[] = [];
  (json.accessors as Record<string, any>[]).forEach((a, i) => {
    if (a.min === undefined && a.max === undefined) return;
    const view = json.bufferViews[a.bufferView];
    const bytes = views[a.bufferView]!;
    const n = COMPONENTS[a.type]!;
    const stride = view.byteStride ?? view.extensions?.EXT_meshopt_compression?.byteStride ?? n * SIZE[a.componentType]!;
    const vd = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const min = Array(n).fill(Infinity), max = Array(n).fill(-Infinity);
    for (let e = 0; e < a.count; e++) for (let c = 0; c < n; c++) {
      const v = READ[a.componentType]!(vd, (a.byteOffset ?? 0) + e * stride + c * SIZE[a.componentType]!);
      min[c] = Math.min(min[c], v);
      max[c] = Math.max(max[c], v);
    }
    const f = (x: number[]) => x.map((v) => (a.componentType === 5126 ? Math.fround(v) : v));
    if (JSON.stringify(f(a.min)) !== JSON.stringify(min) || JSON.stringify(f(a.max)) !== JSON.stringify(max)) out.push(`accessor ${i}: stated ${JSON.stringify(a.min)}..${JSON.stringify(a.max)}, decoded ${JSON.stringify(min)}..${JSON.stringify(max)}`);
  });
  return out;
}

/**
 * What the validator would check if it decoded the compressed views: every accessor within its
 * decoded view, and every index of a primitive below its POSITION count.
 */
function rangeFaults(glb: Uint8Array): string[] {
  const { json, views } = decodedViews(glb);
  const out: string[] = [];
  (json.bufferViews as Record<string, any>[]).forEach((v, i) => {
    const e = v.extensions?.EXT_meshopt_compression;
    // Views and their compressed streams at multiples of 4 bytes; a compressed view's byteStride a multiple of 4 for ATTRIBUTES, 2 or 4 for TRIANGLES / INDICES, count × byteStride its byteLength.
    if ((v.byteOffset ?? 0) % 4 !== 0 || (e && (e.byteOffset ?? 0) % 4 !== 0)) out.push(`view ${i} misaligned`);
    if (e && (e.mode === 'ATTRIBUTES' ? e.byteStride % 4 !== 0 : e.byteStride !== 2 && e.byteStride !== 4)) out.push(`view ${i}: ${e.mode} byteStride ${e.byteStride}`);
    if (e && e.count * e.byteStride !== v.byteLength) out.push(`view ${i}: count × byteStride ${e.count * e.byteStride}, byteLength ${v.byteLength}`);
    if (e && e.mode === 'TRIANGLES' && e.count % 3 !== 0) out.push(`view ${i}: TRIANGLES count ${e.count}`);
    if (v.byteStride !== undefined && v.target !== 34962) out.push(`view ${i}: byteStride on a view that is not vertex data`);
  });
  (json.accessors as Record<string, any>[]).forEach((a, i) => {
    const view = json.bufferViews[a.bufferView];
    const size = COMPONENTS[a.type]! * SIZE[a.componentType]!;
    const stride = view.byteStride ?? view.extensions?.EXT_meshopt_compression?.byteStride ?? size;
    if ((a.byteOffset ?? 0) + (a.count - 1) * stride + size > views[a.bufferView]!.length) out.push(`accessor ${i} passes its view's end`);
    if ((a.byteOffset ?? 0) % SIZE[a.componentType]! !== 0) out.push(`accessor ${i} misaligned`);
  });
  for (const [m, mesh] of (json.meshes as Record<string, any>[]).entries()) for (const p of mesh.primitives) {
    const a = json.accessors[p.indices];
    const bytes = views[a.bufferView]!;
    const vd = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const vertices = json.accessors[p.attributes.POSITION].count;
    for (let e = 0; e < a.count; e++) {
      const v = READ[a.componentType]!(vd, (a.byteOffset ?? 0) + e * SIZE[a.componentType]!);
      if (v >= vertices) {
        out.push(`mesh ${m}: index ${e} is ${v}, past its ${vertices} vertices`);
        break;
      }
    }
    for (const [name, k] of Object.entries(p.attributes as Record<string, number>)) if (json.accessors[k].count !== vertices) out.push(`mesh ${m}: ${name} has ${json.accessors[k].count} elements, POSITION ${vertices}`);
  }
  return out;
}

/** Assets that reach each way the writer finds bounds: several meshes, skins (one grid for all), zero extent, huge and tiny coordinates, non-finite positions, morph targets. */
function inputs(): { name: string; asset: Asset }[] {
  const skinned = tubeAsset();
  const second = tubeAsset({ rings: 3, segments: 5, height: 7, radius: 3 }).meshes[0]!;
  skinned.meshes.push({ ...second, name: 'wide' });
  const flat: Asset = { source: 't', meshes: [{ name: 'point', attributes: { positions: new Float32Array([2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]) }, indices: new Uint16Array([0, 1, 2, 1, 2, 3]) }], animations: [], warnings: [] };
  const huge: Asset = { source: 't', meshes: [{ name: 'huge', attributes: { positions: new Float32Array([3.4e38, -3.4e38, 1, -3.4e38, 3.4e38, 1e-40, 0, 0, -1e38, NaN, Infinity, 5]) }, indices: new Uint16Array([0, 1, 2, 1, 3, 2]) }], animations: [], warnings: [] };
  const morph = tubeAsset();
  const m = morph.meshes[0]!;
  m.targets = [{ name: 'grow', positions: m.attributes.positions.map((v, i) => (i % 3 === 1 ? v * 0.5 : 0)) }];
  return [
    { name: 'many meshes', asset: manyMeshes(21) },
    { name: 'two skinned meshes', asset: skinned },
    { name: 'zero extent', asset: flat },
    { name: 'huge, tiny and non-finite coordinates', asset: huge },
    { name: 'morph target', asset: morph },
  ];
}

const SETTINGS = [
  { name: 'optimize', options: { quantize: true, compress: 'meshopt' } },
  { name: 'optimize + pruneUnread', options: { quantize: true, compress: 'meshopt', pruneUnread: true } },
  { name: 'optimize + pruneUnread + mergeMeshes', options: { quantize: true, compress: 'meshopt', pruneUnread: true, mergeMeshes: true } },
] as const;

describe.each(BACKENDS)('optimized GLB min / max on %s', (backend) => {
  const kernels = createKernelsSync(backend);
  it.each(inputs().flatMap((i) => SETTINGS.map((s) => [i.name, s.name, s.options] as const)))('%s, %s: every stated min / max is the decoded values\', every accessor within its decoded view, every index below its vertex count', (name, _, options) => {
    const asset = inputs().find((i) => i.name === name)!.asset;
    const bytes = glbFormat.encodeSync(asset, { ...options, kernels });
    expect(boundMismatches(bytes)).toEqual([]);
    expect(rangeFaults(bytes)).toEqual([]);
  });
});

describe('optimized GLB min / max inputs: validator', () => {
  it.each(inputs().flatMap((i) => SETTINGS.map((s) => [i.name, s.name, s.options] as const)))('%s, %s: no validator error', async (name, _, options) => {
    const report = await validateGltf(glbFormat.encodeSync(inputs().find((i) => i.name === name)!.asset, options));
    expect(report.messages.filter((m) => !m.startsWith('UNUSED'))).toEqual([]);
  });
});
