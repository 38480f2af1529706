// Every loss said, for the IQM, MeshSerializer2 and apg writers: an Asset rich in everything is
// written and read back; every property that differs must have a warning that says so.
import { describe, expect, it } from 'vitest';
import type { Asset, FormatHandler } from '../bindings/index.js';
import { apgFormat } from '../bindings/formats/apg/index.js';
import { iqmFormat } from '../bindings/formats/iqm/index.js';
import { ms2Format } from '../bindings/formats/ms2/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';
import { refusal } from './helpers/refusal.js';
import { richTubeAsset } from './helpers/synthetic.js';

const kernels = allKernels();

/** The rich tube (two UV sets, colours, 1–4 weights, five joints, animations) plus what it lacks: targets, material, names, extras, loop. */
function richAsset(): Asset {
  const asset = richTubeAsset();
  const mesh = asset.meshes[0]!;
  const n = mesh.attributes.positions.length;
  mesh.name = 'body';
  mesh.material = 'skin';
  mesh.targets = [{ name: 'swell', positions: new Float32Array(n).fill(0.25) }, { name: 'shrink', positions: new Float32Array(n).fill(-0.25) }];
  mesh.extras = { heat: { components: 1, data: Float32Array.from({ length: n / 3 }, (_, i) => i) } };
  for (const animation of asset.animations) animation.loop = true;
  asset.upAxis = 'z';
  return asset;
}

function duration(asset: Asset, a: number): number {
  return Math.max(0, ...asset.animations[a]!.tracks.map((t) => t.times[t.times.length - 1] ?? 0));
}

/** What is compared, each with the warning that must say it when it differs. */
const FEATURES: { name: string; said: RegExp; of: (a: Asset) => unknown }[] = [
  { name: 'mesh count', said: /merged/, of: (a) => a.meshes.length },
  { name: 'triangles', said: /triangle/, of: (a) => a.meshes.reduce((n, m) => n + m.indices.length / 3, 0) },
  { name: 'mesh names', said: /mesh names?/, of: (a) => a.meshes.map((m) => m.name) },
  { name: 'materials', said: /material/, of: (a) => a.meshes.map((m) => m.material ?? '') },
  { name: 'morph targets', said: /morph targets? dropped/, of: (a) => a.meshes.map((m) => m.targets?.length ?? 0) },
  { name: 'UV sets', said: /UV set|UVs/, of: (a) => a.meshes.map((m) => m.attributes.uvs?.length ?? 0) },
  { name: 'colours', said: /colou?rs/, of: (a) => a.meshes.map((m) => !!m.attributes.colors) },
  { name: 'normals', said: /normals/, of: (a) => a.meshes.map((m) => !!m.attributes.normals) },
  { name: 'tangents', said: /tangents/, of: (a) => a.meshes.map((m) => !!m.attributes.tangents) },
  { name: 'skinning', said: /joints and weights|skinning|one bone per vertex/, of: (a) => a.meshes.map((m) => !!m.attributes.joints) },
  { name: 'extras', said: /custom vertex arrays|extras/, of: (a) => a.meshes.map((m) => Object.keys(m.extras ?? {}).sort()) },
  { name: 'joints', said: /skeleton/, of: (a) => a.skeleton?.joints.length ?? 0 },
  { name: 'joint names', said: /joint names?|skeleton/, of: (a) => a.skeleton?.joints.map((j) => j.name) ?? [] },
  { name: 'animations', said: /animations/, of: (a) => a.animations.map((x) => x.name) },
  { name: 'durations', said: /animations|resampled/, of: (a) => a.animations.map((_, i) => Math.round(duration(a, i) * 1000)) },
  { name: 'loop flags', said: /loop flag|animations/, of: (a) => a.animations.map((x) => !!x.loop) },
  { name: 'frame rates', said: /frame rate|animations|resampled/, of: (a) => a.animations.map((x) => x.frameRate) },
  { name: 'up axis', said: /up axis|-up/, of: (a) => a.upAxis ?? 'none' },
];

const WRITERS: [string, FormatHandler][] = [['iqm', iqmFormat], ['ms2', ms2Format], ['apg', apgFormat]];

describe('every loss said: IQM, MeshSerializer2 and apg writers', () => {
  for (const [name, format] of WRITERS) {
    for (const backend of BACKENDS) {
      it(`${name} (${backend}): each property the read-back Asset lacks has a warning`, () => {
        const source = richAsset();
        const expected = FEATURES.map((f) => ({ name: f.name, value: JSON.stringify(f.of(source)) }));
        const bytes = format.encodeSync(source, { kernels: kernels[backend] });
        const back = format.parseSync(bytes, { kernels: kernels[backend] });
        const unsaid: string[] = [];
        const lost: string[] = [];
        FEATURES.forEach((f, i) => {
          if (JSON.stringify(f.of(back)) === expected[i]!.value) return;
          lost.push(f.name);
          if (!source.warnings.some((w) => f.said.test(w))) unsaid.push(`${f.name}: ${expected[i]!.value} → ${JSON.stringify(f.of(back))}`);
        });
        expect(unsaid, `warnings: ${source.warnings.join(' | ')}`).toEqual([]);
        // The comparison sees real losses (a test that cannot fail would see none).
        expect(lost.length).toBeGreaterThan(0);
      });
    }
  }

  it('IQM keeps what it can hold: mesh names, materials, every UV set, colours, extras, joint names, loop flags', () => {
    for (const backend of BACKENDS) {
      const source = richAsset();
      const back = iqmFormat.parseSync(iqmFormat.encodeSync(source, { kernels: kernels[backend] }), { kernels: kernels[backend] });
      for (const f of FEATURES.filter((x) => !['morph targets'].includes(x.name))) expect(f.of(back), f.name).toEqual(f.of(source));
      expect(source.warnings).toContain("mesh 'body': 2 morph targets dropped: iqm has no morph targets");
    }
  });

  it('apg and ms2 name the dropped morph targets, materials and mesh names with counts', () => {
    for (const [name, format] of [['apg', apgFormat], ['ms2', ms2Format]] as const) {
      const source = richAsset();
      format.encodeSync(source, { kernels: kernels.js });
      expect(source.warnings).toContain(`mesh 'body': 2 morph targets dropped: ${name} has no morph targets`);
      expect(source.warnings).toContain(`${name} has no materials: the material names of 1 mesh dropped`);
      expect(source.warnings).toContain(`${name} has no mesh names: 1 mesh name dropped`);
    }
  });

  it('ms2 refuses a NaN or infinite position or UV with the Asset path (its bounds would be meaningless)', () => {
    for (const backend of BACKENDS) {
      for (const [value, pick] of [[NaN, 'positions'], [Infinity, 'positions'], [-Infinity, 'uvs']] as const) {
        const source = richAsset();
        const array = pick === 'positions' ? source.meshes[0]!.attributes.positions : source.meshes[0]!.attributes.uvs![0]!;
        array[4] = value;
        const error = refusal(() => ms2Format.encodeSync(source, { kernels: kernels[backend] }));
        expect(error).toMatchObject({ code: 'BAD_VALUE', format: 'asset', path: `meshes[0].attributes.${pick === 'positions' ? 'positions' : 'uvs[0]'}[4]` });
      }
    }
  });
});
