import { describe, expect, it } from 'vitest';
import { createKernelsSync, summarizeAsset, type Asset, type Mesh } from '../bindings/index.js';
import {
  encodeUnigine,
  parseUnigine,
  readAnim,
  readMesh,
  readUnigine,
  unigineFormat,
  unigineToAsset,
  writeUnigine,
  type UnigineMeshDocument,
} from '../bindings/formats/unigine/index.js';
import { detectFormat } from '../bindings/formats/registry.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable, corpusFiles, corpusPath, readCorpus } from './helpers/corpus.js';

const kernels = createKernelsSync('wasm-simd');
const jsKernels = createKernelsSync('js');

type V3 = [number, number, number];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
const unit = (a: V3): V3 => {
  const l = Math.hypot(...a) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
const at = (data: Float32Array, i: number, n = 3) => Array.from(data.subarray(i * n, i * n + n)) as V3;

// Counts settled by reading the files independently (see the notes in the report):
// vertices = unique (cindex, tindex) pairs = the tangent count of every surface,
// triangles = cindices / 3, joints = bones, frames summed over animations.
const EXPECTED: Record<string, { meshes: number; vertices: number; triangles: number; joints: number; animations: number; frames: number }> = {
  'Box47.mesh': { meshes: 2, vertices: 93164, triangles: 76303, joints: 0, animations: 0, frames: 0 },
  'Line01.mesh': { meshes: 1, vertices: 4, triangles: 2, joints: 0, animations: 0, frames: 0 },
  'QBZ95_long.mesh': { meshes: 1, vertices: 5177, triangles: 5128, joints: 8, animations: 1, frames: 1 },
  'QBZ95_long.anim': { meshes: 0, vertices: 0, triangles: 0, joints: 8, animations: 1, frames: 189 },
  'actor_00.mesh': { meshes: 3, vertices: 3128, triangles: 4089, joints: 54, animations: 0, frames: 0 },
  'actor_00_idle.anim': { meshes: 0, vertices: 0, triangles: 0, joints: 53, animations: 1, frames: 56 },
  'actor_00_jump.anim': { meshes: 0, vertices: 0, triangles: 0, joints: 65, animations: 1, frames: 2 },
  'actor_00_run_fwd.anim': { meshes: 0, vertices: 0, triangles: 0, joints: 53, animations: 1, frames: 26 },
  'actor_00_run_lt.anim': { meshes: 0, vertices: 0, triangles: 0, joints: 53, animations: 1, frames: 19 },
  'actor_00_run_rt.anim': { meshes: 0, vertices: 0, triangles: 0, joints: 53, animations: 1, frames: 19 },
  'actor_00_walk_bwd.anim': { meshes: 0, vertices: 0, triangles: 0, joints: 53, animations: 1, frames: 39 },
  'actor_00_walk_fwd.anim': { meshes: 0, vertices: 0, triangles: 0, joints: 53, animations: 1, frames: 26 },
  'actor_00_walk_lt.anim': { meshes: 0, vertices: 0, triangles: 0, joints: 53, animations: 1, frames: 50 },
  'actor_00_walk_rt.anim': { meshes: 0, vertices: 0, triangles: 0, joints: 53, animations: 1, frames: 50 },
  'arm.mesh': { meshes: 3, vertices: 3129, triangles: 5216, joints: 40, animations: 1, frames: 1 },
  'arm.anim': { meshes: 0, vertices: 0, triangles: 0, joints: 40, animations: 1, frames: 189 },
  'editor_viewcube.mesh': { meshes: 26, vertices: 216, triangles: 108, joints: 0, animations: 0, frames: 0 },
  'fps_plane.mesh': { meshes: 1, vertices: 4, triangles: 2, joints: 0, animations: 0, frames: 0 },
};

function assetOf(file: string, k = kernels): Asset {
  return parseUnigine(readCorpus('unigine', file), { kernels: k });
}

describe.skipIf(!corpusAvailable)(`UNIGINE corpus to Asset (${CORPUS_SKIP_MESSAGE})`, () => {
  const files = corpusFiles('unigine', ['.mesh', '.anim']).filter((f) => !f.includes('ms10'));

  it('has an expectation for every file', () => {
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(files)('%s: counts of the Asset', (file) => {
    const asset = assetOf(file);
    expect(summarizeAsset(asset)).toEqual(EXPECTED[file]);
    // Independent of the weld kernel: unique pairs counted with a Set.
    const doc = readUnigine(readCorpus('unigine', file));
    if (doc.kind === 'mesh') {
      doc.surfaces.forEach((s, i) => {
        const pairs = new Set<string>();
        for (let k = 0; k < s.cindices.length; k++) pairs.add(`${s.cindices[k]},${s.tindices[k]}`);
        expect(asset.meshes[i]!.attributes.positions.length / 3).toBe(pairs.size);
        expect(asset.meshes[i]!.indices.length).toBe(s.cindices.length);
      });
    }
  });

  it('gives the same Asset on every backend', () => {
    for (const file of ['arm.mesh', 'arm.anim', 'QBZ95_long.mesh']) {
      const a = assetOf(file, kernels);
      const b = assetOf(file, jsKernels);
      const c = assetOf(file, createKernelsSync('wasm-scalar'));
      expect(b).toEqual(a);
      expect(c).toEqual(a);
    }
  });

  it('says the coordinates are Z-up', () => {
    expect(assetOf('actor_00.mesh').upAxis).toBe('z');
  });

  it('Box47 keeps 32-bit indices for its 71742-vertex surface and 16-bit for the other', () => {
    const asset = assetOf('Box47.mesh');
    expect(asset.meshes.map((m) => m.indices.constructor.name)).toEqual(['Uint16Array', 'Uint32Array']);
    expect(asset.meshes.map((m) => m.attributes.positions.length / 3)).toEqual([21422, 71742]);
  });

  it('skinned surfaces get joints and weights through cindices, summing to about 1', () => {
    const asset = assetOf('actor_00.mesh');
    for (const mesh of asset.meshes) {
      const w = mesh.attributes.weights!;
      for (let v = 0; v < w.length / 4; v++) expect(Math.abs(w[v * 4]! + w[v * 4 + 1]! + w[v * 4 + 2]! + w[v * 4 + 3]! - 1)).toBeLessThan(1e-3);
      expect(Math.max(...mesh.attributes.joints!)).toBeLessThan(54);
    }
  });

  it('skeletons are ordered parents first', () => {
    for (const file of ['arm.mesh', 'QBZ95_long.mesh', 'actor_00.mesh']) {
      const joints = assetOf(file).skeleton!.joints;
      joints.forEach((j, i) => expect(j.parent).toBeLessThan(i));
    }
  });
});

describe.skipIf(!corpusAvailable)('UNIGINE tangent-space quaternions (settled on the corpus)', () => {
  /** Mean dot of each axis of R(q) with the CCW face normal, over every triangle corner. */
  function axisAgreement(file: string) {
    const doc = readMesh(readCorpus('unigine', file));
    const asset = assetOf(file);
    let normal = 0, tangentAxis = 0, bitangentAxis = 0, corners = 0, handed = 0, handedTotal = 0;
    doc.surfaces.forEach((s, i) => {
      const mesh = asset.meshes[i]!;
      const P = mesh.attributes.positions, N = mesh.attributes.normals!, T = mesh.attributes.tangents!, UV = mesh.attributes.uvs?.[0];
      const idx = mesh.indices;
      for (let k = 0; k < idx.length; k += 3) {
        const [a, b, c] = [idx[k]!, idx[k + 1]!, idx[k + 2]!];
        const e1 = sub(at(P, b), at(P, a)), e2 = sub(at(P, c), at(P, a));
        const face = unit(cross(e1, e2));
        for (const v of [a, b, c]) {
          normal += dot(at(N, v), face);
          tangentAxis += dot(at(T, v, 4), face);
          bitangentAxis += dot(cross(at(N, v), at(T, v, 4)), face);
          corners++;
        }
        if (!UV) continue;
        const du1 = UV[b * 2]! - UV[a * 2]!, dv1 = UV[b * 2 + 1]! - UV[a * 2 + 1]!;
        const du2 = UV[c * 2]! - UV[a * 2]!, dv2 = UV[c * 2 + 1]! - UV[a * 2 + 1]!;
        const det = du1 * dv2 - du2 * dv1;
        if (Math.abs(det) < 1e-12) continue;
        // dP/dv of the triangle against the bitangent cross(N, T) * w.
        const dPdv: V3 = [(e2[0] * du1 - e1[0] * du2) / det, (e2[1] * du1 - e1[1] * du2) / det, (e2[2] * du1 - e1[2] * du2) / det];
        for (const v of [a, b, c]) {
          const bitangent = cross(at(N, v), at(T, v, 4)).map((x) => x * T[v * 4 + 3]!) as V3;
          handed += dot(bitangent, dPdv) > 0 ? 1 : 0;
          handedTotal++;
        }
      }
    });
    return { normal: normal / corners, tangentAxis: tangentAxis / corners, bitangentAxis: bitangentAxis / corners, handedness: handed / handedTotal };
  }

  it.each([
    ['Box47.mesh', 0.95],
    ['arm.mesh', 0.92],
    ['QBZ95_long.mesh', 0.86],
    ['actor_00.mesh', 0.85],
    ['fps_plane.mesh', 0.99],
  ])('%s: column Z of the quaternion is the normal (mean dot with face normals > %s); columns X and Y average to 0 against them', (file, threshold) => {
    const r = axisAgreement(file);
    expect(r.normal).toBeGreaterThan(threshold);
    expect(Math.abs(r.tangentAxis)).toBeLessThan(0.01);
    expect(Math.abs(r.bitangentAxis)).toBeLessThan(0.01);
  });

  it.each(['Box47.mesh', 'arm.mesh', 'QBZ95_long.mesh', 'actor_00.mesh'])('%s: the sign of w is the handedness: cross(N, T) * w runs along increasing stored v for at least 98 percent of corners', (file) => {
    expect(axisAgreement(file).handedness).toBeGreaterThan(0.98);
  });
});

describe.skipIf(!corpusAvailable)('UNIGINE animations', () => {
  it('arm.anim frame 0 matches the pose embedded in arm.mesh within uint16 quantization', () => {
    const mesh = assetOf('arm.mesh').animations[0]!;
    const anim = assetOf('arm.anim').animations[0]!;
    const box = readAnim(readCorpus('unigine', 'arm.anim')).animations[0]!;
    expect(anim.frameRate).toBe(30);
    expect(anim.tracks.length).toBe(40);
    for (let b = 0; b < 40; b++) {
      const m = mesh.tracks[b]!, a = anim.tracks[b]!;
      expect(a.joint).toBe(m.joint);
      expect(Array.from(a.rotation!.subarray(0, 4))).toEqual(Array.from(m.rotation!.subarray(0, 4)));
      for (let c = 0; c < 3; c++) expect(Math.abs(a.translation![c]! - m.translation![c]!)).toBeLessThanOrEqual(box.positionSize[c]! / 65535 + 1e-6);
    }
    expect(Array.from(anim.tracks[0]!.times.subarray(0, 3))).toEqual([0, Math.fround(1 / 30), Math.fround(2 / 30)]);
  });

  it('frame rate option sets the key times', () => {
    const anim = parseUnigine(readCorpus('unigine', 'arm.anim'), { frameRate: 24, kernels }).animations[0]!;
    expect(anim.frameRate).toBe(24);
    const moving = anim.tracks.find((t) => t.times.length > 2)!;
    expect(moving.times[1]).toBe(Math.fround(1 / 24));
    // arm.anim stores values up to frame 10 of 189: one more key holds them to the last frame.
    expect(moving.times.length).toBe(12);
    expect(moving.times[11]).toBe(Math.fround(188 / 24));
  });
});

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

function expectSameGeometry(a: Mesh, b: Mesh) {
  expect(b.attributes.positions).toEqual(a.attributes.positions);
  expect(Array.from(b.indices)).toEqual(Array.from(a.indices));
  expect(b.indices.constructor).toBe(a.indices.constructor);
  expect(maxDiff(a.attributes.normals!, b.attributes.normals!)).toBeLessThan(3e-3);
  const ta = a.attributes.tangents!, tb = b.attributes.tangents!;
  expect(maxDiff(ta, tb)).toBeLessThan(3e-3);
  expect(b.attributes.uvs).toEqual(a.attributes.uvs);
  if (a.attributes.weights) {
    expect(b.attributes.joints).toEqual(a.attributes.joints);
    expect(maxDiff(a.attributes.weights, b.attributes.weights!)).toBeLessThanOrEqual(1 / 65535 + 1e-7);
  }
}

describe.skipIf(!corpusAvailable)('UNIGINE Asset round trip: Asset -> writer -> reader -> Asset', () => {
  it.each(['arm.mesh', 'actor_00.mesh', 'QBZ95_long.mesh', 'Box47.mesh', 'editor_viewcube.mesh', 'fps_plane.mesh'])('%s: same geometry within quantization; the written file re-reads byte for byte', (file) => {
    const first = assetOf(file);
    const written = encodeUnigine(structuredClone(first), { kernels });
    expect(Buffer.from(writeUnigine(readUnigine(written))).equals(Buffer.from(written))).toBe(true);
    const second = parseUnigine(written, { kernels });
    expect(summarizeAsset(second)).toEqual(summarizeAsset(first));
    first.meshes.forEach((m, i) => expectSameGeometry(m, second.meshes[i]!));
    expect(second.skeleton).toEqual(first.skeleton);
    first.animations.forEach((anim, i) => {
      anim.tracks.forEach((t, k) => {
        const u = second.animations[i]!.tracks[k]!;
        expect(u.translation).toEqual(t.translation);
        expect(u.scale).toEqual(t.scale);
        expect(maxDiff(t.rotation!, u.rotation!)).toBeLessThanOrEqual(1 / 32767 + 1e-7);
      });
    });
  });

  it.each(['truncate', 'round'] as const)('arm.anim and actor_00_walk_lt.anim re-quantize within one step (%s)', (mode) => {
    for (const file of ['arm.anim', 'actor_00_walk_lt.anim']) {
      const first = assetOf(file);
      const written = encodeUnigine(structuredClone(first), { kernels, quantize: mode });
      expect(String.fromCharCode(...written.subarray(0, 4))).toBe('an10');
      expect(Buffer.from(writeUnigine(readUnigine(written))).equals(Buffer.from(written))).toBe(true);
      const box = readAnim(written).animations[0]!;
      const second = parseUnigine(written, { kernels });
      expect(summarizeAsset(second)).toEqual(summarizeAsset(first));
      const step = Math.max(...box.positionSize) / 65535;
      first.animations[0]!.tracks.forEach((t, k) => {
        const u = second.animations[0]!.tracks[k]!;
        expect(maxDiff(t.translation!, u.translation!)).toBeLessThanOrEqual((mode === 'round' ? step / 2 : step) * 1.01 + 1e-6);
        expect(maxDiff(t.rotation!, u.rotation!)).toBeLessThanOrEqual(1 / 32767 + 1e-7);
      });
    }
  });
});

describe('UNIGINE Asset conversion warnings and synthetic files', () => {
  const triangle: Asset = {
    source: 'test',
    meshes: [{ name: 'tri', attributes: { positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) }, indices: new Uint8Array([0, 1, 2]), material: 'stone' }],
    animations: [],
    warnings: [],
  };

  it('a mesh without normals or tangents gets computed ones, and says so', () => {
    const asset = structuredClone(triangle);
    const bytes = encodeUnigine(asset, { kernels });
    expect(asset.warnings.join('\n')).toMatch(/no normals/);
    expect(asset.warnings.join('\n')).toMatch(/no tangents/);
    expect(asset.warnings.join('\n')).toMatch(/material stone/);
    const back = parseUnigine(bytes, { kernels });
    expect(Array.from(back.meshes[0]!.attributes.normals!.subarray(0, 3)).map((x) => Math.round(x * 1000) / 1000)).toEqual([0, 0, 1]);
    const doc = readMesh(bytes);
    expect(doc.bounds).toEqual({ min: [0, 0, 0], max: [1, 1, 0], center: [0.5, 0.5, 0], radius: doc.bounds.radius });
    expect(doc.bounds.radius).toBeGreaterThanOrEqual(Math.SQRT1_2);
  });

  it('morph targets after the first become Asset targets; one of another vertex count is reported as lost', () => {
    const doc = readMesh(encodeUnigine(structuredClone(triangle), { kernels })) as UnigineMeshDocument;
    const base = doc.surfaces[0]!.targets[0]!;
    doc.surfaces[0]!.targets.push({ ...base, name: 'smile' }, { name: 'broken', vertices: base.vertices.subarray(3), tangents: base.tangents });
    const asset = unigineToAsset(readUnigine(writeUnigine(doc)), { kernels });
    expect(asset.meshes[0]!.targets!.map((t) => [t.name, Array.from(t.positions).every((d) => d === 0)])).toEqual([['smile', true]]);
    expect(asset.warnings.join('\n')).toMatch(/morph target broken has 2 vertices for the base's 3 and is not carried/);
  });

  it('a full synthetic Asset (two UV sets, colors, skin, off-grid animation) survives the round trip', () => {
    const quad: Asset = {
      source: 'test',
      meshes: [{
        name: 'quad',
        attributes: {
          positions: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]),
          normals: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]),
          tangents: new Float32Array([1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, -1, 1, 0, 0, -1]),
          uvs: [new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]), new Float32Array([0.5, 0.5, 0.25, 0.25, 0, 0, 1, 1])],
          colors: new Float32Array([1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 0]),
          joints: new Uint16Array([0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0]),
          weights: new Float32Array([0.5, 0.5, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0.25, 0.75, 0, 0]),
        },
        indices: new Uint8Array([0, 1, 2, 0, 2, 3]),
      }],
      skeleton: {
        joints: [
          { name: 'root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
          { name: 'tip', parent: 0, translation: [0, 1, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
        ],
      },
      animations: [{
        name: 'bend', frameRate: 30, frameCount: 3,
        tracks: [{ joint: 1, times: new Float32Array([0, 0.05]), rotation: new Float32Array([0, 0, 0, 1, 0, 0, Math.SQRT1_2, Math.SQRT1_2]) }],
      }],
      warnings: [],
    };
    const source = structuredClone(quad);
    const bytes = encodeUnigine(source, { kernels });
    expect(source.warnings.join('\n')).toMatch(/keys off the 30 fps grid were resampled \(3 frames\)/);
    const back = parseUnigine(bytes, { kernels });
    const a = back.meshes[0]!.attributes;
    expect(a.positions).toEqual(quad.meshes[0]!.attributes.positions);
    expect(a.uvs).toEqual(quad.meshes[0]!.attributes.uvs);
    expect(a.colors).toEqual(quad.meshes[0]!.attributes.colors);
    expect(Array.from(a.joints!)).toEqual(Array.from(quad.meshes[0]!.attributes.joints!));
    expect(maxDiff(a.weights!, quad.meshes[0]!.attributes.weights!)).toBeLessThanOrEqual(1 / 65535);
    expect(maxDiff(a.normals!, quad.meshes[0]!.attributes.normals!)).toBeLessThan(1e-3);
    expect(maxDiff(a.tangents!, quad.meshes[0]!.attributes.tangents!)).toBeLessThan(1e-3);
    expect(back.skeleton!.joints.map((j) => [j.name, j.parent])).toEqual([['root', -1], ['tip', 0]]);
    const track = back.animations[0]!.tracks.find((t) => t.joint === 1)!;
    expect(back.animations[0]!.frameCount).toBe(3);
    // Frame 1 (1/30 s) lies 2/3 of the way to the 90° key (normalised-linear); frame 2 holds that key.
    const z = (2 / 3) * Math.SQRT1_2, w = 1 / 3 + (2 / 3) * Math.SQRT1_2, length = Math.hypot(z, w);
    expect(maxDiff(track.rotation!, [0, 0, 0, 1, 0, 0, z / length, w / length, 0, 0, Math.SQRT1_2, Math.SQRT1_2])).toBeLessThanOrEqual(1 / 32767 + 1e-7);
    expect(Array.from(track.translation!.subarray(0, 3))).toEqual([0, 1, 0]);
    expect(readMesh(bytes).surfaces[0]!.uv1.length).toBe(8);
  });

  it('writing an .anim from an Asset with meshes says the meshes are left out', () => {
    const asset = structuredClone(triangle);
    asset.skeleton = { joints: [{ name: 'root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] }] };
    const bytes = encodeUnigine(asset, { kernels, kind: 'anim' });
    expect(readAnim(bytes).bones.length).toBe(1);
    expect(asset.warnings.join('\n')).toMatch(/1 mesh\(es\) are left out/);
  });

  it('the format handler recognises UNIGINE magics and describes surfaces', () => {
    expect(unigineFormat.test(new TextEncoder().encode('ms11'))).toBe(true);
    expect(unigineFormat.test(new TextEncoder().encode('an10'))).toBe(true);
    expect(unigineFormat.test(new TextEncoder().encode('ms14'))).toBe(true);
    expect(unigineFormat.test(new TextEncoder().encode('ms1'))).toBe(false);
    expect(unigineFormat.test(new TextEncoder().encode('IQM!'))).toBe(false);
    expect(detectFormat(new Uint8Array(0), 'x.anim')).toBe(unigineFormat);
  });
});
