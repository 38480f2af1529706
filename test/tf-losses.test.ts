// Every loss said (issue 17): an Asset rich in everything → Transport Fever files → read back;
// every difference between the two Assets beyond quantization must be in the writer's warnings,
// and what TF can hold (mesh names, materials, UV sets, extras, KEYFRAME animations) is kept.
import { describe, expect, it } from 'vitest';
import { emptyAsset, tfFormat, type Asset, type Mesh } from '../bindings/index.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

function quadMesh(name: string, offset: number, extra: Partial<Mesh> = {}): Mesh {
  const positions = Float32Array.of(0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 9, 9, 9).map((v) => v + offset);
  return {
    name,
    attributes: {
      positions,
      normals: Float32Array.of(0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1),
      tangents: Float32Array.of(1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, -1, 1, 0, 0, 1),
      uvs: [0, 1, 2].map((set) => Float32Array.of(0, 0, 1, 0, 1, 1, 0, 1, 0.5, 0.5).map((v) => v / (set + 1))),
    },
    // Vertex 4 is used by no triangle.
    indices: Uint8Array.of(0, 1, 2, 0, 2, 3),
    ...extra,
  };
}

/** An Asset with something of every kind the model holds. */
function richAsset(): Asset {
  const asset = emptyAsset('synthetic');
  asset.upAxis = 'y';
  const hull = quadMesh('hull', 0, { material: 'vehicle/hull.mtl' });
  hull.attributes.colors = new Float32Array(20).fill(0.5);
  hull.attributes.joints = new Uint16Array(20);
  hull.attributes.weights = Float32Array.from({ length: 20 }, (_, i) => (i % 4 === 0 ? 1 : 0));
  hull.targets = [{ name: 'dent', positions: new Float32Array(15).fill(0.1) }, { name: 'bulge', positions: new Float32Array(15).fill(-0.1) }];
  hull.extras = { wear: { components: 1, data: Float32Array.of(0, 0.25, 0.5, 0.75, 1) }, normal: { components: 3, data: new Float32Array(15) } };
  const glass = quadMesh('glass', 10, { material: 'vehicle/glass.mtl', indices: Uint8Array.of(0, 1, 2, 0, 2, 3, 4, 4, 4) });
  glass.attributes.uvs = glass.attributes.uvs!.slice(0, 1);
  asset.meshes.push(hull, glass);
  asset.skeleton = {
    joints: [
      { name: 'root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
      { name: 'arm', parent: 0, translation: [0, 1, 0], rotation: [0, 0, 0.6, 0.8], scale: [1, 1, 1] },
      { name: 'door', parent: -1, translation: [1, 2, 3], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
    ],
  };
  const times = Float32Array.of(0, 0.5, 1.25);
  const spin = Float32Array.of(0, 0, 0, 1, 0, 0, 0.6, 0.8, 0, 0, 1, 0);
  asset.animations.push(
    { name: 'door', frameRate: 30, frameCount: 38, tracks: [{ joint: 2, times, translation: Float32Array.of(1, 2, 3, 1.5, 2, 3, 2, 2, 3), rotation: spin }] },
    { name: 'walk', frameRate: 30, frameCount: 38, tracks: [{ joint: 0, times, rotation: spin }, { joint: 1, times, rotation: spin }] },
    { name: 'wave', frameRate: 24, frameCount: 31, loop: true, tracks: [{ joint: 1, times, rotation: spin, scale: Float32Array.of(1, 1, 1, 2, 2, 2, 1, 1, 1) }] },
  );
  return asset;
}

/** Each difference between `before` and `after` beyond quantization, with the warning that must say it. */
function differences(before: Asset, after: Asset): { what: string; warned: RegExp }[] {
  const found: { what: string; warned: RegExp }[] = [];
  const differ = (what: string, warned: RegExp, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) found.push({ what: `${what}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`, warned });
  };
  differ('upAxis', /Y-up/, before.upAxis, after.upAxis);
  differ('mesh count', /mesh/, before.meshes.length, after.meshes.length);
  before.meshes.forEach((m, i) => {
    const n = after.meshes[i];
    if (!n) return;
    const label = `mesh ${m.name}`;
    differ(`${label} name`, /name/, m.name, n.name);
    differ(`${label} vertices`, new RegExp(`${label}: \\d+ vertices used by no triangle`), m.attributes.positions.length, n.attributes.positions.length);
    differ(`${label} triangles`, new RegExp(label), m.indices.length, n.indices.length);
    differ(`${label} normals`, new RegExp(`${label}.*normal`), !!m.attributes.normals, !!n.attributes.normals);
    differ(`${label} tangents`, new RegExp(`${label}.*tangent`), !!m.attributes.tangents, !!n.attributes.tangents);
    differ(`${label} uv sets`, new RegExp(`${label}.*uv`), m.attributes.uvs?.length ?? 0, n.attributes.uvs?.length ?? 0);
    differ(`${label} colors`, new RegExp(`${label}: vertex colors`), !!m.attributes.colors, !!n.attributes.colors);
    differ(`${label} skin`, new RegExp(`${label}: skin joints and weights`), !!m.attributes.joints, !!n.attributes.joints);
    differ(`${label} morph targets`, new RegExp(`${label}: ${m.targets?.length} morph target`), m.targets?.length ?? 0, n.targets?.length ?? 0);
    differ(`${label} material`, new RegExp(`${label}.*material`), m.material, n.material);
    for (const key of new Set([...Object.keys(m.extras ?? {}), ...Object.keys(n.extras ?? {})])) {
      differ(`${label} extras.${key}`, new RegExp(`${label}: extras\\.${key} is not carried`), m.extras?.[key]?.components, n.extras?.[key]?.components);
    }
  });
  const joints = (a: Asset) => (a.skeleton?.joints ?? []).map((j) => [j.name, j.parent, j.rotation, j.scale]);
  differ('skeleton', /^skeleton: \d+ of \d+ joints are not carried/, joints(before), joints(after));
  for (const animation of before.animations) {
    const back = after.animations.find((a) => a.name === animation.name);
    const label = `animation ${animation.name}`;
    if (!back) {
      found.push({ what: `${label} dropped`, warned: new RegExp(`${label}.*not carried`) });
      continue;
    }
    differ(`${label} loop`, new RegExp(`${label}: its loop flag`), animation.loop, back.loop);
    differ(`${label} frame rate`, new RegExp(`${label}: its frame rate`), animation.frameRate, back.frameRate);
    differ(`${label} tracks`, new RegExp(label), animation.tracks.length, back.tracks.length);
    const duration = (a: typeof animation) => Math.max(...a.tracks.map((t) => t.times[t.times.length - 1]!));
    if (Math.abs(duration(animation) - duration(back)) > 1e-6) found.push({ what: `${label} duration`, warned: new RegExp(label) });
    differ(`${label} scale keys`, new RegExp(`${label}: scale keys`), animation.tracks.some((t) => t.scale), back.tracks.some((t) => t.scale));
  }
  return found;
}

describe('Asset → TF → Asset: every difference is warned', () => {
  for (const backend of BACKENDS) {
    it(`.msh + blob (${backend})`, () => {
      const asset = richAsset();
      const files = tfFormat.encodeFiles!(asset, 'rich.msh', { kernels: kernels[backend] });
      const back = tfFormat.parseSync(files[0]!.bytes, { fileName: 'rich.msh', resolve: (n) => files.find((f) => f.name === n)?.bytes, kernels: kernels[backend] });
      const found = differences(richAsset(), back);
      // The Asset is rich enough that the comparison has something to check in each class.
      expect(found.map((d) => d.what.replace(/:.*/, ''))).toEqual(expect.arrayContaining([
        'upAxis', 'mesh hull vertices', 'mesh hull colors', 'mesh hull skin', 'mesh hull morph targets', 'mesh hull extras.normal', 'skeleton',
        'animation walk dropped', 'animation wave loop', 'animation wave frame rate', 'animation wave scale keys',
      ]));
      for (const d of found) expect(asset.warnings, d.what).toEqual(expect.arrayContaining([expect.stringMatching(d.warned)]));
      // What TF holds is kept: names, materials, UV sets, extras, the door animation's keys.
      expect(back.meshes.map((m) => [m.name, m.material, m.attributes.uvs?.length])).toEqual([['hull', 'vehicle/hull.mtl', 3], ['glass', 'vehicle/glass.mtl', 1]]);
      // (Vertex 4, used by no triangle, is gone: warned above.)
      expect(back.meshes[0]!.extras?.wear?.data).toEqual(Float32Array.of(0, 0.25, 0.5, 0.75));
      expect(back.meshes[0]!.attributes.positions).toEqual(richAsset().meshes[0]!.attributes.positions.subarray(0, 12));
      expect(back.meshes[1]!.attributes.positions).toEqual(richAsset().meshes[1]!.attributes.positions);
      const door = back.animations.find((a) => a.name === 'door')!;
      expect(Array.from(door.tracks[0]!.translation!)).toEqual([1, 2, 3, 1.5, 2, 3, 2, 2, 3]);
      expect(back.skeleton!.joints.find((j) => j.name === 'door')).toMatchObject({ parent: -1, translation: [1, 2, 3] });
    });

    it(`.ani (${backend})`, () => {
      const asset = richAsset();
      asset.meshes = [];
      asset.animations = [asset.animations[2]!];
      const [file] = tfFormat.encodeFiles!(asset, 'out.ani', { kernels: kernels[backend] });
      const back = tfFormat.parseSync(file!.bytes, { fileName: 'out.ani', kernels: kernels[backend] });
      const before = richAsset();
      before.meshes = [];
      before.animations = [before.animations[2]!];
      const found = differences(before, back);
      expect(found.map((d) => d.what.replace(/:.*/, ''))).toEqual(expect.arrayContaining(['skeleton', 'animation wave dropped']));
      for (const d of found) {
        // The animation comes back named after the file: said once for the name, with the rest.
        const warned = d.what === 'animation wave dropped' ? /animation wave \(joint arm\): an \.ani stores no names; both read back named after the file \(out\)/ : d.warned;
        expect(asset.warnings, d.what).toEqual(expect.arrayContaining([expect.stringMatching(warned)]));
      }
      for (const w of [/animation wave: its loop flag/, /animation wave: its frame rate \(24 fps\)/]) expect(asset.warnings).toEqual(expect.arrayContaining([expect.stringMatching(w)]));
      expect(back.animations[0]!.tracks[0]!.scale![3]).toBeCloseTo(2, 6);
    });
  }

  it('a mesh whose names TF stores nowhere else keeps them through rewriteSync (the name field is an extra like any other)', () => {
    const asset = richAsset();
    const [msh, blob] = tfFormat.encodeFiles!(asset, 'rich.msh');
    const again = tfFormat.rewriteSync!(msh!.bytes, { fileName: 'rich.msh', resolve: () => blob!.bytes });
    expect(new TextDecoder().decode(again)).toContain('name = "hull"');
    expect(Buffer.compare(again, msh!.bytes)).toBe(0);
  });
});
