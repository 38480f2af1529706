// Every loss said: an Asset rich in everything → UNIGINE .mesh / .anim → read back. Each difference
// beyond the format's quantization is found by comparing the two Assets, and must be named by a
// warning of the write.
import { describe, expect, it } from 'vitest';
import { unigineFormat, type Asset } from '../bindings/index.js';
import { animationDuration } from '../bindings/model/resample-animation.js';
import { allKernels, BACKENDS } from './helpers/backends.js';

const kernels = allKernels();

function richAsset(): Asset {
  const s = Math.SQRT1_2;
  return {
    source: 'test',
    upAxis: 'y',
    warnings: [],
    skeleton: {
      joints: [
        { name: 'root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
        { name: 'arm', parent: 0, translation: [1, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1] },
      ],
    },
    meshes: [{
      name: 'quad',
      material: 'steel',
      extras: { temperature: { components: 1, data: new Float32Array([1, 2, 3, 4]) } },
      indices: new Uint8Array([0, 1, 2, 0, 2, 3]),
      attributes: {
        positions: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]),
        normals: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]),
        tangents: new Float32Array([1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1]),
        uvs: [new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]), new Float32Array([0, 0, 0.5, 0, 0.5, 0.5, 0, 0.5]), new Float32Array(8).fill(0.25)],
        colors: new Float32Array([1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1.5, 1, -0.2, 0.5, 0.5, 1]),
        joints: new Uint16Array([0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
        weights: new Float32Array([1, 0, 0, 0, 0.3, 0.3, 0, 0, 1.25, 0, 0, 0, 1, 0, 0, 0]),
      },
      targets: [{ name: 'smile', positions: new Float32Array(12).fill(0.25), normals: new Float32Array([0, 0.1, 0, 0, 0.1, 0, 0, 0, 0, 0, 0, 0]) }],
    }],
    animations: [{
      name: 'wave', frameRate: 24, frameCount: 25, loop: true,
      tracks: [{ joint: 1, times: new Float32Array([0, 0.5, 1]), translation: new Float32Array([1, 0, 0, 1, 1, 0, 1, 0, 0]), rotation: new Float32Array([0, 0, 0, 1, 0, 0, s, s, 0, 0, 0, 1]) }],
    }],
  };
}

type Difference = { what: string; warned: RegExp };

const close = (a: ArrayLike<number>, b: ArrayLike<number>, tolerance: number) => a.length === b.length && Array.from(a).every((v, i) => Math.abs(v - b[i]!) <= tolerance);

/** What differs between the source and the Asset read back, beyond UNIGINE's quantization, each with the warning that must name it. */
function differences(source: Asset, back: Asset): Difference[] {
  const out: Difference[] = [];
  if (source.upAxis !== back.upAxis) out.push({ what: 'up axis', warned: /Y-up/ });
  if (source.meshes.length !== back.meshes.length) out.push({ what: 'mesh count', warned: /mesh\(es\) are left out/ });
  source.meshes.forEach((mesh, m) => {
    const other = back.meshes[m];
    if (!other) return;
    const a = mesh.attributes;
    const b = other.attributes;
    if (mesh.name !== other.name) out.push({ what: 'mesh name', warned: /name/ });
    if (mesh.material !== other.material) out.push({ what: 'material', warned: new RegExp(`material ${mesh.material} is not stored`) });
    if (Object.keys(mesh.extras ?? {}).length !== Object.keys(other.extras ?? {}).length) out.push({ what: 'extras', warned: /extra attributes temperature are not stored/ });
    if ((a.uvs?.length ?? 0) !== (b.uvs?.length ?? 0)) out.push({ what: 'UV sets', warned: /UV sets after the second \(1\) are not stored/ });
    (b.uvs ?? []).forEach((uv, i) => { if (!close(uv, a.uvs![i]!, 0)) out.push({ what: `UV${i} values`, warned: /$^/ }); });
    if (a.colors && (!b.colors || !close(a.colors, b.colors, 0.5 / 255 + 1e-7))) out.push({ what: 'colours', warned: /2 colour components outside 0\.\.1 were clamped/ });
    if (a.weights && (!b.weights || !close(a.weights, b.weights, 1 / 65535 + 1e-7))) out.push({ what: 'weights', warned: /1 skin weights outside 0\.\.1 were clamped/ });
    if (a.joints && (!b.joints || !close(a.joints, b.joints, 0))) out.push({ what: 'joints', warned: /$^/ });
    if (!close(a.positions, b.positions, 0)) out.push({ what: 'positions', warned: /$^/ });
    if (a.normals && (!b.normals || !close(a.normals, b.normals, 2e-4))) out.push({ what: 'normals', warned: /$^/ });
    if ((mesh.targets?.length ?? 0) !== (other.targets?.length ?? 0)) out.push({ what: 'morph targets', warned: /$^/ });
    (mesh.targets ?? []).forEach((t, i) => {
      const u = other.targets?.[i];
      if (!u || u.name !== t.name || !close(t.positions, u.positions, 1e-7)) out.push({ what: `target ${t.name}`, warned: /$^/ });
      else if (t.normals && (!u.normals || !close(t.normals, u.normals, 1e-3))) out.push({ what: `target ${t.name} normals`, warned: new RegExp(`morph target ${t.name}: \\d+ displaced normals are not unit length`) });
    });
  });
  const names = (asset: Asset) => asset.skeleton?.joints.map((j) => `${j.name}/${j.parent}/${j.translation}/${j.rotation}/${j.scale}`);
  if (JSON.stringify(names(source)) !== JSON.stringify(names(back))) out.push({ what: 'skeleton', warned: /$^/ });
  source.animations.forEach((animation, i) => {
    const other = back.animations[i];
    if (!other || other.name !== animation.name) { out.push({ what: `animation ${animation.name}`, warned: /$^/ }); return; }
    if (Math.abs(animationDuration(other) - animationDuration(animation)) > 1 / other.frameRate) out.push({ what: 'duration', warned: /$^/ });
    if (other.frameRate !== animation.frameRate) out.push({ what: 'frame rate', warned: new RegExp(`animation ${animation.name}: resampled from ${animation.frameRate} to ${other.frameRate} frames per second`) });
    if (animation.loop !== other.loop) out.push({ what: 'loop flag', warned: new RegExp(`animation ${animation.name}: the loop flag is not stored`) });
  });
  return out;
}

describe('UNIGINE writer: every loss is warned', () => {
  describe.each(BACKENDS)('%s', (backend) => {
    const k = kernels[backend];
    it.each(['mesh', 'anim'] as const)('.%s: each difference beyond quantization has its warning', (kind) => {
      const source = richAsset();
      const bytes = unigineFormat.encodeSync(source, { kind, kernels: k });
      const back = unigineFormat.parseSync(bytes, { kernels: k });
      const found = differences(richAsset(), back);
      // The rich Asset must lose something in each kind (else this test checks nothing).
      expect(found.length).toBeGreaterThan(kind === 'mesh' ? 6 : 3);
      for (const difference of found) {
        expect(source.warnings.some((w) => difference.warned.test(w)), `${difference.what} differs but no warning says so:\n${source.warnings.join('\n')}`).toBe(true);
      }
    });

    it('what the file can hold comes back without a warning: an Asset within range loses nothing', () => {
      const source = richAsset();
      const mesh = source.meshes[0]!;
      delete mesh.material;
      delete mesh.extras;
      mesh.attributes.uvs = mesh.attributes.uvs!.slice(0, 2);
      mesh.attributes.colors = mesh.attributes.colors!.map((c) => Math.min(1, Math.max(0, c)));
      mesh.attributes.weights = mesh.attributes.weights!.map((w) => Math.min(1, w));
      mesh.targets![0]!.normals = new Float32Array([0, 0.6, -0.2, 0, 0.6, -0.2, 0, 0, 0, 0, 0, 0]); // base + displacement of unit length
      source.upAxis = 'z';
      source.animations[0]!.frameRate = 30;
      source.animations[0]!.frameCount = 3;
      source.animations[0]!.tracks[0]!.times = Float32Array.of(0, 1 / 30, 2 / 30); // on the 30 fps grid: copied as it is
      delete source.animations[0]!.loop;
      const expected = structuredClone(source);
      const back = unigineFormat.parseSync(unigineFormat.encodeSync(source, { kind: 'mesh', kernels: k }), { kernels: k });
      expect(differences(expected, back)).toEqual([]);
      expect(source.warnings).toEqual([]);
    });
  });
});
