import { describe, expect, it } from 'vitest';
import { summarizeAsset } from '../bindings/index.js';
import { apgFormat, apgToAsset, formatFixed, formatFloat32Shortest, readApg, writeApg, type ApgDocument } from '../bindings/formats/apg/index.js';
import { iqmFormat } from '../bindings/formats/iqm/index.js';
import { ms2Format } from '../bindings/formats/ms2/index.js';
import { unigineFormat } from '../bindings/formats/unigine/index.js';
import { tubeAsset } from '../fixtures/tube-asset.js';
import { allKernels, BACKENDS, rng } from './helpers/backends.js';
import { assetBits } from './helpers/backend-outcomes.js';
import { corpusAvailable, readCorpus } from './helpers/corpus.js';
import { refusal } from './helpers/refusal.js';

const kernels = allKernels();
const text = (s: string) => new TextEncoder().encode(s);


const SMALL = `@Anton's custom mesh format v.27DEC2014
@vert_count 3
@vp comps 3
0 0 0
1 0 0
0 1 0
@skeleton bones 1 animations 1
@hierarchy nodes 1
parent -1 bone_id 0
@animation name walk cycle duration 1.0
@tra_keys node 0 count 2 comps 3
t 0.0 TRA 0 0 0
t 1.0 TRA 0 1 0
@rot_keys node 0 count 2 comps 4
t 0.0 ROT 1 0 0 0
t 1.0 ROT 0 0 0 1
@bounding_radius 1.0
`;

/** A document with its float arrays as bit patterns, for deep equality. */
function comparable(d: ApgDocument): unknown {
  return assetBits(d as never);
}

describe.skipIf(!corpusAvailable)('apg corpus', () => {
  it('coins.apg: 1836 soup vertices weld to 612 triangles; read → write → read gives the same document', () => {
    const bytes = readCorpus('apg', 'coins.apg');
    const d = readApg(bytes);
    expect(d.vertexCount).toBe(1836);
    expect(d.vertexArrays.map((a) => [a.name, a.components])).toEqual([['vp', 3], ['vn', 3], ['vt', 2], ['vtan', 4]]);
    expect(d.vertexArrays[3]!.values[4 * (5611 - 5515) + 2]).toBe(Math.fround(-7.4e-6)); // line 5611: "1 0 -7.4e-06 -1"
    expect(comparable(readApg(apgFormat.rewriteSync!(bytes)))).toEqual(comparable(d));
    // Positions were written with %.2f: two fraction digits give them back exactly.
    expect(readApg(writeApg(d, { precision: 2 })).vertexArrays[0]!.values).toEqual(d.vertexArrays[0]!.values);
    const assets = BACKENDS.map((b) => apgFormat.parseSync(bytes, { kernels: kernels[b] }));
    for (const a of assets) expect(assetBits(a)).toEqual(assetBits(assets[0]!));
    expect(summarizeAsset(assets[0]!)).toMatchObject({ meshes: 1, triangles: 612 });
  });

  it('coins.apg triangles equal the faces of coins.obj (multiset, positions to two decimals, corners up to rotation)', () => {
    const obj = new TextDecoder().decode(readCorpus('apg', 'coins.obj'));
    const positions: number[][] = [];
    const fromObj: string[] = [];
    for (const line of obj.split('\n')) {
      const f = line.trim().split(/\s+/);
      if (f[0] === 'v') positions.push(f.slice(1, 4).map(Number));
      if (f[0] === 'f') fromObj.push(triangleKey(f.slice(1).map((c) => positions[Number(c.split('/')[0]) - 1]!)));
    }
    const asset = apgFormat.parseSync(readCorpus('apg', 'coins.apg'));
    const mesh = asset.meshes[0]!;
    const fromApg: string[] = [];
    for (let t = 0; t < mesh.indices.length; t += 3) {
      fromApg.push(triangleKey([0, 1, 2].map((c) => Array.from(mesh.attributes.positions.subarray(mesh.indices[t + c]! * 3, mesh.indices[t + c]! * 3 + 3)))));
    }
    expect(fromObj.length).toBe(612);
    expect(fromApg.sort()).toEqual(fromObj.sort());
  });

  it('untitled.apg (Blender exporter): skeleton of 2, one animation of 3 keys, bone ids per vertex', () => {
    const asset = apgFormat.parseSync(readCorpus('apg', 'untitled.apg'));
    expect(summarizeAsset(asset)).toMatchObject({ triangles: 12, joints: 2, animations: 1, frames: 3 });
    expect(asset.animations[0]!.tracks[0]!.translation![4]).toBe(Math.fround(3.65));
    expect(Array.from(asset.meshes[0]!.attributes.joints!.subarray(0, 4))).toEqual([1, 0, 0, 0]);
  });

  it('converts to UNIGINE, IQM and MeshSerializer2 and back with the counts kept', () => {
    for (const name of ['coins.apg', 'untitled.apg']) {
      const source = apgFormat.parseSync(readCorpus('apg', name));
      const counts = summarizeAsset(source);
      for (const format of [unigineFormat, iqmFormat]) {
        const other = format.parseSync(format.encodeSync(apgFormat.parseSync(readCorpus('apg', name))));
        expect(summarizeAsset(other)).toMatchObject({ triangles: counts.triangles, joints: counts.joints, animations: counts.animations });
        const back = apgFormat.parseSync(apgFormat.encodeSync(other));
        expect(summarizeAsset(back)).toMatchObject({ triangles: counts.triangles, joints: counts.joints, animations: counts.animations });
      }
    }
    const ms2 = readCorpus('ms2', 'SerializedMesh.data');
    const viaApg = apgFormat.parseSync(apgFormat.encodeSync(ms2Format.parseSync(ms2)));
    expect(summarizeAsset(viaApg)).toMatchObject({ triangles: 3534 });
    expect(summarizeAsset(ms2Format.parseSync(ms2Format.encodeSync(viaApg)))).toMatchObject({ triangles: 3534 });
    for (const name of ['raylib_guy.iqm']) {
      const iqm = iqmFormat.parseSync(readCorpus('iqm', name));
      const counts = summarizeAsset(iqm);
      const apg = apgFormat.parseSync(apgFormat.encodeSync(iqmFormat.parseSync(readCorpus('iqm', name))));
      expect(summarizeAsset(apg)).toMatchObject({ triangles: counts.triangles, joints: counts.joints, animations: counts.animations });
    }
    const actor = unigineFormat.parseSync(readCorpus('unigine', 'actor_00.mesh'));
    const actorCounts = summarizeAsset(actor);
    const apgActor = apgFormat.parseSync(apgFormat.encodeSync(unigineFormat.parseSync(readCorpus('unigine', 'actor_00.mesh'))));
    expect(summarizeAsset(apgActor)).toMatchObject({ triangles: actorCounts.triangles, joints: actorCounts.joints });
  });
});

function triangleKey(corners: number[][]): string {
  const keys = corners.map((p) => p.map((v) => (Math.round(v * 100) / 100 + 0).toFixed(2)).join(','));
  const rotations = [0, 1, 2].map((r) => [keys[r], keys[(r + 1) % 3], keys[(r + 2) % 3]].join(' '));
  return rotations.sort()[0]!;
}

describe('apg grammar, tolerances and errors', () => {
  it('reads every block of the grammar, the animation name with its spaces', () => {
    const d = readApg(text(SMALL));
    expect(d.animations[0]).toMatchObject({ name: 'walk cycle', duration: 1 });
    expect(d.animations[0]!.keys.map((k) => [k.kind, k.node, k.times.length])).toEqual([['tra', 0, 2], ['rot', 0, 2]]);
    const asset = apgFormat.parseSync(text(SMALL));
    expect(Array.from(asset.animations[0]!.tracks[0]!.rotation!)).toEqual([0, 0, 0, 1, 0, 0, 1, 0]);
    expect(asset.warnings).toEqual([]);
  });

  it('keeps UTF-8 in the header and animation names', () => {
    const d = readApg(text(SMALL.replace('walk cycle', 'Gehen über  Brücke').replace('v.27DEC2014', 'v.27DEC2014 – ü')));
    expect(d.animations[0]!.name).toBe('Gehen über  Brücke');
    expect(d.header).toContain('– ü');
    expect(comparable(readApg(writeApg(d)))).toEqual(comparable(d));
  });

  it('tolerates the v.7NOV2014 header, CRLF, exponents and no final newline', () => {
    const crlf = SMALL.replace("v.27DEC2014", 'v.7NOV2014').replace('1 0 0\n', '1e0 0E+0 -0.0e-3\n').replace(/\n/g, '\r\n').replace(/\r\n$/, '');
    const d = readApg(text(crlf));
    expect(d.header).toBe("@Anton's custom mesh format v.7NOV2014");
    expect(d.boundingRadius).toBe(1);
    expect(Array.from(d.vertexArrays[0]!.values.subarray(3, 6))).toEqual([1, 0, -0]);
  });

  it('tolerates rotation keys declared comps 3 with 4 values, with a warning', () => {
    const warnings: string[] = [];
    const d = readApg(text(SMALL.replace('@rot_keys node 0 count 2 comps 4', '@rot_keys node 0 count 2 comps 3')), { warnings });
    expect(d.animations[0]!.keys[1]!.values.length).toBe(8);
    expect(warnings).toEqual([expect.stringContaining('line 14: @rot_keys declare comps 3')]);
    expect(apgFormat.parseSync(text(SMALL.replace('count 2 comps 4', 'count 2 comps 3'))).warnings.join()).toContain('comps 3');
  });

  it('tolerates key counts one short of the lines that follow (all keys read), with a warning; not two short', () => {
    const warnings: string[] = [];
    const d = readApg(text(SMALL.replace('@tra_keys node 0 count 2', '@tra_keys node 0 count 1')), { warnings });
    expect(d.animations[0]!.keys[0]!.times.length).toBe(2);
    expect(warnings[0]).toContain('count 1 but 2 keys follow');
    expect(refusal(() => readApg(text(SMALL.replace('@tra_keys node 0 count 2', '@tra_keys node 0 count 0'))))).toMatchObject({ code: 'BAD_COUNT', line: 11 });
  });

  it('names line and column of what is wrong', () => {
    const cases: [string, string, number, number][] = [
      [SMALL.replace('1 0 0\n', '1 x 0\n'), 'SYNTAX', 5, 3],
      [SMALL.replace('0 1 0\n', '0 1 0 7\n'), 'BAD_COUNT', 6, 7],
      [SMALL.replace('0 1 0\n', '0 1\n'), 'BAD_COUNT', 3, 11], // 16 bytes cannot hold 3 × 3 numbers: the comps, refused before parsing
      [SMALL.replace('0 1 0\n', '0       1\n'), 'BAD_COUNT', 7, 1], // 8 numbers where 9 were promised: at the block's end
      [SMALL.replace('@vert_count 3', '@vert_count 300'), 'BAD_COUNT', 2, 13], // 300 vertices cannot fit in the rest of the file
      [SMALL.replace('t 1.0 TRA 0 1 0', 't 1.0 ROT 0 1 0'), 'SYNTAX', 13, 7],
      [SMALL.replace('@bounding_radius 1.0', '@bounding_radius 1.0.0'), 'SYNTAX', 17, 18],
      [SMALL.replace('@skeleton', '@skeletons'), 'UNSUPPORTED', 7, 1],
      [SMALL.replace('parent -1 bone_id 0', 'parent 5 bone_id 0'), 'BAD_INDEX', 8, 1],
      ['@Anton\'s\n@vp comps 3\n1 2 3\n', 'SYNTAX', 2, 1],
      ['not apg', 'BAD_MAGIC', 1, 1],
    ];
    for (const [source, code, line, column] of cases) {
      for (const backend of BACKENDS) expect(refusal(() => readApg(text(source), { kernels: kernels[backend] }))).toMatchObject({ code, format: 'apg', line, column });
    }
  });

  it('writes shortest round-trip float32 numbers by default, %.Nf on request', () => {
    const next = rng(1);
    for (let i = 0; i < 3000; i++) {
      const v = Math.fround((next() - 0.5) * 10 ** Math.floor(next() * 20 - 10));
      const s = formatFloat32Shortest(v);
      expect(Math.fround(Number(s))).toBe(v);
      if (s.replace(/^-/, '').replace('.', '').replace(/e.*$/, '').replace(/^0+/, '').length > 1) {
        expect(Math.fround(Number(Number(s).toPrecision(s.replace(/^-/, '').replace('.', '').replace(/e.*$/, '').replace(/^0+/, '').length - 1)))).not.toBe(v);
      }
    }
    expect([0.1, -0, NaN, Infinity, -Infinity, 1e-45, 3.4028234663852886e38].map((v) => formatFloat32Shortest(Math.fround(v)))).toEqual(['0.1', '-0', 'nan', 'inf', '-inf', '1e-45', '3.4028235e+38']);
    expect([1.005, -0, -0.001, 2].map((v) => formatFixed(v, 2))).toEqual(['1.00', '-0.00', '-0.00', '2.00']);
    const d = readApg(text(SMALL));
    expect(new TextDecoder().decode(writeApg(d, { precision: 3 }))).toContain('t 1.000 TRA 0.000 1.000 0.000');
    expect(comparable(readApg(writeApg(d)))).toEqual(comparable(d));
    // Repeated values are printed once; 0 and −0 stay apart.
    const zeros: ApgDocument = { header: "@Anton's", vertexCount: 3, vertexArrays: [{ name: 'vp', components: 3, values: Float32Array.of(-0, 0, 0.5, 0, -0, 0.5, -0, -0, 0) }], animations: [] };
    expect(new TextDecoder().decode(writeApg(zeros))).toContain('-0 0 0.5\n0 -0 0.5\n-0 -0 0\n');
  });

  it('writes the tube with skeleton and animation, the same text on every backend, and reads it back', () => {
    const outputs = BACKENDS.map((b) => apgFormat.encodeSync(tubeAsset(), { kernels: kernels[b] }));
    for (const o of outputs) expect(o).toEqual(outputs[0]);
    const asset = apgToAsset(readApg(outputs[0]!));
    const tube = tubeAsset();
    expect(summarizeAsset(asset)).toEqual(summarizeAsset(tube));
    const joint = asset.skeleton!.joints[1]!;
    expect(joint.translation.map((v) => +v.toFixed(5))).toEqual([0, 1, 0]);
    expect(Array.from(asset.animations[0]!.tracks[0]!.rotation!)).toEqual(Array.from(tube.animations[0]!.tracks[0]!.rotation!));
  });
});
