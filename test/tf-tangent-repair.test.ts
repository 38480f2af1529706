// TF tangents stored as NaN (a real file: car_r1_aquitaine_sive_lod0, 16 of its 36 welded
// vertices) become unit tangents perpendicular to their normals, warned with a count; a fixed +Z
// was parallel to every Z-facing normal.
import { describe, expect, it } from 'vitest';
import { tfFormat } from '../bindings/index.js';
import { perpendicularTo, repairTangents } from '../bindings/model/perpendicular-tangents.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { CORPUS_SKIP_MESSAGE, corpusAvailable } from './helpers/corpus.js';
import { corpusResolver } from './helpers/tf-files.js';
import { readCorpus } from './helpers/corpus.js';
import { readTfMesh } from '../bindings/formats/tf/index.js';

const kernels = allKernels();

function expectUnitPerpendicular(tangents: Float32Array, normals: Float32Array, v: number): void {
  const t = Array.from(tangents.subarray(v * 4, v * 4 + 4));
  const n = Array.from(normals.subarray(v * 3, v * 3 + 3));
  const nLength = Math.hypot(n[0]!, n[1]!, n[2]!);
  expect(t.every(Number.isFinite)).toBe(true);
  expect(Math.abs(Math.hypot(t[0]!, t[1]!, t[2]!) - 1)).toBeLessThan(1e-6);
  expect(Math.abs(t[0]! * n[0]! + t[1]! * n[1]! + t[2]! * n[2]!) / nLength).toBeLessThan(1e-6);
  expect(Math.abs(t[3]!)).toBe(1);
}

describe('repairTangents', () => {
  const axes = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1], [1, 1, 1], [0.6, 0.8, 0], [0, -0.6, 0.8], [1e-30, 1e-30, 1e-30], [3e38, 3e38, 3e38]];
  const broken = [[NaN, NaN, NaN, -1], [Infinity, 0, 0, 1], [0, 0, 0, 1], [0, 0, -0, -1], [NaN, 1, 0, NaN], [1, 0, 0, 0], [0, 1, 0, Infinity], [-Infinity, -Infinity, 1, 1]];

  it('normals along every axis (and oblique, tiny, huge): every broken tangent becomes unit and perpendicular, w ±1, counted', () => {
    const normals = new Float32Array(axes.length * broken.length * 3);
    const tangents = new Float32Array(axes.length * broken.length * 4);
    axes.forEach((n, a) => broken.forEach((t, b) => {
      const v = a * broken.length + b;
      normals.set(n, v * 3);
      tangents.set(t, v * 4);
    }));
    expect(repairTangents(tangents, normals)).toBe(axes.length * broken.length);
    for (let v = 0; v < axes.length * broken.length; v++) expectUnitPerpendicular(tangents, normals, v);
    // A finite w keeps its sign; none gives +1.
    expect(tangents[3]).toBe(-1);
    expect(tangents[4 * 4 + 3]).toBe(1);
  });

  it('a tangent with direction and handedness is left as stored, bit for bit', () => {
    const next = rng(3);
    const tangents = Float32Array.from({ length: 400 }, (_, i) => (i % 4 === 3 ? (next() < 0.5 ? -1 : 1) : next() * 2 - 1));
    const copy = tangents.slice();
    expect(repairTangents(tangents, new Float32Array(300).fill(NaN))).toBe(0);
    expect(tangents).toEqual(copy);
  });

  it('without a usable normal the direction is +X; the least aligned axis is taken', () => {
    expect(perpendicularTo(NaN, 0, 1)).toEqual([1, 0, 0]);
    expect(perpendicularTo(0, 0, 0)).toEqual([1, 0, 0]);
    expect(perpendicularTo(1, 0, 0)).toEqual([0, 1, 0]);
    expect(perpendicularTo(0, 0, 1)).toEqual([1, 0, 0]);
    const random = rng(11);
    for (let i = 0; i < 1000; i++) {
      const n = [random() * 2 - 1, random() * 2 - 1, random() * 2 - 1] as const;
      const p = perpendicularTo(...n);
      expect(Math.abs(p[0] * n[0] + p[1] * n[1] + p[2] * n[2]) / Math.hypot(...n)).toBeLessThan(1e-12);
      expect(Math.abs(Math.hypot(...p) - 1)).toBeLessThan(1e-12);
    }
  });
});

describe.skipIf(!corpusAvailable)(`TF tangent repair on car_r1_aquitaine_sive_lod0 ${corpusAvailable ? '' : CORPUS_SKIP_MESSAGE}`, () => {
  it('16 NaN tangents repaired, perpendicular to their normals, warned with the count; the same on every backend', () => {
    const name = 'car_r1_aquitaine_sive_lod0.msh';
    const assets = BACKENDS.map((b) => tfFormat.parseSync(readCorpus('tf', name), { fileName: name, resolve: corpusResolver, kernels: kernels[b] }));
    for (const asset of assets) expect(asset).toEqual(assets[0]);
    const asset = assets[0]!;
    expect(asset.warnings).toEqual(['submesh 1: 16 of 36 tangents were not finite or had no direction or handedness; each became a unit tangent perpendicular to its normal']);
    const { normals, tangents } = asset.meshes[0]!.attributes;
    for (let v = 0; v < 36; v++) {
      const n = normals!.subarray(v * 3, v * 3 + 3);
      const t = tangents!.subarray(v * 4, v * 4 + 4);
      // Every tangent is now perpendicular to its normal within the file's own precision.
      expect(Math.abs(n[0]! * t[0]! + n[1]! * t[1]! + n[2]! * t[2]!)).toBeLessThan(0.05);
      expect(t.every(Number.isFinite)).toBe(true);
    }
    // The document keeps the stored NaN (rewriteSync stays exact); only the Asset is repaired.
    const doc = readTfMesh(readCorpus('tf', name), readCorpus('tf', `${name}.blob`));
    expect(Array.from(doc.attributes.find((a) => a.name === 'tangent')!.data).filter(Number.isNaN).length).toBe(16 * 3);
  });
});
